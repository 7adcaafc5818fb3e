import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import { setB2BToken } from '../../../lib/session';
import { customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { QuoteAddress, QuoteDraft, QuoteDraftLine } from '../api/draftFields';
import type { QuoteDetail, QuoteLine } from '../api/quote';
import type { SearchProduct as QuoteSearchProduct } from '../../../lib/productSearch';

// Issue 13: a price the catalog hides ("Price on request") reads so on the draft, in its product search and on the
// quote, never as an amount or an empty cell; a pending account's hidden prices keep their own text.

const address = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const drumLine = (overrides: Partial<QuoteDraftLine> = {}): QuoteDraftLine => ({
  id: 7, productId: 152, variantId: 301, variantSku: 'HS-1152', productName: 'Ethanol, absolute, 200 L drum', primaryImage: null,
  productUrl: '/products/ethanol-absolute-200-l-drum/', quantity: 2, optionList: '[]', options: [],
  basePrice: null, calculatedValue: null, lineTotal: null, lineTotalWithTax: null, priceError: null, priceOnRequest: true,
  ...overrides,
});

const saltLine = (): QuoteDraftLine => ({
  id: 8, productId: 55, variantId: 90, variantSku: 'HS-1055-500G', productName: 'Sodium chloride', primaryImage: null,
  productUrl: '/products/sodium-chloride/', quantity: 1, optionList: '[]', options: [],
  basePrice: '30.00', calculatedValue: '30.00', lineTotal: '30.00', lineTotalWithTax: '31.88', priceError: null, priceOnRequest: false,
});

const draft = (products: QuoteDraftLine[], overrides: Partial<QuoteDraft> = {}): QuoteDraft => ({
  draftKey: 'key-1', id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: '', email: '', companyName: '', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), fileInfo: [], products,
  totals: { subtotal: null, tax: null, grandTotal: null },
  ...overrides,
});

const DRUM: QuoteSearchProduct = {
  id: 152, name: 'Ethanol, absolute, 200 L drum', sku: 'HS-1152', casNumber: '64-17-5', availability: 'disabled', priceOnRequest: true,
  imageUrl: null, productUrl: '/products/ethanol-absolute-200-l-drum/',
  variants: [{ variantId: 301, sku: 'HS-1152', purchasingDisabled: false, imageUrl: null, calculatedPrice: null, optionValues: [] }],
  allOptions: [],
};

async function openDraft(value: QuoteDraft, handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
  mockGraphQL({ QuoteDraft: { data: { quoteDraft: value } }, ...handlers });
  renderPortal('/quoteDraft');
  await screen.findByRole('heading', { name: 'Quote draft' });
  return userEvent.setup({ delay: null });
}

const drumQuoteLine = (overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 5, productId: 152, variantId: 301, sku: 'HS-1152', productName: 'Ethanol, absolute, 200 L drum', primaryImage: null,
  quantity: 2, options: [], priceOnRequest: true, originalPrice: null, quotedPrice: null, discountedPrice: null, taxRate: '6.25',
  originalTotal: null, quotedTotal: null,
  ...overrides,
});

const quoteDetail = (lines: QuoteLine[], overrides: Partial<QuoteDetail> = {}): QuoteDetail => ({
  id: 12, number: 'Q-100001', title: '', status: 'open', revision: 0, isPriced: false,
  issuedOn: '2026-03-01T10:00:00Z', expiresOn: '2099-12-31', currencyCode: 'USD', companyName: 'Acme Labs', note: '', orderNumber: null,
  salesRep: null, createdBy: { name: 'Sam Senior', email: 'senior@acme.test' },
  contactInfo: { name: 'Sam Senior', email: 'senior@acme.test', companyName: 'Acme Labs', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), lines,
  summary: { originalSubtotal: null, discount: null, discountPercent: '0.00', quotedSubtotal: null, shipping: null, tax: null, grandTotal: null },
  messages: [], attachments: [],
  revisions: [{ number: 0, createdAt: '2026-03-01T10:00:00Z', bySupplier: false, automatic: false, updatedBy: null, message: '', changes: [] }],
  canMessage: true, canDownloadPdf: true, canCheckout: false,
  ...overrides,
});

async function openQuote(value: QuoteDetail) {
  setB2BToken('tok');
  mockGraphQL({ CustomerInfo: customerResult(), Quote: { data: { quote: value } } });
  renderPortal('/quoteDetail/12');
  await screen.findByRole('heading', { level: 1, name: `Quote ${value.number}` });
}

describe('price on request (issue 13)', () => {
  afterEach(() => window.localStorage.clear());

  it('says “Price on request” for the line and the grand total of the draft, with no amount', async () => {
    await openDraft(draft([drumLine(), saltLine()]));
    const table = await screen.findByRole('table', { name: 'Products' });
    const drumRow = within(table).getByRole('row', { name: /Ethanol, absolute, 200 L drum/ });
    expect(within(drumRow).getAllByText('Price on request')).toHaveLength(2); // the unit price and the line total
    expect(drumRow).not.toHaveTextContent('$');
    const saltRow = within(table).getByRole('row', { name: /Sodium chloride/ });
    expect(saltRow).toHaveTextContent('$30.00');

    expect(screen.getByTestId('quote-grand-total')).toHaveTextContent(/^Price on request$/);
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent(/^—$/);
    expect(screen.getByTestId('quote-tax')).toHaveTextContent(/^—$/);
    expect(screen.getByText('The supplier prices the products marked “Price on request” in their quote.')).toBeInTheDocument();
    expect(screen.queryByText('Price error')).not.toBeInTheDocument();
  });

  it('keeps the pending account’s own text for the totals when prices are hidden', async () => {
    await openDraft(draft([drumLine(), saltLine()], { pricesHidden: true }));
    expect(await screen.findByText('Prices will be shown after your account is approved.')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-grand-total')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(within(table).getByRole('row', { name: /200 L drum/ })).getAllByText('Price on request')).toHaveLength(2);
  });

  it('says “Price on request” in the draft’s product search, for the suggestion and the chosen product', async () => {
    const user = await openDraft(draft([]), { ProductSearch: { data: { productsSearch: [DRUM] } } });
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'HS-1152');
    const suggestion = await screen.findByRole('option', { name: /Ethanol, absolute, 200 L drum/ });
    expect(suggestion).toHaveTextContent('Price on request');
    expect(suggestion).not.toHaveTextContent('$');
    await user.click(suggestion);
    const chosen = screen.getByRole('group', { name: 'Chosen product' });
    expect(within(chosen).getByTestId('quote-search-variant')).toHaveTextContent(/^SKU: HS-1152 · Price on request$/);
  });

  it('shows a quote’s price on request as such until the supplier prices it', async () => {
    await openQuote(quoteDetail([drumQuoteLine()]));
    const table = screen.getByRole('table', { name: 'Products' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Ethanol, absolute, 200 L drumSKU: HS-1152',
      '2',
      'Price on request',
      'Awaiting price',
      'Price on request',
    ]);
    expect(screen.getByTestId('quote-summary-original-subtotal')).toHaveTextContent(/^Price on request$/);
    expect(screen.getByTestId('quote-summary-grand-total')).toHaveTextContent(/^Awaiting price$/);
  });

  it('reads the supplier’s first price of a price on request against “Price on request”, not as a discount', async () => {
    const priced = drumQuoteLine({ originalPrice: '2400.00', quotedPrice: '2400.00', discountedPrice: '2400.00', originalTotal: '4800.00', quotedTotal: '4800.00' });
    await openQuote(
      quoteDetail([priced], {
        revision: 1, isPriced: true, canCheckout: true,
        summary: { originalSubtotal: '4800.00', discount: '0.00', discountPercent: '0.00', quotedSubtotal: '4800.00', shipping: null, tax: '300.00', grandTotal: '5100.00' },
        revisions: [
          { number: 0, createdAt: '2026-03-01T10:00:00Z', bySupplier: false, automatic: false, updatedBy: null, message: '', changes: [] },
          {
            number: 1, createdAt: '2026-03-02T10:00:00Z', bySupplier: true, automatic: false, updatedBy: 'Rita Rep', message: '',
            changes: [{ field: 'price', lineId: 5, sku: 'HS-1152', productName: 'Ethanol, absolute, 200 L drum', before: null, after: '2400.00' }],
          },
        ],
      }),
    );
    const changes = screen.getByRole('list', { name: 'Changes in revision 1' });
    expect(changes).toHaveTextContent('Unit price: Price on request → $2,400.00');
    const [, row] = within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row');
    expect(within(row!).getAllByRole('cell')[2]).toHaveTextContent(/^\$2,400\.00$/); // no struck-through "previous" price
  });
});
