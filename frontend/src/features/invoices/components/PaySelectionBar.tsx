import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { SelectionBar, SelectionSummary } from '../../../components/SelectionBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { invoicesMessages } from '../messages';

export interface PaySelectionBarProps {
  count: number;
  /** How many of them can be paid (by this user, now). */
  payableCount: number;
  /** The sum to pay, formatted per currency ("$1,200.00 + €80.00"); null when nothing is payable. */
  total: string | null;
  /** Selected invoices that are not paid with the others (paid, or not payable by this user). */
  leftOut: number;
  /** Why paying is refused (different currencies…), shown as an alert. */
  problem: string | null;
  canPay: boolean;
  busy: boolean;
  onPay(): void;
  onClear(): void;
  /** The export menu. */
  exportMenu: ReactNode;
}

/** The selection: how many invoices and how much, Pay selected, the export and a way to untick them all. */
export function PaySelectionBar({ count, payableCount, total, leftOut, problem, canPay, busy, onPay, onClear, exportMenu }: PaySelectionBarProps) {
  const t = useMessages(invoicesMessages);
  return (
    <SelectionBar variant="outlined" component="section" aria-label={t('invoices.selection.label')} data-testid="invoice-selection">
      <SelectionSummary>
        <Typography sx={{ fontWeight: 600 }} role="status">
          {t('invoices.selection.count', { count })}
        </Typography>
        {total !== null && (
          <Typography variant="body2" data-testid="invoice-selection-total">
            {t('invoices.selection.total', { amount: total })}
          </Typography>
        )}
        {leftOut > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('invoices.selection.leftOut', { count: leftOut })}
          </Typography>
        )}
      </SelectionSummary>
      {count > 0 && (
        <Button variant="text" onClick={onClear} disabled={busy}>
          {t('invoices.selection.clear')}
        </Button>
      )}
      {exportMenu}
      {canPay && (
        <Button variant="contained" onClick={onPay} loading={busy} disabled={busy || payableCount === 0}>
          {t('invoices.selection.pay')}
        </Button>
      )}
      {problem && (
        <Alert severity="error" sx={{ flex: '1 1 100%' }}>
          {problem}
        </Alert>
      )}
    </SelectionBar>
  );
}
