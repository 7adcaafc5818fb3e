import { useCallback } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { useFormatMoney } from '../../lib/money';
import type { PayAmountProblem } from './invoiceRules';
import { invoicesMessages } from './messages';

const TEXT: Record<PayAmountProblem, MessageKey<typeof invoicesMessages>> = {
  required: 'invoices.amount.required',
  invalid: 'invoices.amount.invalid',
  decimals: 'invoices.amount.decimals',
  positive: 'invoices.amount.positive',
  aboveOpenBalance: 'invoices.amount.aboveOpenBalance',
};

/** The translated text of an amount to pay that cannot be paid (business §4; the open balance is the most). */
export function usePayAmountText(): (problem: PayAmountProblem | null, openBalance: { code: string; value: string }) => string | null {
  const t = useMessages(invoicesMessages);
  const formatMoney = useFormatMoney();
  return useCallback(
    (problem, openBalance) => (problem === null ? null : t(TEXT[problem], { amount: formatMoney(openBalance.value, openBalance.code) })),
    [t, formatMoney],
  );
}
