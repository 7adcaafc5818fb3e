import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { QUOTE_ACCESS_KEYS_STORAGE_KEY } from '../../../lib/quoteAccessKeys';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { setB2BToken } from '../../../lib/session';
import { customerResult, mockGraphQL, restRefusalBody } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { QuoteAddress } from '../api/draftFields';
import type { QuoteDetail, QuoteFile, QuoteLine, QuoteRevision } from '../api/quote';

const address = (overrides: Partial<QuoteAddress> = {}): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '', ...overrides,
});

/** A calendar day `days` from today, as the API writes dates. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const ethanol = (overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 5, productId: 42, variantId: 77, sku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', primaryImage: 'https://cdn.helix.test/ethanol.png',
  quantity: 10, options: [{ optionName: 'Pack size', value: '500 mL' }],
  priceOnRequest: false, originalPrice: '20.00', quotedPrice: '18.00', discountedPrice: '17.10', taxRate: '8.00', originalTotal: '200.00', quotedTotal: '171.00',
  ...overrides,
});

const salt = (overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 6, productId: 43, variantId: 80, sku: 'HS-1055-500G', productName: 'Sodium chloride', primaryImage: null, quantity: 2, options: [],
  priceOnRequest: false, originalPrice: '30.00', quotedPrice: '30.00', discountedPrice: '28.50', taxRate: '8.00', originalTotal: '60.00', quotedTotal: '57.00',
  ...overrides,
});

const file = (overrides: Partial<QuoteFile> = {}): QuoteFile => ({
  id: 3, fileName: 'protocol.pdf', fileSize: 48211, contentType: 'application/pdf', fromSupplier: false, createdAt: '2026-03-01T10:00:00Z',
  downloadUrl: 'https://api.helix.test/api/v2/quotes/attachments/3?token=t1', ...overrides,
});

const REVISIONS: QuoteRevision[] = [
  { number: 0, createdAt: '2026-03-01T10:00:00Z', bySupplier: false, automatic: false, updatedBy: null, message: '', changes: [] },
  {
    number: 1, createdAt: '2026-03-01T10:00:05Z', bySupplier: true, automatic: true, updatedBy: null, message: '',
    changes: [{ field: 'price', lineId: 5, sku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', before: null, after: '20.00' }],
  },
  {
    number: 2, createdAt: '2026-03-02T09:00:00Z', bySupplier: true, automatic: false, updatedBy: 'Rita Rep', message: 'Best price for 10 bottles.',
    changes: [
      { field: 'price', lineId: 5, sku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', before: '20.00', after: '18.00' },
      { field: 'quantity', lineId: 5, sku: 'HS-ETH-500', productName: 'Ethanol absolute 99.8%', before: '5', after: '10' },
      { field: 'discount', lineId: null, sku: null, productName: null, before: null, after: '5.00' },
      { field: 'expiry', lineId: null, sku: null, productName: null, before: '2026-03-31', after: '2026-04-30' },
    ],
  },
];

const quoteDetail = (overrides: Partial<QuoteDetail> = {}): QuoteDetail => ({
  id: 12, number: 'Q-100001', title: 'Spring order', status: 'open', revision: 2, isPriced: true,
  issuedOn: '2026-03-01T10:00:00Z', expiresOn: dayFromToday(20), currencyCode: 'USD', companyName: 'Acme Labs',
  note: 'Please ship on dry ice.', orderNumber: null,
  salesRep: { name: 'Rita Rep', email: 'rita@helix.test' },
  createdBy: { name: 'Sam Senior', email: 'senior@acme.test' },
  contactInfo: { name: 'Sam Senior', email: 'senior@acme.test', companyName: 'Acme Labs', phoneNumber: '+1 617 555 0101', quoteTitle: 'Spring order' },
  shippingAddress: address({ firstName: 'Sam', lastName: 'Senior', address: '1 Lab Way', city: 'Cambridge', state: 'MA', zipCode: '02139', country: 'United States' }),
  billingAddress: address(),
  lines: [ethanol(), salt()],
  summary: { originalSubtotal: '260.00', discount: '32.00', discountPercent: '5.00', quotedSubtotal: '228.00', shipping: null, tax: '18.24', grandTotal: '246.24' },
  messages: [
    { id: 1, fromSupplier: false, authorName: 'Sam Senior', message: 'Can you ship by Friday?', createdAt: '2026-03-01T10:05:00Z' },
    { id: 2, fromSupplier: true, authorName: 'Rita Rep', message: 'Yes, we can.', createdAt: '2026-03-02T09:00:00Z' },
  ],
  attachments: [file(), file({ id: 4, fileName: 'datasheet.pdf', fileSize: 1_200_000, fromSupplier: true, downloadUrl: 'https://api.helix.test/api/v2/quotes/attachments/4?token=t1' })],
  revisions: REVISIONS,
  canMessage: true, canDownloadPdf: true, canCheckout: true,
  ...overrides,
});

type Handlers = Parameters<typeof mockGraphQL>[0];
type ServerOptions = Parameters<typeof mockGraphQL>[1];

const quoteResult = (value: QuoteDetail) => ({ data: { quote: value } });
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const region = (name: string) => screen.getByRole('region', { name });

async function openSignedIn(value: QuoteDetail = quoteDetail(), handlers: Handlers = {}, options?: ServerOptions) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(), Quote: quoteResult(value), ...handlers }, options);
  const view = renderPortal('/quoteDetail/12');
  await screen.findByRole('heading', { level: 1, name: `Quote ${value.number}` });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

describe('quote detail page (issue 6)', () => {
  afterEach(() => window.localStorage.clear());

  it('shows a signed-in buyer the quote: header, lines, summary, revisions, messages and files', async () => {
    const { server, user } = await openSignedIn();
    expect(server.callsTo('Quote')[0]!.variables).toEqual({ id: '12', accessKey: null });
    expect(server.callsTo('Quote')[0]!.headers.Authorization).toBe('Bearer tok');

    // Header
    expect(screen.getByText('Spring order', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rita@helix.test' })).toHaveAttribute('href', 'mailto:rita@helix.test');
    expect(screen.getByText('Created by').nextElementSibling).toHaveTextContent('Sam Senior');
    expect(screen.getByText('Revision', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Issued on').nextElementSibling).toHaveTextContent('Mar 1, 2026');
    expect(screen.queryByTestId('quote-expiry-note')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to quotes' })).toHaveAttribute('href', '/quotes');

    // Details
    const details = region('Details');
    expect(within(details).getByText('1 Lab Way')).toBeInTheDocument();
    expect(within(details).getByText('Cambridge, MA 02139')).toBeInTheDocument();
    expect(within(details).getByTestId('quote-note')).toHaveTextContent('Please ship on dry ice.');
    expect(within(details).getByText('Not provided')).toBeInTheDocument(); // the empty billing address

    // Lines: original price struck through where the quote changed it, the discounted price under the quoted one.
    const table = within(region('Products')).getByRole('table', { name: 'Products' });
    const [, ethanolRow, saltRow] = within(table).getAllByRole('row');
    const ethanolCells = within(ethanolRow!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(ethanolCells).toEqual([
      'Ethanol absolute 99.8%SKU: HS-ETH-500Pack size: 500 mL',
      '10',
      'Previously $20.00',
      '$18.00$17.10 after 5% discount',
      'Previously $200.00$171.00',
    ]);
    expect(within(ethanolRow!).getByText('$20.00', { exact: false }).tagName).toBe('S');
    const saltCells = within(saltRow!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(saltCells).toEqual(['Sodium chlorideSKU: HS-1055-500G', '2', '$30.00', '$30.00$28.50 after 5% discount', 'Previously $60.00$57.00']);

    // Summary
    expect(screen.getByTestId('quote-summary-original-subtotal')).toHaveTextContent('$260.00');
    expect(screen.getByTestId('quote-summary-discount')).toHaveTextContent('−$32.00Includes an overall discount of 5%');
    expect(screen.getByTestId('quote-summary-quoted-subtotal')).toHaveTextContent('$228.00');
    expect(screen.getByTestId('quote-summary-shipping')).toHaveTextContent('Calculated at checkout');
    expect(screen.getByTestId('quote-summary-tax')).toHaveTextContent('$18.24');
    expect(screen.getByTestId('quote-summary-grand-total')).toHaveTextContent('$246.24');

    // Revisions, newest first; the submission is folded away.
    const revisions = region('Revisions');
    expect(within(revisions).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Revision 2', 'Revision 1']);
    expect(within(revisions).getByText(/By Rita Rep \(supplier\)/)).toBeInTheDocument();
    expect(within(revisions).getByText(/Automatic pricing/)).toBeInTheDocument();
    expect(within(revisions).getByText('Best price for 10 bottles.')).toBeInTheDocument();
    expect(within(within(revisions).getByRole('list', { name: 'Changes in revision 2' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ethanol absolute 99.8% (HS-ETH-500): Unit price: $20.00 → $18.00',
      'Ethanol absolute 99.8% (HS-ETH-500): Quantity: 5 → 10',
      'Overall discount: none → 5%',
      'Expiry date: Mar 31, 2026 → Apr 30, 2026',
    ]);
    expect(within(revisions).getByRole('list', { name: 'Changes in revision 1' })).toHaveTextContent('Unit price: $20.00 (your price) → $20.00');
    expect(within(revisions).queryByRole('heading', { name: 'Submitted' })).not.toBeInTheDocument();
    await user.click(within(revisions).getByRole('button', { name: 'Show older revisions (1)' }));
    expect(within(revisions).getByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(within(revisions).getByText(/By you/)).toBeInTheDocument();
    expect(within(revisions).getByRole('button', { name: 'Hide older revisions' })).toHaveAttribute('aria-expanded', 'true');

    // Messages, oldest first, each side marked.
    const thread = within(region('Messages')).getByRole('list', { name: 'Conversation with the supplier' });
    const messages = within(thread).getAllByRole('listitem');
    expect(messages.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Sam SeniorYou.*Can you ship by Friday\?$/),
      expect.stringMatching(/^Rita RepSupplier.*Yes, we can\.$/),
    ]);

    // Files of both sides.
    const files = region('Attachments');
    expect(within(files).getByRole('link', { name: 'protocol.pdf' })).toHaveAttribute('href', 'https://api.helix.test/api/v2/quotes/attachments/3?token=t1');
    expect(within(screen.getByTestId('quote-file-3')).getByText('From you')).toBeInTheDocument();
    expect(within(screen.getByTestId('quote-file-3')).getByText(/48\.21 kB/)).toBeInTheDocument();
    expect(within(screen.getByTestId('quote-file-4')).getByText('From the supplier')).toBeInTheDocument();
    expect(within(files).getByLabelText('Add files for the supplier', { selector: 'input' })).toBeInTheDocument();

    // Actions
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('highlights an expiry date three days away or less', async () => {
    await openSignedIn(quoteDetail({ expiresOn: dayFromToday(2) }));
    expect(screen.getByTestId('quote-expiry-note')).toHaveTextContent('Expires in 2 days');
  });

  it('stacks the lines as cards on mobile', async () => {
    mobileViewport();
    await openSignedIn();
    expect(screen.queryByRole('table', { name: 'Products' })).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Quoted price').nextElementSibling).toHaveTextContent('$18.00$17.10 after 5% discount');
  });

  it('opens a guest’s quote with the e-mail link’s key: kept, sent, and taken out of the URL', async () => {
    const server = mockGraphQL({
      Quote: quoteResult(quoteDetail({ createdBy: null, canCheckout: false })),
      QuoteMessageCreate: { data: { quoteMessageCreate: { message: { id: 9, fromSupplier: false, authorName: 'Sam Senior', message: 'Thanks!', createdAt: '2026-03-03T09:00:00Z' } } } },
      QuotePdf: { data: { quotePdf: { url: 'https://api.helix.test/api/v2/quotes/12/pdf?token=p1', fileName: 'Q-100001.pdf' } } },
    }, {
      rest: { 'POST /api/v2/quotes/attachments': { body: { code: 200, message: 'File scan.pdf successfully added.', data: { ...file({ id: 7, fileName: 'scan.pdf' }), draftKey: null } } } },
    });
    const view = renderPortal('/quoteDetail/12?accessKey=acc-1');
    await screen.findByRole('heading', { level: 1, name: 'Quote Q-100001' });
    await waitFor(() => expect(view.location()).toBe('/quoteDetail/12'));
    expect(server.callsTo('Quote')[0]!.variables).toEqual({ id: '12', accessKey: 'acc-1' });
    expect(server.callsTo('Quote')[0]!.headers.Authorization).toBeUndefined();
    expect(JSON.parse(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)!)).toEqual(expect.arrayContaining([['12', 'acc-1'], ['Q-100001', 'acc-1']]));
    expect(screen.queryByRole('link', { name: 'Back to quotes' })).not.toBeInTheDocument();
    expect(screen.getByText('Created by').nextElementSibling).toHaveTextContent('Sam Senior (guest)');
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to the supplier' }), { target: { value: 'Thanks!' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.callsTo('QuoteMessageCreate')).toHaveLength(1));
    expect(server.callsTo('QuoteMessageCreate')[0]!.variables).toEqual({ id: '12', message: 'Thanks!', accessKey: 'acc-1' });

    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(server.callsTo('QuotePdf')).toHaveLength(1));
    expect(server.callsTo('QuotePdf')[0]!.variables).toEqual({ id: '12', accessKey: 'acc-1' });

    await userEvent.setup({ delay: null, applyAccept: false }).upload(
      screen.getByLabelText('Add files for the supplier', { selector: 'input' }),
      new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(server.restCallsTo('POST', '/api/v2/quotes/attachments')).toHaveLength(1));
    const body = server.fetchMock.mock.calls.map(([, init]) => init?.body).find((value) => value instanceof FormData)!;
    expect([...body.keys()]).toEqual(['mediaFile', 'quoteId', 'accessKey']);
    expect(body.get('quoteId')).toBe('12');
    expect(body.get('accessKey')).toBe('acc-1');
    expect(server.restCallsTo('POST', '/api/v2/quotes/attachments')[0]!.headers.Authorization).toBeUndefined();
  });

  it('uses the stored key when the guest comes back without it', async () => {
    window.localStorage.setItem(QUOTE_ACCESS_KEYS_STORAGE_KEY, JSON.stringify([['12', 'acc-1']]));
    const server = mockGraphQL({ Quote: quoteResult(quoteDetail()) });
    renderPortal('/quoteDetail/12');
    await screen.findByRole('heading', { level: 1, name: 'Quote Q-100001' });
    expect(server.callsTo('Quote')[0]!.variables).toEqual({ id: '12', accessKey: 'acc-1' });
  });

  it('sends no key for a signed-in user, even from an e-mail link', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(), Quote: quoteResult(quoteDetail()) });
    const view = renderPortal('/quoteDetail/12?accessKey=acc-9');
    await screen.findByRole('heading', { level: 1, name: 'Quote Q-100001' });
    await waitFor(() => expect(view.location()).toBe('/quoteDetail/12'));
    expect(server.callsTo('Quote').map((call) => call.variables)).toEqual([{ id: '12', accessKey: null }]);
  });

  it('says a quote was not found, with a way back for signed-in users', async () => {
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(), Quote: { errors: [{ message: 'Quote not found.', extensions: { code: 'NOT_FOUND' } }] } });
    renderPortal('/quoteDetail/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote not found' })).toBeInTheDocument();
    expect(screen.getByText('This quote was not found or you do not have access to it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to quotes' })).toHaveAttribute('href', '/quotes');
    expect(toastTexts()).toEqual([]);
  });

  it('says the same to a guest whose key does not open the quote, without the link', async () => {
    mockGraphQL({ Quote: { errors: [{ message: 'Quote not found.', extensions: { code: 'NOT_FOUND' } }] } });
    renderPortal('/quoteDetail/12?accessKey=wrong');
    expect(await screen.findByText('This quote was not found or you do not have access to it.')).toBeInTheDocument();
    expect(screen.getByText(/open it with the link in that email/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to quotes' })).not.toBeInTheDocument();
  });

  it('offers a retry when the quote cannot be loaded', async () => {
    setB2BToken('tok');
    let attempts = 0;
    mockGraphQL({
      CustomerInfo: customerResult(),
      Quote: () => {
        attempts += 1;
        return attempts === 1 ? { errors: [{ message: 'Server error', extensions: { code: 'INTERNAL_ERROR' } }] } : quoteResult(quoteDetail());
      },
    });
    renderPortal('/quoteDetail/12');
    expect(await screen.findByText('We couldn’t load this quote.')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q-100001' })).toBeInTheDocument();
  });

  it('sends a message: validated, 1–2000 characters, Ctrl+Enter sends, then the thread reloads', async () => {
    let loads = 0;
    const sent = { id: 9, fromSupplier: false, authorName: 'Sam Senior', message: 'Can you ship by Monday?', createdAt: '2026-03-03T09:00:00Z' };
    const { server, user } = await openSignedIn(undefined, {
      Quote: () => {
        loads += 1;
        const base = quoteDetail();
        return quoteResult(loads === 1 ? base : { ...base, messages: [...base.messages, sent] });
      },
      QuoteMessageCreate: { data: { quoteMessageCreate: { message: sent } } },
    });
    const box = screen.getByRole('textbox', { name: 'Message to the supplier' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a message.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(await screen.findByText('Enter at most 2000 characters.')).toBeInTheDocument();
    expect(screen.getByTestId('quote-message-counter')).toHaveTextContent('2001/2000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.callsTo('QuoteMessageCreate')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  Can you ship by Monday?  ' } });
    expect(screen.queryByText('Enter at most 2000 characters.')).not.toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(server.callsTo('QuoteMessageCreate')).toHaveLength(1));
    expect(server.callsTo('QuoteMessageCreate')[0]!.variables).toEqual({ id: '12', message: 'Can you ship by Monday?', accessKey: null });
    expect(await screen.findByText('Can you ship by Monday?')).toBeInTheDocument();
    expect(toastTexts()).toContain('success: Your message was sent to the supplier.');
    expect(box).toHaveValue('');
    expect(server.callsTo('Quote')).toHaveLength(2);
  });

  it('shows the server’s message for the field', async () => {
    const { user } = await openSignedIn(undefined, {
      QuoteMessageCreate: { errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { message: ['Enter at most 2000 characters.'] } } }] },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to the supplier' }), { target: { value: 'Hello' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter at most 2000 characters.')).toBeInTheDocument();
  });

  it('closes the thread on an ordered quote and shows the order number', async () => {
    await openSignedIn(quoteDetail({ status: 'ordered', orderNumber: 100, canMessage: false, canCheckout: false }));
    expect(screen.getByRole('textbox', { name: 'Message to the supplier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message to the supplier' })).toHaveAccessibleDescription(
      expect.stringContaining('This quote has been ordered, so no more messages can be sent.'),
    );
    expect(screen.getByTestId('quote-ordered')).toHaveTextContent('This quote has been ordered. Order number: 100.');
    expect(screen.queryByLabelText('Add files for the supplier', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
  });

  it('downloads the PDF through its signed link with download=1, and prints the inline one in a new tab', async () => {
    let pdfs = 0;
    const { server, user } = await openSignedIn(undefined, {
      QuotePdf: () => {
        pdfs += 1;
        return { data: { quotePdf: { url: `https://api.helix.test/api/v2/quotes/12/pdf?token=p${pdfs}`, fileName: 'Quote-Q-100001.pdf' } } };
      },
    });
    const followed: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(server.callsTo('QuotePdf')[0]!.variables).toEqual({ id: '12', accessKey: null });
    expect(followed[0]).toEqual({ href: 'https://api.helix.test/api/v2/quotes/12/pdf?token=p1&download=1', download: 'Quote-Q-100001.pdf', attached: true });

    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.href).toBe('https://api.helix.test/api/v2/quotes/12/pdf?token=p2'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(followed).toHaveLength(1);

    // A blocked pop-up is said at once; no link is asked for.
    open.mockImplementation(() => null);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(toastTexts()).toContain('error: Your browser blocked the new tab. Allow pop-ups for this site to print the quote.'));
    expect(server.callsTo('QuotePdf')).toHaveLength(2);
  });

  it('renews file links older than four minutes before following them', async () => {
    let loads = 0;
    const { server, user } = await openSignedIn(undefined, {
      Quote: () => {
        loads += 1;
        return quoteResult(quoteDetail({ attachments: [file({ downloadUrl: `https://api.helix.test/api/v2/quotes/attachments/3?token=t${loads}` })] }));
      },
    });
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.href);
    });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60 * 1000);
    await user.click(screen.getByRole('link', { name: 'protocol.pdf' }));
    await waitFor(() => expect(followed).toEqual(['https://api.helix.test/api/v2/quotes/attachments/3?token=t2']));
    expect(server.callsTo('Quote')).toHaveLength(2);
  });

  it('checks out: stores the session values of business §4 and leaves for the checkout', async () => {
    const { server, user } = await openSignedIn(undefined, {
      QuoteCheckout: {
        data: { quoteCheckout: { checkoutUrl: 'https://shop.helix.test/checkout-login/abc', cartId: 'c-1', isNewStorefront: true, quoteCheckoutId: '12', quoteDate: '1772359200' } },
      },
    });
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout-login/abc'));
    expect(server.callsTo('QuoteCheckout')[0]!.variables).toEqual({ id: '12' });
    expect(window.sessionStorage.getItem('isNewStorefront')).toBe('true');
    expect(window.sessionStorage.getItem('quoteCheckoutId')).toBe('12');
    expect(window.sessionStorage.getItem('quoteDate')).toBe('1772359200');
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your checkout…');
  });

  it('highlights the lines that fail the stock check, with the server’s message', async () => {
    const { user } = await openSignedIn(undefined, {
      QuoteCheckout: {
        errors: [{
          message: 'Some products of this quote can not be ordered now. Only 8 in stock.',
          extensions: { code: 'QUOTE_STOCK_PROBLEM', fields: { __all__: ['Some products of this quote can not be ordered now. Only 8 in stock.'], 'lines.5': ['Only 8 in stock.'] } },
        }],
      },
    });
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByTestId('quote-line-problem-5')).toHaveTextContent('Only 8 in stock.');
    expect(screen.queryByTestId('quote-line-problem-6')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['error: Some products of this quote can’t be ordered right now. See the highlighted products.']);
    expect(assign).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('quoteCheckoutId')).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeEnabled();
  });

  it('explains an expired quote at checkout and reloads it', async () => {
    let loads = 0;
    const { server, user } = await openSignedIn(undefined, {
      Quote: () => {
        loads += 1;
        return quoteResult(loads === 1 ? quoteDetail() : quoteDetail({ status: 'expired', expiresOn: dayFromToday(-1), canCheckout: false }));
      },
      QuoteCheckout: { errors: [{ message: 'This quote has expired.', extensions: { code: 'QUOTE_EXPIRED' } }] },
    });
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: This quote has expired and can no longer be ordered.']));
    expect(await screen.findByText('This quote has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(screen.getByTestId('quote-expiry-note')).toHaveTextContent('Expired');
    expect(server.callsTo('Quote')).toHaveLength(2);
  });

  it('hides what the buyer may not do, and explains a quote still awaiting prices', async () => {
    await openSignedIn(
      quoteDetail({
        revision: 0, isPriced: false, canDownloadPdf: false, canCheckout: false, revisions: [REVISIONS[0]!],
        lines: [ethanol({ quotedPrice: null, discountedPrice: null, quotedTotal: null })],
        summary: { originalSubtotal: '200.00', discount: null, discountPercent: '0.00', quotedSubtotal: null, shipping: null, tax: null, grandTotal: null },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(screen.getByText('The supplier has not priced this quote yet.')).toBeInTheDocument();
    const [, row] = within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['10', '$20.00', 'Awaiting price', '$200.00']);
    expect(screen.getByTestId('quote-summary-grand-total')).toHaveTextContent('Awaiting price');
    expect(within(region('Revisions')).getByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(within(region('Revisions')).queryByRole('button', { name: /older revisions/ })).not.toBeInTheDocument();
  });

  it('attaches a buyer’s file with the token, shows the server’s refusal, and stops at three files', async () => {
    let uploads = 0;
    const { server } = await openSignedIn(undefined, {}, {
      rest: {
        'POST /api/v2/quotes/attachments': () => {
          uploads += 1;
          return uploads === 1
            ? { body: { code: 200, message: 'File scan.pdf successfully added.', data: { ...file({ id: 7, fileName: 'scan.pdf' }), draftKey: null } } }
            : { status: 400, body: restRefusalBody(400, 'QUOTE_TOO_MANY_FILES', 'Maximum allowed number of files exceeded. Only 3 allowed') };
        },
      },
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const input = () => screen.getByLabelText('Add files for the supplier', { selector: 'input' });
    await user.upload(input(), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(toastTexts()).toContain('success: File scan.pdf successfully added.'));
    const call = server.restCallsTo('POST', '/api/v2/quotes/attachments')[0]!;
    expect(call.url).toBe('https://api.helix.test/api/v2/quotes/attachments');
    expect(call.headers.Authorization).toBe('Bearer tok');
    const body = server.fetchMock.mock.calls.map(([, init]) => init?.body).find((value) => value instanceof FormData)!;
    expect([...body.keys()]).toEqual(['mediaFile', 'quoteId']);
    await waitFor(() => expect(server.callsTo('Quote')).toHaveLength(2));

    await user.upload(input(), new File(['%PDF-1.4'], 'more.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(toastTexts()).toContain('error: Maximum allowed number of files exceeded. Only 3 allowed'));
  });

  it('offers no drop zone once the buyer has attached three files', async () => {
    await openSignedIn(quoteDetail({ attachments: [file({ id: 1 }), file({ id: 2 }), file({ id: 3 })] }));
    expect(screen.getByText('You have attached the maximum of 3 files.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add files for the supplier', { selector: 'input' })).not.toBeInTheDocument();
  });
});
