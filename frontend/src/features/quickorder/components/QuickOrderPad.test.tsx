import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { BulkUploadResult, BulkUploadValidProduct } from '../../../components/bulkUpload/types';
import { optionValue, productOption } from '../../../components/productOptions/productOptionFixtures';
import { getToasts } from '../../../components/toast/toastStore';
import type { SearchProduct } from '../../../lib/productSearch';
import { setB2BToken } from '../../../lib/session';
import { customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { SkuCandidate, SkuLookupResult } from '../api/skuLookup';

// issue 19 quick order pad: rows looked up with skuLookup, inline errors, a pasted block, the CAS pack size choice,
// the option form, the product search, and "Add to cart" with its report.

const found = (sku: string, overrides: Partial<SkuLookupResult> = {}): SkuLookupResult => ({
  sku,
  status: 'FOUND',
  productId: 1,
  variantId: 2,
  variantSku: sku.toUpperCase(),
  productName: 'Ethanol, absolute',
  purchasable: true,
  availableStock: 60,
  needsOptions: false,
  optionList: [],
  errorCode: null,
  candidates: [],
  ...overrides,
});

const candidate = (overrides: Partial<SkuCandidate>): SkuCandidate => ({
  productId: 1, variantId: 2, sku: 'HS-1001-500ML', productName: 'Ethanol, absolute', label: '500 mL', purchasable: true, availableStock: 60, ...overrides,
});

const notFound = (sku: string): SkuLookupResult => ({ ...found(sku), status: 'NOT_FOUND', productId: null, variantId: null, variantSku: null, productName: null, purchasable: false, availableStock: null, errorCode: 'unknown_sku' });

const CATALOG: Record<string, SkuLookupResult> = {
  'HS-1001-500ML': found('HS-1001-500ML'),
  'HS-1055-100G': found('HS-1055-100G', { productId: 35, variantId: 112, productName: 'Sodium chloride', availableStock: 200 }),
  'HS-1006-1L': found('HS-1006-1L', { productId: 6, variantId: 23, productName: 'Dimethyl sulfoxide', availableStock: 0 }),
  'HS-1030-1KG': found('HS-1030-1KG', { productId: 30, variantId: 95, productName: 'Tris base', availableStock: 3 }),
  'HS-1150': found('HS-1150', { productId: 59, variantId: 184, productName: 'Custom peptide synthesis', purchasable: false, availableStock: null, errorCode: 'not_available' }),
  '56-85-9': found('56-85-9', { productId: 183, variantId: 397, variantSku: 'HS-6007', productName: 'L-Glutamine, 200 mM', availableStock: null }),
  'HS-1001': found('HS-1001', { variantId: null, needsOptions: true, availableStock: null, errorCode: 'required_options_missing' }),
  '64-17-5': {
    ...found('64-17-5'),
    status: 'AMBIGUOUS',
    productId: null,
    variantId: null,
    variantSku: null,
    productName: null,
    errorCode: 'ambiguous_sku',
    candidates: [
      candidate({}),
      candidate({ variantId: 3, sku: 'HS-1001-1L', label: '1 L', availableStock: 25 }),
      candidate({ productId: 61, variantId: 186, sku: 'HS-1152', productName: 'Ethanol, absolute, 200 L drum', label: 'HS-1152', purchasable: false, availableStock: null }),
    ],
  },
};

const ETHANOL: SearchProduct = {
  id: 1, name: 'Ethanol, absolute', sku: 'HS-1001', casNumber: '64-17-5', availability: 'available', priceOnRequest: false, imageUrl: null, productUrl: null,
  variants: [
    { variantId: 2, sku: 'HS-1001-500ML', purchasingDisabled: false, imageUrl: null, calculatedPrice: '103.36', optionValues: [{ id: 11, optionId: 3, label: '500 mL' }] },
    { variantId: 3, sku: 'HS-1001-1L', purchasingDisabled: false, imageUrl: null, calculatedPrice: '174.42', optionValues: [{ id: 12, optionId: 3, label: '1 L' }] },
  ],
  allOptions: [
    productOption(3, 'rectangles', 'Pack size', { required: true, isVariantOption: true, optionValues: [optionValue(11, '500 mL'), optionValue(12, '1 L')] }),
    productOption(9, 'dropdown', 'Certificate', { optionValues: [optionValue(31, 'Printed'), optionValue(32, 'PDF only')] }),
  ],
};

type Handlers = Parameters<typeof mockGraphQL>[0];

const valid = (sku: string, qty: number, row: number, extra: Partial<BulkUploadValidProduct> = {}): BulkUploadValidProduct => ({
  sku, qty, row, rowCount: 1, productId: row, variantId: row * 10, productName: `Product ${row}`, optionList: [], needsOptions: false,
  stockErrorCode: null, stockError: null, availableStock: null, ...extra,
});

/** The file edge's answer (docs/api.md "The file"): validated in the request. */
function uploaded(validProduct: BulkUploadValidProduct[]) {
  const result: BulkUploadResult = {
    uploadId: 'key', rowCount: validProduct.length + 3, validCount: validProduct.length, errorCount: 3, validProduct,
    validRowCount: validProduct.length, errorRowCount: 3, errorProductCount: 3,
    errorProduct: [
      { sku: 'HS-9999', qty: '1', row: 3, error: 'This SKU is not in the catalog.', errorCode: 'unknown_sku' },
      { sku: 'HS-1055-100G', qty: 'ten', row: 4, error: 'Enter a whole number from 1 to 1,000,000.', errorCode: 'invalid_quantity' },
      { sku: 'HS-1006-1L', qty: '2', row: 5, error: 'This product is out of stock.', errorCode: 'out_of_stock' },
    ],
    errorFile: null, errorFileDownloadUrl: 'https://api.helix.test/api/v2/products/upload/key/errors.csv?token=e',
    stockErrorFile: null, stockErrorFileDownloadUrl: 'https://api.helix.test/api/v2/products/upload/key/stock-errors.csv?token=s', stockErrorSkus: ['HS-1006-1L'],
  };
  return { body: { code: 200, message: 'Validated', data: { uploadId: 'key', status: 'done', progress: 100, fileName: 'order.csv', channelId: 1, isToCart: true, withModifiers: false, error: null, result } } };
}

async function openPad(handlers: Handlers = {}) {
  setB2BToken('tok');
  const server = mockGraphQL(
    {
      CustomerInfo: customerResult(),
      PurchasedProducts: { data: { purchasedProducts: { totalCount: 0, edges: [] } } },
      SkuLookup: (variables) => ({ data: { skuLookup: (variables.skus as string[]).map((sku) => CATALOG[sku.toUpperCase()] ?? CATALOG[sku] ?? notFound(sku)) } }),
      ProductSearch: (variables) => ({ data: { productsSearch: variables.search === 'ethanol' || (variables.productIds as number[] | undefined)?.includes(1) ? [ETHANOL] : [] } }),
      QuickOrderAddCartLineItems: { data: { addCartLineItems: { entityId: 'cart-7' } } },
      ...handlers,
    },
    {
      rest: {
        'GET /cart.php': { body: '<html><body><div data-cart-id="cart-7"></div></body></html>' },
        'POST /api/v2/products/upload': uploaded([valid('HS-1001-500ML', 2, 1, { optionList: [{ optionId: 40, optionValue: '97' }] }), valid('HS-1030-100G', 5, 2)]),
      },
    },
  );
  renderPortal('/purchased-products');
  const pad = await screen.findByRole('complementary', { name: 'Quick order pad' });
  return { server, pad, user: userEvent.setup({ delay: null }) };
}

const skuField = (pad: HTMLElement, n: number) => within(pad).getByRole('textbox', { name: `SKU, row ${n}` });
const quantityField = (pad: HTMLElement, n: number) => within(pad).getByRole('spinbutton', { name: `Quantity, row ${n}` });
const row = (pad: HTMLElement, n: number) => within(pad).getByRole('group', { name: `Row ${n}` });
const lineItems = (server: ReturnType<typeof mockGraphQL>) =>
  server.callsTo('QuickOrderAddCartLineItems').map((call) => (call.variables.addCartLineItemsInput as { data: { lineItems: unknown[] } }).data.lineItems);

describe('quick order pad (issue 19)', () => {
  it('opens with five rows and shows five more on request', async () => {
    const { pad, user } = await openPad();
    expect(within(pad).getAllByRole('textbox', { name: /^SKU, row/ })).toHaveLength(5);
    await user.click(within(pad).getByRole('button', { name: 'Show more rows' }));
    expect(within(pad).getAllByRole('textbox', { name: /^SKU, row/ })).toHaveLength(10);
    expect(skuField(pad, 10)).toHaveValue('');
  });

  it('fills one row per line of a pasted block, looks the SKUs up at once and flags each row that cannot be added', async () => {
    const { server, pad, user } = await openPad();
    await user.click(skuField(pad, 1));
    await user.paste('SKU\tQty\nHS-1001-500ML\t2\nHS-9999\t1\nHS-1006-1L\t1\nHS-1030-1KG\t5\nHS-1055-100G\t0\nHS-1150\t1\n');

    expect(within(pad).getByText('6 rows pasted.')).toBeInTheDocument();
    expect([1, 2, 3, 4, 5, 6].map((n) => (skuField(pad, n) as HTMLInputElement).value)).toEqual(['HS-1001-500ML', 'HS-9999', 'HS-1006-1L', 'HS-1030-1KG', 'HS-1055-100G', 'HS-1150']);
    expect(quantityField(pad, 1)).toHaveValue(2);
    // One lookup for the whole block.
    await waitFor(() => expect(row(pad, 2)).toHaveAccessibleDescription('This SKU is not in the catalog.'));
    expect(server.callsTo('SkuLookup').map((call) => call.variables)).toEqual([{ skus: ['HS-1001-500ML', 'HS-9999', 'HS-1006-1L', 'HS-1030-1KG', 'HS-1055-100G', 'HS-1150'] }]);

    expect(row(pad, 1)).toHaveTextContent('Ethanol, absolute · HS-1001-500ML');
    expect(skuField(pad, 2)).toHaveAttribute('aria-invalid', 'true');
    expect(row(pad, 3)).toHaveAccessibleDescription('This product is out of stock.');
    expect(row(pad, 4)).toHaveAccessibleDescription('Only 3 in stock.');
    expect(row(pad, 5)).toHaveAccessibleDescription('Enter a whole number from 1 to 1,000,000.');
    expect(row(pad, 6)).toHaveAccessibleDescription('This product can’t be bought online.');
    // A row is kept empty below the block, to type the next SKU into.
    expect(skuField(pad, 7)).toHaveValue('');
  });

  it('adds the rows that can be added, reports them, and keeps the others in the pad', async () => {
    const { server, pad, user } = await openPad();
    await user.click(skuField(pad, 1));
    await user.paste('HS-1001-500ML,2\nHS-9999,1\nHS-1055-100G,4\n56-85-9,1');
    await waitFor(() => expect(row(pad, 2)).toHaveAccessibleDescription('This SKU is not in the catalog.'));
    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));

    const report = await screen.findByRole('dialog', { name: '3 products added to your cart' });
    expect(lineItems(server)).toEqual([
      [
        { productEntityId: 1, variantEntityId: 2, quantity: 2, selectedOptions: [] },
        { productEntityId: 35, variantEntityId: 112, quantity: 4, selectedOptions: [] },
        // A CAS number of a single pack size is that pack size.
        { productEntityId: 183, variantEntityId: 397, quantity: 1, selectedOptions: [] },
      ],
    ]);
    expect(within(within(report).getByTestId('transfer-added')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 × Ethanol, absolute (HS-1001-500ML)',
      '4 × Sodium chloride (HS-1055-100G)',
      '1 × L-Glutamine, 200 mM (HS-6007)',
    ]);
    expect(report).toHaveTextContent('1 row of the pad was not added: it stays there, marked.');
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    // What went in left the pad; the unknown SKU stays, first, with its error.
    expect(skuField(pad, 1)).toHaveValue('HS-9999');
    expect(row(pad, 1)).toHaveAccessibleDescription('This SKU is not in the catalog.');
    expect(within(pad).getAllByRole('textbox', { name: /^SKU, row/ })).toHaveLength(5);
  });

  it('asks which pack size a CAS number of several means, then looks the chosen one up', async () => {
    const { server, pad, user } = await openPad();
    await user.type(skuField(pad, 1), '64-17-5');
    await user.tab();
    await waitFor(() => expect(row(pad, 1)).toHaveAccessibleDescription('This CAS number names several pack sizes: choose one.'));

    const packSize = within(pad).getByRole('combobox', { name: 'Pack size, row 1' });
    expect(within(packSize).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a pack size',
      'Ethanol, absolute — 500 mL · HS-1001-500ML',
      'Ethanol, absolute — 1 L · HS-1001-1L',
      'Ethanol, absolute, 200 L drum — HS-1152 (not for sale online)',
    ]);
    await user.selectOptions(packSize, 'HS-1001-1L');
    expect(skuField(pad, 1)).toHaveValue('HS-1001-1L');
    await waitFor(() => expect(server.callsTo('SkuLookup').at(-1)!.variables).toEqual({ skus: ['HS-1001-1L'] }));
    await waitFor(() => expect(within(pad).queryByRole('combobox', { name: 'Pack size, row 1' })).not.toBeInTheDocument());
  });

  it('opens the option form for a product that needs options and adds it with the modifiers only', async () => {
    const { server, pad, user } = await openPad();
    await user.type(skuField(pad, 1), 'HS-1001');
    await user.tab();
    await waitFor(() => expect(row(pad, 1)).toHaveAccessibleDescription('Choose this product’s options first.'));
    await user.click(within(row(pad, 1)).getByRole('button', { name: 'Choose options' }));

    const dialog = await screen.findByRole('dialog', { name: 'Options of Ethanol, absolute' });
    await user.click(await within(dialog).findByRole('radio', { name: '1 L' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Certificate/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Printed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save options' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Options of Ethanol, absolute' })).not.toBeInTheDocument());
    await waitFor(() => expect(row(pad, 1)).toHaveTextContent('options chosen'));
    expect(row(pad, 1)).not.toHaveAccessibleDescription();

    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: '1 product added to your cart' });
    // The pack size is the variant; the certificate goes as its value id.
    expect(lineItems(server)).toEqual([[{ productEntityId: 1, variantEntityId: 3, quantity: 1, selectedOptions: [{ optionEntityId: 9, optionValueEntityId: 31 }] }]]);
  });

  it('puts a product found by the search into the first empty row', async () => {
    const { pad, user } = await openPad();
    await user.type(skuField(pad, 1), 'HS-1055-100G');
    await user.type(within(pad).getByRole('combobox', { name: 'Search products' }), 'ethanol');
    await user.click(await screen.findByRole('option', { name: /Ethanol, absolute/ }));
    await user.click(within(pad).getByRole('radio', { name: '500 mL' }));
    await user.click(within(pad).getByRole('button', { name: 'Add to pad' }));

    await waitFor(() => expect(skuField(pad, 2)).toHaveValue('HS-1001-500ML'));
    expect(within(pad).getByText('Ethanol, absolute was added to the pad.')).toBeInTheDocument();
    await waitFor(() => expect(row(pad, 2)).toHaveTextContent('Ethanol, absolute · HS-1001-500ML · options chosen'));
  });

  it('asks for a SKU when every row is empty, and looks up what was typed but not checked yet before adding', async () => {
    const { server, pad, user } = await openPad();
    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    expect(within(pad).getByRole('alert')).toHaveTextContent('Enter at least one SKU.');

    await user.type(skuField(pad, 1), 'HS-9999');
    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(within(pad).getByRole('alert')).toHaveTextContent('1 row needs attention: correct it or clear it.'));
    expect(server.callsTo('SkuLookup').map((call) => call.variables)).toEqual([{ skus: ['HS-9999'] }]);
    expect(server.callsTo('QuickOrderAddCartLineItems')).toHaveLength(0);
    await waitFor(() => expect(skuField(pad, 1)).toHaveFocus());
  });

  it('says when a SKU could not be checked, and checks it again when adding', async () => {
    let down = true;
    const { pad, user } = await openPad({
      SkuLookup: (variables) =>
        down ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } : { data: { skuLookup: (variables.skus as string[]).map((sku) => CATALOG[sku]!) } },
    });
    await user.type(skuField(pad, 1), 'HS-1001-500ML');
    await user.tab();
    await waitFor(() => expect(row(pad, 1)).toHaveAccessibleDescription('This SKU couldn’t be checked. It is checked again when you add.'));
    down = false;
    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: '1 product added to your cart' });
  });

  it('keeps the rows when the cart refuses the whole request, and says why', async () => {
    const { pad, user } = await openPad({
      QuickOrderAddCartLineItems: { errors: [{ message: 'Your account cannot purchase.', extensions: { code: 'PERMISSION_DENIED' } }] },
    });
    await user.type(skuField(pad, 1), 'HS-1001-500ML');
    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Your account cannot purchase.'));
    expect(screen.queryByRole('dialog', { name: /added to your cart/ })).not.toBeInTheDocument();
    expect(skuField(pad, 1)).toHaveValue('HS-1001-500ML');
  });

  it('puts the valid rows of a bulk upload into the cart (the upload checks them for the cart)', async () => {
    const { server, pad } = await openPad({ ProductSearch: { data: { productsSearch: [] } } });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(within(pad).getByRole('button', { name: 'Bulk upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
    await user.upload(within(dialog).getByLabelText('CSV file of SKUs and quantities', { selector: 'input' }), new File(['variant_sku,qty\n'], 'order.csv', { type: 'text/csv' }));
    await within(dialog).findByRole('tab', { name: 'Errors (3)' });
    const sent = server.restCallsTo('POST', '/api/v2/products/upload')[0]!;
    expect(sent.url).toBe('https://api.helix.test/api/v2/products/upload');

    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    const report = await screen.findByRole('dialog', { name: '2 products added to your cart' });
    expect(lineItems(server)).toEqual([
      [
        { productEntityId: 1, variantEntityId: 10, quantity: 2, selectedOptions: [{ optionEntityId: 40, optionValueEntityId: 97 }] },
        { productEntityId: 2, variantEntityId: 20, quantity: 5, selectedOptions: [] },
      ],
    ]);
    expect(screen.queryByRole('dialog', { name: 'Bulk upload' })).not.toBeInTheDocument();
    expect(within(report).getByRole('link', { name: 'Download the products beyond the stock (CSV)' })).toHaveAttribute(
      'href',
      'https://api.helix.test/api/v2/products/upload/key/stock-errors.csv?token=s',
    );
  });
});
