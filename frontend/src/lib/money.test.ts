import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import shared from '../../../tests/fixtures/money_cases.json';
import type { GraphQLClient } from './graphql';
import { GraphQLClientProvider } from './GraphQLClientProvider';
import { I18nProvider } from './i18n/I18nProvider';
import { formatMoney, useFormatMoney } from './money';
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

const EUR_STORE: Currency[] = [
  {
    ...currencies.EUR!, id: '2', name: 'Euro', isDefault: true, enabled: true, isTransactional: true, currencyCode: 'EUR',
    currencyExchangeRate: '1.000000',
  },
];

/** The hook under the portal's providers, with a currencies request that answers when the test says so. */
async function renderFormatter(language: 'en' | 'de') {
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
  it('prints a EUR store amount as the PDF does, whatever the language, once the currencies are loaded', async () => {
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
    await waitFor(() => expect(result.current('1234.50', 'EUR')).toBe('1.234,50 €'));
    expect(result.current(null, 'EUR')).toBe('');
    expect(result.current('', 'EUR')).toBe('');
    expect(result.current('1234.5', 'USD')).toBe('1.234,50\u00a0$'); // Intl's no-break space
  });
});
