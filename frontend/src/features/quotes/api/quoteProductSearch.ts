import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteProductSearchQuery, QuoteProductSearchQueryVariables } from '../../../lib/graphqlTypes.generated';
import { PRODUCT_OPTION_FIELDS } from '../../../lib/productOptions';

// Products to add to the draft, found by text (name, catalog number, CAS number, synonym) or by id (to edit the
// options of a line); docs/api.md "Catalog" productsSearch. Prices are the caller's, null while hidden or on request.

export const QUOTE_PRODUCT_SEARCH = graphqlOperation<QuoteProductSearchQuery, QuoteProductSearchQueryVariables>(/* GraphQL */ `
  query QuoteProductSearch($search: String, $productIds: [Int!], $first: Int!) {
    productsSearch(search: $search, productIds: $productIds, first: $first) {
      id name sku casNumber availability priceOnRequest imageUrl productUrl
      variants { variantId sku purchasingDisabled imageUrl calculatedPrice optionValues { id optionId label } }
      allOptions { ...ProductOptionFields }
    }
  }
  ${PRODUCT_OPTION_FIELDS}
`);

/** A search result; `priceOnRequest`: the catalog gives no price for this product, so its prices are null. */
export type QuoteSearchProduct = QuoteProductSearchQuery['productsSearch'][number];
/** `calculatedPrice`: the caller's unit price for quantity 1, excluding tax. */
export type QuoteSearchVariant = QuoteSearchProduct['variants'][number];

/** The variant whose variant-option values are the ones chosen; undefined while one is not chosen. */
export function variantFor(product: QuoteSearchProduct, values: Record<number, string>): QuoteSearchVariant | undefined {
  const variantOptions = product.allOptions.filter((option) => option.isVariantOption);
  if (variantOptions.length === 0) return product.variants[0];
  return product.variants.find((variant) =>
    variantOptions.every((option) => variant.optionValues.some((value) => value.optionId === option.id && String(value.id) === values[option.id])),
  );
}

/** Whether every variant option has a value (only then can the chosen variant be told, or be missing). */
export function variantOptionsChosen(product: QuoteSearchProduct, values: Record<number, string>): boolean {
  return product.allOptions.filter((option) => option.isVariantOption).every((option) => values[option.id]);
}
