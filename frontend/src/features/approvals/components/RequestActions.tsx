import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { PurchaseRequestDetail } from '../api/purchaseRequest';
import { approvalsMessages } from '../messages';

const Bar = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  [theme.breakpoints.down('sm')]: { '& > button': { flex: '1 1 100%' } },
}));

export type RequestAction = 'approve' | 'reject' | 'override' | 'withdraw' | 'resubmit';

export interface RequestActionsProps {
  request: PurchaseRequestDetail;
  /** The action running (its button shows progress; the others wait). */
  busy: RequestAction | null;
  onAction(action: RequestAction): void;
}

/** The actions the request's flags allow the caller: an approver's Approve and Reject, an admin's Override, the buyer's
 * Withdraw and Change and resubmit. Nothing when there is none. */
export function RequestActions({ request, busy, onAction }: RequestActionsProps) {
  const t = useMessages(approvalsMessages);
  const any = request.canApprove || request.canReject || request.canOverride || request.canWithdraw || request.canResubmit;
  if (!any) return null;
  const button = (action: RequestAction, label: string, props: { variant: 'contained' | 'outlined'; color?: 'success' | 'error' | 'warning' | 'primary' | 'inherit' }) => (
    <Button {...props} loading={busy === action} loadingPosition="start" disabled={busy !== null} onClick={() => onAction(action)}>
      {label}
    </Button>
  );
  return (
    <Bar role="group" aria-label={t('approvals.actions.label')}>
      {request.canApprove && button('approve', t('approvals.actions.approve'), { variant: 'contained', color: 'success' })}
      {request.canReject && button('reject', t('approvals.actions.reject'), { variant: 'outlined', color: 'error' })}
      {request.canOverride && button('override', t('approvals.actions.override'), { variant: 'outlined', color: 'warning' })}
      {request.canResubmit && button('resubmit', t('approvals.actions.resubmit'), { variant: 'contained', color: 'primary' })}
      {request.canWithdraw && button('withdraw', t('approvals.actions.withdraw'), { variant: 'outlined', color: 'inherit' })}
    </Bar>
  );
}
