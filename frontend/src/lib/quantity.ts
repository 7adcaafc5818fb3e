import { useQueryClient } from '@tanstack/react-query';

import { STORE_BASIC_INFO_KEY, type StoreBasicInfo } from './store/storeBasicInfo';

// business §5 quantity rules, shared by the quote draft, shopping lists and quick order: an integer from 1 to the
// server's limit; empty becomes 1 on blur, larger values are clamped; the keys e, + and - are blocked. The limit is
// the server's one definition (portal/quantity.py), received at start-up as storeBasicInfo.quantityLimit.

export const QUANTITY_MIN = 1;

/** Until start-up has answered (screens render after it): no bound of our own, the server refuses past its limit. */
const NO_LIMIT_YET = Number.MAX_SAFE_INTEGER;

/** The largest quantity of one product in a line, as start-up received it from the server. */
export function useQuantityLimit(): number {
  return useQueryClient().getQueryData<StoreBasicInfo>(STORE_BASIC_INFO_KEY)?.quantityLimit ?? NO_LIMIT_YET;
}

export const BLOCKED_QUANTITY_KEYS: readonly string[] = ['e', 'E', '+', '-'];

/** The quantity a field's text stands for: empty or below 1 is 1, above `limit` is `limit`. */
export function normaliseQuantity(text: string, limit: number): number {
  const value = Math.floor(Number(text.trim()));
  if (text.trim() === '' || !Number.isFinite(value) || value < QUANTITY_MIN) return QUANTITY_MIN;
  return Math.min(value, limit);
}
