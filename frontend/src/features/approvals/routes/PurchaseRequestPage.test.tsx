import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { setB2BToken } from '../../../lib/session';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { northfieldUser } from '../../../test/companyUnits';
import { DEMO_PERMISSIONS, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';
import type { PurchaseRequestDetail } from '../api/purchaseRequest';
import { fieldRefusal, refusal, request, requestResult } from '../test/approvalFixtures';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);
type User = ReturnType<typeof userEvent.setup>;

/** The Organic Synthesis Lab's manager: the approver of the request's first tier. */
const LAB_ADMIN = northfieldUser(12, { permissions: [...DEMO_PERMISSIONS.admin] });
const BUYER = northfieldUser(12, {
  role: 1, permissions: [...DEMO_PERMISSIONS.senior], userInfo: { id: 31, firstName: 'Lena', lastName: 'Lab', email: 'lab_buyer@northfield.test' },
});

const PLACED = request({
  status: 'placed', decidedAt: '2026-03-03T09:30:00+00:00', orderId: 501, orderNumber: 100050, canApprove: false, canReject: false,
  currentTierLabel: '',
  tiers: [
    { position: 0, label: 'Admins of Organic Synthesis Lab', ruleName: 'Orders above $5,000', state: 'approved', decidedBy: 'Olga Organic', decidedAt: '2026-03-02T15:00:00+00:00', reason: 'Needed for the spring project.', via: 'portal' },
    { position: 1, label: 'Admins of Chemistry', ruleName: 'Orders above $5,000', state: 'approved', decidedBy: 'Carl Chem', decidedAt: '2026-03-03T09:30:00+00:00', reason: '', via: 'email' },
  ],
});

async function openRequest(value: PurchaseRequestDetail | Handler = request(), who: CustomerInfo = LAB_ADMIN, handlers: Record<string, Handler> = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    PurchaseRequest: typeof value === 'function' || 'data' in value || 'errors' in value ? (value as Handler) : requestResult(value as PurchaseRequestDetail),
    ...handlers,
  });
  const view = renderPortal('/approvals/12');
  return { server, view, user: userEvent.setup({ delay: null }) };
}

/** A decision's answer: the request as it is now. */
const answer = (field: string, value: PurchaseRequestDetail): GraphQLResult => ({ data: { [field]: value } });
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const region = (name: string) => screen.getByRole('region', { name });
const banner = () => screen.getByTestId('request-banner');
const actions = () => screen.getByRole('group', { name: 'Decide on this request' });
const variablesOf = (server: ReturnType<typeof mockGraphQL>, operation: string) => server.callsTo(operation).map((call) => call.variables);

const DIALOG_NAMES: Readonly<Record<string, RegExp>> = {
  Approve: /^Approve purchase request/,
  Reject: /^Reject purchase request/,
  Override: /^Override the approvals/,
};

/** The portal itself is a dialog too: a decision's dialog is found by its name. */
const decisionDialog = () => screen.queryByRole('dialog', { name: /purchase request \d+\?$|^Override the approvals/ });

async function decide(user: User, action: string, text: string | null, submit = action) {
  await user.click(within(actions()).getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: DIALOG_NAMES[action] });
  if (text !== null) await enterText(user, within(dialog).getByRole('textbox'), text);
  await user.click(within(dialog).getByRole('button', { name: submit }));
  return dialog;
}

describe('/approvals/:id (issue 41)', () => {
  it('shows the request: whom it waits for, the lines and totals, the facts, why it needs approval and its tiers', async () => {
    const { server } = await openRequest();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' })).toBeInTheDocument();
    expect(banner()).toHaveTextContent('Awaiting approval by Admins of Organic Synthesis Lab');
    expect(banner()).toHaveTextContent(/The prices are held until Mar 16, 2026/);
    expect(screen.getByText('Awaiting approval', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByTestId('request-requested-by')).toHaveTextContent('Lena Lablab_buyer@northfield.test');
    expect(screen.getByTestId('request-company')).toHaveTextContent('Organic Synthesis Lab');
    expect(screen.getByTestId('request-cost-centre')).toHaveTextContent('NIH-R01-123');
    expect(screen.getByTestId('request-po-number')).toHaveTextContent('PO-NF-7731');
    expect(screen.getByTestId('request-payment')).toHaveTextContent('Purchase order');
    expect(screen.getByTestId('request-prices-held-until')).toHaveTextContent(/Mar 16, 2026/);

    const lines = within(region('Products')).getByRole('table', { name: 'Products' });
    expect(within(lines).getAllByRole('row').slice(1, 3).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['HPLC column C18SKU HS-HPLC-COLLength: 250 mm', '2', '$2,500.00', '$5,000.00'],
      ['Ethanol absolute 99.8%SKU HS-ETH-500', '50', '$20.00', '$1,000.00'],
    ]);
    expect(screen.getByTestId('request-subtotal')).toHaveTextContent('$6,000.00');
    expect(screen.getByTestId('request-shipping')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('request-tax')).toHaveTextContent('$480.00');
    expect(screen.getByTestId('request-grand-total')).toHaveTextContent('$6,480.00');

    const reasons = region('Why it needs approval');
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Approval rule “Orders above $5,000”Total above $5,000.00',
      'Over the budget “Chemistry department supplies”$3,200.00 left of $400,000.00',
    ]);

    const tiers = within(region('Approvers')).getAllByRole('listitem');
    expect(tiers.map((tier) => within(tier).getByRole('heading').textContent)).toEqual(['1. Admins of Organic Synthesis Lab', '2. Admins of Chemistry']);
    expect(tiers[0]).toHaveAttribute('aria-current', 'step');
    expect(within(tiers[0]!).getByText('Its turn')).toBeInTheDocument();
    expect(within(tiers[1]!).getByText('Upcoming')).toBeInTheDocument();
    expect(within(tiers[0]!).getByText('Asked for by the rule “Orders above $5,000”')).toBeInTheDocument();

    expect(within(actions()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Reject']);
    expect(screen.getByRole('link', { name: 'Back to approvals' })).toHaveAttribute('href', '/approvals');
    expect(server.callsTo('PurchaseRequest').map((call) => call.variables)).toEqual([{ id: 12 }]);
  });

  it('approves in two clicks, with an optional comment; the last approval places the order, linked', async () => {
    const { server, user } = await openRequest(request(), LAB_ADMIN, {
      PurchaseRequestApprove: answer('purchaseRequestApprove', PLACED),
      PurchaseRequestInboxCount: { data: { purchaseRequestInboxCount: 1 } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await waitFor(() => expect(server.callsTo('PurchaseRequestInboxCount')).toHaveLength(1));
    await user.click(within(actions()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve purchase request 12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(banner()).toHaveTextContent('Approved and placed as order #100050'));
    // The page behind the dialog is hidden from assistive technology until the dialog has gone.
    await waitFor(() => expect(decisionDialog()).not.toBeInTheDocument());
    expect(variablesOf(server, 'PurchaseRequestApprove')).toEqual([{ id: 12, reason: '' }]);
    expect(within(banner()).getByRole('link', { name: 'order #100050' })).toHaveAttribute('href', '/orderDetail/100050');
    expect(toastTexts()).toEqual(['success: Purchase request 12 is approved and placed as order #100050.']);
    expect(screen.queryByRole('group', { name: 'Decide on this request' })).not.toBeInTheDocument();
    // Who decided, when and how, with their comment.
    const tiers = within(region('Approvers')).getAllByRole('listitem');
    expect(tiers[0]).toHaveTextContent('By Olga Organic on Mar 2, 2026');
    expect(tiers[0]).toHaveTextContent('in the portal');
    expect(tiers[0]).toHaveTextContent('“Needed for the spring project.”');
    expect(tiers[1]).toHaveTextContent('by email');
    // The menu's badge is asked for again.
    await waitFor(() => expect(server.callsTo('PurchaseRequestInboxCount')).toHaveLength(2));
  });

  it('sends the approver’s comment, and tells them when the request waits for the next tier', async () => {
    const next = request({ currentTier: 1, currentTierLabel: 'Admins of Chemistry', canApprove: false, canReject: false });
    const { server, user } = await openRequest(request(), LAB_ADMIN, { PurchaseRequestApprove: answer('purchaseRequestApprove', next) });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await decide(user, 'Approve', 'Fine by the lab.');
    await waitFor(() => expect(banner()).toHaveTextContent('Awaiting approval by Admins of Chemistry'));
    expect(variablesOf(server, 'PurchaseRequestApprove')).toEqual([{ id: 12, reason: 'Fine by the lab.' }]);
    expect(toastTexts()).toEqual(['success: You approved purchase request 12.']);
  });

  it('rejects only with a reason, which the buyer then reads on the request', async () => {
    const rejected = request({ status: 'rejected', rejectionReason: 'Use the framework supplier.', canApprove: false, canReject: false, decidedAt: '2026-03-03T09:30:00+00:00' });
    const { server, user } = await openRequest(request(), LAB_ADMIN, { PurchaseRequestReject: answer('purchaseRequestReject', rejected) });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    const dialog = await decide(user, 'Reject', null);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give a reason.');
    expect(server.callsTo('PurchaseRequestReject')).toHaveLength(0);

    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), '  Use the framework supplier.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(banner()).toHaveTextContent('RejectedReason: Use the framework supplier.'));
    expect(variablesOf(server, 'PurchaseRequestReject')).toEqual([{ id: 12, reason: 'Use the framework supplier.' }]);
    expect(toastTexts()).toEqual(['success: You rejected purchase request 12.']);
    await waitFor(() => expect(decisionDialog()).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of the reason in the dialog', async () => {
    const { user } = await openRequest(request(), LAB_ADMIN, {
      PurchaseRequestReject: fieldRefusal({ reason: ['Ensure this value has at most 2000 characters.'] }, { reason: ['max_length'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    const dialog = await decide(user, 'Reject', 'Too long, says the server.');
    expect(await within(dialog).findByText('This entry is too long.')).toBeInTheDocument();
    expect(decisionDialog()).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
  });

  it('overrides with a reason and a warning that it is written to the audit log', async () => {
    const overridden = { ...PLACED, tiers: PLACED.tiers.map((tier) => ({ ...tier, state: 'overridden', decidedBy: 'Una Admin', via: 'portal', reason: 'Urgent: the lab is waiting.' })) };
    const { server, user } = await openRequest(request({ canApprove: false, canReject: false, canOverride: true }), LAB_ADMIN, {
      PurchaseRequestOverride: answer('purchaseRequestOverride', overridden),
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    expect(within(actions()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Override']);
    await user.click(within(actions()).getByRole('button', { name: 'Override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override the approvals of request 12?' });
    expect(dialog).toHaveTextContent('The override and your reason are written to the company’s audit log.');
    await user.click(within(dialog).getByRole('button', { name: 'Override and place the order' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give a reason.');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Urgent: the lab is waiting.');
    await user.click(within(dialog).getByRole('button', { name: 'Override and place the order' }));
    await waitFor(() => expect(banner()).toHaveTextContent('Approved and placed as order #100050'));
    await waitFor(() => expect(decisionDialog()).not.toBeInTheDocument());
    expect(variablesOf(server, 'PurchaseRequestOverride')).toEqual([{ id: 12, reason: 'Urgent: the lab is waiting.' }]);
    expect(within(region('Approvers')).getAllByText('Overridden')).toHaveLength(2);
  });

  it('lets the buyer withdraw a pending request after a confirmation', async () => {
    const withdrawn = request({ status: 'withdrawn', canWithdraw: false, canApprove: false, canReject: false, canResubmit: true, decidedAt: '2026-03-02T16:00:00+00:00' });
    const { server, user } = await openRequest(request({ canApprove: false, canReject: false, canWithdraw: true }), BUYER, {
      PurchaseRequestWithdraw: answer('purchaseRequestWithdraw', withdrawn),
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await user.click(within(actions()).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw purchase request 12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw purchase request 12?' })).not.toBeInTheDocument());
    expect(server.callsTo('PurchaseRequestWithdraw')).toHaveLength(0);

    await user.click(within(actions()).getByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw purchase request 12?' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(banner()).toHaveTextContent('Withdrawn by the buyer'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw purchase request 12?' })).not.toBeInTheDocument());
    expect(variablesOf(server, 'PurchaseRequestWithdraw')).toEqual([{ id: 12 }]);
    expect(toastTexts()).toEqual(['success: You withdrew purchase request 12.']);
    expect(within(actions()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Change and resubmit']);
  });

  it('changes and resubmits: the lines go into the cart and the browser goes on to the checkout', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const rejected = request({ status: 'rejected', rejectionReason: 'Too much ethanol.', canApprove: false, canReject: false, canResubmit: true });
    const { server, user } = await openRequest(rejected, BUYER, {
      PurchaseRequestResubmit: { data: { purchaseRequestResubmit: { cartId: 'cart-9', checkoutUrl: 'https://shop.helix.test/checkout?token=t1', addedCount: 2, notAdded: [] } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await user.click(within(actions()).getByRole('button', { name: 'Change and resubmit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout?token=t1'));
    expect(variablesOf(server, 'PurchaseRequestResubmit')).toEqual([{ id: 12 }]);
  });

  it('tells what a resubmission could not put into the cart before going on to the checkout', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const expired = request({ status: 'expired', canApprove: false, canReject: false, canResubmit: true });
    const { user } = await openRequest(expired, BUYER, {
      PurchaseRequestResubmit: { data: { purchaseRequestResubmit: { cartId: 'cart-9', checkoutUrl: 'https://shop.helix.test/checkout?token=t2', addedCount: 1, notAdded: ['HS-HPLC-COL'] } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await user.click(within(actions()).getByRole('button', { name: 'Change and resubmit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some products couldn’t go into your cart' });
    expect(dialog).toHaveTextContent('1 product is in your cart at today’s price.');
    expect(within(within(dialog).getByRole('list', { name: 'Products not added' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'HPLC column C18 (SKU HS-HPLC-COL)',
    ]);
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Go to checkout' }));
    expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout?token=t2');
  });

  it('says when nothing could go into the cart, and offers no checkout', async () => {
    const expired = request({ status: 'expired', canApprove: false, canReject: false, canResubmit: true });
    const { user } = await openRequest(expired, BUYER, {
      PurchaseRequestResubmit: { data: { purchaseRequestResubmit: { cartId: '', checkoutUrl: '', addedCount: 0, notAdded: ['HS-HPLC-COL', 'HS-ETH-500'] } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await user.click(within(actions()).getByRole('button', { name: 'Change and resubmit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nothing could go into your cart' });
    expect(within(dialog).queryByRole('button', { name: 'Go to checkout' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nothing could go into your cart' })).not.toBeInTheDocument());
    expect(within(actions()).getByRole('button', { name: 'Change and resubmit' })).toBeEnabled();
  });

  it.each([
    ['NOT_YOUR_TURN', 'PurchaseRequestApprove', 'Approve', 'This request is waiting for other approvers first. It has been reloaded.'],
    ['REQUEST_NOT_PENDING', 'PurchaseRequestApprove', 'Approve', 'This request was decided in the meantime. It has been reloaded.'],
    ['PRICES_EXPIRED', 'PurchaseRequestReject', 'Reject', 'The held prices of this request have expired, so it can no longer be approved. The buyer can change it and submit it again.'],
  ])('says %s in the portal’s words and reads the request again', async (code, operation, action, text) => {
    let reads = 0;
    const decided = request({ status: code === 'PRICES_EXPIRED' ? 'expired' : 'pending', canApprove: false, canReject: false, currentTierLabel: 'Admins of Chemistry' });
    const { server, user } = await openRequest(() => {
      reads += 1;
      return requestResult(reads === 1 ? request() : decided);
    }, LAB_ADMIN, { [operation]: refusal(code, 'Refused in English.') });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await decide(user, action, action === 'Reject' ? 'Not needed.' : null);
    await waitFor(() => expect(toastTexts()).toEqual([`error: ${text}`]));
    await waitFor(() => expect(server.callsTo('PurchaseRequest')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Decide on this request' })).not.toBeInTheDocument());
    await waitFor(() => expect(decisionDialog()).not.toBeInTheDocument());
  });

  it('says OVERRIDE_NOT_ALLOWED in the portal’s words', async () => {
    const { server, user } = await openRequest(request({ canApprove: false, canReject: false, canOverride: true }), LAB_ADMIN, {
      PurchaseRequestOverride: refusal('OVERRIDE_NOT_ALLOWED'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    await decide(user, 'Override', 'Urgent.', 'Override and place the order');
    await waitFor(() => expect(toastTexts()).toEqual(['error: No approval rule of this request allows an override.']));
    await waitFor(() => expect(server.callsTo('PurchaseRequest')).toHaveLength(2));
  });

  it.each([
    ['rejected', request({ status: 'rejected', rejectionReason: 'Over the grant.', canApprove: false, canReject: false }), 'RejectedReason: Over the grant.', 'Rejected'],
    ['withdrawn', request({ status: 'withdrawn', canApprove: false, canReject: false, decidedAt: '2026-03-02T16:00:00+00:00' }), 'Withdrawn by the buyerOn Mar 2, 2026', 'Withdrawn'],
    ['expired', request({ status: 'expired', canApprove: false, canReject: false }), 'The held prices expired before it was approvedThe prices were held until Mar 16, 2026', 'Prices expired'],
    ['placed', PLACED, 'Approved and placed as order #100050On Mar 3, 2026', 'Approved and placed'],
  ])('shows a %s request with its banner and no actions', async (_status, value, bannerText, chip) => {
    await openRequest(value);
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    expect(banner().textContent).toContain(bannerText);
    expect(screen.getByText(chip, { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Decide on this request' })).not.toBeInTheDocument();
  });

  it('links a resubmitted request to the one it came from', async () => {
    await openRequest(request({ resubmittedFromId: 9 }));
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    expect(screen.getByRole('link', { name: '#9' })).toHaveAttribute('href', '/approvals/9');
  });

  it('says "not found" for a request the caller cannot open', async () => {
    await openRequest(refusal('NOT_FOUND', 'No such purchase request.'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase request not found' })).toBeInTheDocument();
    expect(screen.getByText('This purchase request doesn’t exist, or it isn’t one you can see.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
  });

  it('says "not found" for a path that names no request, without asking', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(LAB_ADMIN) });
    renderPortal('/approvals/twelve');
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase request not found' })).toBeInTheDocument();
    expect(server.callsTo('PurchaseRequest')).toHaveLength(0);
  });

  it('shows the lines as cards on the mobile layout', async () => {
    mobileViewport();
    await openRequest();
    await screen.findByRole('heading', { level: 1, name: 'Purchase request 12' });
    const cards = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByRole('definition').map((value) => value.textContent)).toEqual(['2', '$2,500.00', '$5,000.00']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('request-grand-total')).toHaveTextContent('$6,480.00');
  });
});
