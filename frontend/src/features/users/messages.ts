import { messageNamespace } from '../../lib/i18n/keys';

// User management (issue 16): the list, the add / edit dialog, the refusals and the company's audit log. The
// built-in role names (`role.`) and the form rules of the store's custom fields (`validation.`) are the portal's
// shared texts for them.
export const usersMessages = messageNamespace('users.', 'role.', 'validation.');
