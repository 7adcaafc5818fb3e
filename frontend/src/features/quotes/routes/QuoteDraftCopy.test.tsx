import { screen, waitFor } from '@testing-library/react';

import { QUOTE_DRAFT_COPY_STORAGE_KEY, draftCopyOwner, readDraftCopy, writeDraftCopy } from '../../../lib/quoteDraftCopy';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import { clearB2BToken, setB2BToken } from '../../../lib/session';
import { customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { QuoteAddress, QuoteDraft, QuoteDraftLine } from '../api/draftFields';

// The overlay's local copy of the draft (issue 6: "the overlay keeps a local copy for instant response").

const address = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const line = (id: number, productName: string): QuoteDraftLine => ({
  id, productId: id, variantId: id, variantSku: `HS-${id}`, productName, primaryImage: null, productUrl: `/products/${id}/`, quantity: 1,
  optionList: '[]', options: [], basePrice: '10.00', calculatedValue: '10.00', lineTotal: '10.00', lineTotalWithTax: '10.00', priceError: null,
  priceOnRequest: false,
});

const draft = (products: QuoteDraftLine[], draftKey: string | null = 'key-1'): QuoteDraft => ({
  draftKey, id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: '', email: '', companyName: '', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(), fileInfo: [], products,
  totals: { subtotal: '10.00', tax: '0.00', grandTotal: '10.00' },
});

/** A server whose QuoteDraft answer waits until `answer()` is called. */
function heldDraft(value: QuoteDraft) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (): Promise<GraphQLResult> => {
    await held;
    return { data: { quoteDraft: value } };
  };
  return { handler, answer: () => release() };
}

describe('the local copy of the quote draft (issue 6)', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the copy at once, not editable, until the server’s draft replaces it — and keeps that as the copy', async () => {
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const owner = draftCopyOwner(null, 'key-1');
    writeDraftCopy(owner, draft([line(1, 'Pipette tips, 200 µL')]));
    const server = heldDraft(draft([line(1, 'Pipette tips, 200 µL'), line(2, 'Acetone, HPLC grade')]));
    mockGraphQL({ QuoteDraft: server.handler });
    renderPortal('/quoteDraft');

    expect(await screen.findByRole('link', { name: 'Pipette tips, 200 µL' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Bringing your quote up to date' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Pipette tips, 200 µL' })).toBeDisabled();

    server.answer();
    expect(await screen.findByRole('link', { name: 'Acetone, HPLC grade' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Bringing your quote up to date' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeEnabled();
    await waitFor(() => expect(readDraftCopy<QuoteDraft>(owner)?.products).toHaveLength(2));
  });

  it('never shows another owner’s copy: a different guest key or a signed-in session', async () => {
    writeDraftCopy(draftCopyOwner(null, 'someone-elses-key'), draft([line(1, 'Pipette tips, 200 µL')]));
    setB2BToken('tok');
    const server = heldDraft(draft([line(2, 'Acetone, HPLC grade')], null));
    mockGraphQL({ CustomerInfo: customerResult(), QuoteDraft: server.handler });
    renderPortal('/quoteDraft');

    expect(await screen.findByRole('progressbar', { name: 'Loading your quote' })).toBeInTheDocument();
    expect(screen.queryByText('Pipette tips, 200 µL')).not.toBeInTheDocument();
    server.answer();
    expect(await screen.findByRole('link', { name: 'Acetone, HPLC grade' })).toBeInTheDocument();
    expect(screen.queryByText('Pipette tips, 200 µL')).not.toBeInTheDocument();
  });

  it('leaves the tab when the user signs out', () => {
    setB2BToken('tok');
    writeDraftCopy(draftCopyOwner('tok', null), draft([line(1, 'Pipette tips, 200 µL')], null));
    clearB2BToken();
    expect(window.sessionStorage.getItem(QUOTE_DRAFT_COPY_STORAGE_KEY)).toBeNull();
  });

  it('reads nothing from a damaged copy', () => {
    window.sessionStorage.setItem(QUOTE_DRAFT_COPY_STORAGE_KEY, '{"owner":');
    expect(readDraftCopy(draftCopyOwner(null, 'key-1'))).toBeUndefined();
  });
});
