import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { BulkUploadResult, BulkUploadValidProduct } from '../../../components/bulkUpload/types';
import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL, type GraphQLResult, type RestHandler } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { ShoppingListHeader } from '../api/shoppingListFields';

const header: ShoppingListHeader = {
  id: 12, name: 'Organic chemistry practical', description: '', status: 0, statusLabel: 'Approved', reason: null, approvedFlag: true,
  isOwner: true, companyId: 3, itemCount: 0, createdAt: '2026-03-01T12:00:00+00:00', updatedAt: '2026-03-02T12:00:00+00:00', reviewedAt: null, reviewedBy: null,
  customerInfo: { userId: 7, firstName: 'Sam', lastName: 'Senior', email: 'senior@acme.test', role: 1 }, currencyCode: 'USD', showInclusive: false,
  pricesHidden: false, isShowGrandTotal: true, subtotal: '0.00', totalTax: '0.00', grandTotal: '0.00', totalDiscount: '0.00', canEdit: true,
  canAddItems: true, canEditItems: true, canDeleteItems: true, canDelete: true, canDuplicate: true, canSubmit: false, canApprove: false, canAddToCart: true,
};

const listResult: GraphQLResult = { data: { shoppingList: { ...header, products: { totalCount: 0, edges: [] } } } };

const valid = (sku: string, qty: number, row: number, extra: Partial<BulkUploadValidProduct> = {}): BulkUploadValidProduct => ({
  sku, qty, row, rowCount: 1, productId: row, variantId: row * 10, productName: sku, optionList: [], needsOptions: false,
  stockErrorCode: null, stockError: null, availableStock: null, ...extra,
});

const STOCK_URL = 'https://api.helix.test/api/v2/products/upload/key/stock-errors.csv?token=s';

function uploadResult(validProduct: BulkUploadValidProduct[], extra: Partial<BulkUploadResult> = {}): RestHandler {
  const result: BulkUploadResult = {
    uploadId: 'key', rowCount: validProduct.length + 1, validCount: validProduct.length, errorCount: 1, validProduct,
    validRowCount: validProduct.length, errorRowCount: 1, errorProductCount: 1,
    errorProduct: [{ sku: 'HS-9999', qty: '1', row: validProduct.length + 1, error: 'This SKU is not in the catalog.', errorCode: 'unknown_sku' }],
    errorFile: null, errorFileDownloadUrl: 'https://api.helix.test/api/v2/products/upload/key/errors.csv?token=e',
    stockErrorFile: null, stockErrorFileDownloadUrl: null, stockErrorSkus: [], ...extra,
  };
  return { body: { code: 200, message: 'Validated', data: { uploadId: 'key', status: 'done', progress: 100, fileName: 'order.csv', channelId: 1, isToCart: false, withModifiers: false, error: null, result } } };
}

const added: GraphQLResult = { data: { shoppingListsItemsCreate: { message: 'Products were added to your shopping list', shoppingList: { id: 12, name: header.name, status: 0 } } } };
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);

async function uploadToList(upload: RestHandler, itemsCreate: Parameters<typeof mockGraphQL>[0][string] = added) {
  setB2BToken('tok');
  const server = mockGraphQL(
    { CustomerInfo: customerResult(customer()), ShoppingList: listResult, ShoppingListsItemsCreate: itemsCreate },
    { rest: { 'POST /api/v2/products/upload': upload } },
  );
  renderPortal('/shoppingList/12');
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const panel = await screen.findByTestId('shopping-list-add-panel');
  await user.click(within(panel).getByRole('button', { name: 'Bulk upload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
  await user.upload(within(dialog).getByLabelText('CSV file of SKUs and quantities', { selector: 'input' }), new File(['variant_sku,qty\n'], 'order.csv', { type: 'text/csv' }));
  await within(dialog).findByRole('tab', { name: 'Errors (1)' });
  return { server, user, dialog, panel };
}

describe('bulk upload into a shopping list (issue 19)', () => {
  it('adds the valid lines in one call, beyond-stock lines included, then says so and links the stock error file', async () => {
    const lines = [
      valid('HS-1001-500ML', 6, 1, { optionList: [{ optionId: 40, optionValue: '97' }] }),
      valid('HS-1055-100G', 50, 2, { stockErrorCode: 'out_of_stock', stockError: 'This product is out of stock.', availableStock: 0 }),
    ];
    const { server, user, dialog, panel } = await uploadToList(uploadResult(lines, { stockErrorSkus: ['HS-1055-100G'], stockErrorFileDownloadUrl: STOCK_URL }));
    const listFetches = server.callsTo('ShoppingList').length;
    await user.click(within(dialog).getByRole('button', { name: 'add to list' }));

    await waitFor(() => expect(server.callsTo('ShoppingListsItemsCreate')).toHaveLength(1));
    expect(server.callsTo('ShoppingListsItemsCreate')[0]!.variables).toEqual({
      shoppingListId: 12,
      items: [
        { productId: 1, variantId: 10, quantity: 6, options: [{ optionId: 40, optionValue: '97' }] },
        { productId: 2, variantId: 20, quantity: 50, options: [] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk upload' })).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['success: Products were added to your shopping list']);
    await waitFor(() => expect(server.callsTo('ShoppingList').length).toBeGreaterThan(listFetches));
    const note = within(panel).getByTestId('bulk-upload-stock-note');
    expect(note).toHaveTextContent('1 product is beyond the available stock.');
    expect(within(note).getByRole('link', { name: 'Download the stock error file' })).toHaveAttribute('href', STOCK_URL);
    await user.click(within(note).getByRole('button', { name: 'Close' }));
    expect(within(panel).queryByTestId('bulk-upload-stock-note')).not.toBeInTheDocument();
  });

  it('keeps the results and names the line the server refuses', async () => {
    const refused: GraphQLResult = {
      errors: [{ message: 'Invalid', extensions: {
        code: 'VALIDATION_ERROR',
        fields: { 'items.1.quantity': ['The quantity of each product in a shopping list is 1-1000000.'] },
        fieldCodes: { 'items.1.quantity': ['SHOPPING_LIST_QUANTITY_OUT_OF_RANGE'] },
      } }],
    };
    const { server, user, dialog } = await uploadToList(uploadResult([valid('HS-1001-500ML', 6, 1), valid('HS-1055-100G', 999_999, 2)]), refused);
    await user.click(within(dialog).getByRole('button', { name: 'add to list' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: HS-1055-100G: The quantity of each product in a shopping list is 1-1000000.']));
    expect(server.callsTo('ShoppingListsItemsCreate')).toHaveLength(1);
    expect(within(dialog).getByRole('tab', { name: 'Valid (2)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'add to list' })).toBeEnabled();
  });

  it('sends more than 100 lines in calls of 100 (the server’s limit per call)', async () => {
    const lines = Array.from({ length: 150 }, (_, index) => valid(`SKU-${index + 1}`, 1, index + 1));
    const { server, user, dialog } = await uploadToList(uploadResult(lines));
    await user.click(within(dialog).getByRole('button', { name: 'add to list' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk upload' })).not.toBeInTheDocument());
    expect(server.callsTo('ShoppingListsItemsCreate').map((call) => (call.variables.items as unknown[]).length)).toEqual([100, 50]);
    expect(toastTexts()).toEqual(['success: Products were added to your shopping list']);
  });
});
