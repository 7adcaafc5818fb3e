// The list an add-to-shopping-list dialog starts on (business §2), shared by the product page's dialog
// (features/shoppinglists) and the purchased products' one (features/quickorder).

/** ARCHITECTURE §8 list statuses a dialog starts on. */
const APPROVED = 0;
const DRAFT = 30;

export type ListChoice = number | 'new';

export interface ChoosableList {
  id: number;
  /** The caller made it (business §3 isOwner). */
  isOwner: boolean;
  status: number;
}

/**
 * Issue 36 item 14: the caller's own list they used last (`lists` come newest change first) that adding to leaves as
 * it is — a draft for whoever needs approval (a junior buyer: adding returns any other list to draft, undoing an
 * approval), an approved list for everyone else — else a new list. Never someone else's list, a rejected one or one
 * waiting for approval.
 */
export function preselectedList(lists: readonly ChoosableList[], { needsApproval }: { needsApproval: boolean }): ListChoice {
  const status = needsApproval ? DRAFT : APPROVED;
  return lists.find((list) => list.isOwner && list.status === status)?.id ?? 'new';
}
