import type { Permission } from '../../../lib/user/customerInfo';
import { DEMO_PERMISSIONS, customer, type GraphQLResult } from '../../../test/graphqlMock';
import type { InvoiceDetail } from '../api/invoice';
import type { InvoiceListItem } from '../api/invoices';
import type { InvoiceStats } from '../api/invoiceStats';
import type { Receipt, ReceiptLine } from '../api/receipts';

// Invoices as the server answers them (docs/api.md "Invoices (issue 20)"), for the invoice screens' tests.

export const INVOICE_CODES = ['get_invoices', 'get_invoice_detail', 'get_invoice_pdf', 'export_invoices', 'get_invoice_payments_history', 'pay_invoice'];

export const grant = (codes: readonly string[], level = 2): Permission[] => codes.map((code) => ({ code, permissionLevel: level }));

/** Alice Admin of Acme Labs: every invoice code at company level, orders too. */
export const ADMIN = customer({
  role: 0,
  permissions: [...DEMO_PERMISSIONS.admin.filter((p) => !INVOICE_CODES.includes(p.code)), ...grant(INVOICE_CODES)],
  userInfo: { id: 5, firstName: 'Alice', lastName: 'Admin', email: 'admin@acme.test' },
});

const usd = (value: string) => ({ code: 'USD', value });

export const invoice = (overrides: Partial<InvoiceListItem> = {}): InvoiceListItem => ({
  id: '11',
  invoiceNumber: 'INV-100011',
  orderNumber: '100042',
  purchaseOrderNumber: 'PO-7731',
  costCentre: 'GR-2231',
  invoiceDate: '2026-10-01',
  dueDate: '2099-10-31',
  status: 0,
  notAllowedPay: false,
  pendingPaymentCount: 0,
  hasPdf: true,
  canViewOrder: true,
  openBalance: usd('1234.50'),
  originalBalance: usd('1234.50'),
  companyId: 3,
  companyName: 'Acme Labs',
  ...overrides,
});

export const PARTLY_PAID_OVERDUE = invoice({
  id: '12', invoiceNumber: 'INV-100009', orderNumber: '100007', purchaseOrderNumber: '', invoiceDate: '2026-08-01', dueDate: '2026-09-01',
  status: 3, openBalance: usd('30.00'), originalBalance: usd('80.00'), hasPdf: false,
});

export const PAID = invoice({
  id: '13', invoiceNumber: 'INV-100010', orderNumber: null, invoiceDate: '2026-07-01', dueDate: '2026-07-31', status: 2, notAllowedPay: true,
  openBalance: usd('0.00'), originalBalance: usd('99.90'), canViewOrder: false,
});

export const IN_EUROS = invoice({
  id: '14', invoiceNumber: 'INV-ERP-77', orderNumber: null, canViewOrder: false, openBalance: { code: 'EUR', value: '500.00' }, originalBalance: { code: 'EUR', value: '500.00' },
});

export const invoicesResult = (invoices: InvoiceListItem[], totalCount = invoices.length): GraphQLResult => ({
  data: { invoices: { totalCount, edges: invoices.map((node) => ({ node })) } },
});

export const stats = (overrides: Partial<InvoiceStats> = {}): GraphQLResult => ({
  data: { invoiceStats: { totalBalance: '1264.50', overDueBalance: '30.00', currencyCode: 'USD', invoiceCount: 2, overdueCount: 1, ...overrides } },
});

export const receiptLine = (overrides: Partial<ReceiptLine> = {}): ReceiptLine => ({
  id: '71', receiptId: '31', invoiceId: '12', invoiceNumber: 'INV-100009', amount: usd('50.00'), paymentStatus: 1,
  paymentType: 'Test card •••• 4242', transactionType: 'Paid', referenceNumber: 'PAY-2026-0031', payerName: 'Alice Admin',
  createdAt: '2026-09-15T10:30:00+00:00',
  ...overrides,
});

export const receipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  id: '31', totalCode: 'USD', totalAmount: '150.00', payerName: 'Alice Admin', paymentType: 'Test card •••• 4242', transactionType: 'Paid',
  referenceNumber: 'PAY-2026-0031', createdAt: '2026-09-15T10:30:00+00:00',
  lines: [
    { id: '71', invoiceId: '12', invoiceNumber: 'INV-100009', amount: usd('50.00'), paymentStatus: 1 },
    { id: '72', invoiceId: '15', invoiceNumber: 'INV-100005', amount: usd('100.00'), paymentStatus: 2 },
  ],
  ...overrides,
});

export const invoiceDetail = (overrides: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  ...invoice(),
  externalId: '',
  customerName: 'Sam Senior',
  pdfUrl: 'https://api.helix.test/api/v2/invoices/11/pdf?token=t11',
  billTo: ['Acme Labs', 'Accounts payable', '1 Lab Way', 'Boston, MA 02115', 'United States'],
  details: { subtotal: '1100.00', shippingTotal: '40.00', taxTotal: '94.50', companyName: 'Acme Labs' },
  trackingNumbers: [
    { number: '1Z999AA10123456784', carrier: 'UPS', courierName: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
    { number: '9400111899223100012345', carrier: 'USPS', courierName: 'USPS', trackingUrl: null },
  ],
  lines: [
    { id: '901', sku: 'HS-ETH-500', name: 'Ethanol absolute 99.8%', quantity: 10, unitPrice: '20.00', lineTotal: '200.00', tax: '16.00' },
    { id: '902', sku: 'HS-1055-500G', name: 'Sodium chloride', quantity: 30, unitPrice: '30.00', lineTotal: '900.00', tax: '78.50' },
  ],
  payments: [],
  ...overrides,
});
