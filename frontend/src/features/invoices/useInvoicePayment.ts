import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { toast } from '../../components/toast/toastStore';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { GraphQLRequestError } from '../../lib/graphql';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { checkoutNavigation } from '../../lib/quoteCheckoutSession';
import { useStoreBasicInfo } from '../../lib/store/storeBasicInfo';
import { DELETE_CART } from '../../lib/storefrontCart';
import { INVOICE_CHECKOUT_LOGIN, INVOICE_CREATE_BC_CART } from './api/invoicePayment';
import { INVOICES_QUERY_KEY } from './api/invoices';
import { INVOICE_ROWS_QUERY_KEY } from './api/invoiceRows';
import { errorCodeOf, useInvoiceErrorText } from './invoiceErrors';
import { forgetInvoiceCheckout, leftInvoiceCheckoutCart, rememberInvoiceCheckout } from './invoicePaySession';

/** An amount to pay on one invoice (a decimal string with two decimals, in the invoice's currency). */
export interface PayLine {
  invoiceId: string;
  amount: string;
}

/** The server refused some lines' amounts: the invoice ids with the refusal's text. */
export type PayLineErrors = Readonly<Record<string, string>>;

// Refusals after which the list is loaded again: a balance, a status or a payment changed since it was shown.
const RELOAD_AFTER = new Set(['INVOICE_AMOUNT_ABOVE_BALANCE', 'INVOICE_ALREADY_PAID', 'NOT_FOUND', 'INVOICE_CURRENCY_MISMATCH']);

/** `lineItems.2.amount` → the third line's invoice. */
function lineErrors(error: unknown, lines: readonly PayLine[], text: string): PayLineErrors {
  if (!(error instanceof GraphQLRequestError)) return {};
  const errors: Record<string, string> = {};
  for (const field of Object.keys(error.fields)) {
    const index = /^lineItems\.(\d+)\.amount$/.exec(field)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    if (line) errors[line.invoiceId] = text;
  }
  return errors;
}

/**
 * business §4 "Pay-invoice flow": (1) a cart for the amounts (invoiceCreateBcCart); (2) checkout login with that cart
 * and off to the url it returns — (3) on the native platform straight to the checkout url, (4) the plain checkout url
 * when the checkout login fails; (5) the invoicePay flag is stored for leaving the checkout. A refusal says why (per
 * line where the server names one) and nothing leaves the page.
 */
export function useInvoicePayment() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const config = usePortalConfig();
  const { data: store } = useStoreBasicInfo();
  const errorText = useInvoiceErrorText();
  const [busy, setBusy] = useState(false);
  const [lineProblems, setLineProblems] = useState<PayLineErrors>({});

  // business §4 step 5: back in the portal after leaving an invoice checkout in this tab, its cart goes.
  useEffect(() => {
    const cartId = leftInvoiceCheckoutCart();
    if (cartId === null) return;
    forgetInvoiceCheckout();
    if (cartId) void client.request(DELETE_CART, { deleteCartInput: { cartEntityId: cartId } }, { suppressErrorToast: true }).catch(() => undefined);
  }, [client]);

  const native = store?.storeSites.find((site) => site.channelId === config.channelId)?.platform === 'native';

  const pay = async (lines: readonly PayLine[], currency: string): Promise<boolean> => {
    setBusy(true);
    setLineProblems({});
    let cart: { checkoutUrl: string; cartId: string };
    try {
      const answer = await client.request(INVOICE_CREATE_BC_CART, { lineItems: lines.map((line) => ({ ...line })), currency }, { suppressErrorToast: true });
      cart = answer.invoiceCreateBcCart;
    } catch (error) {
      setBusy(false);
      const text = errorText(error);
      setLineProblems(lineErrors(error, lines, text));
      toast.error(text);
      if (RELOAD_AFTER.has(errorCodeOf(error))) {
        void queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: INVOICE_ROWS_QUERY_KEY });
      }
      return false;
    }
    rememberInvoiceCheckout(cart.cartId);
    let target = cart.checkoutUrl;
    if (!native) {
      try {
        const { checkoutLogin } = await client.request(INVOICE_CHECKOUT_LOGIN, { cartData: { cartId: cart.cartId } }, { suppressErrorToast: true });
        target = checkoutLogin.result.redirectUrl;
      } catch (error) {
        // business §8: a failed checkout login falls back to the plain checkout url; it is logged.
        console.error('[b2b-portal] checkout login failed; opening the plain checkout', error);
      }
    }
    // The button keeps its progress state while the browser leaves for the checkout.
    checkoutNavigation.assign(target);
    return true;
  };

  const clearLineProblem = (invoiceId: string) =>
    setLineProblems((current) => {
      if (!(invoiceId in current)) return current;
      const next = { ...current };
      delete next[invoiceId];
      return next;
    });

  return { pay, busy, lineProblems, clearLineProblem };
}
