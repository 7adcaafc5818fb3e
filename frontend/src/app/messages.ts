import { messageNamespace } from '../lib/i18n/keys';

// The shell: header, menu (shell §2 menu labels; "Lab orders" are the company orders).
export const appMessages = messageNamespace('layout.', 'header.', 'menu.', 'page.', 'status.', 'masquerade.');
