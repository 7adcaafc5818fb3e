import { messageNamespace } from '../../lib/i18n/keys';

// Account settings, the role names and the masquerade audit.
export const accountMessages = messageNamespace('account.', 'role.', 'audit.');
