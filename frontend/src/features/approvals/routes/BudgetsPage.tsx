import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCompanyColumn, useCompanyFilter, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { DataTable, type DataTableColumn } from '../../../components/dataTable/DataTable';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPage, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { toast } from '../../../components/toast/toastStore';
import { formatDate } from '../../../lib/dates';
import { useErrorText } from '../../../lib/errorText';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { isBudgetPeriod, useBudgetDelete, useBudgets, type Budget } from '../api/budgets';
import { useApprovalErrorText } from '../approvalErrors';
import { PERIOD_LABEL } from '../approvalTexts';
import { BudgetDialog, type BudgetDialogTarget } from '../components/BudgetDialog';
import { BudgetProgress } from '../components/BudgetProgress';
import { InheritedChip } from '../components/InheritedChip';
import { ManageFilters, ManageHeader } from '../components/ManageLayout';
import { ManageRowActions } from '../components/ManageRowActions';
import { MANAGE_PAGE_SIZES, manageListSearchParams, manageVariables, parseManageListParams } from '../manageListParams';
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
  const errorText = useErrorText();
  const refusalText = useApprovalErrorText();
  const formatMoney = useFormatMoney();
  const { state, update } = useUrlListState(parseManageListParams, manageListSearchParams);
  const companyFilter = useCompanyFilter();
  const companyColumn = useCompanyColumn<Budget>((budget) => budget.companyName);
  const actingId = useCustomerInfo().data?.companyInfo?.id ?? null;
  const list = useBudgets(manageVariables(state, companyFilter.companyIdOf(state.company)));
  const settled = useLastPageClamp(list, state, update);
  const remove = useBudgetDelete();
  const [dialog, setDialog] = useState<BudgetDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);

  const units = useMemo(
    () => (companyFilter.spansUnits && companyFilter.choices && actingId !== null ? { actingId, choices: companyFilter.choices } : null),
    [companyFilter.spansUnits, companyFilter.choices, actingId],
  );

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
      id: 'name',
      header: t('approvals.budgets.col.name'),
      rowHeader: true,
      card: 'title',
      cell: (budget) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {budget.name}
          </Typography>
          {budget.isInherited && <InheritedChip companyName={budget.companyName} />}
          {!budget.isActive && <Chip size="small" variant="outlined" label={t('approvals.inactive')} />}
        </span>
      ),
    },
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
    {
      id: 'actions',
      header: t('approvals.col.actions'),
      cell: (budget) => (
        <ManageRowActions name={budget.name} canEdit={budget.canEdit} onEdit={() => setDialog({ mode: 'edit', budget })} onDelete={() => setDeleting(budget)} />
      ),
    },
  ];

  const confirmDelete = () => {
    const budget = deleting;
    setDeleting(null);
    if (!budget) return;
    remove.mutate(budget.id, {
      onSuccess: () => toast.success(t('approvals.budget.toast.deleted', { name: budget.name })),
      onError: (error) => toast.error(refusalText(error)),
    });
  };

  const errorState = listErrorState(list, { title: t('approvals.budgets.loadError'), detail: errorText(list.error), retryLabel: t('approvals.retry') });
  const title = t('approvals.budgets.title');

  return (
    <ListPage>
      <ManageHeader title={title} intro={t('approvals.budgets.intro')} addLabel={t('approvals.budget.add')} onAdd={() => setDialog({ mode: 'create' })} />
      <ManageFilters filter={companyFilter} company={state.company} onChange={(company) => update({ company, page: 1 })} />
      <DataTable
        label={title}
        columns={withCompanyColumn(columns, companyColumn)}
        rows={list.data?.budgets}
        getRowKey={(budget) => budget.id}
        totalCount={list.data?.totalCount ?? 0}
        page={state.page - 1}
        pageSize={state.pageSize}
        pageSizes={MANAGE_PAGE_SIZES}
        onPageChange={(page) => update({ page: page + 1 })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        loading={list.isFetching}
        loadingLabel={t('approvals.loading')}
        errorState={errorState}
        emptyState={<DataTableMessage title={t('approvals.budgets.empty.title')}>{t('approvals.budgets.empty.body')}</DataTableMessage>}
      />
      <ResultCountStatus>{settled && !list.isFetching ? t('approvals.budgets.count', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      <BudgetDialog target={dialog} units={units} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('approvals.budget.delete.title', { name: deleting?.name ?? '' })}
        body={t('approvals.budget.delete.body')}
        confirmLabel={t('approvals.delete')}
        cancelLabel={t('approvals.dialog.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
