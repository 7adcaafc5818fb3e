import { routeOpens } from '../../app/access';
import { useAccessState } from '../../app/useAccess';
import { hasPermission } from '../../lib/permissions';
import { ROUTE_PATHS, type RoutePath } from '../../lib/routePaths';

/**
 * What the signed-in user may do with invoices (shell §6 "Invoices view" codes and "Pay invoice"); the server is the
 * authority, the screens only leave out what would be refused.
 */
export interface InvoiceRights {
  viewDetail: boolean;
  viewPdf: boolean;
  exportCsv: boolean;
  paymentHistory: boolean;
  pay: boolean;
  /** business §6: the order link from an invoice needs order permission (and the order page must let them in). */
  viewOrder: boolean;
  /** The /invoice page (payment, export) is on for this user (shell §2: it needs the store's invoice switch). */
  invoicePage: boolean;
}

const NO_RIGHTS: InvoiceRights = {
  viewDetail: false,
  viewPdf: false,
  exportCsv: false,
  paymentHistory: false,
  pay: false,
  viewOrder: false,
  invoicePage: false,
};

export function useInvoiceRights(): InvoiceRights {
  const access = useAccessState();
  if (access.status !== 'ready' || !access.customer) return NO_RIGHTS;
  const { context } = access;
  const has = (code: string) => hasPermission(context.permissions, code);
  const opens = (path: RoutePath) => routeOpens(path, context);
  return {
    viewDetail: has('get_invoice_detail') && opens(ROUTE_PATHS.invoiceDetail),
    viewPdf: has('get_invoice_pdf'),
    exportCsv: has('export_invoices'),
    paymentHistory: has('get_invoice_payments_history'),
    pay: has('pay_invoice'),
    viewOrder: has('get_order_detail') && opens(ROUTE_PATHS.orderDetail),
    invoicePage: opens(ROUTE_PATHS.invoice),
  };
}
