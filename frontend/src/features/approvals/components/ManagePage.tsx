import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCompanyColumn, useCompanyFilter, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { DataTable, type DataTableColumn } from '../../../components/dataTable/DataTable';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPage, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useApprovalErrorText } from '../approvalErrors';
import { MANAGE_PAGE_SIZES, manageListSearchParams, manageVariables, parseManageListParams } from '../manageListParams';
import { approvalsMessages } from '../messages';
import { InheritedChip } from './InheritedChip';
import type { UnitChoices } from './ManageDialog';
import { ManageFilters, ManageHeader } from './ManageLayout';
import { ManageRowActions } from './ManageRowActions';

// What the rules' and budgets' pages share: the list's state (page and unit in the URL, the unit filter), its table
// with the name and actions columns, paging and count, and deleting a row after a confirmation.

const TEXTS = {
  rules: {
    title: 'approvals.rules.title',
    intro: 'approvals.rules.intro',
    add: 'approvals.rule.add',
    nameColumn: 'approvals.rules.col.name',
    loadError: 'approvals.rules.loadError',
    emptyTitle: 'approvals.rules.empty.title',
    emptyBody: 'approvals.rules.empty.body',
    count: 'approvals.rules.count',
    deleteTitle: 'approvals.rule.delete.title',
    deleteBody: 'approvals.rule.delete.body',
    deleted: 'approvals.rule.toast.deleted',
  },
  budgets: {
    title: 'approvals.budgets.title',
    intro: 'approvals.budgets.intro',
    add: 'approvals.budget.add',
    nameColumn: 'approvals.budgets.col.name',
    loadError: 'approvals.budgets.loadError',
    emptyTitle: 'approvals.budgets.empty.title',
    emptyBody: 'approvals.budgets.empty.body',
    count: 'approvals.budgets.count',
    deleteTitle: 'approvals.budget.delete.title',
    deleteBody: 'approvals.budget.delete.body',
    deleted: 'approvals.budget.toast.deleted',
  },
} as const satisfies Record<string, Record<string, MessageKey<typeof approvalsMessages>>>;

/** A rule or a budget as its list shows it. */
interface ManageRow {
  id: number;
  name: string;
  companyName: string;
  isInherited: boolean;
  isActive: boolean;
  canEdit: boolean;
}

/**
 * The list's state: its page and unit (in the URL), the unit filter, the units a new rule or budget may be for (null:
 * the unit acted for), the query's variables, and the row whose deletion is being confirmed.
 */
export function useManageList<Row extends ManageRow>() {
  const { state, update } = useUrlListState(parseManageListParams, manageListSearchParams);
  const companyFilter = useCompanyFilter();
  const actingId = useCustomerInfo().data?.companyInfo?.id ?? null;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const units = useMemo<UnitChoices | null>(
    () => (companyFilter.spansUnits && companyFilter.choices && actingId !== null ? { actingId, choices: companyFilter.choices } : null),
    [companyFilter.spansUnits, companyFilter.choices, actingId],
  );
  const variables = manageVariables(state, companyFilter.companyIdOf(state.company));
  return { state, update, companyFilter, units, variables, deleting, setDeleting };
}

export type ManageList<Row extends ManageRow> = ReturnType<typeof useManageList<Row>>;

export interface ManagePageProps<Row extends ManageRow> {
  kind: keyof typeof TEXTS;
  list: ManageList<Row>;
  /** The list's query (useApprovalRules, useBudgets), and the rows of its page. */
  query: {
    data?: { totalCount: number };
    isPlaceholderData: boolean;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
    refetch(): unknown;
  };
  rows: Row[] | undefined;
  /** The columns between the name and the actions. */
  columns: DataTableColumn<Row>[];
  onAdd(): void;
  onEdit(row: Row): void;
  /** The delete mutation (useApprovalRuleDelete, useBudgetDelete). */
  remove: { mutate(id: number, callbacks: { onSuccess(): void; onError(error: unknown): void }): void };
  /** The rule or budget dialog. */
  children: ReactNode;
}

/**
 * A rules' or budgets' page: the heading with its Add button, the unit filter, the table (the name with its chips
 * first, Edit and Delete last, the company column where the list spans units) with its paging, the count announced
 * once loaded, the dialog, and the confirmation of a deletion.
 */
export function ManagePage<Row extends ManageRow>({ kind, list, query, rows, columns, onAdd, onEdit, remove, children }: ManagePageProps<Row>) {
  const t = useMessages(approvalsMessages);
  const errorText = useErrorText();
  const refusalText = useApprovalErrorText();
  const texts = TEXTS[kind];
  const { state, update, companyFilter, deleting, setDeleting } = list;
  const companyColumn = useCompanyColumn<Row>((row) => row.companyName);
  const settled = useLastPageClamp(query, state, update);

  const allColumns: DataTableColumn<Row>[] = [
    {
      id: 'name',
      header: t(texts.nameColumn),
      rowHeader: true,
      card: 'title',
      cell: (row) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          {row.isInherited && <InheritedChip companyName={row.companyName} />}
          {!row.isActive && <Chip size="small" variant="outlined" label={t('approvals.inactive')} />}
        </span>
      ),
    },
    ...columns,
    {
      id: 'actions',
      header: t('approvals.col.actions'),
      cell: (row) => <ManageRowActions name={row.name} canEdit={row.canEdit} onEdit={() => onEdit(row)} onDelete={() => setDeleting(row)} />,
    },
  ];

  const confirmDelete = () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(t(texts.deleted, { name: row.name })),
      onError: (error) => toast.error(refusalText(error)),
    });
  };

  const errorState = listErrorState(query, { title: t(texts.loadError), detail: errorText(query.error), retryLabel: t('approvals.retry') });
  const title = t(texts.title);

  return (
    <ListPage>
      <ManageHeader title={title} intro={t(texts.intro)} addLabel={t(texts.add)} onAdd={onAdd} />
      <ManageFilters filter={companyFilter} company={state.company} onChange={(company) => update({ company, page: 1 })} />
      <DataTable
        label={title}
        columns={withCompanyColumn(allColumns, companyColumn)}
        rows={rows}
        getRowKey={(row) => row.id}
        totalCount={query.data?.totalCount ?? 0}
        page={state.page - 1}
        pageSize={state.pageSize}
        pageSizes={MANAGE_PAGE_SIZES}
        onPageChange={(page) => update({ page: page + 1 })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        loading={query.isFetching}
        loadingLabel={t('approvals.loading')}
        errorState={errorState}
        emptyState={<DataTableMessage title={t(texts.emptyTitle)}>{t(texts.emptyBody)}</DataTableMessage>}
      />
      <ResultCountStatus>{settled && !query.isFetching ? t(texts.count, { count: query.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      {children}
      <ConfirmDialog
        open={deleting !== null}
        title={t(texts.deleteTitle, { name: deleting?.name ?? '' })}
        body={t(texts.deleteBody)}
        confirmLabel={t('approvals.delete')}
        cancelLabel={t('approvals.dialog.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
