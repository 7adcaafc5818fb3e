import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { ordersMessages } from './messages';

// The order page's refusals by the server's code (docs/api.md "Orders"); other codes show errorText's text.
const TEXT_BY_CODE: Record<string, MessageKey<typeof ordersMessages>> = {
  NOT_FOUND: 'orders.error.notFound',
  PERMISSION_DENIED: 'orders.error.permissionDenied',
  QUOTES_DISABLED: 'orders.error.quotesDisabled',
  // The only input the actions take is the lines' ids: one that is no longer a line of the order.
  VALIDATION_ERROR: 'orders.error.linesChanged',
};

/** Another company's order, a colleague's at level 1, a missing number or no right to see orders: "not found". */
export function isOrderUnreachable(error: unknown): boolean {
  return error instanceof GraphQLRequestError && (error.code === 'NOT_FOUND' || error.code === 'PERMISSION_DENIED');
}

/** The translated text of a failed order action. */
export function useOrderErrorText(): (error: unknown) => string {
  const t = useMessages(ordersMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = error instanceof GraphQLRequestError && error.code !== undefined ? TEXT_BY_CODE[String(error.code)] : undefined;
      return key ? t(key) : errorText(error);
    },
    [t, errorText],
  );
}
