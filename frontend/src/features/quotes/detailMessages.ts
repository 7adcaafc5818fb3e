import { messageNamespace } from '../../lib/i18n/keys';

// Texts of the quote detail page (/quoteDetail/:id); the checkout error texts map the codes of docs/api.md
// "Checkout with a quote".
export const quoteDetailMessages = messageNamespace('quoteDetail.');
