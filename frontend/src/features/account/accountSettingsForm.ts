import type { MessageKey } from '../../lib/i18n/keys';
import type { commonMessages } from '../../lib/messages';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import { isValidPhone, meetsPasswordRule } from '../../lib/validation';
import type { AccountSettingsInput } from './api/updateAccountSettings';
import type { accountMessages } from './messages';

// The account settings form's values and rules (shell §5 phone and password rules), apart from its markup.

export type AccountField = 'firstName' | 'lastName' | 'phoneNumber' | 'currentPassword' | 'newPassword' | 'confirmPassword';

export type AccountValues = Record<AccountField, string>;

export type AccountErrorKey = MessageKey<typeof accountMessages> | MessageKey<typeof commonMessages>;

export function initialValues(customer: CustomerInfo): AccountValues {
  return {
    firstName: customer.userInfo.firstName,
    lastName: customer.userInfo.lastName,
    phoneNumber: customer.userInfo.phoneNumber,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

/** Whether the form asks for a new password: any of the three password fields is filled. */
export function changesPassword(values: AccountValues): boolean {
  return Boolean(values.currentPassword || values.newPassword || values.confirmPassword);
}

export function validateAccount(values: AccountValues): Partial<Record<AccountField, AccountErrorKey>> {
  const errors: Partial<Record<AccountField, AccountErrorKey>> = {};
  if (!values.firstName.trim()) errors.firstName = 'account.error.firstNameRequired';
  if (!values.lastName.trim()) errors.lastName = 'account.error.lastNameRequired';
  if (values.phoneNumber.trim() && !isValidPhone(values.phoneNumber)) errors.phoneNumber = 'account.error.phoneInvalid';
  if (changesPassword(values)) {
    if (!values.currentPassword) errors.currentPassword = 'account.error.currentPasswordRequired';
    if (!values.newPassword) errors.newPassword = 'validation.password.required';
    else if (!meetsPasswordRule(values.newPassword)) errors.newPassword = 'validation.password.rule';
    if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = 'validation.password.mismatch';
  }
  return errors;
}

export function toInput(values: AccountValues): AccountSettingsInput {
  const password = changesPassword(values);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    currentPassword: password ? values.currentPassword : null,
    newPassword: password ? values.newPassword : null,
  };
}

export const FIELD_ORDER: readonly AccountField[] = ['firstName', 'lastName', 'phoneNumber', 'currentPassword', 'newPassword', 'confirmPassword'];
