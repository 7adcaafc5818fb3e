import { describe, expect, it } from 'vitest';

import de from '../../locales/de/portal.json';
import en from '../../locales/en/portal.json';
import { BulkUploadError } from './api/bulkUploadFile';
import { uploadErrorText } from './BulkUploadDialog';

const translator = (catalog: Record<string, string>) => (key: string) => catalog[key] ?? key;

describe('uploadErrorText', () => {
  // issue 36 item 1: a job whose worker died is answered failed BULK_UPLOAD_INTERRUPTED; the buyer reads it in their
  // language, not the server's English.
  it('says in the buyer’s language that the check was interrupted', () => {
    const interrupted = new BulkUploadError('The check was interrupted — upload again.', 'BULK_UPLOAD_INTERRUPTED', 200);

    expect(uploadErrorText(translator(en), interrupted)).toBe('The check was interrupted — upload again.');
    expect(uploadErrorText(translator(de), interrupted)).toBe('Die Prüfung wurde unterbrochen – bitte laden Sie die Datei erneut hoch.');
  });
});
