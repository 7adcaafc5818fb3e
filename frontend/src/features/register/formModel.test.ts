import type { AccountFormField } from './api/accountFormFields';
import type { Country } from '../../lib/countries';
import { CONFIRM_PASSWORD, checkStep, companyCreateInput, customerCreateInput, fieldProblem, serverFieldName, stepOfField, stepsFor } from './formModel';

let nextId = 1;
function field(fieldName: string, overrides: Partial<AccountFormField> = {}): AccountFormField {
  const id = nextId++;
  return {
    id,
    formType: 1,
    fieldId: `field_${id}`,
    fieldName,
    fieldType: 'text',
    labelName: fieldName,
    isRequired: false,
    visible: true,
    groupId: 1,
    custom: false,
    order: id,
    valueConfigs: {},
    ...overrides,
  };
}

const BUSINESS: AccountFormField[] = [
  field('firstName', { labelName: 'First name', isRequired: true }),
  field('email', { labelName: 'Email address', fieldType: 'email', isRequired: true }),
  field('phoneNumber', { labelName: 'Phone number', fieldType: 'phone' }),
  field('password', { labelName: 'Password', fieldType: 'password', isRequired: true, groupId: 5 }),
  field('companyName', { labelName: 'Company name', isRequired: true, groupId: 3 }),
  field('fileList', { labelName: 'Attachments', fieldType: 'files', groupId: 3 }),
  field('institutionType', {
    labelName: 'Institution type',
    fieldType: 'dropdown',
    isRequired: true,
    groupId: 3,
    custom: true,
    valueConfigs: { options: [{ label: 'Industry', value: 'industry' }] },
  }),
  field('employees', { labelName: 'Employees', fieldType: 'number', groupId: 3, custom: true, valueConfigs: { min: 1, max: 5000 } }),
  field('founded', { labelName: 'Founded', fieldType: 'date', groupId: 3, custom: true }),
  field('hidden', { labelName: 'Hidden', isRequired: true, visible: false, groupId: 3, custom: true }),
  field('country', { labelName: 'Country', fieldType: 'country', isRequired: true, groupId: 4 }),
  field('state', { labelName: 'State', fieldType: 'state', isRequired: true, groupId: 4 }),
  field('dock', { labelName: 'Loading dock', groupId: 4, custom: true }),
  field('labCode', { labelName: 'Lab code', groupId: 2, custom: true }),
];

const COUNTRIES: Country[] = [
  { id: 1, countryName: 'United States', countryCode: 'US', states: [{ stateName: 'Massachusetts', stateCode: 'MA' }] },
  { id: 2, countryName: 'Netherlands', countryCode: 'NL', states: [] },
];

const problemsOf = (step: Parameters<typeof checkStep>[1], values: Record<string, string>) =>
  Object.fromEntries(Object.entries(checkStep(BUSINESS, step, { values, countries: COUNTRIES, files: [] })).map(([name, problem]) => [name, problem.key]));

describe('registration steps', () => {
  it('has contact, company, address and password for a business; contact and password for a person', () => {
    expect(stepsFor(BUSINESS, 'business')).toEqual(['contact', 'company', 'address', 'password']);
    expect(stepsFor(BUSINESS, 'personal')).toEqual(['contact', 'password']);
  });

  it('checks the contact step with the shell §5 e-mail and phone rules', () => {
    expect(problemsOf('contact', {})).toEqual({ firstName: 'validation.required', email: 'validation.required' });
    expect(problemsOf('contact', { firstName: 'Kim', email: 'kim@lab', phoneNumber: '12' })).toEqual({
      email: 'validation.email',
      phoneNumber: 'validation.phone',
    });
    expect(problemsOf('contact', { firstName: 'Kim', email: 'kim@lab.test', phoneNumber: '+1 617 555 0142' })).toEqual({});
  });

  it('checks the company step: required dropdown, digits-only numbers in range, dates; hidden fields are skipped', () => {
    expect(problemsOf('company', { companyName: 'Kestrel', employees: '12a', founded: '2024-02-30' })).toEqual({
      institutionType: 'validation.required',
      employees: 'validation.number',
      founded: 'validation.date',
    });
    expect(problemsOf('company', { companyName: 'Kestrel', institutionType: 'other', employees: '9000' })).toEqual({
      institutionType: 'validation.option',
      employees: 'validation.numberRange',
    });
    expect(problemsOf('company', { companyName: 'Kestrel', institutionType: 'industry', employees: '40', founded: '2024-02-29' })).toEqual({});
  });

  it('needs a state only where the country has a list of them', () => {
    expect(problemsOf('address', { country: 'US' })).toEqual({ state: 'validation.required' });
    expect(problemsOf('address', { country: 'US', state: 'ZZ' })).toEqual({ state: 'validation.option' });
    expect(problemsOf('address', { country: 'NL' })).toEqual({});
  });

  it('checks the password rule and its confirmation', () => {
    expect(problemsOf('password', { password: 'abcdefg' })).toEqual({ password: 'validation.password' });
    expect(problemsOf('password', { password: 'abc1234', [CONFIRM_PASSWORD]: 'abc12345' })).toEqual({ [CONFIRM_PASSWORD]: 'validation.passwordMismatch' });
    expect(problemsOf('password', { password: 'abc1234', [CONFIRM_PASSWORD]: 'abc1234' })).toEqual({});
  });

  it('requires a file when the attachments field is required', () => {
    const required = BUSINESS.map((f) => (f.fieldName === 'fileList' ? { ...f, isRequired: true } : f));
    const filesField = required.find((f) => f.fieldName === 'fileList')!;
    expect(fieldProblem(filesField, { values: {}, files: [] })).toEqual({ key: 'validation.files' });
    expect(fieldProblem(filesField, { values: {}, files: [{ id: '1', name: 'a.pdf', size: 1 }] })).toBeNull();
  });

  it('puts the server’s field errors on their step', () => {
    expect(serverFieldName('extraFields.institutionType')).toBe('institutionType');
    expect(stepOfField(BUSINESS, serverFieldName('email'), ['contact', 'company', 'address', 'password'])).toBe('contact');
    expect(stepOfField(BUSINESS, 'institutionType', ['contact', 'company', 'address', 'password'])).toBe('company');
  });
});

describe('inputs', () => {
  const values = {
    firstName: ' Kim ',
    email: 'kim@kestrel.test',
    password: 'Kestrel2026',
    companyName: 'Kestrel Assays',
    institutionType: 'industry',
    country: 'US',
    state: 'MA',
    dock: 'B',
    labCode: 'K-1',
  };

  it('sends a guest’s business application with the new account and each custom field in its list', () => {
    const input = companyCreateInput(BUSINESS, values, { channelId: 1, storeHash: 'helix01', files: [{ id: 'f1', name: 'a.pdf', size: 1 }], contact: { acceptsMarketing: true } });
    expect(input).toMatchObject({
      channelId: 1,
      storeHash: 'helix01',
      companyName: 'Kestrel Assays',
      country: 'US',
      state: 'MA',
      fileList: ['f1'],
      extraFields: [
        { fieldName: 'institutionType', fieldValue: 'industry' },
        { fieldName: 'employees', fieldValue: '' },
        { fieldName: 'founded', fieldValue: '' },
      ],
      addressExtraFields: [{ fieldName: 'dock', fieldValue: 'B' }],
      userExtraFields: [{ fieldName: 'labCode', fieldValue: 'K-1' }],
      customer: { firstName: 'Kim', email: 'kim@kestrel.test', password: 'Kestrel2026', acceptsMarketing: true },
    });
    expect(input.customerId).toBeUndefined();
  });

  it('sends a signed-in applicant’s own id and no new account', () => {
    const input = companyCreateInput(BUSINESS, values, { channelId: 1, files: [], customerId: 42 });
    expect(input.customerId).toBe(42);
    expect(input.customer).toBeUndefined();
    expect(input.userExtraFields).toEqual([]);
  });

  it('sends a personal account with its contact extra fields', () => {
    expect(customerCreateInput(BUSINESS, values, { channelId: 1, acceptsMarketing: false })).toEqual({
      firstName: 'Kim',
      lastName: '',
      email: 'kim@kestrel.test',
      password: 'Kestrel2026',
      phoneNumber: '',
      acceptsMarketing: false,
      userExtraFields: [{ fieldName: 'labCode', fieldValue: 'K-1' }],
      channelId: 1,
    });
  });
});
