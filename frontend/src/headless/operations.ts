// The headless API's calls (issue 22), imported by ./install.ts on the first call, so none of it is in the script
// every storefront page loads. Each call is one of the overlay's own GraphQL operations, sent as the storefront's
// quote buttons send theirs (storefront/quoteState.ts: the page's B2B token, taken over from the storefront's
// session when the tab has none; the storefront token; a session the server ended retried as the guest the shopper
// now is): the server applies the same rules to a headless call as to a click in the portal.
import type { PortalConfig } from '../lib/config';
import { graphqlOperation, type GraphQLOperation } from '../lib/graphql';
import type {
  HeadlessCustomerShoppingListsItemsCreateMutation,
  HeadlessCustomerShoppingListsItemsCreateMutationVariables,
  HeadlessQuoteDraftAddLinesMutation,
  HeadlessQuoteDraftAddLinesMutationVariables,
  HeadlessQuoteDraftClaimMutation,
  HeadlessQuoteDraftClaimMutationVariables,
  ShoppingListItemInput,
  HeadlessShoppingListsItemsCreateMutation,
  HeadlessShoppingListsItemsCreateMutationVariables,
} from '../lib/graphqlTypes.generated';
import { announceIdentityChanged } from '../lib/identityEvents';
import { effectiveRole } from '../lib/permissions';
import { clearDraftCopy } from '../lib/quoteDraftCopy';
import { announceQuoteDraftChanged } from '../lib/quoteDraftEvents';
import { readDraftKey, writeDraftKey } from '../lib/quoteDraftKey';
import { rememberCustomer } from '../lib/sessionLifecycle';
import { CUSTOMER_INFO, type CustomerInfo } from '../lib/user/customerInfo';
import { SUPER_ADMIN_BEGIN_MASQUERADE, SUPER_ADMIN_END_MASQUERADE } from '../lib/user/masquerade';
import { storefrontGraphQL, storefrontToken } from '../storefront/quoteState';
import type { HelixPortalError, HelixProductLine, HelixQuoteDraftResult, HelixShoppingListLine, HelixShoppingListResult, HelixUser } from './types';

/** A call that failed: the server's code and message (or NETWORK_ERROR when no answer came). */
export class HeadlessError extends Error implements HelixPortalError {
  override readonly name = 'HelixPortalError';
  readonly code: string;
  readonly fields: Readonly<Record<string, readonly string[]>>;

  constructor(code: string, message: string, fields: Readonly<Record<string, readonly string[]>> = {}) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}

/** shell §9 role 100: the server's answer for a caller who is nobody. */
const GUEST_ROLE = 100;
/** business §3: an individual (B2C) customer keeps their own lists, through the customer… operations. */
const INDIVIDUAL_ROLE = 99;

// business §4: a storefront's own "Add to Quote" stands where the product page's button does (its quote switches).
const ADD_LINES = graphqlOperation<HeadlessQuoteDraftAddLinesMutation, HeadlessQuoteDraftAddLinesMutationVariables>(/* GraphQL */ `
  mutation HeadlessQuoteDraftAddLines($draftKey: String, $channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
    quoteDraftAddLines(draftKey: $draftKey, source: PRODUCT_PAGE, channelId: $channelId, lines: $lines) {
      message
      draft {
        draftKey
        products {
          id
        }
      }
    }
  }
`);

const CLAIM = graphqlOperation<HeadlessQuoteDraftClaimMutation, HeadlessQuoteDraftClaimMutationVariables>(/* GraphQL */ `
  mutation HeadlessQuoteDraftClaim($draftKey: String!) {
    quoteDraftClaim(draftKey: $draftKey) {
      message
    }
  }
`);

const LIST_ITEMS_CREATE = graphqlOperation<HeadlessShoppingListsItemsCreateMutation, HeadlessShoppingListsItemsCreateMutationVariables>(/* GraphQL */ `
  mutation HeadlessShoppingListsItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    shoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name status }
    }
  }
`);

const CUSTOMER_LIST_ITEMS_CREATE = graphqlOperation<HeadlessCustomerShoppingListsItemsCreateMutation, HeadlessCustomerShoppingListsItemsCreateMutationVariables>(/* GraphQL */ `
  mutation HeadlessCustomerShoppingListsItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    customerShoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name status }
    }
  }
`);

type Fields = Record<string, readonly string[]>;

function fieldsOf(value: unknown): Fields {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string')),
  );
}

/** One operation; its data, or a HeadlessError with the server's first error. */
async function call<TData, TVariables>(config: PortalConfig, operation: GraphQLOperation<TData, TVariables>, variables: TVariables): Promise<TData> {
  let body: Awaited<ReturnType<typeof storefrontGraphQL<TData>>>;
  try {
    body = await storefrontGraphQL<TData>(config, operation.document, variables as Record<string, unknown>);
  } catch {
    throw new HeadlessError('NETWORK_ERROR', 'The server could not be reached.');
  }
  const [error] = body.errors ?? [];
  if (error) {
    const extensions = (error.extensions ?? {}) as { code?: string | number; fields?: unknown };
    throw new HeadlessError(String(extensions.code ?? 'ERROR'), error.message, fieldsOf(extensions.fields));
  }
  if (!body.data) throw new HeadlessError('NETWORK_ERROR', 'Unexpected response.');
  return body.data;
}

function lineInput(line: HelixProductLine) {
  return {
    productId: line.productId ?? null,
    variantId: line.variantId ?? null,
    sku: line.sku ?? null,
    quantity: line.quantity ?? 1,
    options: (line.options ?? []).map(({ optionId, value }) => ({ optionId, value })),
  };
}

export function userOf(customer: CustomerInfo): HelixUser | null {
  const { userInfo, companyInfo, masquerade } = customer;
  if (userInfo.role === GUEST_ROLE) return null;
  const acting = masquerade?.isAgenting ? { companyId: masquerade.id, companyName: masquerade.companyName } : null;
  const company = companyInfo
    ? { id: companyInfo.id, name: companyInfo.companyName, status: companyInfo.status }
    : acting && { id: acting.companyId, name: acting.companyName, status: null };
  return {
    id: userInfo.id,
    email: userInfo.email,
    firstName: userInfo.firstName,
    lastName: userInfo.lastName,
    // The server reports every super admin as 3; not masquerading is 4 (ARCHITECTURE §8), as the portal reads it.
    role: effectiveRole(customer),
    companyRoleName: userInfo.companyRoleName,
    permissions: customer.permissions.map(({ code, permissionLevel }) => ({ code, level: permissionLevel })),
    company,
    masquerade: acting,
  };
}

export function headlessOperations(config: PortalConfig) {
  async function customer(): Promise<CustomerInfo | null> {
    // Nobody signed in on this tab nor on the storefront: a guest, without asking the server.
    if ((await storefrontToken(config)) === null) return null;
    const { customerInfo } = await call(config, CUSTOMER_INFO, {});
    return customerInfo.userInfo.role === GUEST_ROLE ? null : customerInfo;
  }

  /** After a masquerade began or ended: the user as they now are, and the page and portal told. */
  async function changedIdentity(): Promise<HelixUser> {
    const now = await customer();
    const user = now && userOf(now);
    if (!now || !user) throw new HeadlessError('40101', 'The session has ended.');
    rememberCustomer(now); // the storefront page's cart rule and pending tip follow the company acted for
    announceIdentityChanged();
    return user;
  }

  return {
    async getCurrentUser(): Promise<HelixUser | null> {
      const current = await customer();
      return current && userOf(current);
    },

    async addProductsToQuote(products: readonly HelixProductLine[]): Promise<HelixQuoteDraftResult> {
      // As the storefront's buttons: a guest draft made before signing in is merged into the user's first.
      const storedKey = readDraftKey();
      if (storedKey && (await storefrontToken(config)) !== null) {
        await call(config, CLAIM, { draftKey: storedKey });
        writeDraftKey(null);
      }
      const { quoteDraftAddLines } = await call(config, ADD_LINES, {
        // Ignored for a signed-in caller; a guest's draft (or one whose session has ended) is found by it.
        draftKey: readDraftKey(),
        channelId: config.channelId,
        lines: products.map(lineInput),
      });
      if (quoteDraftAddLines.draft.draftKey) writeDraftKey(quoteDraftAddLines.draft.draftKey);
      clearDraftCopy(); // the draft page's copy lacks these lines: it loads afresh
      announceQuoteDraftChanged({ operation: 'quoteDraftAddLines' });
      return { message: quoteDraftAddLines.message, lineCount: quoteDraftAddLines.draft.products.length };
    },

    async addProductsToShoppingList(shoppingListId: number, products: readonly HelixShoppingListLine[]): Promise<HelixShoppingListResult> {
      const items: ShoppingListItemInput[] = products.map((line) => {
        const { options, ...rest } = lineInput(line);
        return { ...rest, options: options.map(({ optionId, value }) => ({ optionId, optionValue: value })), productNote: line.note ?? '' };
      });
      const current = await customer();
      if (current?.userInfo.role === INDIVIDUAL_ROLE) {
        const { customerShoppingListsItemsCreate: answer } = await call(config, CUSTOMER_LIST_ITEMS_CREATE, { shoppingListId, items });
        return { message: answer.message, shoppingList: answer.shoppingList };
      }
      // A company's user, a masquerading super admin — or anybody else, whom the server refuses.
      const { shoppingListsItemsCreate: answer } = await call(config, LIST_ITEMS_CREATE, { shoppingListId, items });
      return { message: answer.message, shoppingList: answer.shoppingList };
    },

    async beginMasquerade(companyId: number): Promise<HelixUser> {
      await call(config, SUPER_ADMIN_BEGIN_MASQUERADE, { companyId });
      return changedIdentity();
    },

    async endMasquerade(): Promise<HelixUser> {
      const current = await customer();
      const masquerade = current?.masquerade?.isAgenting ? current.masquerade : null;
      // The server ends a masquerade by its company; without one there is nothing to end.
      if (!masquerade) throw new HeadlessError('NOT_MASQUERADING', 'No masquerade to end.');
      await call(config, SUPER_ADMIN_END_MASQUERADE, { companyId: masquerade.id });
      return changedIdentity();
    },
  };
}

export type HeadlessOperations = ReturnType<typeof headlessOperations>;
