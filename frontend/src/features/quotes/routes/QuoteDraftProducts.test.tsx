import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import type { ProductOption } from '../../../lib/productOptions';
import { mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { QuoteAddress, QuoteDraft, QuoteDraftLine } from '../api/draftFields';
import type { SearchProduct as QuoteSearchProduct } from '../../../lib/productSearch';

// The draft's product search and the options dialog of a line (issue 6: "Add products inside the draft: search",
// "editable quantities and options").

const address = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const config = (): ProductOption['config'] => ({
  textMinLength: null, textMaxLength: null, textMaxLines: null, numberLimited: false, numberLimitMode: '', numberLowestValue: null,
  numberHighestValue: null, numberIntegersOnly: false, defaultValue: '', checkboxLabel: '', checkedByDefault: false, fileMaxSize: null,
  fileTypes: [],
});

const value = (id: number, label: string) => ({ id, label, sortOrder: id, isDefault: false, valueData: {} });

const PACK_SIZE: ProductOption = {
  id: 3, type: 'dropdown', displayName: 'Pack size', required: true, isVariantOption: true, sortOrder: 1, config: config(),
  optionValues: [value(11, '500 mL'), value(12, '1 L')],
};
const GRADE: ProductOption = {
  id: 5, type: 'dropdown', displayName: 'Certificate', required: true, isVariantOption: false, sortOrder: 2, config: config(),
  optionValues: [value(21, 'Standard'), value(22, 'Traceable')],
};

const ETHANOL: QuoteSearchProduct = {
  id: 42, name: 'Ethanol absolute 99.8%', sku: 'HS-ETH', casNumber: '64-17-5', availability: 'available', priceOnRequest: false, imageUrl: null,
  productUrl: '/products/ethanol-absolute-998/',
  variants: [
    { variantId: 77, sku: 'HS-ETH-500', purchasingDisabled: false, imageUrl: null, calculatedPrice: '20.00', optionValues: [{ id: 11, optionId: 3, label: '500 mL' }] },
    { variantId: 78, sku: 'HS-ETH-1L', purchasingDisabled: false, imageUrl: null, calculatedPrice: '35.00', optionValues: [{ id: 12, optionId: 3, label: '1 L' }] },
  ],
  allOptions: [PACK_SIZE, GRADE],
};

const line = (overrides: Partial<QuoteDraftLine> = {}): QuoteDraftLine => ({
  id: 5, productId: 42, variantId: 77, variantSku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', primaryImage: null,
  productUrl: '/products/ethanol-absolute-998/', quantity: 2, optionList: '[{"optionId": 5, "optionValue": "21"}]',
  options: [{ optionId: 3, optionName: 'Pack size', value: '500 mL' }, { optionId: 5, optionName: 'Certificate', value: 'Standard' }],
  basePrice: '20.00', calculatedValue: '20.00', lineTotal: '40.00', lineTotalWithTax: '42.50', priceError: null, priceOnRequest: false,
  ...overrides,
});

const draft = (products: QuoteDraftLine[]): QuoteDraft => ({
  draftKey: 'key-1', id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: '', email: '', companyName: '', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), fileInfo: [], products,
  totals: { subtotal: '40.00', tax: '2.50', grandTotal: '42.50' },
});

const payload = (name: string, value: QuoteDraft) => ({ data: { [name]: { message: '', draft: value } } });
const toastTexts = () => getToasts().map((item) => item.message);

async function openDraft(handlers: Parameters<typeof mockGraphQL>[0], products: QuoteDraftLine[] = []) {
  window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
  const server = mockGraphQL({ QuoteDraft: { data: { quoteDraft: draft(products) } }, ...handlers });
  renderPortal('/quoteDraft');
  await screen.findByRole('heading', { name: 'Quote draft' });
  return { server, user: userEvent.setup({ delay: null }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('quote draft: products by search and their options (issue 6)', () => {
  it('finds a product by its CAS number, checks its options and adds the chosen variant', async () => {
    const { server, user } = await openDraft({
      ProductSearch: (variables) => ({ data: { productsSearch: variables.search === '64-17-5' ? [ETHANOL] : [] } }),
      QuoteDraftAddLines: payload('quoteDraftAddLines', draft([line()])),
    });
    const search = await screen.findByRole('combobox', { name: 'Search products' });
    expect(search).toHaveAttribute('maxlength', '200'); // what the catalog search takes
    await user.type(search, '6');
    expect(await screen.findByText('Type at least 2 characters.')).toBeInTheDocument();
    await user.type(search, '4-17-5');
    await user.click(await screen.findByRole('option', { name: /Ethanol absolute 99\.8%/ }));
    expect(server.callsTo('ProductSearch').at(-1)!.variables).toEqual({ search: '64-17-5', first: 8 });

    const chosen = screen.getByRole('group', { name: 'Chosen product' });
    expect(within(chosen).getByTestId('quote-search-variant')).toHaveTextContent('Choose the options to see the SKU and price.');
    // Nothing is sent while a required option is empty (business §5).
    await user.click(within(chosen).getByRole('button', { name: 'Add to quote' }));
    expect(await within(chosen).findByText('Please fill out product options first.')).toBeInTheDocument();
    expect(server.callsTo('QuoteDraftAddLines')).toHaveLength(0);

    await choose(user, chosen, /^Pack size/, '1 L');
    expect(within(chosen).getByTestId('quote-search-variant')).toHaveTextContent('SKU: HS-ETH-1L · $35.00');
    await choose(user, chosen, /^Certificate/, 'Traceable');
    await user.click(within(chosen).getByRole('button', { name: 'Add to quote' }));

    await waitFor(() => expect(server.callsTo('QuoteDraftAddLines')).toHaveLength(1));
    expect(server.callsTo('QuoteDraftAddLines')[0]!.variables).toMatchObject({
      draftKey: 'key-1',
      source: 'QUOTE_DRAFT',
      lines: [{ productId: 42, variantId: 78, quantity: 1, options: [{ optionId: 3, value: '12' }, { optionId: 5, value: '22' }] }],
    });
    await waitFor(() => expect(toastTexts()).toContain('Product was added to your quote.'));
    expect(screen.queryByRole('group', { name: 'Chosen product' })).not.toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('says when nothing matches, and shows the server’s word on an option', async () => {
    const { user } = await openDraft({
      ProductSearch: (variables) => ({ data: { productsSearch: variables.search === 'ethanol' ? [ETHANOL] : [] } }),
      QuoteDraftAddLines: {
        errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { 'lines.0.options.5': ['Please choose a valid value in Certificate.'] } } }],
      },
    });
    const search = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(search, 'xylene');
    expect(await screen.findByText('No products match “xylene”.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ethanol');
    await user.click(await screen.findByRole('option', { name: /Ethanol absolute 99\.8%/ }));
    const chosen = screen.getByRole('group', { name: 'Chosen product' });
    await choose(user, chosen, /^Pack size/, '500 mL');
    await choose(user, chosen, /^Certificate/, 'Standard');
    await user.click(within(chosen).getByRole('button', { name: 'Add to quote' }));
    expect(await within(chosen).findByText('Please choose a valid value in Certificate.')).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('edits the options of a line: the variant follows the variant options', async () => {
    let attempt = 0;
    const { server, user } = await openDraft(
      {
        ProductSearch: { data: { productsSearch: [ETHANOL] } },
        QuoteDraftUpdateLine: () => {
          attempt += 1;
          if (attempt === 1) {
            return { errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { 'options.5': ['Please choose a valid value in Certificate.'] } } }] };
          }
          return payload('quoteDraftUpdateLine', draft([line({ variantId: 78, variantSku: 'HS-ETH-1L' })]));
        },
      },
      [line()],
    );
    await user.click(await screen.findByRole('button', { name: 'Edit options of Ethanol absolute 99.8%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Options of Ethanol absolute 99.8%' });
    expect(server.callsTo('ProductSearch')[0]!.variables).toEqual({ productIds: [42], first: 1 });
    // The line's own choices to start from.
    expect(await within(dialog).findByRole('combobox', { name: /^Pack size/ })).toHaveTextContent('500 mL');
    expect(within(dialog).getByRole('combobox', { name: /^Certificate/ })).toHaveTextContent('Standard');

    await choose(user, dialog, /^Pack size/, '1 L');
    expect(within(dialog).getByText('SKU: HS-ETH-1L')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save options' }));
    expect(await within(dialog).findByText('Please choose a valid value in Certificate.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save options' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Options of/ })).not.toBeInTheDocument());
    expect(server.callsTo('QuoteDraftUpdateLine').at(-1)!.variables).toEqual({
      draftKey: 'key-1',
      lineId: 5,
      options: [{ optionId: 3, value: '12' }, { optionId: 5, value: '21' }],
      variantId: 78,
    });
    expect(toastTexts()).toContain('The options of Ethanol absolute 99.8% were changed.');
  });
});
