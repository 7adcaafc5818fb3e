import { messageNamespace } from '../../lib/i18n/keys';

// The shared data table's own texts: paging, sorting on the card layout, loading.
export const dataTableMessages = messageNamespace('dataTable.');
