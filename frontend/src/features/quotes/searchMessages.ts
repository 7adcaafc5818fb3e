import { messageNamespace } from '../../lib/i18n/keys';

// The draft's own words around the shared product search and options dialog (components/productSearch): its add
// button, a line's "Edit options" link and the toast after saving them.
export const quoteSearchMessages = messageNamespace('quoteSearch.', 'quoteEdit.');
