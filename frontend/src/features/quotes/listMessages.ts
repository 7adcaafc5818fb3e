import { messageNamespace } from '../../lib/i18n/keys';

// The buyer's quotes list (issue 6) and the quote status chip that the quote detail page shares.
export const quotesListMessages = messageNamespace('quotes.');
