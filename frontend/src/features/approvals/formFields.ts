// What the rule and budget dialogs share: reading what was typed, and placing the server's field errors.

/** An amount as typed ("1,250.50" is not one: the point is the decimal separator the server reads). */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** The amount typed, as the decimal string the server takes, or null when it is not one (≥ 0, two decimals at most). */
export function parseAmount(text: string): string | null {
  const value = text.trim();
  return AMOUNT.test(value) ? value : null;
}

/** A whole number of at least `min`, or null. */
export function parseWholeNumber(text: string, min: number): number | null {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= min ? number : null;
}

/**
 * The form's field for a field the server names in its errors: the input's own name (`ruleData.name` or `name`),
 * a tier's field (`tiers.1.userIds`) as its tier (`tiers.1`). Null when the form has no such field: the refusal is
 * then said above the form.
 */
export function formFieldOf(serverField: string, fields: readonly string[]): string | null {
  const name = serverField.replace(/^(ruleData|budgetData)\./, '');
  const tier = /^tiers\.(\d+)(\.|$)/.exec(name);
  if (tier) return `tiers.${tier[1]}`;
  return fields.includes(name) ? name : null;
}
