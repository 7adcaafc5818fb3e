import { graphqlOperation } from '../../../lib/graphql';
import type { QuotePdfQuery, QuotePdfQueryVariables } from '../../../lib/graphqlTypes.generated';

export const QUOTE_PDF = graphqlOperation<QuotePdfQuery, QuotePdfQueryVariables>(/* GraphQL */ `
  query QuotePdf($id: ID!, $accessKey: String) {
    quotePdf(id: $id, accessKey: $accessKey) { url fileName }
  }
`);

/** `url`: a signed link valid 5 minutes, shown inline; with `&download=1` it downloads. */
export type QuotePdf = QuotePdfQuery['quotePdf'];
