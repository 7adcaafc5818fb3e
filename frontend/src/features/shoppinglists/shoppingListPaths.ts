import { generatePath } from 'react-router';

import { ROUTE_PATHS } from '../../lib/routePaths';

/** A list's page (shell §2 /shoppingList/{id}). */
export function shoppingListPath(id: number | string): string {
  return generatePath(ROUTE_PATHS.shoppingList, { id: String(id) });
}

/** What the lists page hands a list's page (router state), so that its back link returns to the lists as they were. */
export function shoppingListOrigin(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('shoppingLists' in state)) return null;
  const href = (state as { shoppingLists: unknown }).shoppingLists;
  const path = ROUTE_PATHS.shoppingLists;
  // Only back to the lists page itself (with its query): never somewhere else a crafted state names.
  return typeof href === 'string' && (href === path || href.startsWith(`${path}?`)) ? href : null;
}
