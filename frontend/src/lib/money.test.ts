import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import shared from '../../../tests/fixtures/money_cases.json';
import type { GraphQLClient } from './graphql';
import { GraphQLClientProvider } from './GraphQLClientProvider';
import { I18nProvider } from './i18n/I18nProvider';
import { formatMoney, formatMoneyInLanguage, useFormatMoney } from './money';
import { PortalConfigProvider } from './PortalConfigProvider';
import type { Currency, CurrencyFormat } from './store/currencies';

const currencies: Record<string, CurrencyFormat> = shared.currencies;

describe('formatMoney', () => {
  // The same cases hold portal/money.py to the same texts (tests/portal/test_money_cases.py).
  it.each(shared.cases)('$name: $amount $currency → $expected', ({ amount, currency, expected }) => {
    expect(formatMoney(amount, currencies[currency]!)).toBe(expected);
  });

  it('reads numbers as their decimal text, exponents included', () => {
    expect(formatMoney(1234.5, currencies.EUR!)).toBe('1.234,50 €');
    expect(formatMoney(1e21, currencies.USD!)).toBe('$1,000,000,000,000,000,000,000.00');
    expect(formatMoney(-1e-7, currencies.USD!)).toBe('$0.00');
  });

  it('returns what is not a decimal number as it is', () => {
    expect(formatMoney('n/a', currencies.USD!)).toBe('n/a');
    expect(formatMoney('.', currencies.USD!)).toBe('.');
  });
});

describe('formatMoneyInLanguage', () => {
  const usd = currencies.USD!;
  // Intl's spaces: a no-break space before the symbol, a narrow no-break space between French thousands.
  const NBSP = '\u00a0';
  const NNBSP = '\u202f';

  it('keeps the store format in English, the documents\' language', () => {
    expect(formatMoneyInLanguage('1965.63', usd, 'USD', 'en')).toBe('$1,965.63');
    expect(formatMoneyInLanguage('1234.5', currencies.EUR!, 'EUR', 'en')).toBe('1.234,50 €');
  });

  it.each([
    ['de', `1.965,63${NBSP}$`],
    ['fr', `1${NNBSP}965,63${NBSP}$`],
    ['nl', `$${NBSP}1.965,63`],
    ['es', `1965,63${NBSP}$`],
    ['zh', '$1,965.63'],
  ])('writes a USD amount as %s does: %s', (language, expected) => {
    expect(formatMoneyInLanguage('1965.63', usd, 'USD', language)).toBe(expected);
  });

  it("keeps the store's token and the currency's places, rounding half-up exactly", () => {
    expect(formatMoneyInLanguage('1234567.5', currencies.JPY!, 'JPY', 'de')).toBe(`1.234.568${NBSP}¥`);
    expect(formatMoneyInLanguage('1234.5678', currencies.KWD!, 'KWD', 'fr')).toBe(`1${NNBSP}234,568${NBSP}KD`);
    expect(formatMoneyInLanguage('1.005', usd, 'USD', 'de')).toBe(`1,01${NBSP}$`);
    expect(formatMoneyInLanguage('12345678901234567890.125', usd, 'USD', 'de')).toBe(
      `12.345.678.901.234.567.890,13${NBSP}$`,
    );
    expect(formatMoneyInLanguage('1234.5', currencies.NONE!, 'USD', 'de')).toBe('1.234,50');
  });

  it('leads with the minus sign as the language does, and a zero has none', () => {
    expect(formatMoneyInLanguage('-1965.63', usd, 'USD', 'de')).toBe(`-1.965,63${NBSP}$`);
    expect(formatMoneyInLanguage('-0.001', usd, 'USD', 'fr')).toBe(`0,00${NBSP}$`);
  });

  it('returns what is not a decimal number as it is', () => {
    expect(formatMoneyInLanguage('n/a', usd, 'USD', 'de')).toBe('n/a');
  });
});

const USD_STORE: Currency[] = [
  {
    ...currencies.USD!, id: '1', name: 'US Dollar', isDefault: true, enabled: true, isTransactional: true,
    currencyCode: 'USD', currencyExchangeRate: '1.000000',
  },
];

const EUR_STORE: Currency[] = [
  {
    ...currencies.EUR!, id: '2', name: 'Euro', isDefault: true, enabled: true, isTransactional: true, currencyCode: 'EUR',
    currencyExchangeRate: '1.000000',
  },
];

/** The hook under the portal's providers, with a currencies request that answers when the test says so. */
async function renderFormatter(language: 'en' | 'de' | 'fr') {
  let answer: (currencies: Currency[]) => void = () => undefined;
  const loaded = new Promise<Currency[]>((resolve) => (answer = resolve));
  const client = { request: () => loaded.then((list) => ({ currencies: list })) } as unknown as GraphQLClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const config = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'portal' };
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, {
      client: queryClient,
      children: createElement(GraphQLClientProvider, {
        client,
        children: createElement(PortalConfigProvider, { config, children: createElement(I18nProvider, { language, children }) }),
      }),
    });
  const { result } = renderHook(() => useFormatMoney(), { wrapper });
  // The language's texts load before anything below the I18nProvider renders.
  await waitFor(() => expect(result.current).toBeTypeOf('function'));
  return { result, answer };
}

describe('useFormatMoney', () => {
  it('prints a EUR store amount in English as the PDF does, once the currencies are loaded', async () => {
    const { result, answer } = await renderFormatter('en');
    // Before the store's currencies arrive: the browser's format for the moment, never nothing.
    expect(result.current('1234.50', 'EUR')).toBe('€1,234.50');

    answer(EUR_STORE);

    await waitFor(() => expect(result.current('1234.50', 'EUR')).toBe('1.234,50 €'));
    expect(result.current('1.005', 'EUR')).toBe('1,01 €');
    expect(result.current('-5', 'eur')).toBe('-5,00 €');
  });

  it('is empty without an amount, and uses the language format for a currency the store does not list', async () => {
    const { result, answer } = await renderFormatter('de');
    answer(EUR_STORE);
    await waitFor(() => expect(result.current('1234.50', 'EUR')).toBe('1.234,50\u00a0€'));
    expect(result.current(null, 'EUR')).toBe('');
    expect(result.current('', 'EUR')).toBe('');
    expect(result.current('1234.5', 'USD')).toBe('1.234,50\u00a0$'); // Intl's no-break space
  });

  it("writes a store amount in the buyer's language once the currencies are loaded (issue 36 item 13)", async () => {
    const { result, answer } = await renderFormatter('fr');
    // Before the currencies arrive, the browser's format already writes "$", not "$US".
    expect(result.current('1965.63', 'USD')).toBe('1\u202f965,63\u00a0$');
    answer(USD_STORE);
    await waitFor(() => expect(result.current('1965.63', 'USD')).toBe('1\u202f965,63\u00a0$'));
  });
});
