import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { PurchaseRequestReason } from '../api/purchaseRequest';
import { approvalsMessages } from '../messages';

const Reasons = styled('ul')(({ theme }) => ({
  margin: 0,
  paddingLeft: theme.spacing(2.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
}));

/**
 * Why the order needs approval: the rules it met, with their conditions as the server words them, and the soft
 * budgets it would exceed, with what is left of them.
 */
export function RequestReasons({ reasons }: { reasons: readonly PurchaseRequestReason[] }) {
  const t = useMessages(approvalsMessages);
  const formatMoney = useFormatMoney();
  if (reasons.length === 0) return <Typography color="text.secondary">{t('approvals.reasons.none')}</Typography>;
  return (
    <Reasons>
      {reasons.map((reason, index) => (
        <li key={`${reason.kind}-${reason.name}-${index}`}>
          {reason.kind === 'budget' ? (
            <>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t('approvals.reasons.budget', { name: reason.name })}
              </Typography>
              {reason.currencyCode && reason.remaining !== null && reason.remaining !== undefined && reason.amount !== null && reason.amount !== undefined && (
                <Typography variant="body2" color="text.secondary">
                  {t('approvals.reasons.budgetLeft', {
                    remaining: formatMoney(reason.remaining, reason.currencyCode),
                    amount: formatMoney(reason.amount, reason.currencyCode),
                  })}
                </Typography>
              )}
            </>
          ) : (
            <>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t('approvals.reasons.rule', { name: reason.name })}
              </Typography>
              {reason.conditions.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {reason.conditions.join(' · ')}
                </Typography>
              )}
            </>
          )}
        </li>
      ))}
    </Reasons>
  );
}
