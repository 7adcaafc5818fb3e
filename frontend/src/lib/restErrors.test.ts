import { restRefusal, restRefusalExtensions } from './restErrors';

describe('restRefusal (docs/api.md "REST edges")', () => {
  it('reads the first error of a refused answer', () => {
    const answer = {
      code: 413,
      message: 'File is too big. Size limit is 3 MB.',
      data: null,
      errors: [{ message: 'File is too big. Size limit is 3 MB.', extensions: { code: 'FILE_TOO_LARGE' } }],
    };
    expect(restRefusal(answer)).toEqual({ message: 'File is too big. Size limit is 3 MB.', code: 'FILE_TOO_LARGE' });
  });

  it('gives the numeric code of shell §8 as text', () => {
    const answer = { code: 401, message: 'Expired.', data: null, errors: [{ message: 'Expired.', extensions: { code: 40101 } }] };
    expect(restRefusal(answer)).toEqual({ message: 'Expired.', code: '40101' });
  });

  it('is null for what is not a refusal, and empty where a part is missing', () => {
    expect(restRefusal({ code: 200, message: 'SUCCESS', data: { id: 1 } })).toBeNull();
    expect(restRefusal('<h1>Bad gateway</h1>')).toBeNull();
    expect(restRefusal(null)).toBeNull();
    expect(restRefusal({ errors: [] })).toBeNull();
    expect(restRefusal({ errors: [{ extensions: { code: ['x'] } }] })).toEqual({ message: '', code: '' });
  });
});

describe('restRefusalExtensions', () => {
  it('reads the texts a refusal adds beside its code (issue 40: SSO_REQUIRED)', () => {
    const answer = {
      code: 403,
      message: 'Use your organisation.',
      data: null,
      errors: [{ message: 'Use your organisation.', extensions: { code: 'SSO_REQUIRED', startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login', retryAfter: 3 } }],
    };
    expect(restRefusalExtensions(answer)).toEqual({ startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login' });
  });

  it('is empty for what is not a refusal or adds nothing', () => {
    expect(restRefusalExtensions({ ok: true })).toEqual({});
    expect(restRefusalExtensions(null)).toEqual({});
    expect(restRefusalExtensions({ errors: [{ message: 'x', extensions: { code: 'X' } }] })).toEqual({});
    expect(restRefusalExtensions({ errors: [{ message: 'x' }] })).toEqual({});
  });
});
