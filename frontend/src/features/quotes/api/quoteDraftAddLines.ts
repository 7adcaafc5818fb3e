import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftAddLinesMutation, QuoteDraftAddLinesMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS } from './draftFields';

export type { QuoteDraftLineInput, QuoteSource } from '../../../lib/graphqlTypes.generated';
export type QuoteDraftAddLinesVariables = QuoteDraftAddLinesMutationVariables;

export const QUOTE_DRAFT_ADD_LINES = graphqlOperation<QuoteDraftAddLinesMutation, QuoteDraftAddLinesMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftAddLines($draftKey: String, $source: QuoteSource!, $cartId: String, $channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
    quoteDraftAddLines(draftKey: $draftKey, source: $source, cartId: $cartId, channelId: $channelId, lines: $lines) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
