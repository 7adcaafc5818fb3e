import { graphqlOperation, type GraphQLClient } from '../../../lib/graphql';
import type { SkuLookupQuery, SkuLookupQueryVariables } from '../../../lib/graphqlTypes.generated';

// docs/api.md "Quick order pad: skuLookup": what each SKU names, in the order given, at most 100 a call. FOUND rows
// say whether they can be bought as they are (errorCode), AMBIGUOUS ones (a CAS number of several pack sizes) list
// the candidates to choose from.

/** The server's cap on one call. */
export const MAX_SKUS_PER_LOOKUP = 100;

export const SKU_LOOKUP = graphqlOperation<SkuLookupQuery, SkuLookupQueryVariables>(/* GraphQL */ `
  query SkuLookup($skus: [String!]!) {
    skuLookup(skus: $skus) {
      sku
      status
      productId
      variantId
      variantSku
      productName
      purchasable
      availableStock
      needsOptions
      optionList { optionId optionValue }
      errorCode
      candidates { productId variantId sku productName label purchasable availableStock }
    }
  }
`);

export type SkuLookupResult = SkuLookupQuery['skuLookup'][number];
export type SkuCandidate = SkuLookupResult['candidates'][number];

/** Looks the SKUs up, as many calls as the cap needs; the answers come back in the order of `skus`. */
export async function lookUpSkus(client: GraphQLClient, skus: readonly string[], signal?: AbortSignal): Promise<SkuLookupResult[]> {
  const calls: Promise<SkuLookupResult[]>[] = [];
  for (let start = 0; start < skus.length; start += MAX_SKUS_PER_LOOKUP) {
    const batch = skus.slice(start, start + MAX_SKUS_PER_LOOKUP);
    calls.push(client.request(SKU_LOOKUP, { skus: batch }, { signal, suppressErrorToast: true }).then((data) => data.skuLookup));
  }
  return (await Promise.all(calls)).flat();
}
