import { messageNamespace } from '../../lib/i18n/keys';

// business §5 drop zone snackbars; the zone's own labels.
export const dropZoneMessages = messageNamespace('dropzone.');
