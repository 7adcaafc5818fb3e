import { messageNamespace } from '../../lib/i18n/keys';

// Finding products to add (the quote draft, a shopping list): the catalog search with options and quantity, the
// options dialog of a line already added, and quick add by SKU + quantity rows.
export const productSearchMessages = messageNamespace('productSearch.', 'quickAdd.');
