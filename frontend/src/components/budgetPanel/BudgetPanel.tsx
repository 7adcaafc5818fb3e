import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useBudgetStatus, type BudgetStatus } from '../../lib/budgetStatus';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../lib/money';
import { effectiveRole, isCompanyRole } from '../../lib/permissions';
import { useB2BToken } from '../../lib/session';
import { useCustomerInfo } from '../../lib/user/customerInfo';
import { PageSection } from '../PageSection';
import { budgetPanelMessages } from './messages';

const Budgets = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
}));

const Budget = styled('li', { shouldForwardProp: (prop) => prop !== 'exceeds' })<{ exceeds: boolean }>(({ theme, exceeds }) => ({
  border: `1px solid ${exceeds ? theme.palette.error.main : theme.palette.divider}`,
  borderLeftWidth: 4,
  borderRadius: theme.shape.borderRadius,
  padding: theme.spacing(1.5, 2),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.75),
}));

const Head = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: theme.spacing(1) }));

const Figures = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(0.25),
  ...theme.typography.body2,
  '& > div': { display: 'contents' },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' },
}));

/** An amount the panel can ask about: a decimal string above zero. */
function orderAmount(amount: string | null | undefined): string | null {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  return Number(amount) > 0 ? amount.trim() : null;
}

export interface BudgetPanelProps {
  /** The order-to-be's total (a decimal string); null while there is none (prices on request, nothing yet). */
  amount: string | null | undefined;
  currencyCode: string;
  /** The page's cost centre or grant code; '' (a page without one): the budgets of every code. */
  costCentre?: string;
}

function BudgetRow({ budget }: { budget: BudgetStatus }) {
  const t = useMessages(budgetPanelMessages);
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, budget.currencyCode);
  return (
    <Budget exceeds={budget.exceeds} data-testid={`budget-${budget.budgetId}`}>
      <Head>
        <Typography component="h3" variant="subtitle2">
          {budget.name}
        </Typography>
        {budget.exceeds ? (
          <Chip size="small" color="error" label={budget.hard ? t('budgetPanel.cannotOrder') : t('budgetPanel.needsApproval')} />
        ) : (
          <Chip size="small" variant="outlined" color="success" label={t('budgetPanel.fits')} />
        )}
      </Head>
      <Figures>
        <div>
          <dt>{t('budgetPanel.remaining')}</dt>
          <dd>{t('budgetPanel.ofAmount', { remaining: money(budget.remaining), amount: money(budget.amount) })}</dd>
        </div>
        <div>
          <dt>{t('budgetPanel.thisOrder')}</dt>
          <dd>{money(budget.thisOrder)}</dd>
        </div>
        <div>
          <dt>{t('budgetPanel.leftAfter')}</dt>
          <dd>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: budget.exceeds ? 'error.textOnLight' : undefined }}>
              {money(budget.leftAfter)}
            </Typography>
          </dd>
        </div>
      </Figures>
      {budget.exceeds && (
        <Typography variant="body2" sx={{ color: 'error.textOnLight' }}>
          {budget.hard ? t('budgetPanel.hardExceeded') : t('budgetPanel.softExceeded')}
        </Typography>
      )}
      {!budget.isOpen && (
        <Typography variant="body2" color="text.secondary">
          {t('budgetPanel.notOpen')}
        </Typography>
      )}
    </Budget>
  );
}

/**
 * Issue 41, budget in view: the budgets an order of this total on this cost centre would draw on, each with what is
 * left and what the order would leave — red where it would exceed one (a hard budget: it cannot be ordered; a soft
 * one: it needs approval). Shown to company users only, and only where a budget applies.
 */
export function BudgetPanel({ amount, currencyCode, costCentre = '' }: BudgetPanelProps) {
  const t = useMessages(budgetPanelMessages);
  const signedIn = useB2BToken() !== null;
  const customer = useCustomerInfo().data;
  const companyUser = signedIn && customer !== undefined && isCompanyRole(effectiveRole(customer));
  const total = orderAmount(amount);
  const status = useBudgetStatus({ costCentre, amount: total ?? '0', currencyCode }, companyUser && total !== null && currencyCode !== '');
  if (!companyUser || total === null) return null;
  if (status.isError) {
    return (
      <PageSection title={t('budgetPanel.title')} testId="budget-panel">
        <Typography variant="body2" color="text.secondary">
          {t('budgetPanel.loadError')}
        </Typography>
      </PageSection>
    );
  }
  const budgets = status.data ?? [];
  if (budgets.length === 0) return null;
  const blocked = budgets.some((budget) => budget.exceeds && budget.hard);
  return (
    <PageSection title={t('budgetPanel.title')} testId="budget-panel">
      <Typography variant="body2" color={blocked ? 'error.textOnLight' : 'text.secondary'}>
        {blocked ? t('budgetPanel.introBlocked') : t('budgetPanel.intro')}
      </Typography>
      <Budgets aria-label={t('budgetPanel.title')}>
        {budgets.map((budget) => (
          <BudgetRow key={budget.budgetId} budget={budget} />
        ))}
      </Budgets>
    </PageSection>
  );
}
