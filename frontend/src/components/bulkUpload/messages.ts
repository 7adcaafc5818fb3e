import { messageNamespace } from '../../lib/i18n/keys';

// business §2 bulk upload dialog, §5 bulk CSV and §8 upload texts; the row errors by their codes (docs/api.md).
export const bulkUploadMessages = messageNamespace('bulkUpload.');
