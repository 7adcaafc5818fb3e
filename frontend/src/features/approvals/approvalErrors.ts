import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { useFieldErrorTexts, type FieldErrorTexts } from '../../lib/fieldErrors';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { approvalsMessages } from './messages';

// The approvals pages' refusals by the server's code (approvals.errors.ApprovalErrorCode and the generic ones they
// meet); other codes show errorText's text. Field codes are the common `fieldError.<code>` texts (lib/fieldErrors).
const TEXT_BY_CODE: Readonly<Record<string, MessageKey<typeof approvalsMessages>>> = {
  NOT_YOUR_TURN: 'approvals.refusal.notYourTurn',
  REQUEST_NOT_PENDING: 'approvals.refusal.notPending',
  PRICES_EXPIRED: 'approvals.refusal.pricesExpired',
  OVERRIDE_NOT_ALLOWED: 'approvals.refusal.overrideNotAllowed',
  BUDGET_EXCEEDED: 'approvals.refusal.budgetExceeded',
  NOT_FOUND: 'approvals.refusal.notFound',
  PERMISSION_DENIED: 'approvals.refusal.permissionDenied',
};

/** The refusals after which the request on screen is out of date: it is read again. */
export const REREAD_AFTER: ReadonlySet<string> = new Set(['NOT_YOUR_TURN', 'REQUEST_NOT_PENDING', 'PRICES_EXPIRED', 'OVERRIDE_NOT_ALLOWED']);

export function errorCode(error: unknown): string {
  return error instanceof GraphQLRequestError && error.code !== undefined ? String(error.code) : '';
}

/** A refusal of the reason or comment a decision gave (`reason` among its field errors): the dialog shows it. */
export function isReasonError(error: unknown): boolean {
  return error instanceof GraphQLRequestError && ('reason' in error.fields || 'reason' in error.fieldCodes);
}

/** A request of another company, or one the caller neither asked for, approves nor reaches: "not found". */
export function isRequestUnreachable(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'PERMISSION_DENIED';
}

/** The translated text of a failed approvals operation. */
export function useApprovalErrorText(): (error: unknown) => string {
  const t = useMessages(approvalsMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = TEXT_BY_CODE[errorCode(error)];
      return key ? t(key) : errorText(error);
    },
    [t, errorText],
  );
}

/**
 * The rule and budget dialogs' field errors: the approvals' own wording where the common text would not say what to
 * do (approvals.services.manage's codes: a rule without a condition, too many tiers, an amount below zero…), else
 * the common `fieldError.<code>` texts.
 */
export function useApprovalFieldTexts(): (error: unknown) => FieldErrorTexts {
  const t = useMessages(approvalsMessages);
  const domain = useCallback(
    (code: string, field: string): string | undefined => {
      const name = field.replace(/^(ruleData|budgetData)\./, '');
      if (code === 'ends_before_start' || code === 'end_before_start') return t('approvals.budget.error.endBeforeStart');
      if (code === 'min_value') return t('approvals.error.minValue');
      if (name === 'conditions') return t('approvals.rule.error.conditionsRequired');
      if (name === 'tiers') return code === 'too_many' ? t('approvals.rule.error.tooManyTiers') : t('approvals.rule.error.tiersRequired');
      if (/^tiers\.\d+\.userIds$/.test(name) && code === 'too_many') return t('approvals.rule.error.tooManyUsers');
      if (/^tiers\.\d+\.(role|userIds)$/.test(name)) return code === 'required' ? t('approvals.rule.error.tierRequired') : t('approvals.rule.error.tierInvalid');
      if (name === 'replacesId' && code === 'invalid_choice') return t('approvals.rule.error.replacesInvalid');
      if (name === 'buyerRoles' && code === 'too_many') return t('approvals.rule.error.tooManyRoles');
      return undefined;
    },
    [t],
  );
  return useFieldErrorTexts(domain);
}
