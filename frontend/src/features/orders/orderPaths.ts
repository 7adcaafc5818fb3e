import { generatePath } from 'react-router';

import { ROUTE_PATHS } from '../../lib/routePaths';
import type { OrderScope } from './api/orders';

/** The order's page: its id is the order number (issue 17; invoices link to /orderDetail/{number} too). */
export function orderDetailPath(number: number | string): string {
  return generatePath(ROUTE_PATHS.orderDetail, { id: String(number) });
}

/** What a list hands the detail page (router state), so that its back link returns to that list as it was. */
export interface OrderDetailOrigin {
  scope: OrderScope;
  /** The list's location: its path and query (filters, sort, page). */
  href: string;
}

export function listPath(scope: OrderScope): string {
  return scope === 'COMPANY' ? ROUTE_PATHS.companyOrders : ROUTE_PATHS.orders;
}

/** The origin in a location's state, when it is one a list wrote (anything else: null). */
export function orderDetailOrigin(state: unknown): OrderDetailOrigin | null {
  if (typeof state !== 'object' || state === null || !('orderList' in state)) return null;
  const origin = (state as { orderList: unknown }).orderList as Partial<OrderDetailOrigin> | null;
  if (!origin || (origin.scope !== 'MINE' && origin.scope !== 'COMPANY') || typeof origin.href !== 'string') return null;
  const path = listPath(origin.scope);
  // Only back to the list itself (with its query): never somewhere else a crafted state names.
  const sameList = origin.href === path || origin.href.startsWith(`${path}?`);
  return sameList ? { scope: origin.scope, href: origin.href } : null;
}
