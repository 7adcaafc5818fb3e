import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { DataTableColumn } from '../../../components/dataTable/DataTable';
import { formatDate } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { isBudgetPeriod, useBudgetDelete, useBudgets, type Budget } from '../api/budgets';
import { PERIOD_LABEL } from '../approvalTexts';
import { BudgetDialog, type BudgetDialogTarget } from '../components/BudgetDialog';
import { BudgetProgress } from '../components/BudgetProgress';
import { ManagePage, useManageList } from '../components/ManagePage';
import { approvalsMessages } from '../messages';

/** The calendar day before a YYYY-MM-DD day. */
function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! - 1)).toISOString().slice(0, 10);
}

/**
 * `/approvals/budgets` (issue 41, manage_approvals level 2): the budgets of the unit acted for and the units below
 * it, which the manager adds, changes and deletes, and those of the units above it, read-only. Each shows what its
 * period has committed, spent and left.
 */
export function BudgetsPage() {
  const t = useMessages(approvalsMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const list = useManageList<Budget>();
  const budgets = useBudgets(list.variables);
  const remove = useBudgetDelete();
  const [dialog, setDialog] = useState<BudgetDialogTarget | null>(null);

  const period = (budget: Budget) => {
    const label = isBudgetPeriod(budget.period) ? t(PERIOD_LABEL[budget.period]) : budget.period;
    // A grant runs between its own days; another period's end is the first moment after it: its last day is the one before.
    const start = budget.startsOn ?? budget.periodStart?.slice(0, 10) ?? null;
    const end = budget.endsOn ?? (budget.periodEnd ? dayBefore(budget.periodEnd.slice(0, 10)) : null);
    return (
      <>
        {label}
        {start && end && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {t('approvals.budgets.range', { from: formatDate(start, language), to: formatDate(end, language) })}
          </Typography>
        )}
      </>
    );
  };

  const columns: DataTableColumn<Budget>[] = [
    {
      id: 'covers',
      header: t('approvals.budgets.col.covers'),
      cell: (budget) => (
        <>
          {budget.costCentre ? t('approvals.budgets.costCentre', { code: budget.costCentre }) : t('approvals.budgets.everyCostCentre')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {budget.userEmail ? t('approvals.budgets.buyer', { buyer: budget.userEmail }) : t('approvals.budgets.everyBuyer')}
          </Typography>
        </>
      ),
    },
    { id: 'period', header: t('approvals.budgets.col.period'), cell: period },
    {
      id: 'amount',
      header: t('approvals.budgets.col.amount'),
      align: 'right',
      noWrap: true,
      // The amount with its kind below it (hard or soft): one column less, so that the table fits at 1280 px in German.
      cell: (budget) => (
        <>
          {formatMoney(budget.amount, budget.currencyCode)}
          <span style={{ display: 'block', marginTop: 4 }}>
            <Chip
              size="small"
              color={budget.hard ? 'error' : 'warning'}
              variant="outlined"
              label={budget.hard ? t('approvals.budgets.hard') : t('approvals.budgets.soft')}
              title={budget.hard ? t('approvals.budget.kind.hard') : t('approvals.budget.kind.soft')}
            />
          </span>
        </>
      ),
    },
    { id: 'used', header: t('approvals.budgets.col.used'), cell: (budget) => <BudgetProgress budget={budget} /> },
  ];

  return (
    <ManagePage
      kind="budgets"
      list={list}
      query={budgets}
      rows={budgets.data?.budgets}
      columns={columns}
      onAdd={() => setDialog({ mode: 'create' })}
      onEdit={(budget) => setDialog({ mode: 'edit', budget })}
      remove={remove}
    >
      <BudgetDialog target={dialog} units={list.units} onClose={() => setDialog(null)} />
    </ManagePage>
  );
}
