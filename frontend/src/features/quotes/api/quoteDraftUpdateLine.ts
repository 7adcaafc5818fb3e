import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftUpdateLineMutation, QuoteDraftUpdateLineMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS } from './draftFields';

/** `options` replaces the line's options (those left out are cleared). */
export type QuoteDraftUpdateLineVariables = QuoteDraftUpdateLineMutationVariables;

export const QUOTE_DRAFT_UPDATE_LINE = graphqlOperation<QuoteDraftUpdateLineMutation, QuoteDraftUpdateLineMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftUpdateLine($draftKey: String, $lineId: Int!, $quantity: Int, $options: [QuoteOptionInput!], $variantId: Int) {
    quoteDraftUpdateLine(draftKey: $draftKey, lineId: $lineId, quantity: $quantity, options: $options, variantId: $variantId) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
