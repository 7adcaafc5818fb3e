import type { GraphQLResult } from '../../../test/graphqlMock';
import type { ApprovalRule } from '../api/approvalRules';
import type { Budget } from '../api/budgets';
import type { PurchaseRequestDetail } from '../api/purchaseRequest';
import type { PurchaseRequestRow } from '../api/purchaseRequests';

// The approvals tests' data, as the API answers it (issue 41): Northfield University's rule "Orders above $5,000"
// (the ordering lab's admins, then the department's) and a request of the Organic Synthesis Lab.

export const requestRow = (overrides: Partial<PurchaseRequestRow> = {}): PurchaseRequestRow => ({
  id: 12,
  status: 'pending',
  companyId: 12,
  companyName: 'Organic Synthesis Lab',
  requestedByName: 'Lena Lab',
  requestedByEmail: 'lab_buyer@northfield.test',
  // Midday UTC: the same calendar day in every test time zone.
  createdAt: '2026-03-02T12:00:00+00:00',
  currencyCode: 'USD',
  grandTotal: '6480.00',
  costCentre: 'NIH-R01-123',
  lineCount: 2,
  currentTierLabel: 'Admins of Organic Synthesis Lab',
  ...overrides,
});

export const requestsResult = (rows: PurchaseRequestRow[], totalCount = rows.length): GraphQLResult => ({
  data: { purchaseRequests: { totalCount, edges: rows.map((node) => ({ node })) } },
});

export const request = (overrides: Partial<PurchaseRequestDetail> = {}): PurchaseRequestDetail => ({
  id: 12,
  status: 'pending',
  companyId: 12,
  companyName: 'Organic Synthesis Lab',
  requestedById: 31,
  requestedByName: 'Lena Lab',
  requestedByEmail: 'lab_buyer@northfield.test',
  createdAt: '2026-03-02T12:00:00+00:00',
  decidedAt: null,
  pricesHeldUntil: '2026-03-16T12:00:00+00:00',
  currencyCode: 'USD',
  subtotal: '6000.00',
  taxTotal: '480.00',
  shippingTotal: '0.00',
  grandTotal: '6480.00',
  costCentre: 'NIH-R01-123',
  poNumber: 'PO-NF-7731',
  paymentMethod: 'purchase_order',
  lineCount: 2,
  lines: [
    { sku: 'HS-HPLC-COL', name: 'HPLC column C18', quantity: 2, unitPrice: '2500.00', lineTotal: '5000.00', options: [{ name: 'Length', value: '250 mm' }] },
    { sku: 'HS-ETH-500', name: 'Ethanol absolute 99.8%', quantity: 50, unitPrice: '20.00', lineTotal: '1000.00', options: [] },
  ],
  tiers: [
    {
      position: 0, label: 'Admins of Organic Synthesis Lab', ruleName: 'Orders above $5,000', state: 'waiting',
      decidedBy: null, decidedAt: null, reason: '', via: '',
    },
    {
      position: 1, label: 'Admins of Chemistry', ruleName: 'Orders above $5,000', state: 'upcoming',
      decidedBy: null, decidedAt: null, reason: '', via: '',
    },
  ],
  currentTier: 0,
  currentTierLabel: 'Admins of Organic Synthesis Lab',
  reasons: [
    { kind: 'rule', name: 'Orders above $5,000', conditions: ['Total above $5,000.00'], amount: null, remaining: null, currencyCode: null },
    { kind: 'budget', name: 'Chemistry department supplies', conditions: [], amount: '400000.00', remaining: '3200.00', currencyCode: 'USD' },
  ],
  orderId: null,
  orderNumber: null,
  rejectionReason: '',
  resubmittedFromId: null,
  canApprove: true,
  canReject: true,
  canOverride: false,
  canWithdraw: false,
  canResubmit: false,
  ...overrides,
});

export const requestResult = (value: PurchaseRequestDetail): GraphQLResult => ({ data: { purchaseRequest: value } });

export const refusal = (code: string, message = 'Refused.'): GraphQLResult => ({ errors: [{ message, extensions: { code } }] });

export const fieldRefusal = (fields: Record<string, string[]>, fieldCodes: Record<string, string[]>): GraphQLResult => ({
  errors: [{ message: 'Invalid input.', extensions: { code: 'VALIDATION_ERROR', fields, fieldCodes } }],
});

export const rule = (overrides: Partial<ApprovalRule> = {}): ApprovalRule => ({
  id: 3,
  companyId: 5,
  companyName: 'Chemistry',
  name: 'Solvents over $2,000',
  isActive: true,
  isInherited: false,
  canEdit: true,
  replacesId: null,
  replacesName: '',
  minTotal: '2000.00',
  currencyCode: 'USD',
  costCentre: '',
  categoryId: null,
  categoryName: '',
  offPriceList: false,
  minLines: null,
  buyerRoles: [2],
  overBudget: false,
  allowOverride: false,
  tiers: [{ position: 0, role: 0, levelsUp: 0, userIds: [], userNames: [], label: 'Admins of the ordering unit' }],
  ...overrides,
});

export const UNIVERSITY_RULE = rule({
  id: 1, companyId: 1, companyName: 'Northfield University', name: 'Orders above $5,000', isInherited: true, canEdit: false,
  minTotal: '5000.00', buyerRoles: [], allowOverride: true,
  tiers: [
    { position: 0, role: 0, levelsUp: 0, userIds: [], userNames: [], label: 'Admins of the ordering unit' },
    { position: 1, role: 0, levelsUp: 1, userIds: [], userNames: [], label: 'Admins one unit above' },
  ],
});

export const rulesResult = (rules: ApprovalRule[], totalCount = rules.length): GraphQLResult => ({
  data: { approvalRules: { totalCount, edges: rules.map((node) => ({ node })) } },
});

export const budget = (overrides: Partial<Budget> = {}): Budget => ({
  id: 7,
  companyId: 12,
  companyName: 'Organic Synthesis Lab',
  name: 'NIH R01 grant 123',
  costCentre: 'NIH-R01-123',
  userId: null,
  userEmail: '',
  amount: '250000.00',
  currencyCode: 'USD',
  period: 'grant',
  startsOn: '2026-01-01',
  endsOn: '2028-12-31',
  hard: true,
  isActive: true,
  committed: '6480.00',
  spent: '43520.00',
  remaining: '200000.00',
  isOpen: true,
  periodStart: '2026-01-01T00:00:00+00:00',
  periodEnd: '2029-01-01T00:00:00+00:00',
  isInherited: false,
  canEdit: true,
  ...overrides,
});

export const CHEMISTRY_BUDGET = budget({
  id: 2, companyId: 5, companyName: 'Chemistry', name: 'Chemistry department supplies', costCentre: '', amount: '400000.00', period: 'year',
  startsOn: null, endsOn: null, hard: false, committed: '96800.00', spent: '300000.00', remaining: '3200.00',
  periodStart: '2026-01-01T00:00:00+00:00', periodEnd: '2027-01-01T00:00:00+00:00', isInherited: true, canEdit: false,
});

export const budgetsResult = (budgets: Budget[], totalCount = budgets.length): GraphQLResult => ({
  data: { budgets: { totalCount, edges: budgets.map((node) => ({ node })) } },
});

export const usersResult = (users: { id: number; firstName: string; lastName: string; email: string; companyName: string }[]): GraphQLResult => ({
  data: { users: { edges: users.map((node) => ({ node })) } },
});

export const PEOPLE = [
  { id: 21, firstName: 'Una', lastName: 'Admin', email: 'university_admin@northfield.test', companyName: 'Northfield University' },
  { id: 24, firstName: 'Carl', lastName: 'Chem', email: 'chem_head@northfield.test', companyName: 'Chemistry' },
  { id: 31, firstName: 'Lena', lastName: 'Lab', email: 'lab_buyer@northfield.test', companyName: 'Organic Synthesis Lab' },
];
