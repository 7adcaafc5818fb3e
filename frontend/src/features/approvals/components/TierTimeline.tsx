import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { PurchaseRequestTier } from '../api/purchaseRequest';
import { TIER_STATE_COLOR, TIER_STATE_LABEL, VIA_LABEL, isTierState } from '../approvalTexts';
import { approvalsMessages } from '../messages';

const Steps = styled('ol')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

// Each step hangs on a line down the left, its marker on the line; the last step ends the line.
const Step = styled('li', { shouldForwardProp: (prop) => prop !== 'current' })<{ current: boolean }>(({ theme, current }) => ({
  position: 'relative',
  paddingLeft: theme.spacing(4),
  paddingBottom: theme.spacing(2.5),
  '&::before': {
    content: '""',
    position: 'absolute',
    left: 9,
    top: 22,
    bottom: 0,
    width: 2,
    backgroundColor: theme.palette.divider,
  },
  '&:last-of-type': { paddingBottom: 0 },
  '&:last-of-type::before': { display: 'none' },
  '& > .marker': {
    position: 'absolute',
    left: 0,
    top: 2,
    width: 20,
    height: 20,
    borderRadius: '50%',
    border: `2px solid ${current ? theme.palette.warning.main : theme.palette.divider}`,
    backgroundColor: current ? theme.palette.warning.main : theme.palette.background.paper,
    ...theme.typography.caption,
    lineHeight: '16px',
    textAlign: 'center',
    fontWeight: 700,
    color: current ? theme.palette.getContrastText(theme.palette.warning.main) : theme.palette.text.secondary,
  },
}));

const StepHead = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(1) }));

function TierStateChip({ state }: { state: string }) {
  const t = useMessages(approvalsMessages);
  if (!isTierState(state)) return <Chip size="small" variant="outlined" label={state} />;
  return <Chip size="small" color={TIER_STATE_COLOR[state]} variant={state === 'upcoming' || state === 'skipped' ? 'outlined' : 'filled'} label={t(TIER_STATE_LABEL[state])} />;
}

/**
 * The request's tiers in the order they decide: each with whom it waits for, the rule that asked for it, its state,
 * and — once decided — who decided, when, how (portal, e-mail, admin) and why.
 */
export function TierTimeline({ tiers }: { tiers: readonly PurchaseRequestTier[] }) {
  const t = useMessages(approvalsMessages);
  const language = useLanguage();
  if (tiers.length === 0) return <Typography color="text.secondary">{t('approvals.tiers.none')}</Typography>;
  return (
    <Steps aria-label={t('approvals.section.tiers')}>
      {tiers.map((tier) => {
        const via = VIA_LABEL[tier.via];
        return (
          <Step key={tier.position} current={tier.state === 'waiting'} data-testid={`tier-${tier.position}`} aria-current={tier.state === 'waiting' ? 'step' : undefined}>
            <span className="marker" aria-hidden>
              {tier.position + 1}
            </span>
            <StepHead>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('approvals.tiers.step', { number: tier.position + 1, label: tier.label })}
              </Typography>
              <TierStateChip state={tier.state} />
            </StepHead>
            {tier.ruleName && (
              <Typography variant="body2" color="text.secondary">
                {t('approvals.tiers.rule', { rule: tier.ruleName })}
              </Typography>
            )}
            {tier.decidedBy && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {tier.decidedAt
                  ? t('approvals.tiers.decidedByAt', { name: tier.decidedBy, date: formatDateTime(tier.decidedAt, language) })
                  : t('approvals.tiers.decidedBy', { name: tier.decidedBy })}
                {via && ` · ${t(via)}`}
              </Typography>
            )}
            {tier.reason && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontStyle: 'italic' }}>
                {t('approvals.tiers.reason', { reason: tier.reason })}
              </Typography>
            )}
          </Step>
        );
      })}
    </Steps>
  );
}
