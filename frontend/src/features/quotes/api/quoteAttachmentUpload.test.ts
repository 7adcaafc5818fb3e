import { NETWORK_ERROR_CODE } from '../../../lib/graphql';
import { MediaUploadError } from '../../../lib/mediaUpload';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import { setB2BToken } from '../../../lib/session';
import { restRefusalBody } from '../../../test/graphqlMock';
import { uploadQuoteDraftAttachment } from './quoteAttachmentUpload';

const API = 'https://api.helix.test';
const ENDPOINT = 'https://api.helix.test/api/v2/quotes/attachments';

const pdf = () => new File([new Uint8Array(48)], 'protocol.pdf', { type: 'application/pdf' });

const stored = (draftKey: string | null) => ({
  id: 3, fileName: 'protocol.pdf', fileSize: 48211, contentType: 'application/pdf', fromSupplier: false,
  createdAt: '2025-05-02T10:00:00+00:00', downloadUrl: 'https://api.helix.test/api/v2/quotes/attachments/3?token=t1', draftKey,
});

function server(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof fetch>(async () => new Response(text, { status }));
}

function sent(fetchImpl: ReturnType<typeof server>) {
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  const [url, init] = fetchImpl.mock.calls[0]!;
  const form = init?.body as FormData;
  return { url: String(url), method: init?.method, headers: init?.headers as Record<string, string>, form };
}

async function refusal(promise: Promise<unknown>): Promise<MediaUploadError> {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(MediaUploadError);
  return error as MediaUploadError;
}

describe('uploadQuoteDraftAttachment (docs/api.md "Files")', () => {
  afterEach(() => window.localStorage.clear());

  it('sends a guest’s file with the draft key, without a token, and keeps the key it answers', async () => {
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const fetchImpl = server(200, { code: 200, message: 'File protocol.pdf successfully added.', data: stored('key-1') });
    const file = pdf();

    const result = await uploadQuoteDraftAttachment(file, { draftKey: 'key-1', apiOrigin: `${API}/`, fetchImpl });

    const request = sent(fetchImpl);
    expect(request.url).toBe(ENDPOINT);
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({ Accept: 'application/json' });
    expect([...request.form.keys()]).toEqual(['mediaFile', 'draftKey']);
    expect(request.form.get('mediaFile')).toBe(file);
    expect(request.form.get('draftKey')).toBe('key-1');
    expect(result).toEqual(stored('key-1'));
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('key-1');
  });

  it('lets a guest’s first upload create the draft and stores the new key', async () => {
    const fetchImpl = server(200, { code: 200, message: 'File protocol.pdf successfully added.', data: stored('new-key') });

    const result = await uploadQuoteDraftAttachment(pdf(), { draftKey: null, apiOrigin: API, fetchImpl });

    expect([...sent(fetchImpl).form.keys()]).toEqual(['mediaFile']);
    expect(result.draftKey).toBe('new-key');
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('new-key');
  });

  it('sends the bearer token when signed in and stores no key', async () => {
    setB2BToken('b2b-token-1');
    const fetchImpl = server(200, { code: 200, message: 'File protocol.pdf successfully added.', data: stored(null) });

    const result = await uploadQuoteDraftAttachment(pdf(), { draftKey: null, apiOrigin: API, fetchImpl });

    const request = sent(fetchImpl);
    expect(request.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer b2b-token-1' });
    expect([...request.form.keys()]).toEqual(['mediaFile']);
    expect(result).toMatchObject({ id: 3, fileName: 'protocol.pdf', fileSize: 48211, draftKey: null });
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
  });

  it('fails with the server’s message and error code when the file is rejected', async () => {
    const message = 'File scan.exe was rejected. File type not supported. File is too big. Size limit is 3 MB.';
    const fetchImpl = server(400, restRefusalBody(400, 'QUOTE_FILE_REJECTED', message));

    const error = await refusal(uploadQuoteDraftAttachment(pdf(), { draftKey: 'key-1', apiOrigin: API, fetchImpl }));

    expect({ message: error.message, errorCode: error.errorCode, status: error.status }).toEqual({ message, errorCode: 'QUOTE_FILE_REJECTED', status: 400 });
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
  });

  it('fails with QUOTE_TOO_MANY_FILES beyond 3 files', async () => {
    const message = 'Maximum allowed number of files exceeded. Only 3 allowed';
    const fetchImpl = server(400, restRefusalBody(400, 'QUOTE_TOO_MANY_FILES', message));

    const error = await refusal(uploadQuoteDraftAttachment(pdf(), { draftKey: 'key-1', apiOrigin: API, fetchImpl }));

    expect([error.message, error.errorCode]).toEqual([message, 'QUOTE_TOO_MANY_FILES']);
  });

  it('names the refusal by the status when the answer is not the API’s JSON (413, 429)', async () => {
    const tooBig = await refusal(uploadQuoteDraftAttachment(pdf(), { draftKey: null, apiOrigin: API, fetchImpl: server(413, '<html>Request Entity Too Large</html>') }));
    expect([tooBig.message, tooBig.errorCode, tooBig.status]).toEqual(['', 'QUOTE_FILE_REJECTED', 413]);

    const limited = await refusal(
      uploadQuoteDraftAttachment(pdf(), {
        draftKey: null,
        apiOrigin: API,
        fetchImpl: server(429, { code: 429, message: 'Too many requests. Please wait a while and try again.' }),
      }),
    );
    expect([limited.message, limited.errorCode, limited.status]).toEqual(['Too many requests. Please wait a while and try again.', 'TOO_MANY_REQUESTS', 429]);
  });

  it('fails with NETWORK_ERROR when no answer arrives', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await refusal(uploadQuoteDraftAttachment(pdf(), { draftKey: null, apiOrigin: API, fetchImpl }));

    expect([error.errorCode, error.status]).toEqual([NETWORK_ERROR_CODE, 0]);
  });
});
