import { errorText } from './errorText';
import { GraphQLRequestError, NETWORK_ERROR_CODE } from './graphql';

const EMAIL_IN_USE = 'An account with this email address already exists.';

function validationError(codes: (string | null)[]) {
  return new GraphQLRequestError(EMAIL_IN_USE, {
    code: 'VALIDATION_ERROR',
    fields: { email: [EMAIL_IN_USE] },
    fieldCodes: { email: codes },
  });
}

describe('the text of a failed request where no domain maps its code', () => {
  it('is the translated text of its first field error, never the English message (issue 14 §2)', () => {
    expect(errorText(validationError(['email_in_use']), 'de')).toBe(
      'Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
    );
    expect(errorText(validationError([null]), 'de')).toBe('Bitte prüfen Sie dieses Feld.');
    expect(errorText(validationError([null]), 'en')).toBe(EMAIL_IN_USE);
  });

  it('is the server’s message for a refusal without fields, and a translated text for a network failure', () => {
    expect(errorText(new GraphQLRequestError('You may not masquerade as this company.', { code: 'MASQUERADE_NOT_ALLOWED' }), 'de')).toBe(
      'You may not masquerade as this company.',
    );
    expect(errorText(new GraphQLRequestError('Failed to fetch', { code: NETWORK_ERROR_CODE }), 'de')).not.toBe('Failed to fetch');
  });

  it('asks to try again in a minute, translated, when a service the server needs is down (issue 36)', () => {
    const unavailable = new GraphQLRequestError('This is not available right now. Please try again in a minute.', {
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(errorText(unavailable, 'de')).toBe('Das ist gerade nicht verfügbar. Bitte versuchen Sie es in einer Minute erneut.');
    expect(errorText(unavailable, 'en')).toBe('This isn’t available right now. Please try again in a minute.');
  });
});
