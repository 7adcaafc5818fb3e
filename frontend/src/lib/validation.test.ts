import { isValidEmail, isValidPhone, meetsPasswordRule } from './validation';

describe('shell §5 validation rules', () => {
  it.each(['+1 617 555 0101', '617 555 0101', '6175550101', '+44 20 7946 0958', '(617) 555-0101', '+49 30 555 0101', '555 0101'])(
    'accepts the phone number %s',
    (phone) => expect(isValidPhone(phone)).toBe(true),
  );

  it.each(['', 'call me', '+1 617 555 01', '617-555-010a', '+1234 617 555 0101 9'])('refuses the phone number %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  it.each([
    ['Demo1234', true],
    ['abc1234', true],
    ['abc123', false],
    ['abcdefgh', false],
    ['12345678', false],
  ])('password %s meets the rule: %s', (password, ok) => {
    expect(meetsPasswordRule(password)).toBe(ok);
  });

  it('checks e-mail addresses', () => {
    expect(isValidEmail(' admin@acme.test ')).toBe(true);
    expect(isValidEmail('admin@acme')).toBe(false);
    expect(isValidEmail('admin@acme.t3st')).toBe(false);
  });
});
