import { Kind, parse, type DirectiveNode, type FieldNode, type OperationDefinitionNode, type ValueNode } from 'graphql';
import { vi } from 'vitest';

import type { StoreBasicInfo } from '../lib/store/storeBasicInfo';
import type { StoreFeatureFlags, StorefrontConfigEntry } from '../lib/store/storefrontConfig';
import type { CustomerInfo, Permission } from '../lib/user/customerInfo';

export interface GraphQLCall {
  url: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
  /** A combined operation (PortalStartup): the operations whose handlers answered its root fields. */
  parts?: string[];
}

export type GraphQLResult = { data?: unknown; errors?: unknown[] };
type Handler = GraphQLResult | ((variables: Record<string, unknown>, call: GraphQLCall) => GraphQLResult | Promise<GraphQLResult>);

export interface RestCall {
  method: string;
  /** The path without the query, e.g. `/customer/current.jwt`. */
  path: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

export interface RestAnswer {
  status?: number;
  /** JSON-encoded unless it is a string. */
  body?: unknown;
}

export type RestHandler = RestAnswer | ((call: RestCall) => RestAnswer | Promise<RestAnswer>);

export interface MockServerOptions {
  /** Answers by `METHOD /path` (e.g. `POST /login/`), instead of the fake storefront's. */
  rest?: Record<string, RestHandler>;
  /** Whether a customer is signed in on the storefront when the test starts. */
  storefrontSignedIn?: boolean;
}

/** A REST edge's refusal (docs/api.md "REST edges"): shell §8's `code` and `message` with the GraphQL contract's errors. */
export function restRefusalBody(status: number, code: string | number, message: string) {
  return { code: status, message, data: null, errors: [{ message, extensions: { code } }] };
}

/** What the fake storefront's `GET /api/v2/csrf-token` answers. */
export const MOCK_CSRF_TOKEN = 'csrf-from-api';

/** The fake storefront: POST /login/ signs in (any password but "wrong"), current.jwt answers while signed in. */
function storefrontAnswer(call: RestCall, state: { signedIn: boolean }): RestAnswer {
  const key = `${call.method} ${call.path}`;
  if (key === 'POST /login/') {
    const password = new URLSearchParams(call.body ?? '').get('password');
    if (password === 'wrong') {
      return { status: 400, body: restRefusalBody(400, 'INVALID_CREDENTIALS', 'Your email address or password is incorrect. Please try again.') };
    }
    state.signedIn = true;
    return { body: { ok: true, customerId: 7 } };
  }
  if (key === 'GET /login/') return { body: '<html></html>' };
  if (key === 'GET /api/v2/csrf-token') return { body: { csrfToken: MOCK_CSRF_TOKEN } };
  if (key === 'POST /logout/') {
    state.signedIn = false;
    return { body: { ok: true } };
  }
  // Nobody signed in: 204 without a body, as the built-in storefront answers (a guest is not an error).
  if (key === 'GET /customer/current.jwt') return state.signedIn ? { body: 'customer-jwt-1' } : { status: 204, body: '' };
  if (call.method === 'GET' && call.path.startsWith('/storefront/translation/')) {
    const page = call.path.split('/').pop() ?? '';
    const language = new URL(call.url).searchParams.get('lang');
    return { body: { language, page, translationVersion: 0, message: {} } };
  }
  return { status: 404, body: restRefusalBody(404, 'NOT_FOUND', 'Not found.') };
}

function headersOf(init?: RequestInit): Record<string, string> {
  return { ...(init?.headers as Record<string, string> | undefined) };
}

/**
 * The start-up's single request (app/startup/portalStartup.ts) asks in one operation what six documents ask apart:
 * each of its root fields is answered by the handler of the document that asks for that field alone.
 */
const COMBINED_OPERATIONS: Record<string, Record<string, { operation: string; field: string; nullable?: boolean }>> = {
  PortalStartup: {
    storeBasicInfo: { operation: 'StoreBasicInfo', field: 'storeBasicInfo' },
    storefrontConfig: { operation: 'StorefrontConfig', field: 'storefrontConfig' },
    storefrontConfigs: { operation: 'StorefrontConfigs', field: 'storefrontConfigs' },
    currencies: { operation: 'Currencies', field: 'currencies' },
    taxZoneRates: { operation: 'TaxZoneRates', field: 'taxZoneRates' },
    startupCustomerInfo: { operation: 'CustomerInfo', field: 'customerInfo', nullable: true },
  },
};

function valueOf(node: ValueNode, variables: Record<string, unknown>): unknown {
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  return node.kind === Kind.BOOLEAN ? node.value : undefined;
}

/** Whether a field's @include / @skip let it into the answer. */
function isIncluded(directives: readonly DirectiveNode[] | undefined, variables: Record<string, unknown>): boolean {
  return (directives ?? []).every((directive) => {
    const condition = directive.arguments?.find((argument) => argument.name.value === 'if');
    const value = condition ? valueOf(condition.value, variables) : undefined;
    if (directive.name.value === 'include') return value === true;
    if (directive.name.value === 'skip') return value !== true;
    return true;
  });
}

/**
 * Answers a combined operation by calling, for each of its (included) root fields, the handler of the operation that
 * asks for it alone, and merging: the data under the field's response key (its alias), the errors with that key as
 * their path. A non-null field without data nulls the whole answer, as GraphQL does.
 */
async function answerCombined(
  call: GraphQLCall,
  fields: (typeof COMBINED_OPERATIONS)[string],
  handlerOf: (operation: string) => Handler | undefined,
): Promise<GraphQLResult> {
  const document = parse(call.query);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const data: Record<string, unknown> = {};
  const errors: unknown[] = [];
  let nulled = false;
  call.parts = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !isIncluded(selection.directives, call.variables)) continue;
    const field = selection as FieldNode;
    const part = fields[field.name.value];
    if (!part) throw new Error(`graphqlMock: ${call.operationName} asks for ${field.name.value}, which it cannot answer`);
    const key = field.alias?.value ?? field.name.value;
    call.parts.push(part.operation);
    const handler = handlerOf(part.operation);
    const result: GraphQLResult = handler === undefined
      ? { errors: [{ message: `Cannot query operation ${part.operation}`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }
      : typeof handler === 'function'
        ? await handler(call.variables, { ...call, operationName: part.operation })
        : handler;
    const value = (result.data as Record<string, unknown> | null | undefined)?.[part.field] ?? null;
    data[key] = value;
    for (const error of result.errors ?? []) {
      const entry = error as { path?: unknown[] };
      errors.push({ ...entry, path: [key, ...(entry.path ?? []).slice(1)] });
    }
    if (value === null && !part.nullable) nulled = true;
  }
  return { data: nulled ? null : data, ...(errors.length > 0 ? { errors } : {}) };
}

/**
 * Replaces `fetch` with a fake server: GraphQL operations by name (each gets a result, or a function of the
 * variables; unknown ones answer like a server would; a combined one by the handlers of its parts, see
 * COMBINED_OPERATIONS) and the storefront's REST edges (sign-in, customer JWT,
 * sign-out, translations). Every call is recorded, headers included.
 */
export function mockGraphQL(handlers: Record<string, Handler>, options: MockServerOptions = {}) {
  const calls: GraphQLCall[] = [];
  const restCalls: RestCall[] = [];
  const state = { signedIn: options.storefrontSignedIn ?? false };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url);
    if (!parsed.pathname.endsWith('/graphql')) {
      const call: RestCall = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: parsed.pathname,
        url,
        headers: headersOf(init),
        body: typeof init?.body === 'string' ? init.body : null,
        credentials: init?.credentials,
      };
      restCalls.push(call);
      const handler = options.rest?.[`${call.method} ${call.path}`];
      const answer = handler === undefined ? storefrontAnswer(call, state) : typeof handler === 'function' ? await handler(call) : handler;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
      const status = answer.status ?? 200;
      // A 204 carries no body (the Response constructor refuses one).
      return new Response(status === 204 ? null : body, { status });
    }
    const body = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
    const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    const call: GraphQLCall = {
      url,
      operationName,
      query: body.query,
      variables: body.variables ?? {},
      headers: headersOf(init),
    };
    calls.push(call);
    const handler = handlers[operationName] ?? DEFAULT_HANDLERS[operationName];
    const combined = handler === undefined ? COMBINED_OPERATIONS[operationName] : undefined;
    const result: GraphQLResult = combined
      ? await answerCombined(call, combined, (name) => handlers[name] ?? DEFAULT_HANDLERS[name])
      : handler === undefined
      ? { errors: [{ message: `Cannot query operation ${operationName}`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }
      : typeof handler === 'function'
        ? await handler(call.variables, call)
        : handler;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    restCalls,
    /** The calls of an operation, a combined operation's included (whose root field it answered) among them. */
    callsTo: (name: string) => calls.filter((call) => call.operationName === name || call.parts?.includes(name)),
    restCallsTo: (method: string, path: string) => restCalls.filter((call) => call.method === method && call.path === path),
    storefrontSignedIn: () => state.signedIn,
  };
}

export function storeInfo(overrides: Partial<StoreBasicInfo> = {}): StoreBasicInfo {
  return {
    storeName: 'Helix Scientific',
    storeHash: 'helix01',
    storeLogo: 'https://cdn.example.test/helix-logo.png',
    storeAddress: '1 Lab Way, Cambridge',
    defaultLanguage: 'en',
    defaultCurrency: 'USD',
    multiStorefrontEnabled: false,
    quantityLimit: 1_000_000,
    storeSites: [
      {
        channelId: 1,
        channelName: 'Helix US',
        urls: ['https://shop.helix.test'],
        iconUrl: '',
        channelLogo: null,
        isEnabled: true,
        b2bEnabled: true,
        b3ChannelId: 11,
        type: 'storefront',
        platform: 'django',
        translationVersion: 0,
      },
    ],
    ...overrides,
  };
}

export const storeInfoResult = (overrides: Partial<StoreBasicInfo> = {}): GraphQLResult => ({
  data: { storeBasicInfo: storeInfo(overrides) },
});


export function featureFlags(overrides: Partial<StoreFeatureFlags> = {}): StoreFeatureFlags {
  return {
    accountSettings: true,
    addressBook: true,
    buyAgain: true,
    dashboard: true,
    invoice: true,
    messages: true,
    orders: true,
    quickOrderPad: true,
    quotes: true,
    shoppingLists: true,
    tradeProfessionalApplication: true,
    userManagement: true,
    wishLists: true,
    ...overrides,
  };
}

/** The store's config entries as the demo store has them (quote switches on, sign-in page defaults). */
export function configEntries(overrides: Record<string, Partial<StorefrontConfigEntry>> = {}): StorefrontConfigEntry[] {
  const entries: Record<string, StorefrontConfigEntry> = {
    quote_for_guest: { key: 'quote_for_guest', value: '1', extraFields: {} },
    quote_for_individual_customer: { key: 'quote_for_individual_customer', value: '1', extraFields: {} },
    quote_for_b2b: { key: 'quote_for_b2b', value: '1', extraFields: {} },
    login_page_html: { key: 'login_page_html', value: '0', extraFields: { html: '' } },
    login_page_display: { key: 'login_page_display', value: '1', extraFields: {} },
    login_page_button: { key: 'login_page_button', value: '1', extraFields: {} },
  };
  for (const [key, entry] of Object.entries(overrides)) {
    entries[key] = { key, value: '1', extraFields: {}, ...entries[key], ...entry };
  }
  return Object.values(entries);
}

export const storefrontConfigResult = (overrides: Partial<StoreFeatureFlags> = {}): GraphQLResult => ({
  data: { storefrontConfig: featureFlags(overrides) },
});

export const storefrontConfigsResult = (overrides: Record<string, Partial<StorefrontConfigEntry>> = {}): GraphQLResult => ({
  data: { storefrontConfigs: configEntries(overrides) },
});

// shell §6 shopping list actions and submit for approval (accounts/permissions.py GROUPS), beyond the three codes
// the first issues used.
const SHOPPING_LIST_ACTIONS = [
  'duplicate_shopping_list', 'update_shopping_list', 'delete_shopping_list',
  'create_shopping_list_item', 'update_shopping_list_item', 'delete_shopping_list_item', 'submit_shopping_list_for_approval',
];

const ALL_CODES = [
  'get_users', 'get_user_detail', 'create_user', 'update_user', 'delete_user',
  'get_shopping_lists', 'get_shopping_list_detail', 'create_shopping_list',
  ...SHOPPING_LIST_ACTIONS, 'approve_draft_shopping_list',
  'get_addresses', 'get_address_detail', 'create_address',
  'get_quotes', 'get_quote_detail', 'create_quote', 'update_quote_message', 'checkout_with_quote',
  'get_orders', 'get_order_detail',
  'get_invoices', 'get_invoice_detail', 'pay_invoice',
  'purchase_enable',
  // Issue 41: budgets and approval rules (accounts.permissions: the admins', not the senior buyers').
  'manage_approvals',
];

const grant = (codes: readonly string[], permissionLevel: number): Permission[] => codes.map((code) => ({ code, permissionLevel }));

/** The demo accounts' permissions (docs/decisions.md, issue 3). */
export const DEMO_PERMISSIONS = {
  admin: grant(ALL_CODES, 2),
  senior: grant(ALL_CODES.filter((code) => !['create_user', 'update_user', 'delete_user', 'manage_approvals'].includes(code)), 2),
  junior: [
    ...grant(['get_shopping_lists', 'get_shopping_list_detail', 'create_shopping_list', 'get_quotes', 'get_quote_detail', 'create_quote', 'update_quote_message'], 1),
    ...grant(SHOPPING_LIST_ACTIONS, 1),
    // shell §2 /orderDetail/{id}: the orders they placed (issue 36).
    ...grant(['get_order_detail'], 1),
    ...grant(['get_addresses', 'get_address_detail'], 2),
  ],
  individual: grant(
    ['get_shopping_lists', 'get_shopping_list_detail', 'create_shopping_list', ...SHOPPING_LIST_ACTIONS.filter((code) => !code.startsWith('submit_')), 'get_addresses', 'get_address_detail', 'create_address',
      'get_quotes', 'get_quote_detail', 'create_quote', 'update_quote_message', 'checkout_with_quote', 'get_orders', 'get_order_detail',
      'purchase_enable'],
    1,
  ),
  superAdmin: [] as Permission[],
} as const;

type CompanyInfo = NonNullable<CustomerInfo['companyInfo']>;

/**
 * A company of customer(): Acme Labs, or what the test gives over it. Its own company unless the test says whose unit
 * it acts for (issue 40), and no units below it.
 */
function companyInfoOf(overrides: Partial<CompanyInfo>): CompanyInfo {
  const company = { id: 3, companyName: 'Acme Labs', status: 1, rejectionReason: '', canSwitchUnits: false, spansUnits: false, ...overrides };
  return { homeCompanyId: company.id, homeCompanyName: company.companyName, ...company };
}

export function customer(overrides: { role?: number; permissions?: Permission[]; userInfo?: Partial<CustomerInfo['userInfo']>; companyInfo?: Partial<CompanyInfo> | null } = {}): CustomerInfo {
  const role = overrides.role ?? 1;
  return {
    userType: role === 99 ? 2 : role === 3 ? 6 : 3,
    userInfo: {
      id: 7,
      role,
      companyRoleName: role === 1 ? 'Senior Buyer' : '',
      firstName: 'Sam',
      lastName: 'Senior',
      email: 'senior@acme.test',
      phoneNumber: '+1 617 555 0101',
      ...overrides.userInfo,
    },
    permissions: overrides.permissions ?? [...DEMO_PERMISSIONS.senior],
    companyInfo: overrides.companyInfo === null ? null : companyInfoOf(overrides.companyInfo ?? {}),
    masquerade: null,
    accountStatus: null,
  };
}

export const customerResult = (value: CustomerInfo = customer()): GraphQLResult => ({ data: { customerInfo: value } });

export const authorizationResult = (token = 'b2b-token-1'): GraphQLResult => ({
  data: { authorization: { result: { token, loginType: 2, permissions: [] } } },
});

/** Start-up queries every portal opening makes, answered like the demo store unless a test says otherwise. */
const DEFAULT_HANDLERS: Record<string, Handler> = {
  StoreBasicInfo: storeInfoResult(),
  StorefrontConfig: storefrontConfigResult(),
  StorefrontConfigs: storefrontConfigsResult(),
  Currencies: {
    data: {
      currencies: [
        {
          id: '1', name: 'US Dollar', isDefault: true, enabled: true, isTransactional: true, currencyCode: 'USD',
          currencyExchangeRate: '1.000000', token: '$', tokenLocation: 'left', decimalToken: '.', thousandsToken: ',', decimalPlaces: 2,
        },
      ],
    },
  },
  TaxZoneRates: { data: { taxZoneRates: [] } },
  Authorization: authorizationResult(),
  // Issue 40: no address signs in with its organisation unless a test says so.
  SsoSignIn: { data: { ssoSignIn: null } },
  // Issue 41: the menu's approvals badge (nothing waits) and the budget panels of the quote and list pages (no budget
  // applies) unless a test says otherwise.
  PurchaseRequestInboxCount: { data: { purchaseRequestInboxCount: 0 } },
  BudgetStatus: { data: { budgetStatus: [] } },
  Countries: {
    data: {
      countries: [
        { id: 1, countryName: 'Germany', countryCode: 'DE', states: [] },
        {
          id: 2, countryName: 'United States', countryCode: 'US',
          states: [{ stateName: 'California', stateCode: 'CA' }, { stateName: 'Massachusetts', stateCode: 'MA' }],
        },
      ],
    },
  },
};

/** Sam Senior of Acme Labs, a senior buyer. */
export const customerInfoResult: GraphQLResult = customerResult();
