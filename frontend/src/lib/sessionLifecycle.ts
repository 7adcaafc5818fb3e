import type { QueryClient } from '@tanstack/react-query';

import { canPurchase } from './permissions';
import { USER_QUERY_SCOPE, clearB2BToken, setB2BToken, type SessionEndReason } from './session';
import { rememberPendingTip, rememberPurchaseRule, type PendingTip } from './storefrontPage';
import { CUSTOMER_INFO_QUERY_KEY, type CustomerInfo } from './user/customerInfo';

/**
 * A session starts with its token and its customer together (shell §4 "the company, customer and permissions
 * are stored"): the gates never see a token without knowing whose it is. The previous user's data goes.
 */
export function beginSession(queryClient: QueryClient, token: string, customer: CustomerInfo): void {
  queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
  queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, customer);
  setB2BToken(token);
  rememberCustomer(customer);
}

/** Keeps what the storefront page needs to know about the user (the cart rule of shell §6) in step. */
export function rememberCustomer(customer: CustomerInfo): void {
  rememberPurchaseRule(document, canPurchase(customer));
  rememberPendingTip(pendingTipFor(customer));
}

/** shell §4/§8: a pending company whose ordering is blocked gets the tip; with prices hidden too, the longer one. */
export function pendingTipFor(customer: CustomerInfo): PendingTip | null {
  const status = customer.accountStatus;
  if (!status) return null;
  if (status.pricesHidden) return 'pricing';
  return status.orderCreationBlocked ? 'order' : null;
}

/** Ends the session on this device: the token and the user's cached data (shell §4 "login state is cleared"). */
export function endSession(queryClient: QueryClient, reason: SessionEndReason = 'signedOut'): void {
  clearB2BToken({ reason });
  queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
}
