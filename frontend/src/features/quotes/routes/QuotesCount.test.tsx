import { screen } from '@testing-library/react';

import { setB2BToken } from '../../../lib/session';
import { customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { QuoteListItem } from '../api/quotes';

// The quotes list announces how many quotes it found with an ICU plural message (issue 14 §3):
// `{count, plural, one {# quote} other {# quotes}}`, chosen by the language's plural rules.

const quote = (id: number): QuoteListItem => ({
  id,
  number: `Q-10000${id}`,
  title: 'Spring order',
  status: 'open',
  isPriced: true,
  issuedOn: '2026-03-02T12:00:00+00:00',
  expiresOn: '2026-04-01',
  updatedAt: '2026-03-04T09:30:00+00:00',
  currencyCode: 'USD',
  originalSubtotal: '120.00',
  quotedSubtotal: '100.00',
  grandTotal: '108.50',
  salesRep: { name: 'Rita Rep', email: 'rita@helix.test' },
  createdBy: { name: 'Sam Senior', email: 'senior@acme.test' },
  companyId: 3,
  companyName: 'Acme Labs',
});

async function quotesCount(browserLanguage: string, found: number, heading: string): Promise<string | null> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([browserLanguage]);
  setB2BToken('tok');
  const quotes = Array.from({ length: found }, (_, index) => quote(index + 1));
  mockGraphQL({ CustomerInfo: customerResult(), Quotes: { data: { quotes: { totalCount: found, edges: quotes.map((node) => ({ node })) } } } });
  renderPortal('/quotes');
  await screen.findByRole('heading', { level: 1, name: heading });
  await screen.findByRole('rowheader', { name: `Q-10000${found}` });
  return (await screen.findByText(/\d/, { selector: '[role="status"]' })).textContent;
}

describe('the quotes list’s count, a plural message', () => {
  it.each([
    { language: 'en-US', found: 1, heading: 'Quotes', text: '1 quote' },
    { language: 'en-US', found: 2, heading: 'Quotes', text: '2 quotes' },
    { language: 'de-DE', found: 1, heading: 'Angebote', text: '1 Angebot' },
    { language: 'de-DE', found: 2, heading: 'Angebote', text: '2 Angebote' },
  ])('$language, $found found: "$text"', async ({ language, found, heading, text }) => {
    expect(await quotesCount(language, found, heading)).toBe(text);
  });
});
