import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { DataTableColumn } from '../../../components/dataTable/DataTable';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useApprovalRuleDelete, useApprovalRules, type ApprovalRule } from '../api/approvalRules';
import { ManagePage, useManageList } from '../components/ManagePage';
import { RuleDialog, type RuleDialogTarget } from '../components/RuleDialog';
import { approvalsMessages } from '../messages';
import { ruleConditions, tierText } from '../ruleTexts';

/**
 * `/approvals/rules` (issue 41, manage_approvals level 2): the approval rules of the unit acted for and the units
 * below it, which the manager adds, changes and deletes, and those of the units above it, read-only. Each says which
 * orders it holds and whom they wait for, tier by tier.
 */
export function ApprovalRulesPage() {
  const t = useMessages(approvalsMessages);
  const formatMoney = useFormatMoney();
  const list = useManageList<ApprovalRule>();
  const rules = useApprovalRules(list.variables);
  const remove = useApprovalRuleDelete();
  const [dialog, setDialog] = useState<RuleDialogTarget | null>(null);

  const columns: DataTableColumn<ApprovalRule>[] = [
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
  ];

  return (
    <ManagePage
      kind="rules"
      list={list}
      query={rules}
      rows={rules.data?.rules}
      columns={columns}
      onAdd={() => setDialog({ mode: 'create' })}
      onEdit={(rule) => setDialog({ mode: 'edit', rule })}
      remove={remove}
    >
      <RuleDialog target={dialog} units={list.units} onClose={() => setDialog(null)} />
    </ManagePage>
  );
}
