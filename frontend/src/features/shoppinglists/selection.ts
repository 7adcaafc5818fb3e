import type { SelectionFacts } from './api/shoppingList';

/** business §2: a product can be ticked (for the cart or the quote) when its quantity is above 0 and it passes the
 * stock check (the server's `purchasable`, business §4). */
export function isSelectable(item: { quantity: number; purchasable: boolean }): boolean {
  return item.quantity > 0 && item.purchasable;
}

/** What is ticked, as far as it can still be: ids no longer on the list, or no longer selectable, drop out. */
export function effectiveSelection(selected: ReadonlySet<number>, selectable: ReadonlySet<number> | null): number[] {
  return [...selected].filter((id) => selectable === null || selectable.has(id));
}

/** Over every page: none, some or all of the selectable products are ticked; null when none can be. */
export function selectAllState(selected: readonly number[], selectable: ReadonlySet<number> | null): 'none' | 'some' | 'all' | null {
  if (selectable === null || selectable.size === 0) return null;
  if (selected.length === 0) return 'none';
  return selected.length >= selectable.size ? 'all' : 'some';
}

/** Decimal strings added exactly ("12.30" + "0.005" = "12.305"); null when one of them is missing or not a number. */
export function sumDecimals(values: readonly (string | null)[]): string | null {
  let scale = 0;
  const parsed: { negative: boolean; whole: string; fraction: string }[] = [];
  for (const value of values) {
    const match = value === null ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
    if (!match) return null;
    const [, sign = '', whole = '0', fraction = ''] = match;
    parsed.push({ negative: sign === '-', whole, fraction });
    scale = Math.max(scale, fraction.length);
  }
  let total = 0n;
  for (const { negative, whole, fraction } of parsed) {
    const units = BigInt(whole + fraction.padEnd(scale, '0'));
    total += negative ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** The facts of the ticked products (for the subtotal and for Add selected to quote). */
export function selectedFacts(facts: readonly SelectionFacts[], selected: readonly number[]): SelectionFacts[] {
  const wanted = new Set(selected);
  return facts.filter((fact) => wanted.has(fact.id));
}
