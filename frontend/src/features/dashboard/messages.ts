import { messageNamespace } from '../../lib/i18n/keys';

// The super admin's dashboard (shell §2, §6): companies, masquerading, the empty-cart confirmation.
export const dashboardMessages = messageNamespace('dashboard.');
