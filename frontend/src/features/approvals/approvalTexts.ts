import type { ChipProps } from '@mui/material/Chip';

import type { MessageKey } from '../../lib/i18n/keys';
import type { BudgetPeriod } from './api/budgets';
import type { RequestStatus, RequestView } from './api/purchaseRequests';
import type { approvalsMessages } from './messages';

// The values the server sends and the overlay translates: request statuses, tier states, how a decision was taken,
// budget periods, payment methods, roles and the unit a tier's role is held in.

type ApprovalsKey = MessageKey<typeof approvalsMessages>;

export const REQUEST_STATUS_LABEL = {
  pending: 'approvals.status.pending',
  placed: 'approvals.status.placed',
  rejected: 'approvals.status.rejected',
  withdrawn: 'approvals.status.withdrawn',
  expired: 'approvals.status.expired',
} as const satisfies Record<RequestStatus, ApprovalsKey>;

/** The chip's colour per status (the theme picks black or white text on it by contrast, business §9). */
export const REQUEST_STATUS_COLOR = {
  pending: 'warning',
  placed: 'success',
  rejected: 'error',
  withdrawn: 'default',
  expired: 'default',
} as const satisfies Record<RequestStatus, ChipProps['color']>;

export const REQUEST_VIEW_LABEL = {
  inbox: 'approvals.view.inbox',
  mine: 'approvals.view.mine',
  company: 'approvals.view.company',
} as const satisfies Record<RequestView, ApprovalsKey>;

export const TIER_STATES = ['approved', 'waiting', 'upcoming', 'rejected', 'overridden', 'skipped'] as const;
export type TierState = (typeof TIER_STATES)[number];

export function isTierState(value: string): value is TierState {
  return (TIER_STATES as readonly string[]).includes(value);
}

export const TIER_STATE_LABEL = {
  approved: 'approvals.tierState.approved',
  waiting: 'approvals.tierState.waiting',
  upcoming: 'approvals.tierState.upcoming',
  rejected: 'approvals.tierState.rejected',
  overridden: 'approvals.tierState.overridden',
  skipped: 'approvals.tierState.skipped',
} as const satisfies Record<TierState, ApprovalsKey>;

export const TIER_STATE_COLOR = {
  approved: 'success',
  waiting: 'warning',
  upcoming: 'default',
  rejected: 'error',
  overridden: 'secondary',
  skipped: 'default',
} as const satisfies Record<TierState, ChipProps['color']>;

/** How a decision reached the server ('' while undecided). */
export const VIA_LABEL: Readonly<Record<string, ApprovalsKey>> = {
  portal: 'approvals.via.portal',
  email: 'approvals.via.email',
  admin: 'approvals.via.admin',
};

export const PERIOD_LABEL = {
  month: 'approvals.period.month',
  quarter: 'approvals.period.quarter',
  year: 'approvals.period.year',
  grant: 'approvals.period.grant',
} as const satisfies Record<BudgetPeriod, ApprovalsKey>;

export const PAYMENT_METHOD_LABEL: Readonly<Record<string, ApprovalsKey>> = {
  purchase_order: 'approvals.payment.purchase_order',
  test_card: 'approvals.payment.test_card',
};

/** The company roles a tier or a rule's buyer condition names (accounts CompanyRole; 5: a store's custom role). */
export const COMPANY_ROLES = [0, 1, 2, 5] as const;

export const ROLE_LABEL: Readonly<Record<number, ApprovalsKey>> = {
  0: 'approvals.role.admin',
  1: 'approvals.role.seniorBuyer',
  2: 'approvals.role.juniorBuyer',
  5: 'approvals.role.custom',
};

/** Where a tier's role is held: the ordering unit, or a unit that many levels above it. */
export const LEVELS_UP = [0, 1, 2] as const;

export const LEVELS_UP_LABEL: Readonly<Record<number, ApprovalsKey>> = {
  0: 'approvals.levelsUp.0',
  1: 'approvals.levelsUp.1',
  2: 'approvals.levelsUp.2',
};
