import { graphqlOperation } from '../../../lib/graphql';

/** `url`: a signed link valid 5 minutes, shown inline; with `&download=1` it downloads. */
export interface QuotePdf {
  url: string;
  fileName: string;
}

export const QUOTE_PDF = graphqlOperation<{ quotePdf: QuotePdf }, { id: string; accessKey: string | null }>(`
  query QuotePdf($id: ID!, $accessKey: String) {
    quotePdf(id: $id, accessKey: $accessKey) { url fileName }
  }
`);
