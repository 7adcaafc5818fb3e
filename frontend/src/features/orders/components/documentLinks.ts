import type { MouseEvent } from 'react';

import type { OrderDetail } from '../api/order';

/**
 * Following a signed document link (a safety data sheet, a certificate): `pick` finds the same document's link in
 * the order as loaded again, for when the one on screen is too old to work.
 */
export type OpenDocument = (event: MouseEvent<HTMLAnchorElement>, pick: (order: OrderDetail) => string | null) => void;
