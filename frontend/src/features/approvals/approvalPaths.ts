import { generatePath } from 'react-router';

import { ROUTE_PATHS } from '../../lib/routePaths';

/** A purchase request's page. */
export function requestPath(id: number | string): string {
  return generatePath(ROUTE_PATHS.approvalRequest, { id: String(id) });
}

/** What a list hands the request's page (router state), so that its back link returns to that list as it was. */
export interface RequestOrigin {
  /** The list's location: its path and query (tab, filters, sort, page). */
  href: string;
}

/** The origin in a location's state when a list wrote it, and it leads back to the approvals list; else null. */
export function requestOrigin(state: unknown): RequestOrigin | null {
  if (typeof state !== 'object' || state === null || !('approvalsList' in state)) return null;
  const href = (state as { approvalsList: unknown }).approvalsList;
  if (typeof href !== 'string') return null;
  const path = ROUTE_PATHS.approvals;
  // Only back to the list itself (with its query): never somewhere else a crafted state names.
  return href === path || href.startsWith(`${path}?`) ? { href } : null;
}
