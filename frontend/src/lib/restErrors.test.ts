import { restRefusal } from './restErrors';

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
