import type { Translate } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import type { MoneyFormatter } from '../../lib/money';
import type { ApprovalRule, ApprovalRuleTier } from './api/approvalRules';
import { LEVELS_UP_LABEL, ROLE_LABEL } from './approvalTexts';
import type { approvalsMessages } from './messages';

type T = Translate<MessageKey<typeof approvalsMessages>>;

/** A role in the portal's language (a code the overlay does not know: its number). */
export function roleText(t: T, role: number): string {
  const key = ROLE_LABEL[role];
  return key ? t(key) : String(role);
}

/** A rule's conditions, each as a sentence in the portal's language; none: every order. */
export function ruleConditions(rule: ApprovalRule, t: T, money: MoneyFormatter): string[] {
  const conditions: string[] = [];
  if (rule.minTotal !== null && rule.minTotal !== undefined && rule.minTotal !== '') {
    conditions.push(t('approvals.condition.minTotal', { amount: rule.currencyCode ? money(rule.minTotal, rule.currencyCode) : rule.minTotal }));
  }
  if (rule.costCentre) conditions.push(t('approvals.condition.costCentre', { code: rule.costCentre }));
  if (rule.categoryId !== null && rule.categoryId !== undefined) conditions.push(t('approvals.condition.category', { category: rule.categoryName || String(rule.categoryId) }));
  if (rule.offPriceList) conditions.push(t('approvals.condition.offPriceList'));
  if (rule.minLines !== null && rule.minLines !== undefined) conditions.push(t('approvals.condition.minLines', { count: rule.minLines }));
  if (rule.buyerRoles.length > 0) conditions.push(t('approvals.condition.buyerRoles', { roles: rule.buyerRoles.map((role) => roleText(t, role)).join(', ') }));
  if (rule.overBudget) conditions.push(t('approvals.condition.overBudget'));
  return conditions;
}

/** Whom a tier of a rule waits for, in the portal's language: a role in a unit, or named people. */
export function tierText(t: T, tier: Pick<ApprovalRuleTier, 'role' | 'levelsUp' | 'userNames' | 'label'>): string {
  if (tier.role !== null && tier.role !== undefined) {
    const where = LEVELS_UP_LABEL[tier.levelsUp];
    return where ? t('approvals.tier.roleIn', { role: roleText(t, tier.role), unit: t(where) }) : tier.label;
  }
  return tier.userNames.length > 0 ? tier.userNames.join(', ') : tier.label;
}
