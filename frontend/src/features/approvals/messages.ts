import { messageNamespace } from '../../lib/i18n/keys';

// Approvals (issue 41): the approvals inbox and the buyer's requests, a purchase request with its tiers and
// decisions, and the managers' approval rules and budgets. Statuses, tier states, periods and refusals are translated
// by value.
export const approvalsMessages = messageNamespace('approvals.');
