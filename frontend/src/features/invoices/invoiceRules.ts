import { generatePath } from 'react-router';

import { ROUTE_PATHS } from '../../lib/routePaths';

// The invoice screens' rules as pure functions: the paid status, overdue, the order link, the file name of a
// downloaded PDF, amounts as exact decimals (no float ever holds money) and the checks of an amount to pay.

/** business §2: status 2 means paid. */
export const PAID_STATUS = 2;
/** Never stored: what the API says for an unpaid invoice whose due date has passed. */
export const OVERDUE_STATUS = 3;

/** The day (YYYY-MM-DD) an epoch-seconds date of the older list stands for: the API writes a day as its UTC midnight. */
export function epochDay(seconds: number | null): string | null {
  if (seconds === null) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD in the browser's time zone (the buyer's today). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** business §2: overdue — the due date has passed and the invoice is not paid (status 2). */
export function isOverdue(dueDay: string | null, status: number, today: string = localToday()): boolean {
  return dueDay !== null && status !== PAID_STATUS && dueDay < today;
}

/** The status to show: an unpaid invoice past its due date is overdue (3), as the API says it. */
export function shownStatus(status: number, dueDay: string | null, today: string = localToday()): number {
  return isOverdue(dueDay, status, today) ? OVERDUE_STATUS : status;
}

/** business §2: the order opens /orderDetail/{order number with letters removed}; an order id is its digits. */
export function orderIdOf(orderNumber: string | null | undefined): string | null {
  const digits = (orderNumber ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits;
}

export function orderDetailPathOf(orderNumber: string | null | undefined): string | null {
  const id = orderIdOf(orderNumber);
  return id === null ? null : generatePath(ROUTE_PATHS.orderDetail, { id });
}

export function invoiceDetailPath(id: string): string {
  return generatePath(ROUTE_PATHS.invoiceDetail, { id });
}

/** business §2: a downloaded invoice is named invoice-{invoice number}.pdf (characters a file name cannot hold made safe). */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[\\/:*?"<>|\s]+/g, '_')}.pdf`;
}

// --- amounts ----------------------------------------------------------------------------------------------------

/** Decimal places of an amount to pay (business §9: decimal places default 2). */
export const PAY_DECIMAL_PLACES = 2;

/** A decimal string as hundredths (cents), exactly; null when it is not a plain decimal of at most `places` decimals. */
export function toMinorUnits(value: string, places = PAY_DECIMAL_PLACES): bigint | null {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (fraction.length > places && /[1-9]/.test(fraction.slice(places)) === true) return null;
  const units = BigInt((whole || '0') + fraction.slice(0, places).padEnd(places, '0'));
  return sign === '-' ? -units : units;
}

/** Hundredths as a decimal string: 123456n → "1234.56". */
export function fromMinorUnits(units: bigint, places = PAY_DECIMAL_PLACES): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
}

/** Compares two decimal strings exactly (for sorting amounts); what is not a number sorts first. */
export function compareDecimals(a: string, b: string): number {
  const scale = (value: string) => {
    const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
    return match ? { sign: match[1] === '-' ? -1n : 1n, whole: match[2] || '0', fraction: match[3] ?? '' } : null;
  };
  const left = scale(a);
  const right = scale(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  const places = Math.max(left.fraction.length, right.fraction.length);
  const units = (part: NonNullable<typeof left>) => part.sign * BigInt(part.whole + part.fraction.padEnd(places, '0'));
  const difference = units(left) - units(right);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** Why an amount typed to pay cannot be paid; null when it can. */
export type PayAmountProblem = 'required' | 'invalid' | 'decimals' | 'positive' | 'aboveOpenBalance';

/**
 * An amount to pay (business §4, issue 20): a number with at most two decimals, above zero and not above the open
 * balance. Commas are taken as decimal points (a buyer in Germany types "12,50").
 */
export function payAmountProblem(typed: string, openBalance: string): PayAmountProblem | null {
  const value = typed.trim().replace(',', '.');
  if (value === '') return 'required';
  if (!/^\d*(?:\.\d*)?$/.test(value) || value === '.') return 'invalid';
  const units = toMinorUnits(value);
  if (units === null) return 'decimals';
  if (units <= 0n) return 'positive';
  const open = toMinorUnits(openBalance);
  if (open !== null && units > open) return 'aboveOpenBalance';
  return null;
}

/** The amount typed, as the API takes it ("12.5" → "12.50"); null when it cannot be paid. */
export function payAmountValue(typed: string, openBalance: string): string | null {
  if (payAmountProblem(typed, openBalance) !== null) return null;
  return fromMinorUnits(toMinorUnits(typed.trim().replace(',', '.'))!);
}

/** The sum of decimal amounts, exactly (hundredths). */
export function sumAmounts(values: readonly string[]): string {
  return fromMinorUnits(values.reduce((total, value) => total + (toMinorUnits(value) ?? 0n), 0n));
}

/** Whether an amount (a decimal string) is above zero. */
export function isPositiveAmount(value: string): boolean {
  const units = toMinorUnits(value, 6);
  return units !== null && units > 0n;
}
