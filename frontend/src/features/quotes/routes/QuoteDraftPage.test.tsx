import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL, restRefusalBody, storeInfoResult, type MockServerOptions } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { QuoteAddress, QuoteDraft, QuoteDraftLine, QuoteFile } from '../api/draftFields';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';

const address = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const line = (overrides: Partial<QuoteDraftLine> = {}): QuoteDraftLine => ({
  id: 5, productId: 42, variantId: 77, variantSku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', primaryImage: null,
  productUrl: '/products/ethanol-absolute-998/', quantity: 2, optionList: '[]',
  options: [{ optionId: 3, optionName: 'Pack size', value: '500 mL' }],
  basePrice: '20.00', calculatedValue: '20.00', lineTotal: '40.00', lineTotalWithTax: '42.50', priceError: null, priceOnRequest: false,
  ...overrides,
});

const draft = (overrides: Partial<QuoteDraft> = {}): QuoteDraft => ({
  draftKey: 'key-1', id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: '', email: '', companyName: '', phoneNumber: '', quoteTitle: '' },
  shippingAddress: address(), billingAddress: address(),
  fileInfo: [],
  products: [line()],
  totals: { subtotal: '40.00', tax: '2.50', grandTotal: '42.50' },
  ...overrides,
});

const payload = (name: string, value: QuoteDraft, message = '') => ({ data: { [name]: { message, draft: value } } });
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const toastTexts = () => getToasts().map((item) => item.message);

const protocol = (): QuoteFile => ({
  id: 3, fileName: 'protocol.pdf', fileSize: 48211, contentType: 'application/pdf', fromSupplier: false,
  createdAt: '2025-05-02T10:00:00+00:00', downloadUrl: 'https://api.helix.test/api/v2/quotes/attachments/3?token=t1',
});
const ATTACHMENTS_URL = 'https://api.helix.test/api/v2/quotes/attachments';
const fileInput = () => screen.getByLabelText('Add files to your quote', { selector: 'input' });

/** What the page sent to the attachments endpoint: headers and the multipart fields. */
function attachmentRequests(server: ReturnType<typeof mockGraphQL>) {
  return server.fetchMock.mock.calls
    .filter(([url]) => String(url) === ATTACHMENTS_URL)
    .map(([, init]) => ({ headers: init?.headers as Record<string, string>, form: init?.body as FormData }));
}

async function openDraft(handlers: Parameters<typeof mockGraphQL>[0] = {}, value = draft(), options: MockServerOptions = {}) {
  window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
  const server = mockGraphQL({ QuoteDraft: { data: { quoteDraft: value } }, ...handlers }, options);
  const view = renderPortal('/quoteDraft');
  await screen.findByRole('heading', { name: 'Quote draft' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

describe('quote draft page (issue 6)', () => {
  afterEach(() => window.localStorage.clear());

  it('shows a guest the draft of the stored key with live prices and totals', async () => {
    const { server } = await openDraft();
    expect(await screen.findByRole('link', { name: 'Ethanol absolute 99.8%' })).toHaveAttribute('href', '/products/ethanol-absolute-998/');
    expect(screen.getByText('Pack size: 500 mL')).toBeInTheDocument();
    expect(screen.getByText('HS-ETH-500')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('quote-grand-total')).toHaveTextContent('$42.50');
    expect(screen.getByText('Prices exclude tax.')).toBeInTheDocument();
    expect(server.callsTo('QuoteDraft')[0]!.variables).toEqual({ draftKey: 'key-1' });
  });

  it('stacks the lines as cards on mobile, quantity and removal still at hand', async () => {
    mobileViewport();
    const { server, user } = await openDraft({
      QuoteDraftUpdateLine: payload('quoteDraftUpdateLine', draft({ products: [line({ quantity: 5, lineTotal: '100.00' })] })),
    });
    const cards = within(await screen.findByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(screen.queryByRole('table', { name: 'Products' })).not.toBeInTheDocument();
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByText('SKU').nextElementSibling).toHaveTextContent('HS-ETH-500');
    expect(within(cards[0]!).getByText('Total').nextElementSibling).toHaveTextContent('$40.00');
    const quantity = within(cards[0]!).getByRole('spinbutton', { name: 'Quantity of Ethanol absolute 99.8%' });
    await user.clear(quantity);
    await user.type(quantity, '5{Enter}');
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdateLine')).toHaveLength(1));
    expect(await within(cards[0]!).findByText('$100.00')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Remove Ethanol absolute 99.8%' })).toBeEnabled();
  });

  it('shows the empty state', async () => {
    await openDraft({}, draft({ products: [], totals: { subtotal: '0.00', tax: '0.00', grandTotal: '0.00' } }));
    expect(await screen.findByText('Your quote is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeDisabled();
  });

  it('changes a quantity under business §5: e/+/- blocked, empty becomes 1, above 1,000,000 is clamped', async () => {
    const { server, user } = await openDraft({
      QuoteDraftUpdateLine: (variables) => payload('quoteDraftUpdateLine', draft({ products: [line({ quantity: variables.quantity as number })] })),
    });
    const input = (await screen.findByLabelText('Quantity of Ethanol absolute 99.8%')) as HTMLInputElement;

    await user.clear(input);
    await user.type(input, 'e+-');
    expect(input.value).toBe('');
    fireEvent.blur(input);
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdateLine')).toHaveLength(1));
    expect(server.callsTo('QuoteDraftUpdateLine')[0]!.variables).toEqual({ draftKey: 'key-1', lineId: 5, quantity: 1 });
    await waitFor(() => expect(input.value).toBe('1'));

    await user.clear(input);
    await user.type(input, '2000000');
    fireEvent.blur(input);
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdateLine')).toHaveLength(2));
    expect(server.callsTo('QuoteDraftUpdateLine')[1]!.variables).toMatchObject({ quantity: 1_000_000 });
  });

  it('clamps to the limit the server gave at start-up (storeBasicInfo.quantityLimit), not one of its own', async () => {
    const { server, user } = await openDraft({
      StoreBasicInfo: storeInfoResult({ quantityLimit: 500 }),
      QuoteDraftUpdateLine: (variables) => payload('quoteDraftUpdateLine', draft({ products: [line({ quantity: variables.quantity as number })] })),
    });
    const input = (await screen.findByLabelText('Quantity of Ethanol absolute 99.8%')) as HTMLInputElement;
    expect(input).toHaveAttribute('max', '500');

    await user.clear(input);
    await user.type(input, '501');
    fireEvent.blur(input);
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdateLine')).toHaveLength(1));
    expect(server.callsTo('QuoteDraftUpdateLine')[0]!.variables).toMatchObject({ quantity: 500 });
  });

  it('shows the spec toast when the server refuses a quantity', async () => {
    const { user } = await openDraft({
      QuoteDraftUpdateLine: { errors: [{ message: 'The quantity of each product in Quote is 1-1000000.', extensions: { code: 'QUOTE_QUANTITY_OUT_OF_RANGE' } }] },
    });
    const input = await screen.findByLabelText('Quantity of Ethanol absolute 99.8%');
    await user.clear(input);
    await user.type(input, '7');
    fireEvent.blur(input);
    await waitFor(() => expect(toastTexts()).toEqual(['The quantity of each product in Quote is 1-1000000.']));
  });

  it('removes a line only after confirming', async () => {
    const { server, user } = await openDraft({
      QuoteDraftRemoveLine: payload('quoteDraftRemoveLine', draft({ products: [], totals: { subtotal: '0.00', tax: '0.00', grandTotal: '0.00' } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Ethanol absolute 99.8%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('QuoteDraftRemoveLine')).toHaveLength(0);

    // The closing dialog may still hide the page from the accessibility tree while it fades out.
    await user.click(screen.getByRole('button', { name: 'Remove Ethanol absolute 99.8%', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your quote is empty')).toBeInTheDocument();
    expect(server.callsTo('QuoteDraftRemoveLine')[0]!.variables).toEqual({ draftKey: 'key-1', lineId: 5 });
  });

  it('adds products by SKU and quantity, and maps unknown SKUs back to their rows', async () => {
    let attempt = 0;
    const { server, user } = await openDraft({
      QuoteDraftAddLines: () => {
        attempt += 1;
        if (attempt === 1) {
          return { errors: [{ message: 'Unknown SKU', extensions: { code: 'VALIDATION_ERROR', fields: { 'lines.0.sku': ['No product has the SKU NOPE.'] } } }] };
        }
        return payload('quoteDraftAddLines', draft({ products: [line(), line({ id: 6, variantSku: 'HS-1055-500G', productName: 'Sodium chloride', quantity: 5 })] }), 'Product was added to your quote.');
      },
    });
    fill(await screen.findByLabelText('SKU, row 2'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(await screen.findByText('No product has the SKU NOPE.')).toBeInTheDocument();

    fill(screen.getByLabelText('SKU, row 2'), 'HS-1055-500G');
    fill(screen.getByLabelText('Quantity, row 2'), '5');
    fireEvent.blur(screen.getByLabelText('Quantity, row 2'));
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(await screen.findByText('Sodium chloride')).toBeInTheDocument();
    expect(server.callsTo('QuoteDraftAddLines')[1]!.variables).toEqual({
      draftKey: 'key-1', source: 'QUOTE_DRAFT', channelId: 1, lines: [{ sku: 'HS-1055-500G', quantity: 5 }],
    });
    expect(toastTexts()).toContain('Product was added to your quote.');
    expect((screen.getByLabelText('SKU, row 2') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of a quick-add row in the buyer’s language, by its code (issue 14 §2)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    let attempt = 0;
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    mockGraphQL({
      QuoteDraft: { data: { quoteDraft: draft() } },
      QuoteDraftAddLines: () => {
        attempt += 1;
        const [field, message, code] = attempt === 1
          ? ['lines.1.sku', 'No product has the SKU NOPE.', 'unknown_sku']
          : ['lines.0.sku', 'Can not add products without SKU.', 'NO_SKU'];
        return { errors: [{ message, extensions: { code: attempt === 1 ? 'VALIDATION_ERROR' : code, fields: { [field]: [message] }, fieldCodes: { [field]: [code] } } }] };
      },
    });
    renderPortal('/quoteDraft');
    await screen.findByRole('heading', { name: 'Brouillon de devis' });
    const user = userEvent.setup({ delay: null });
    fill(await screen.findByLabelText('Référence, ligne 1'), 'HS-ETH-500');
    fill(screen.getByLabelText('Référence, ligne 2'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Ajouter au devis' }));

    await waitFor(() => expect(screen.getByLabelText('Référence, ligne 2')).toHaveAccessibleDescription('Aucun produit ne porte cette référence.'));
    expect(screen.queryByText('No product has the SKU NOPE.')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['Veuillez vérifier les champs signalés.']);

    // A code the quotes map to business §8's text keeps that text, under the row and as the toast.
    await user.click(screen.getByRole('button', { name: 'Ajouter au devis' }));
    await waitFor(() => expect(screen.getByLabelText('Référence, ligne 1')).toHaveAccessibleDescription('Impossible d’ajouter des produits sans référence.'));
    expect(toastTexts()).toContain('Impossible d’ajouter des produits sans référence.');
    expect(document.body).not.toHaveTextContent('Can not add products without SKU.');
  }, 60_000);

  it('requires a name and e-mail, shows the server’s field messages and submits with a confirmation', async () => {
    let submits = 0;
    const { server, user } = await openDraft({
      QuoteDraftUpdate: (variables) => {
        const data = variables.data as { contactInfo: QuoteDraft['contactInfo'] };
        if (data.contactInfo.phoneNumber === 'bad') {
          return { errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { 'contactInfo.phoneNumber': ['Enter a valid phone number.'] } } }] };
        }
        return payload('quoteDraftUpdate', draft({ contactInfo: data.contactInfo }));
      },
      QuoteDraftSubmit: () => {
        submits += 1;
        return { data: { quoteDraftSubmit: { quoteId: 1, number: 'Q-100001', status: 'open', accessKey: 'acc', title: 'Thanks!', message: 'We reply within a day.', autoQuoted: false } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(server.callsTo('QuoteDraftSubmit')).toHaveLength(0);

    fill(screen.getByLabelText(/^Name/), 'Ada Chen');
    fill(screen.getByLabelText(/^Email/), 'ada@uni.test');
    fill(screen.getAllByLabelText('Phone number')[0]!, 'bad');
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(submits).toBe(0);

    fill(screen.getAllByLabelText('Phone number')[0]!, '');
    fill(screen.getByLabelText('Quote title'), 'Spring order');
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    // Issue 15: the Submit button is gone; focus is on the result, not lost to the page.
    expect(await screen.findByRole('heading', { name: 'Thanks!' })).toHaveFocus();
    expect(screen.getByTestId('quote-number')).toHaveTextContent('Quote number: Q-100001');
    expect(screen.getByText('We reply within a day.')).toBeInTheDocument();
    // Issue 36 item 14: the submitted quote is one click away (a guest's link carries its access key).
    expect(screen.getByRole('link', { name: 'View quote Q-100001' })).toHaveAttribute('href', '/quoteDetail/1?accessKey=acc');
    expect(server.callsTo('QuoteDraftUpdate').at(-1)!.variables).toMatchObject({
      draftKey: 'key-1',
      data: { contactInfo: { name: 'Ada Chen', email: 'ada@uni.test', companyName: '', phoneNumber: '', quoteTitle: 'Spring order' }, note: '' },
    });
    expect(server.callsTo('QuoteDraftSubmit')[0]!.variables).toEqual({ draftKey: 'key-1', channelId: 1 });
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
  });

  it('chooses the country and state from the lists and keeps the billing address a copy until unticked', async () => {
    const { server, user } = await openDraft({
      QuoteDraftUpdate: (variables) => payload('quoteDraftUpdate', draft(variables.data as Partial<QuoteDraft>)),
    });
    fill(await screen.findByLabelText(/^Name/), 'Ada Chen');
    fill(screen.getByLabelText(/^Email/), 'ada@uni.test');
    // One address to begin with: the billing address is the same.
    const same = screen.getByRole('checkbox', { name: 'Billing address is the same as the shipping address' });
    expect(same).toBeChecked();
    expect(screen.getAllByLabelText('City')).toHaveLength(1);

    fill(screen.getByLabelText('City'), 'Boston');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    await user.click(screen.getByRole('combobox', { name: 'State or province' }));
    await user.click(await screen.findByRole('option', { name: 'Massachusetts' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdate')).toHaveLength(1));
    const shipping = { city: 'Boston', country: 'United States', state: 'MA' };
    expect(server.callsTo('QuoteDraftUpdate')[0]!.variables).toMatchObject({ data: { shippingAddress: shipping, billingAddress: shipping } });

    // Unticked: a billing address of its own, starting from the copy; a country without states takes a typed one.
    await user.click(same);
    const billingCity = screen.getAllByLabelText('City')[1]!;
    expect(billingCity).toHaveValue('Boston');
    fill(billingCity, 'Berlin');
    await user.click(screen.getAllByRole('combobox', { name: 'Country' })[1]!);
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(screen.getAllByRole('textbox', { name: 'State or province' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdate')).toHaveLength(2));
    expect(server.callsTo('QuoteDraftUpdate')[1]!.variables).toMatchObject({
      data: { shippingAddress: shipping, billingAddress: { city: 'Berlin', country: 'Germany', state: '' } },
    });
  });

  it('claims a guest draft once after sign-in and forgets the key', async () => {
    setB2BToken('tok');
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const server = mockGraphQL({
      CustomerInfo: customerResult(),
      QuoteDraftClaim: payload('quoteDraftClaim', draft({ draftKey: null })),
      QuoteDraft: { data: { quoteDraft: draft({ draftKey: null }) } },
    });
    renderPortal('/quoteDraft');
    expect(await screen.findByRole('link', { name: 'Ethanol absolute 99.8%' })).toBeInTheDocument();
    expect(server.callsTo('QuoteDraftClaim')).toHaveLength(1);
    expect(server.callsTo('QuoteDraftClaim')[0]!.variables).toEqual({ draftKey: 'key-1' });
    expect(server.callsTo('QuoteDraft')).toHaveLength(0);
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
  });

  it('keeps the guest key when the claim is refused, to claim it at the next sign-in', async () => {
    setB2BToken('tok');
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const server = mockGraphQL({
      CustomerInfo: customerResult(),
      QuoteDraftClaim: { errors: [{ message: 'Something went wrong.', extensions: { code: 'INTERNAL_ERROR' } }] },
      QuoteDraft: { data: { quoteDraft: draft({ draftKey: null }) } },
    });
    renderPortal('/quoteDraft');
    expect(await screen.findByRole('link', { name: 'Ethanol absolute 99.8%' })).toBeInTheDocument();
    expect(server.callsTo('QuoteDraft')[0]!.variables).toEqual({ draftKey: null });
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('key-1');
  });

  it('attaches a guest’s file with the draft key, shows a refusal, and removes a file after confirming', async () => {
    let files: QuoteFile[] = [];
    let uploads = 0;
    const rejected = 'File notes.pdf was rejected. File type not supported. File is too big. Size limit is 3 MB.';
    const { server, user } = await openDraft(
      {
        QuoteDraft: () => ({ data: { quoteDraft: draft({ fileInfo: files }) } }),
        QuoteDraftRemoveFile: () => {
          files = [];
          return payload('quoteDraftRemoveFile', draft({ fileInfo: [] }));
        },
      },
      draft(),
      {
        rest: {
          'POST /api/v2/quotes/attachments': () => {
            uploads += 1;
            if (uploads === 1) return { status: 400, body: restRefusalBody(400, 'QUOTE_FILE_REJECTED', rejected) };
            files = [protocol()];
            return { body: { code: 200, message: 'File protocol.pdf successfully added.', data: { ...protocol(), draftKey: 'key-1' } } };
          },
        },
      },
    );
    const region = await screen.findByRole('region', { name: 'Attachments' });
    expect(within(region).getByText('No files attached yet.')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(toastTexts()).toContain(rejected));
    expect(within(region).getByText(rejected)).toBeInTheDocument();

    const file = new File(['%PDF-1.4'], 'protocol.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), file);
    expect(await within(region).findByRole('link', { name: 'Download protocol.pdf' })).toHaveAttribute('href', protocol().downloadUrl);
    expect(toastTexts()).toContain('File protocol.pdf successfully added.');
    const requests = attachmentRequests(server);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers).toEqual({ Accept: 'application/json' });
    expect([...requests[1]!.form.keys()]).toEqual(['mediaFile', 'draftKey']);
    expect(requests[1]!.form.get('mediaFile')).toBe(file);
    expect(requests[1]!.form.get('draftKey')).toBe('key-1');
    // The draft is fetched again after the upload.
    await waitFor(() => expect(server.callsTo('QuoteDraft')).toHaveLength(2));

    await user.click(within(region).getByRole('button', { name: 'Remove file protocol.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('QuoteDraftRemoveFile')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove file protocol.pdf', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.callsTo('QuoteDraftRemoveFile')).toHaveLength(1));
    expect(server.callsTo('QuoteDraftRemoveFile')[0]!.variables).toEqual({ draftKey: 'key-1', fileId: 3 });
    expect(await screen.findByText('No files attached yet.')).toBeInTheDocument();
    expect(toastTexts()).toContain('File protocol.pdf removed.');
  });

  it('keeps the key of the draft a guest’s first upload creates', async () => {
    let files: QuoteFile[] = [];
    const server = mockGraphQL(
      {
        QuoteDraft: (variables) =>
          variables.draftKey === 'new-key'
            ? { data: { quoteDraft: draft({ draftKey: 'new-key', products: [], fileInfo: files }) } }
            : { data: { quoteDraft: draft({ draftKey: null, id: null, products: [] }) } },
      },
      {
        rest: {
          'POST /api/v2/quotes/attachments': () => {
            files = [protocol()];
            return { body: { code: 200, message: 'File protocol.pdf successfully added.', data: { ...protocol(), draftKey: 'new-key' } } };
          },
        },
      },
    );
    renderPortal('/quoteDraft');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('region', { name: 'Attachments' });

    await user.upload(fileInput(), new File(['%PDF-1.4'], 'protocol.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: 'Download protocol.pdf' })).toBeInTheDocument();
    expect([...attachmentRequests(server)[0]!.form.keys()]).toEqual(['mediaFile']);
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('new-key');
    // The draft is fetched again with the new key.
    await waitFor(() => expect(server.callsTo('QuoteDraft').map((call) => call.variables)).toEqual([{ draftKey: null }, { draftKey: 'new-key' }]));
    expect(screen.getByRole('link', { name: 'Download protocol.pdf' })).toBeInTheDocument();
  });

  it('sends a signed-in user’s file with the bearer token and no draft key', async () => {
    setB2BToken('tok');
    let files: QuoteFile[] = [];
    const server = mockGraphQL(
      { CustomerInfo: customerResult(), QuoteDraft: () => ({ data: { quoteDraft: draft({ draftKey: null, fileInfo: files }) } }) },
      {
        rest: {
          'POST /api/v2/quotes/attachments': () => {
            files = [protocol()];
            return { body: { code: 200, message: 'File protocol.pdf successfully added.', data: { ...protocol(), draftKey: null } } };
          },
        },
      },
    );
    renderPortal('/quoteDraft');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('region', { name: 'Attachments' });

    await user.upload(fileInput(), new File(['%PDF-1.4'], 'protocol.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: 'Download protocol.pdf' })).toBeInTheDocument();
    const [request] = attachmentRequests(server);
    expect(request!.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect([...request!.form.keys()]).toEqual(['mediaFile']);
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
  });

  it('starts the next draft without the submitted draft’s files', async () => {
    let submitted = false;
    let answerNextDraft: () => void = () => undefined;
    const nextDraft = new Promise<void>((resolve) => (answerNextDraft = resolve));
    const filled = draft({ contactInfo: { name: 'Ada Chen', email: 'ada@uni.test', companyName: '', phoneNumber: '', quoteTitle: '' }, fileInfo: [protocol()] });
    const { user } = await openDraft({
      QuoteDraft: async () => {
        if (!submitted) return { data: { quoteDraft: filled } };
        await nextDraft;
        return { data: { quoteDraft: draft({ draftKey: null, id: null, products: [], fileInfo: [] }) } };
      },
      QuoteDraftUpdate: payload('quoteDraftUpdate', filled),
      QuoteDraftSubmit: () => {
        submitted = true;
        return { data: { quoteDraftSubmit: { quoteId: 1, number: 'Q-100001', status: 'open', accessKey: 'acc', title: '', message: '', autoQuoted: false } } };
      },
    });
    expect(await screen.findByRole('link', { name: 'Download protocol.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    await user.click(await screen.findByRole('button', { name: 'Start a new quote' }));
    // Until the next draft arrives the submitted one is not shown again.
    expect(await screen.findByRole('progressbar', { name: 'Loading your quote' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download protocol.pdf' })).not.toBeInTheDocument();
    answerNextDraft();

    const region = await screen.findByRole('region', { name: 'Attachments' });
    expect(within(region).getByText('No files attached yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download protocol.pdf' })).not.toBeInTheDocument();
  });
});

describe('quote draft page of a super admin who is not masquerading (issue 13)', () => {
  afterEach(() => window.localStorage.clear());

  it('opens (shell §2 allows role 4), says quotes are built for a company and leads to the dashboard', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(customer({ role: 3, permissions: [] })) });
    const view = renderPortal('/quoteDraft');
    expect(await screen.findByRole('heading', { name: 'Quote draft' })).toBeInTheDocument();
    expect(view.location()).toBe('/quoteDraft');
    expect(await screen.findByText(/Quotes are built for a company/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit quote' })).not.toBeInTheDocument();
    expect(server.callsTo('QuoteDraft')).toHaveLength(0);
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
  });
});
