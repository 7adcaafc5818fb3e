import { useCallback } from 'react';

import { useLanguage } from './i18n/I18nProvider';
import { currencyFormatOf, useCurrencies, type CurrencyFormat } from './store/currencies';

// Money as the buyer reads it (shell §3 currencies, issue 36 item 13). In English, the store currency's own format:
// the same rule as the server's portal/money.py, so that an amount reads the same in the overlay and in the English
// PDFs and e-mails (the shared cases in tests/fixtures/money_cases.json hold both to it). In the other languages, the
// language's own way of writing an amount (its separators, where the symbol goes) with the store's token and the
// currency's decimal places: "1.965,63 $" in German, "1 965,63 $" in French.

export type { CurrencyFormat };

interface Digits {
  negative: boolean;
  /** The amount's digits without sign or point, and how many of them come after the point. */
  digits: string;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** A decimal string ("1234.50", "-0.005", "1e-7") as digits, exactly: no float ever holds the amount. */
function parseDecimal(amount: string): Digits | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  let digits = whole + fraction;
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: sign === '-', digits: digits.replace(/^0+(?=\d)/, '') || '0', scale };
}

/** The absolute amount rounded half-up (away from zero, as Python's ROUND_HALF_UP) to `places` decimals. */
function roundHalfUp({ digits, scale }: Digits, places: number): { whole: string; fraction: string } {
  let units: bigint;
  if (scale <= places) {
    units = BigInt(digits + '0'.repeat(places - scale));
  } else {
    const cut = digits.length - (scale - places);
    const kept = cut > 0 ? digits.slice(0, cut) : '0';
    const next = cut >= 0 ? digits.charAt(cut) : '0';
    units = BigInt(kept) + (next >= '5' ? 1n : 0n);
  }
  const text = units.toString().padStart(places + 1, '0');
  return { whole: text.slice(0, text.length - places), fraction: text.slice(text.length - places) };
}

function groupThousands(digits: string, separator: string): string {
  if (!separator || digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(separator);
}

/**
 * The amount in the currency's format: token left or right, its thousands and decimal tokens and places, half-up.
 *
 *     formatMoney('1234.5', usd)  → '$1,234.50'
 *     formatMoney('1234.5', eur)  → '1.234,50 €'
 *     formatMoney('-1234.5', usd) → '-$1,234.50'
 *
 * A token on the left sits against the number unless it ends in a letter ("CHF 1,234.50"); on the right it is set
 * apart. The minus sign leads, and a zero has none. What is not a decimal number is returned as it is.
 */
export function formatMoney(amount: string | number, currency: CurrencyFormat): string {
  const parsed = parseDecimal(String(amount));
  if (!parsed) return String(amount);
  const places = Math.max(0, Math.trunc(Number(currency.decimalPlaces) || 0));
  const { whole, fraction } = roundHalfUp(parsed, places);
  let number = groupThousands(whole, currency.thousandsToken);
  if (places > 0) number += (currency.decimalToken || '.') + fraction;
  const sign = parsed.negative && /[1-9]/.test(whole + fraction) ? '-' : '';
  const token = currency.token || '';
  if (!token) return `${sign}${number}`;
  if (currency.tokenLocation === 'right') return `${sign}${number} ${token}`;
  const gap = /\p{L}$/u.test(token) ? ' ' : '';
  return `${sign}${token}${gap}${number}`;
}

/** The language whose amounts are written in the store currency's own format: the documents' language. */
const STORE_FORMAT_LANGUAGE = 'en';

/**
 * The amount as `language` writes it, with the store currency's token and decimal places, rounded half-up as
 * formatMoney does:
 *
 *     formatMoneyInLanguage('1965.63', usd, 'USD', 'de') → '1.965,63 $'
 *     formatMoneyInLanguage('1965.63', usd, 'USD', 'en') → '$1,965.63'  (English: formatMoney, the store's format)
 *
 * What is not a decimal number is returned as it is; a currency code Intl does not know falls back to formatMoney.
 */
export function formatMoneyInLanguage(
  amount: string | number,
  currency: CurrencyFormat,
  currencyCode: string,
  language: string,
): string {
  if (language === STORE_FORMAT_LANGUAGE) return formatMoney(amount, currency);
  const parsed = parseDecimal(String(amount));
  if (!parsed) return String(amount);
  const places = Math.max(0, Math.trunc(Number(currency.decimalPlaces) || 0));
  const { whole, fraction } = roundHalfUp(parsed, places);
  const sign = parsed.negative && /[1-9]/.test(whole + fraction) ? '-' : '';
  // Already rounded: Intl only lays the digits out. A decimal string is formatted exactly (Intl.NumberFormat v3;
  // an older engine reads it as a number, which holds an amount of up to 15 digits exactly).
  const exact = `${sign}${whole}${places > 0 ? `.${fraction}` : ''}` as unknown as number;
  const token = currency.token || '';
  try {
    const digits = { minimumFractionDigits: places, maximumFractionDigits: places };
    if (!token) return new Intl.NumberFormat(language, digits).format(exact);
    const parts = new Intl.NumberFormat(language, {
      ...digits,
      style: 'currency',
      currency: currencyCode,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(exact);
    return parts.map((part) => (part.type === 'currency' ? token : part.value)).join('');
  } catch {
    return formatMoney(amount, currency);
  }
}

/** Until the store's currencies have loaded, or for a code the store does not list: the browser's format. */
function formatMoneyIntl(amount: string, currencyCode: string, language: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currencyCode, currencyDisplay: 'narrowSymbol' }).format(value);
  } catch {
    return `${currencyCode} ${value.toFixed(2)}`;
  }
}

export type MoneyFormatter = (amount: string | null | undefined, currencyCode: string) => string;

/**
 * `const money = useFormatMoney(); money(quote.grandTotal, quote.currencyCode)`: an amount (a decimal string) in its
 * store currency, as the buyer's language writes it (formatMoneyInLanguage); '' when there is none. The store's currencies are loaded at start-up (shell §4); in the
 * moment before they arrive the amount shows in the browser's format rather than not at all.
 */
export function useFormatMoney(): MoneyFormatter {
  const currencies = useCurrencies();
  const language = useLanguage();
  return useCallback(
    (amount, currencyCode) => {
      if (amount === null || amount === undefined || amount === '') return '';
      const currency = currencyFormatOf(currencies, currencyCode);
      return currency
        ? formatMoneyInLanguage(amount, currency, currencyCode, language)
        : formatMoneyIntl(amount, currencyCode, language);
    },
    [currencies, language],
  );
}
