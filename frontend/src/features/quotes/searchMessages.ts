import { messageNamespace } from '../../lib/i18n/keys';

// The draft's product search (issue 6 "Add products inside the draft: search") and the options dialog of a line.
export const quoteSearchMessages = messageNamespace('quoteSearch.', 'quoteEdit.');
