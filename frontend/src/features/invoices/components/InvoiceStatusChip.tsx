import Chip, { type ChipProps } from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { invoicesMessages } from '../messages';

/** The statuses the API says (invoices.models.InvoiceStatus): 3 "overdue" is never stored, the API derives it. */
export const INVOICE_STATUSES = [0, 1, 2, 3] as const;
export type InvoiceStatusCode = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABEL = {
  0: 'invoices.status.open',
  1: 'invoices.status.partiallyPaid',
  2: 'invoices.status.paid',
  3: 'invoices.status.overdue',
} as const satisfies Record<InvoiceStatusCode, MessageKey<typeof invoicesMessages>>;

// The theme picks black or white text on each colour by contrast (business §9).
const COLOR = { 0: 'info', 1: 'warning', 2: 'success', 3: 'error' } as const satisfies Record<InvoiceStatusCode, ChipProps['color']>;

export function isInvoiceStatus(value: number): value is InvoiceStatusCode {
  return (INVOICE_STATUSES as readonly number[]).includes(value);
}

/** An invoice's status as a small chip, translated by value. */
export function InvoiceStatusChip({ status }: { status: number }) {
  const t = useMessages(invoicesMessages);
  if (!isInvoiceStatus(status)) return <Chip size="small" variant="outlined" label={String(status)} />;
  return <Chip size="small" color={COLOR[status]} label={t(INVOICE_STATUS_LABEL[status])} data-status={status} />;
}
