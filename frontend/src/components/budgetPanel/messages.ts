import { messageNamespace } from '../../lib/i18n/keys';

// The budget in view (issue 41) on the pages that show an order-to-be: the quote draft and detail, a shopping list.
export const budgetPanelMessages = messageNamespace('budgetPanel.');
