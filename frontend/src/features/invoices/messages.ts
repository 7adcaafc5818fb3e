import { messageNamespace } from '../../lib/i18n/keys';

// Invoices (issue 20): the multi-invoice list, the invoice list with payment and export, the invoice detail, the
// payment link page, receipts. Statuses and the server's refusals are translated by value / code.
export const invoicesMessages = messageNamespace('invoices.');
