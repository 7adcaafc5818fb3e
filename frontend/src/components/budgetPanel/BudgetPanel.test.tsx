import { screen, waitFor, within } from '@testing-library/react';

import type { BudgetStatus } from '../../lib/budgetStatus';
import type { QuoteDraftFieldsFragment, QuoteQuery } from '../../lib/graphqlTypes.generated';
import { setB2BToken } from '../../lib/session';
import { customer, customerResult, mockGraphQL, type GraphQLResult } from '../../test/graphqlMock';
import { renderPortal } from '../../test/renderPortal';
import { mobileViewport } from '../../test/viewport';

// Issue 41, budget in view: the panel on the pages that show an order-to-be, here the quote draft and an open quote.

const status = (overrides: Partial<BudgetStatus> = {}): BudgetStatus => ({
  budgetId: 2, name: 'Chemistry department supplies', currencyCode: 'USD', amount: '400000.00', committed: '96800.00', spent: '300000.00',
  remaining: '3200.00', thisOrder: '246.24', leftAfter: '2953.76', exceeds: false, hard: false, isOpen: true, ...overrides,
});

const address = () => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '', phoneNumber: '', state: '', zipCode: '',
});

const draft = (overrides: Partial<QuoteDraftFieldsFragment> = {}): QuoteDraftFieldsFragment => ({
  draftKey: null, id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: 'Sam Senior', email: 'senior@acme.test', companyName: 'Acme Labs', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), fileInfo: [],
  products: [
    {
      id: 5, productId: 42, variantId: 77, variantSku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', primaryImage: null, productUrl: null, quantity: 250,
      optionList: '[]', options: [], basePrice: '20.00', calculatedValue: '20.00', lineTotal: '5000.00', lineTotalWithTax: '5400.00', priceError: null, priceOnRequest: false,
    },
  ],
  totals: { subtotal: '5000.00', tax: '400.00', grandTotal: '5400.00' },
  ...overrides,
});

const quote = (overrides: Partial<QuoteQuery['quote']> = {}): QuoteQuery['quote'] => ({
  id: 12, number: 'Q-100001', title: 'Spring order', status: 'open', revision: 1, isPriced: true, issuedOn: '2026-03-01T10:00:00Z', expiresOn: '2099-12-31',
  currencyCode: 'USD', companyName: 'Acme Labs', note: '', orderNumber: null, salesRep: null, createdBy: { name: 'Sam Senior', email: 'senior@acme.test' },
  contactInfo: { name: 'Sam Senior', email: 'senior@acme.test', companyName: 'Acme Labs', phoneNumber: '', quoteTitle: 'Spring order' },
  shippingAddress: address(), billingAddress: address(), lines: [],
  summary: { originalSubtotal: '228.00', discount: '0.00', discountPercent: '0.00', quotedSubtotal: '228.00', shipping: null, tax: '18.24', grandTotal: '246.24' },
  messages: [], attachments: [], revisions: [], canMessage: true, canDownloadPdf: true, canCheckout: true,
  ...overrides,
});

function open(path: string, handlers: Record<string, GraphQLResult> = {}, signedIn = true) {
  if (signedIn) setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(customer()), QuoteDraft: { data: { quoteDraft: draft() } }, Quote: { data: { quote: quote() } }, ...handlers });
  renderPortal(path);
  return server;
}

const panel = () => screen.findByRole('region', { name: 'Budget' });

describe('the budget panel (issue 41)', () => {
  it('shows on an open quote what ordering it would leave of each budget, for every cost centre', async () => {
    const server = open('/quoteDetail/12', { BudgetStatus: { data: { budgetStatus: [status()] } } });
    const region = await panel();
    expect(server.callsTo('BudgetStatus').map((call) => call.variables)).toEqual([{ costCentre: '', amount: '246.24', currencyCode: 'USD' }]);
    const budget = within(within(region).getByRole('list', { name: 'Budget' })).getByRole('listitem');
    expect(within(budget).getByRole('heading', { name: 'Chemistry department supplies' })).toBeInTheDocument();
    expect(within(budget).getByText('Within budget')).toBeInTheDocument();
    expect(within(budget).getAllByRole('term').map((term) => term.textContent)).toEqual(['Remaining', 'This order', 'Would leave']);
    expect(within(budget).getAllByRole('definition').map((value) => value.textContent)).toEqual(['$3,200.00 of $400,000.00', '$246.24', '$2,953.76']);
    expect(region).toHaveTextContent('What ordering this would leave of the budgets it draws on.');
  });

  it('marks a budget the order would exceed: a hard one cannot be ordered, a soft one needs approval', async () => {
    open('/quoteDraft', {
      BudgetStatus: {
        data: {
          budgetStatus: [
            status({ budgetId: 7, name: 'NIH R01 grant 123', amount: '250000.00', remaining: '4000.00', thisOrder: '5400.00', leftAfter: '-1400.00', exceeds: true, hard: true }),
            status({ thisOrder: '5400.00', leftAfter: '-2200.00', exceeds: true }),
          ],
        },
      },
    });
    const region = await panel();
    expect(region).toHaveTextContent('This can’t be ordered as it is: it would exceed a hard budget.');
    const [grant, supplies] = within(within(region).getByRole('list', { name: 'Budget' })).getAllByRole('listitem');
    expect(within(grant!).getByText('Cannot be ordered')).toBeInTheDocument();
    expect(grant).toHaveTextContent('This exceeds a hard budget: the order cannot be placed.');
    expect(grant).toHaveTextContent('-$1,400.00');
    expect(within(supplies!).getByText('Needs approval')).toBeInTheDocument();
    expect(supplies).toHaveTextContent('This exceeds a soft budget: the order will need approval.');
  });

  it('asks with the draft’s grand total, and shows nothing where no budget applies', async () => {
    const server = open('/quoteDraft');
    await screen.findByRole('heading', { name: 'Quote draft' });
    await waitFor(() => expect(server.callsTo('BudgetStatus').map((call) => call.variables)).toEqual([{ costCentre: '', amount: '5400.00', currencyCode: 'USD' }]));
    expect(screen.queryByRole('region', { name: 'Budget' })).not.toBeInTheDocument();
  });

  it('asks nothing while a price is on request', async () => {
    const onRequest = draft({ products: [{ ...draft().products[0]!, priceOnRequest: true }], totals: { subtotal: null, tax: null, grandTotal: null } });
    const server = open('/quoteDraft', { QuoteDraft: { data: { quoteDraft: onRequest } } });
    await screen.findByRole('heading', { name: 'Quote draft' });
    await screen.findByText('Ethanol absolute 99.8%');
    expect(server.callsTo('BudgetStatus')).toHaveLength(0);
  });

  it('asks nothing for an ordered quote', async () => {
    const server = open('/quoteDetail/12', { Quote: { data: { quote: quote({ status: 'ordered', orderNumber: 100050, canCheckout: false }) } } });
    await screen.findByRole('heading', { level: 1, name: /Q-100001/ });
    expect(server.callsTo('BudgetStatus')).toHaveLength(0);
  });

  it('asks nothing for a guest', async () => {
    const server = open('/quoteDetail/12', {}, false);
    await screen.findByRole('heading', { level: 1, name: /Q-100001/ });
    expect(server.callsTo('BudgetStatus')).toHaveLength(0);
  });

  it('says in place when the budgets could not be checked', async () => {
    open('/quoteDetail/12', { BudgetStatus: { errors: [{ message: 'Busy.', extensions: { code: 'INTERNAL_ERROR' } }] } });
    expect(await panel()).toHaveTextContent('We couldn’t check the budgets right now.');
  });

  it('fits the mobile layout', async () => {
    mobileViewport();
    open('/quoteDetail/12', { BudgetStatus: { data: { budgetStatus: [status()] } } });
    expect(within(await panel()).getByRole('list', { name: 'Budget' })).toBeInTheDocument();
  });
});
