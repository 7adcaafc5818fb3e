import type { CompanyUser } from './api/companyUsers';
import type { UserFormField } from './api/userFormFields';
import { createInput, formFieldOfServerField, updateInput, validateUser, valuesOf, type UserFormValues } from './userForm';

const SAM: CompanyUser = {
  id: 7, email: 'senior@acme.test', firstName: 'Sam', lastName: 'Senior', phoneNumber: '', role: 1, customRoleId: null,
  companyRoleName: 'Senior buyer', extraFields: [{ fieldName: 'department', fieldValue: 'chem' }], invitationPending: false,
  createdAt: '2026-03-02T12:00:00+00:00',
  companyId: 3,
  companyName: 'Acme Labs',
};

const field = (overrides: Partial<UserFormField>): UserFormField => ({
  id: 1, formType: 1, fieldId: 'department', fieldName: 'department', fieldType: 'text', labelName: 'Department', isRequired: false, visible: true, groupId: 2,
  custom: true, order: 1, valueConfigs: {}, ...overrides,
});

const values = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  email: 'nia@acme.test', firstName: 'Nia', lastName: 'New', phoneNumber: '', role: '2', extra: {}, companyId: '', ...overrides,
});

describe('the user dialog’s rules (shell §5, the store’s custom user fields)', () => {
  const create = { mode: 'create' as const, customFields: [], phoneRequired: false };

  it('needs an e-mail (only when adding), both names and a role; a phone when the store requires one, valid when given', () => {
    expect(validateUser(values(), create)).toEqual({});
    expect(Object.keys(validateUser(values({ email: ' ', firstName: '', lastName: ' ', role: '' }), create))).toEqual([
      'email', 'firstName', 'lastName', 'role',
    ]);
    expect(validateUser(values({ email: 'nia@acme' }), create).email?.key).toBe('users.error.emailInvalid');
    expect(validateUser(values({ email: '' }), { ...create, mode: 'edit' })).toEqual({});
    expect(validateUser(values({ phoneNumber: '555' }), create).phoneNumber?.key).toBe('users.error.phoneInvalid');
    expect(validateUser(values({ phoneNumber: '+1 (617) 555-0101' }), create)).toEqual({});
    expect(validateUser(values(), { ...create, phoneRequired: true }).phoneNumber?.key).toBe('users.error.phoneRequired');
    expect(validateUser(values({ firstName: 'x'.repeat(151) }), create).firstName).toEqual({ key: 'users.error.tooLong', params: { n: 150 } });
  });

  it('checks custom fields as registration does: required, digits, range, options, dates, length', () => {
    const check = (custom: UserFormField, answer: string) =>
      validateUser(values({ extra: { [custom.fieldName]: answer } }), { ...create, customFields: [custom] })[`extra.${custom.fieldName}`];
    expect(check(field({ isRequired: true }), ' ')).toEqual({ key: 'validation.required', params: { label: 'Department' } });
    expect(check(field({ fieldType: 'number', valueConfigs: { min: 1, max: 9 } }), '12')).toEqual({
      key: 'validation.numberRange', params: { label: 'Department', min: 1, max: 9 },
    });
    expect(check(field({ fieldType: 'number' }), '1a')?.key).toBe('validation.number');
    expect(check(field({ fieldType: 'dropdown', valueConfigs: { options: [{ label: 'Chemistry', value: 'chem' }] } }), 'bio')?.key).toBe('validation.option');
    expect(check(field({ fieldType: 'date' }), '2026-02-30')?.key).toBe('validation.date');
    expect(check(field({ valueConfigs: { maxLength: 3 } }), 'abcd')).toEqual({ key: 'validation.maxLength', params: { label: 'Department', n: 3 } });
    expect(check(field({ fieldType: 'checkbox', isRequired: true }), '1')).toBeUndefined();
  });

  it('builds the inputs: trimmed answers, a custom role with its id, the role of an edit only when it changed', () => {
    const custom = [field({})];
    expect(createInput(values({ email: ' nia@acme.test ', role: '5:14', extra: { department: ' bio ' } }), custom)).toEqual({
      email: 'nia@acme.test', firstName: 'Nia', lastName: 'New', phoneNumber: '', role: 5, customRoleId: 14,
      extraFields: [{ fieldName: 'department', fieldValue: 'bio' }],
    });
    // Issue 40: a unit below the one acted for; the one acted for is the server's default and is not sent.
    expect(createInput(values({ companyId: '12' }), [])).toMatchObject({ companyId: 12 });
    expect(createInput(values(), [])).not.toHaveProperty('companyId');
    expect(updateInput(valuesOf(SAM), SAM, [])).toEqual({ firstName: 'Sam', lastName: 'Senior', phoneNumber: '' });
    expect(updateInput({ ...valuesOf(SAM), role: '0' }, SAM, custom)).toEqual({
      firstName: 'Sam', lastName: 'Senior', phoneNumber: '', role: 0, customRoleId: null, extraFields: [{ fieldName: 'department', fieldValue: 'chem' }],
    });
  });

  it('finds the dialog’s field of a server field error', () => {
    expect(['email', 'phoneNumber', 'customRoleId', 'extraFields.department', 'companyId', 'userId'].map(formFieldOfServerField)).toEqual([
      'email', 'phoneNumber', 'role', 'extra.department', 'companyId', null,
    ]);
  });
});
