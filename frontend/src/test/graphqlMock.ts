import { vi } from 'vitest';

import type { StoreBasicInfo } from '../lib/store/storeBasicInfo';

export interface GraphQLCall {
  url: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
}

export type GraphQLResult = { data?: unknown; errors?: unknown[] };
type Handler = GraphQLResult | ((variables: Record<string, unknown>, call: GraphQLCall) => GraphQLResult | Promise<GraphQLResult>);

/**
 * Replaces `fetch` with a fake GraphQL server: each operation name gets a result (or a function of the
 * variables). Every call is recorded, headers included. Unknown operations answer like a server would.
 */
export function mockGraphQL(handlers: Record<string, Handler>) {
  const calls: GraphQLCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
    const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    const call: GraphQLCall = {
      url: String(input),
      operationName,
      query: body.query,
      variables: body.variables ?? {},
      headers: { ...(init?.headers as Record<string, string>) },
    };
    calls.push(call);
    const handler = handlers[operationName];
    const result: GraphQLResult = handler === undefined
      ? { errors: [{ message: `Cannot query operation ${operationName}`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }
      : typeof handler === 'function'
        ? await handler(call.variables, call)
        : handler;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (name: string) => calls.filter((call) => call.operationName === name) };
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
    storeSites: [
      {
        channelId: 1,
        channelName: 'Helix US',
        urls: ['https://shop.helix.test'],
        iconUrl: null,
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

export const customerInfoResult: GraphQLResult = {
  data: {
    customerInfo: {
      userType: 3,
      userInfo: {
        id: 7,
        role: 1,
        companyRoleName: 'Senior Buyer',
        firstName: 'Sam',
        lastName: 'Senior',
        email: 'senior@acme.test',
        phoneNumber: '+1 617 555 0101',
      },
      permissions: [{ code: 'get_orders', permissionLevel: 2 }],
      companyInfo: { id: 3, companyName: 'Acme Labs', status: 1 },
    },
  },
};
