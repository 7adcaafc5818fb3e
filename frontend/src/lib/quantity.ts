// business §5 quantity rules, shared by the quote draft and shopping lists: an integer from 1 to 1,000,000; empty
// becomes 1 on blur, larger values are clamped; the keys e, + and - are blocked.

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1_000_000;

export const BLOCKED_QUANTITY_KEYS: readonly string[] = ['e', 'E', '+', '-'];

export function normaliseQuantity(text: string): number {
  const value = Math.floor(Number(text.trim()));
  if (text.trim() === '' || !Number.isFinite(value) || value < QUANTITY_MIN) return QUANTITY_MIN;
  return Math.min(value, QUANTITY_MAX);
}
