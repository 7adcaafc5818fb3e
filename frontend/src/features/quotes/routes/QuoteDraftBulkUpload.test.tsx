import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { BulkUploadResult, BulkUploadValidProduct } from '../../../components/bulkUpload/types';
import { getToasts } from '../../../components/toast/toastStore';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import { mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { QuoteAddress, QuoteDraft } from '../api/draftFields';

// issue 19: the bulk upload dialog beside the draft's quick add; its valid lines join the draft in one call.

const address = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const draft = (): QuoteDraft => ({
  draftKey: 'key-1', id: 9, cartId: null, currencyCode: 'EUR', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: '', email: '', companyName: '', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), fileInfo: [], products: [], totals: { subtotal: '0.00', tax: '0.00', grandTotal: '0.00' },
});

const valid = (sku: string, qty: number, row: number, extra: Partial<BulkUploadValidProduct> = {}): BulkUploadValidProduct => ({
  sku, qty, row, rowCount: 1, productId: row, variantId: row * 10, productName: sku, optionList: [], needsOptions: false,
  stockErrorCode: null, stockError: null, availableStock: null, ...extra,
});

const result = (validProduct: BulkUploadValidProduct[]): BulkUploadResult => ({
  uploadId: 'guest-key', rowCount: validProduct.length, validCount: validProduct.length, errorCount: 0, validProduct, errorProduct: [],
  validRowCount: validProduct.length, errorRowCount: 0, errorProductCount: 0,
  errorFile: null, errorFileDownloadUrl: null, stockErrorFile: null, stockErrorFileDownloadUrl: null, stockErrorSkus: [],
});

describe('quote draft: bulk upload (issue 19)', () => {
  it('a guest uploads without a channel and adds the valid lines to the draft with "Add to quote"', async () => {
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const lines = [valid('HS-1001-500ML', 2, 1, { optionList: [{ optionId: 5, optionValue: '21' }] }), valid('HS-1055-100G', 10, 2)];
    const server = mockGraphQL(
      {
        QuoteDraft: { data: { quoteDraft: draft() } },
        QuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: draft() } } },
      },
      { rest: { 'POST /api/v2/products/upload': { body: { code: 200, message: 'Validated', data: { uploadId: 'guest-key', status: 'done', progress: 100, fileName: 'quote.csv', channelId: null, isToCart: false, withModifiers: false, error: null, result: result(lines) } } } } },
    );
    renderPortal('/quoteDraft');
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await screen.findByRole('heading', { name: 'Quick add by SKU' });
    await user.click(screen.getByRole('button', { name: 'Bulk upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
    await user.upload(within(dialog).getByLabelText('CSV file of SKUs and quantities', { selector: 'input' }), new File(['variant_sku,qty\n'], 'quote.csv', { type: 'text/csv' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add to quote' }));

    await waitFor(() => expect(server.callsTo('QuoteDraftAddLines')).toHaveLength(1));
    expect(server.callsTo('QuoteDraftAddLines')[0]!.variables).toEqual({
      draftKey: 'key-1',
      source: 'QUOTE_DRAFT',
      channelId: 1,
      lines: [
        { productId: 1, variantId: 10, quantity: 2, options: [{ optionId: 5, value: '21' }] },
        { productId: 2, variantId: 20, quantity: 10, options: [] },
      ],
    });
    const upload = server.restCallsTo('POST', '/api/v2/products/upload');
    expect(upload).toHaveLength(1);
    expect(upload[0]!.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk upload' })).not.toBeInTheDocument());
    expect(getToasts().map((item) => `${item.type}: ${item.message}`)).toEqual(['success: Product was added to your quote.']);
  });
});
