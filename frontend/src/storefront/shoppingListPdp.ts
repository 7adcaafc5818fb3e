// What "Add to Shopping List" on a product page hands the portal's /pdp page (shell §2 "Product detail page
// hosting", issue 18): the product, the quantity and the options chosen on the page, in the hash route's query
// (`#/pdp?productId=3&quantity=2&option=40:97&option=41:Bench%204`). React-free: the storefront's button writes it
// and the portal's page reads it.

export const PDP_PATH = '/pdp';

export interface PdpProduct {
  productId: number;
  quantity: number;
  /** The chosen values by option id, as the storefront's form gives them (a value id, text, YYYY-MM-DD). */
  options: { optionId: number; value: string }[];
}

const MAX_OPTIONS = 50;
const MAX_VALUE_LENGTH = 1000;

export function pdpSearchParams(product: PdpProduct): URLSearchParams {
  const params = new URLSearchParams();
  params.set('productId', String(product.productId));
  params.set('quantity', String(product.quantity));
  for (const { optionId, value } of product.options) params.append('option', `${optionId}:${value}`);
  return params;
}

/** The hash that opens the portal's /pdp page for a product. */
export function pdpHash(product: PdpProduct): string {
  return `#${PDP_PATH}?${pdpSearchParams(product).toString()}`;
}

/** The product of a /pdp query; null without a product. Quantities follow business §5 (1 to the server's `limit`). */
export function parsePdpParams(params: URLSearchParams, limit: number): PdpProduct | null {
  const productId = Number(params.get('productId'));
  if (!Number.isInteger(productId) || productId <= 0) return null;
  const quantity = Math.floor(Number(params.get('quantity') ?? '1'));
  const options: PdpProduct['options'] = [];
  for (const entry of params.getAll('option').slice(0, MAX_OPTIONS)) {
    const match = /^(\d{1,9}):([\s\S]*)$/.exec(entry);
    if (match && match[2]!.length <= MAX_VALUE_LENGTH) options.push({ optionId: Number(match[1]), value: match[2]! });
  }
  return {
    productId,
    quantity: Number.isFinite(quantity) && quantity >= 1 ? Math.min(quantity, limit) : 1,
    options,
  };
}
