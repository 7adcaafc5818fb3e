import { MediaUploadError, createMediaUploader } from './mediaUpload';
import { restRefusalBody } from '../test/graphqlMock';

const API = 'https://api.helix.test';

function server(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

const pdf = () => new File([new Uint8Array(12)], 'certificate.pdf', { type: 'application/pdf' });

describe('createMediaUploader (shell §7 POST /api/v2/media/upload)', () => {
  it('keeps the upload session the first answer gives, and sends it with the next file', async () => {
    const answer = { code: 200, message: 'SUCCESS', data: { id: 'a1', fileName: 'certificate.pdf', fileSize: 12, fileType: 'application/pdf', uploadSession: 's-1' } };
    const fetchImpl = server(200, answer);
    const uploader = createMediaUploader(API, 'companyAttachedFile', fetchImpl);

    await expect(uploader.upload(pdf(), 'failed')).resolves.toEqual({ id: 'a1', fileName: 'certificate.pdf', fileSize: 12, fileType: 'application/pdf' });
    await uploader.upload(pdf(), 'failed');

    const second = fetchImpl.mock.calls[1]![1]!.body as FormData;
    expect(second.get('uploadSession')).toBe('s-1');
  });

  it('fails with the refusal’s message and code (docs/api.md "REST edges")', async () => {
    const message = 'File scan.exe was rejected. File type not supported. File is too big. Size limit is 3 MB.';
    const uploader = createMediaUploader(API, 'companyAttachedFile', server(400, restRefusalBody(400, 'FILE_TYPE_NOT_ALLOWED', message)));

    const error = await uploader.upload(pdf(), 'failed').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(MediaUploadError);
    expect(error).toMatchObject({ message, errorCode: 'FILE_TYPE_NOT_ALLOWED', status: 400 });
  });

  it('fails with 40101 when the session has expired, and with the fallback text when the answer is not JSON', async () => {
    const expired = createMediaUploader(API, 'companyAttachedFile', server(401, restRefusalBody(401, 40101, 'Your session has expired.')));
    await expect(expired.upload(pdf(), 'failed')).rejects.toMatchObject({ errorCode: '40101', status: 401 });

    const broken = createMediaUploader(API, 'companyAttachedFile', vi.fn<typeof fetch>(async () => new Response('<html>502</html>', { status: 502 })));
    await expect(broken.upload(pdf(), 'Upload failed.')).rejects.toMatchObject({ message: 'Upload failed.', errorCode: '' });
  });
});
