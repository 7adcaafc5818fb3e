import { messageNamespace } from '../../lib/i18n/keys';

// Quote draft texts; the toasts are business §8's.
export const quoteMessages = messageNamespace('quoteDraft.');
