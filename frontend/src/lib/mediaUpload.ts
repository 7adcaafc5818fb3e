import { restRefusal } from './restErrors';
import { getB2BToken } from './session';
import { storefrontTokenHeaders } from './storefrontTokenHeader';

// shell §7: POST {apiOrigin}/api/v2/media/upload (multipart: mediaFile, requestType), with the bearer token when
// signed in. shell §8: a REST body with a failing code fails with its message (the refusal's, lib/restErrors.ts).

export interface UploadedMedia {
  id: string;
  fileName: string;
  fileSize: number;
  fileType: string;
}

export class MediaUploadError extends Error {
  override readonly name = 'MediaUploadError';
  /** The refusal's `extensions.code` (or one that names what happened without it), or ''. */
  readonly errorCode: string;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;

  constructor(message: string, errorCode = '', status = 0) {
    super(message);
    this.errorCode = errorCode;
    this.status = status;
  }
}

interface UploadAnswer {
  code?: number;
  message?: string;
  data?: {
    id?: string;
    fileName?: string;
    fileSize?: number;
    fileType?: string;
    uploadSession?: string;
  } | null;
}

function endpoint(apiOrigin: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/v2/media/upload`;
}

/**
 * Uploads files of one form. A guest's files are tied together by the server's upload session, which the
 * next upload and a removal name; a signed-in user's files by the bearer token.
 */
export function createMediaUploader(apiOrigin: string, requestType: string, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)) {
  let uploadSession: string | null = null;

  function headers(): Record<string, string> {
    const token = getB2BToken();
    const result: Record<string, string> = { Accept: 'application/json', ...storefrontTokenHeaders() };
    if (token) result.Authorization = `Bearer ${token}`;
    return result;
  }

  return {
    async upload(file: File, fallbackMessage: string): Promise<UploadedMedia> {
      const body = new FormData();
      body.append('mediaFile', file);
      body.append('requestType', requestType);
      if (uploadSession) body.append('uploadSession', uploadSession);
      let answer: UploadAnswer;
      let ok = false;
      let status = 0;
      try {
        const response = await fetchImpl(endpoint(apiOrigin), { method: 'POST', headers: headers(), body });
        ok = response.ok;
        status = response.status;
        answer = (await response.json()) as UploadAnswer;
      } catch {
        throw new MediaUploadError(fallbackMessage, '', status);
      }
      const data = answer.data;
      if (!ok || answer.code !== 200 || !data?.id) {
        const refusal = restRefusal(answer);
        throw new MediaUploadError(refusal?.message || answer.message || fallbackMessage, refusal?.code ?? '', status);
      }
      if (data.uploadSession) uploadSession = data.uploadSession;
      return { id: data.id, fileName: data.fileName ?? file.name, fileSize: data.fileSize ?? file.size, fileType: data.fileType ?? file.type };
    },

    /** DELETE /api/v2/media/upload/{id}: forgets a file that will not be sent. */
    async discard(id: string): Promise<void> {
      const extra: Record<string, string> = uploadSession ? { 'X-Upload-Session': uploadSession } : {};
      await fetchImpl(`${endpoint(apiOrigin)}/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { ...headers(), ...extra } });
    },
  };
}

export type MediaUploader = ReturnType<typeof createMediaUploader>;
