// The buyer portal's headless JavaScript API, version 1 (issue 22; docs/headless.md). Types only: this file is the
// source of the declaration file shipped with the bundle (public/helix-portal.d.ts, written by
// scripts/headless-dts.mjs and compared with it by src/headless/declarations.test.ts), and the loader's
// implementation (./install.ts) is checked against it. Changing a member here is changing the public API: an
// incompatible change gets a new version number.

/** A chosen option of a product: the option's id and its value (a value id, a text, a date as YYYY-MM-DD). */
export interface HelixProductOption {
  optionId: number;
  value: string;
}

/** A product to add: by its id (with a variant or the variant options' values) or by a SKU. */
export interface HelixProductLine {
  productId?: number;
  variantId?: number;
  sku?: string;
  /** 1 to 1,000,000; 1 when left out. */
  quantity?: number;
  options?: readonly HelixProductOption[];
}

/** A product to add to a shopping list: a line with an optional note (at most 1,000 characters). */
export interface HelixShoppingListLine extends HelixProductLine {
  note?: string;
}

/** The signed-in user's company; for a super admin who masquerades, the company they act for. */
export interface HelixCompany {
  id: number;
  name: string;
  /** 0 pending, 1 approved, 2 rejected, 3 inactive, 4 deleted. */
  status: number | null;
}

/** The signed-in user, as the server reports them (customerInfo). */
export interface HelixUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** 0 admin, 1 senior buyer, 2 junior buyer, 3 super admin masquerading, 4 super admin, 5 custom role, 99 individual customer. */
  role: number;
  companyRoleName: string;
  /** The permission codes the user holds, with their levels (1: their own records, 2: the whole company's). */
  permissions: ReadonlyArray<{ code: string; level: number }>;
  company: HelixCompany | null;
  /** The company a super admin is masquerading as, or null. */
  masquerade: { companyId: number; companyName: string } | null;
}

export interface HelixQuoteDraftResult {
  /** The server's message, e.g. "Product was added to your quote." */
  message: string;
  /** How many lines the draft holds now. */
  lineCount: number;
}

export interface HelixShoppingListResult {
  message: string;
  shoppingList: { id: number; name: string; status: number };
}

/** What each event hands its listeners. */
export interface HelixPortalEvents {
  /** A user signed in (through the portal, or taken over from the storefront's own session). */
  'signed-in': { type: 'signed-in' };
  /** The session ended: signed out, or expired. */
  'signed-out': { type: 'signed-out' };
  /** The quote draft changed: lines added (here, by the storefront's buttons or in the portal), edited, submitted. */
  'quote-changed': { type: 'quote-changed'; operation: string };
}

export type HelixPortalEventName = keyof HelixPortalEvents;

/**
 * A call the server refused (or that never reached it): `code` is the server's error code ('PERMISSION_DENIED',
 * 'VALIDATION_ERROR', '40101' for an ended session, …, or 'NETWORK_ERROR'), `message` its message, `fields` the
 * messages per field of a validation error.
 */
export interface HelixPortalError extends Error {
  readonly name: 'HelixPortalError';
  readonly code: string;
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/** `window.helixPortal`: present as soon as the loader's script has run. */
export interface HelixPortal {
  /** This API's version: 1. */
  readonly version: 1;
  /** Resolves with the API once the loader has started on the page. */
  readonly ready: Promise<HelixPortal>;
  /** Opens the portal on one of its pages: '/quoteDraft', '/orders', '/shoppingLists', '/login', … */
  openPage(path: string): void;
  /** Closes the portal and gives the page back. */
  closePage(): void;
  /** The signed-in user with their company; null for a guest. */
  getCurrentUser(): Promise<HelixUser | null>;
  /** Adds products to the quote draft (a guest's draft is kept for them, as the storefront's buttons do). */
  addProductsToQuote(products: readonly HelixProductLine[]): Promise<HelixQuoteDraftResult>;
  /** Adds products to one of the user's shopping lists. */
  addProductsToShoppingList(shoppingListId: number, products: readonly HelixShoppingListLine[]): Promise<HelixShoppingListResult>;
  /** Super admins: act for a company until endMasquerade; resolves with the user as they now are. */
  beginMasquerade(companyId: number): Promise<HelixUser>;
  /** Super admins: stop acting for the company; resolves with the user as they now are. */
  endMasquerade(): Promise<HelixUser>;
  /** Calls `listener` on each such event until the returned function is called. */
  on<E extends HelixPortalEventName>(event: E, listener: (event: HelixPortalEvents[E]) => void): () => void;
}
