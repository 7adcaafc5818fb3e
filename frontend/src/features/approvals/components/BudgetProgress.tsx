import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { Budget } from '../api/budgets';
import { approvalsMessages } from '../messages';

const Root = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(0.5), minWidth: 180 }));

const Figures = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: theme.spacing(1.5),
  ...theme.typography.body2,
  '& > div': { display: 'contents' },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' },
}));

/** The share of a budget used: committed and spent over the amount, 0–100 (a budget of 0 is used up by anything). */
export function usedPercent(budget: Pick<Budget, 'amount' | 'committed' | 'spent'>): number {
  const amount = Number(budget.amount);
  const used = Number(budget.committed) + Number(budget.spent);
  if (!(amount > 0)) return used > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (used / amount) * 100));
}

/** What a budget's period has committed, spent and left, with a bar of the share used: red once it is used up. */
export function BudgetProgress({ budget }: { budget: Budget }) {
  const t = useMessages(approvalsMessages);
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, budget.currencyCode);
  const percent = usedPercent(budget);
  const over = Number(budget.remaining) <= 0 && Number(budget.amount) >= 0 && percent >= 100;
  return (
    <Root>
      {/* A measure of what is used, not work in progress: a meter (and nothing a page's loading check waits for). */}
      <LinearProgress
        variant="determinate"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        value={percent}
        color={over ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        aria-label={t('approvals.budgets.usedLabel', { name: budget.name, percent: Math.round(percent) })}
      />
      <Figures>
        <div>
          <dt>{t('approvals.budgets.committed')}</dt>
          <dd>{money(budget.committed)}</dd>
        </div>
        <div>
          <dt>{t('approvals.budgets.spent')}</dt>
          <dd>{money(budget.spent)}</dd>
        </div>
        <div>
          <dt>{t('approvals.budgets.remaining')}</dt>
          <dd>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: over ? 'error.textOnLight' : undefined }}>
              {money(budget.remaining)}
            </Typography>
          </dd>
        </div>
      </Figures>
    </Root>
  );
}
