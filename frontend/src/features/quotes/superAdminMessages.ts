import { messageNamespace } from '../../lib/i18n/keys';

// The quote draft of a super admin who is not masquerading (shell §2 lets role 4 open it; shell §4 turns quotes off
// until they act for a company).
export const superAdminQuoteMessages = messageNamespace('superAdminDraft.');
