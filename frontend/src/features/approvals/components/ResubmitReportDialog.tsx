import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { PurchaseRequestLine } from '../api/purchaseRequest';
import type { PurchaseRequestResubmitResult } from '../api/purchaseRequestResubmit';
import { approvalsMessages } from '../messages';

export interface ResubmitReportDialogProps {
  /** The answer of a resubmission some of whose lines did not go into the cart; the dialog is open while set. */
  result: PurchaseRequestResubmitResult | null;
  /** The request's lines, to name the SKUs that were not added. */
  lines: readonly PurchaseRequestLine[];
  onCheckout(url: string): void;
  onClose(): void;
}

/** What a resubmission could not put into the cart (the server names the lines by SKU), before the buyer goes on to the checkout with the rest. */
export function ResubmitReportDialog({ result, lines, onCheckout, onClose }: ResubmitReportDialogProps) {
  const t = useMessages(approvalsMessages);
  const titleId = useId();
  const added = result?.addedCount ?? 0;
  return (
    <Dialog open={result !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{added > 0 ? t('approvals.resubmit.partialTitle') : t('approvals.resubmit.noneTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {added > 0 ? t('approvals.resubmit.partialBody', { count: added }) : t('approvals.resubmit.noneBody')}
        </DialogContentText>
        <ul aria-label={t('approvals.resubmit.notAddedLabel')}>
          {(result?.notAdded ?? []).map((sku, index) => {
            const name = lines.find((line) => line.sku === sku)?.name;
            return <li key={`${sku}-${index}`}>{name ? t('approvals.resubmit.notAddedLine', { name, sku }) : sku}</li>;
          })}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('approvals.resubmit.stay')}</Button>
        {result && added > 0 && (
          <Button variant="contained" onClick={() => onCheckout(result.checkoutUrl)}>
            {t('approvals.resubmit.checkout')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
