// shell §5 validation rules, checked in the browser before the server checks them again.

// A standard local part, '@', a domain, a dot, then a top-level domain of letters.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

// An optional country code, a 1–5 digit area code, ending in 4 digits; spaces, dots, dashes and parentheses
// around the area code may separate the groups (the server applies the same pattern).
const PHONE_PATTERN = /^\+?\d{0,3}[\s.-]?\(?\d{1,5}\)?[\s.-]?\d{1,4}[\s.-]?\d{4}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** At least 7 characters with at least one digit and one letter. */
export function meetsPasswordRule(value: string): boolean {
  return value.length >= 7 && /\d/.test(value) && /[A-Za-z]/.test(value);
}
