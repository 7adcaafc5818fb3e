/** An amount (a decimal string) in the draft's currency, for the language's locale; '' when there is none. */
export function formatMoney(amount: string | null, currencyCode: string, language: string): string {
  if (amount === null || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currencyCode }).format(value);
  } catch {
    return `${currencyCode} ${value.toFixed(2)}`;
  }
}
