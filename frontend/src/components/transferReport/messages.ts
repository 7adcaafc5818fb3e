import { messageNamespace } from '../../lib/i18n/keys';

// What putting products into the cart or the quote draft did (an order's Reorder and Add to quote, a shopping list's
// Add selected to cart / to quote): each product added or not, with why not, translated by the server's code.
export const transferMessages = messageNamespace('transfer.');
