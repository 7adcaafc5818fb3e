import { graphqlOperation } from './graphql';
import type { ProductSearchQuery, ProductSearchQueryVariables } from './graphqlTypes.generated';
import { PRODUCT_OPTION_FIELDS } from './productOptions';

// Products a buyer adds to a quote draft or a shopping list, found by text (name, catalog number, CAS number,
// synonym) or by id (to edit the options of a line); docs/api.md "Catalog" productsSearch. Prices are the caller's,
// null while hidden or on request.

export const PRODUCT_SEARCH = graphqlOperation<ProductSearchQuery, ProductSearchQueryVariables>(/* GraphQL */ `
  query ProductSearch($search: String, $productIds: [Int!], $first: Int!) {
    productsSearch(search: $search, productIds: $productIds, first: $first) {
      id name sku casNumber availability priceOnRequest imageUrl productUrl
      variants { variantId sku purchasingDisabled imageUrl calculatedPrice optionValues { id optionId label } }
      allOptions { ...ProductOptionFields }
    }
  }
  ${PRODUCT_OPTION_FIELDS}
`);

/** A search result; `priceOnRequest`: the catalog gives no price for this product, so its prices are null. */
export type SearchProduct = ProductSearchQuery['productsSearch'][number];
/** `calculatedPrice`: the caller's unit price for quantity 1, excluding tax. */
export type SearchVariant = SearchProduct['variants'][number];

/** The variant whose variant-option values are the ones chosen; undefined while one is not chosen. */
export function variantFor(product: SearchProduct, values: Record<number, string>): SearchVariant | undefined {
  const variantOptions = product.allOptions.filter((option) => option.isVariantOption);
  if (variantOptions.length === 0) return product.variants[0];
  return product.variants.find((variant) =>
    variantOptions.every((option) => variant.optionValues.some((value) => value.optionId === option.id && String(value.id) === values[option.id])),
  );
}

/** Whether every variant option has a value (only then can the chosen variant be told, or be missing). */
export function variantOptionsChosen(product: SearchProduct, values: Record<number, string>): boolean {
  return product.allOptions.filter((option) => option.isVariantOption).every((option) => values[option.id]);
}

/** A product's line as the quote draft and shopping lists take it (QuoteDraftLineInput, ShoppingListItemInput). */
export interface ProductLineInput {
  productId: number;
  variantId: number | null;
  quantity: number;
  options: { optionId: number; value: string }[];
}
