import { messageNamespace } from '../../lib/i18n/keys';

// Shopping lists (issue 18): the lists page, a list's page with its products and approval, and the product page's
// Add to Shopping List (/pdp). Statuses are translated by value (ARCHITECTURE §8), refusals by the server's code.
export const shoppingListsMessages = messageNamespace('shoppingLists.');
