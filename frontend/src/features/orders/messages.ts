import { messageNamespace } from '../../lib/i18n/keys';

// Orders (issue 17): My orders and Lab orders, the order detail with its shipments, lots and documents, and the
// reorder / add-to-quote report. Statuses, payment states and the transfer codes are translated by value.
export const ordersMessages = messageNamespace('orders.');
