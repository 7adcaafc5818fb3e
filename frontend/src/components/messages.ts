import { messageNamespace } from '../lib/i18n/keys';

// The toasts' own texts (shell §8: a toast without a message says its type).
export const componentMessages = messageNamespace('toast.');
