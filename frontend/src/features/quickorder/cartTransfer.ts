import { GraphQLRequestError, type GraphQLClient } from '../../lib/graphql';
import { MULTIPLE_CHOICE_KINDS } from '../../lib/productOptions';
import { PRODUCT_SEARCH, type SearchProduct } from '../../lib/productSearch';
import { readStorefrontCart, rememberProxyCart, type StorefrontCartState } from '../../lib/storefrontCart';
import {
  MAX_CART_LINES_PER_CALL,
  QUICK_ORDER_ADD_CART_LINE_ITEMS,
  QUICK_ORDER_CREATE_CART,
  type CartLineItemInput,
} from './api/cartLineItems';

// Quick order's "add to cart" (issue 19): lines of the pad, of the purchased products or of a bulk upload into the
// caller's storefront cart — the one the storefront's cart page names (its id travels in an HTTP-only cookie, see
// lib/storefrontCart), else a new one, which the cart page then shows. All the lines go in one addCartLineItems call
// (100 a call); the cart takes all of them or none, so when it refuses, each line is tried on its own to tell which
// were added and why the others were not (the codes of the shared transfer report).

/** A product to put into the cart. */
export interface CartLine {
  key: string | number;
  productId: number;
  /** null: the product's only variant. */
  variantId: number | null;
  quantity: number;
  /** The options as the quote draft takes them (variant options and modifiers alike); the cart takes modifiers. */
  options: readonly { optionId: number; value: string }[];
  sku: string;
  name: string;
  /** What the caller knows of it, to tell why the cart refused it. */
  purchasable: boolean;
  availableStock: number | null;
}

/** The shared report's codes (components/transferReport/transferCodes). */
export type CartRefusalCode = 'PRODUCT_UNAVAILABLE' | 'PURCHASE_DISABLED' | 'OUT_OF_STOCK' | 'OPTIONS_CHANGED' | 'QUANTITY_LIMIT';

export interface CartRefusal {
  line: CartLine;
  code: CartRefusalCode;
  /** The server's details, in English. */
  reason: string | null;
}

export interface CartTransferResult {
  cartId: string | null;
  added: CartLine[];
  notAdded: CartRefusal[];
}

/** Products asked for their options' kinds at a time (the catalog search's cost grows with them). */
const PRODUCTS_PER_SEARCH = 20;

/** The products of lines with options, with their options' kinds (which are variant options, which take a value id). */
async function productsOf(client: GraphQLClient, lines: readonly CartLine[]): Promise<Map<number, SearchProduct>> {
  const ids = [...new Set(lines.filter((line) => line.options.length > 0).map((line) => line.productId))];
  const found = new Map<number, SearchProduct>();
  for (let start = 0; start < ids.length; start += PRODUCTS_PER_SEARCH) {
    const productIds = ids.slice(start, start + PRODUCTS_PER_SEARCH);
    const { productsSearch } = await client.request(PRODUCT_SEARCH, { productIds, first: productIds.length }, { suppressErrorToast: true });
    for (const product of productsSearch) found.set(product.id, product);
  }
  return found;
}

const DIGITS = /^\d+$/;

/**
 * A line as the cart API takes it: the variant, and the modifiers only (the variant's own options are the variant);
 * a choice (or a checkbox's value) by its value id, anything else as text.
 */
export function cartLineItem(line: CartLine, product: SearchProduct | undefined): CartLineItemInput {
  const kinds = new Map(product?.allOptions.map((option) => [option.id, option]) ?? []);
  const selectedOptions = line.options
    .filter(({ optionId }) => !kinds.get(optionId)?.isVariantOption)
    .map(({ optionId, value }) => {
      const option = kinds.get(optionId);
      const byId = option ? MULTIPLE_CHOICE_KINDS.has(option.type) || option.type === 'checkbox' : true;
      return byId && DIGITS.test(value) ? { optionEntityId: optionId, optionValueEntityId: Number(value) } : { optionEntityId: optionId, text: value };
    });
  return { productEntityId: line.productId, variantEntityId: line.variantId, quantity: line.quantity, selectedOptions };
}

/** Why the cart refused one line, from its answer and what the caller knew of the product. */
export function refusalCode(error: GraphQLRequestError, line: CartLine): CartRefusalCode {
  const fields = Object.keys(error.fields);
  if (fields.some((field) => field.endsWith('.productEntityId'))) return 'PRODUCT_UNAVAILABLE';
  if (fields.some((field) => field.startsWith('lineItems.'))) return 'OPTIONS_CHANGED';
  if (!line.purchasable) return 'PURCHASE_DISABLED';
  // The quantity (the business §4 stock check with what the cart holds already, or the 1,000,000 limit).
  return line.availableStock !== null ? 'OUT_OF_STOCK' : 'QUANTITY_LIMIT';
}

const isRefusal = (error: unknown): error is GraphQLRequestError => error instanceof GraphQLRequestError && error.code === 'VALIDATION_ERROR';
const isCartGone = (error: unknown): boolean => error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';

export interface CartTransferOptions {
  /** Reads the storefront's cart page (tests pass their own). */
  readCart?: () => Promise<StorefrontCartState | null>;
}

/**
 * Puts the lines into the caller's cart and says which went in. A refusal of the whole request (no right to buy,
 * the network) is thrown: nothing was added.
 */
export async function addLinesToCart(client: GraphQLClient, lines: readonly CartLine[], options: CartTransferOptions = {}): Promise<CartTransferResult> {
  if (lines.length === 0) return { cartId: null, added: [], notAdded: [] };
  const products = await productsOf(client, lines);
  let cartId = (await (options.readCart ?? readStorefrontCart)())?.cartId ?? null;

  /** One call: into the cart, or into a new one when there is none (or the page's cart is not the caller's). */
  const send = async (batch: readonly CartLine[]): Promise<void> => {
    const lineItems = batch.map((line) => cartLineItem(line, products.get(line.productId)));
    const quiet = { suppressErrorToast: true };
    if (cartId !== null) {
      try {
        await client.request(QUICK_ORDER_ADD_CART_LINE_ITEMS, { addCartLineItemsInput: { cartEntityId: cartId, data: { lineItems } } }, quiet);
        return;
      } catch (error) {
        if (!isCartGone(error)) throw error;
      }
    }
    cartId = (await client.request(QUICK_ORDER_CREATE_CART, { createCartInput: { lineItems } }, quiet)).createCart.entityId;
    rememberProxyCart(cartId);
  };

  const added: CartLine[] = [];
  const notAdded: CartRefusal[] = [];
  for (let start = 0; start < lines.length; start += MAX_CART_LINES_PER_CALL) {
    const batch = lines.slice(start, start + MAX_CART_LINES_PER_CALL);
    try {
      await send(batch);
      added.push(...batch);
      continue;
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
    // The cart took none of them: each on its own, so that the good ones go in and the others say why not.
    for (const line of batch) {
      try {
        await send([line]);
        added.push(line);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        notAdded.push({ line, code: refusalCode(error, line), reason: error.message || null });
      }
    }
  }
  return { cartId, added, notAdded };
}
