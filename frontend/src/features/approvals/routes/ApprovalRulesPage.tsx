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
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useApprovalRuleDelete, useApprovalRules, type ApprovalRule } from '../api/approvalRules';
import { useApprovalErrorText } from '../approvalErrors';
import { InheritedChip } from '../components/InheritedChip';
import { ManageFilters, ManageHeader } from '../components/ManageLayout';
import { ManageRowActions } from '../components/ManageRowActions';
import { RuleDialog, type RuleDialogTarget } from '../components/RuleDialog';
import { MANAGE_PAGE_SIZES, manageListSearchParams, manageVariables, parseManageListParams } from '../manageListParams';
import { approvalsMessages } from '../messages';
import { ruleConditions, tierText } from '../ruleTexts';

/**
 * `/approvals/rules` (issue 41, manage_approvals level 2): the approval rules of the unit acted for and the units
 * below it, which the manager adds, changes and deletes, and those of the units above it, read-only. Each says which
 * orders it holds and whom they wait for, tier by tier.
 */
export function ApprovalRulesPage() {
  const t = useMessages(approvalsMessages);
  const errorText = useErrorText();
  const refusalText = useApprovalErrorText();
  const formatMoney = useFormatMoney();
  const { state, update } = useUrlListState(parseManageListParams, manageListSearchParams);
  const companyFilter = useCompanyFilter();
  const companyColumn = useCompanyColumn<ApprovalRule>((rule) => rule.companyName);
  const actingId = useCustomerInfo().data?.companyInfo?.id ?? null;
  const list = useApprovalRules(manageVariables(state, companyFilter.companyIdOf(state.company)));
  const settled = useLastPageClamp(list, state, update);
  const remove = useApprovalRuleDelete();
  const [dialog, setDialog] = useState<RuleDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<ApprovalRule | null>(null);

  const units = useMemo(
    () => (companyFilter.spansUnits && companyFilter.choices && actingId !== null ? { actingId, choices: companyFilter.choices } : null),
    [companyFilter.spansUnits, companyFilter.choices, actingId],
  );

  const columns: DataTableColumn<ApprovalRule>[] = [
    {
      id: 'name',
      header: t('approvals.rules.col.name'),
      rowHeader: true,
      card: 'title',
      cell: (rule) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {rule.name}
          </Typography>
          {rule.isInherited && <InheritedChip companyName={rule.companyName} />}
          {!rule.isActive && <Chip size="small" variant="outlined" label={t('approvals.inactive')} />}
        </span>
      ),
    },
    {
      id: 'conditions',
      header: t('approvals.rules.col.conditions'),
      cell: (rule) => {
        const conditions = ruleConditions(rule, t, formatMoney);
        return (
          <>
            {conditions.length === 0 ? t('approvals.condition.every') : conditions.join(' · ')}
            {rule.replacesName && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('approvals.rules.replaces', { name: rule.replacesName })}
              </Typography>
            )}
          </>
        );
      },
    },
    {
      id: 'tiers',
      header: t('approvals.rules.col.tiers'),
      cell: (rule) => (
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {rule.tiers.map((tier) => (
            <li key={tier.position}>{tierText(t, tier)}</li>
          ))}
        </ol>
      ),
    },
    {
      id: 'override',
      header: t('approvals.rules.col.override'),
      noWrap: true,
      cell: (rule) => (rule.allowOverride ? t('approvals.rules.overrideAllowed') : t('approvals.rules.overrideNot')),
    },
    {
      id: 'actions',
      header: t('approvals.col.actions'),
      cell: (rule) => <ManageRowActions name={rule.name} canEdit={rule.canEdit} onEdit={() => setDialog({ mode: 'edit', rule })} onDelete={() => setDeleting(rule)} />,
    },
  ];

  const confirmDelete = () => {
    const rule = deleting;
    setDeleting(null);
    if (!rule) return;
    remove.mutate(rule.id, {
      onSuccess: () => toast.success(t('approvals.rule.toast.deleted', { name: rule.name })),
      onError: (error) => toast.error(refusalText(error)),
    });
  };

  const errorState = listErrorState(list, { title: t('approvals.rules.loadError'), detail: errorText(list.error), retryLabel: t('approvals.retry') });
  const title = t('approvals.rules.title');

  return (
    <ListPage>
      <ManageHeader title={title} intro={t('approvals.rules.intro')} addLabel={t('approvals.rule.add')} onAdd={() => setDialog({ mode: 'create' })} />
      <ManageFilters filter={companyFilter} company={state.company} onChange={(company) => update({ company, page: 1 })} />
      <DataTable
        label={title}
        columns={withCompanyColumn(columns, companyColumn)}
        rows={list.data?.rules}
        getRowKey={(rule) => rule.id}
        totalCount={list.data?.totalCount ?? 0}
        page={state.page - 1}
        pageSize={state.pageSize}
        pageSizes={MANAGE_PAGE_SIZES}
        onPageChange={(page) => update({ page: page + 1 })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        loading={list.isFetching}
        loadingLabel={t('approvals.loading')}
        errorState={errorState}
        emptyState={<DataTableMessage title={t('approvals.rules.empty.title')}>{t('approvals.rules.empty.body')}</DataTableMessage>}
      />
      <ResultCountStatus>{settled && !list.isFetching ? t('approvals.rules.count', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      <RuleDialog target={dialog} units={units} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('approvals.rule.delete.title', { name: deleting?.name ?? '' })}
        body={t('approvals.rule.delete.body')}
        confirmLabel={t('approvals.delete')}
        cancelLabel={t('approvals.dialog.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
