import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftRemoveLineMutation, QuoteDraftRemoveLineMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS } from './draftFields';

export const QUOTE_DRAFT_REMOVE_LINE = graphqlOperation<QuoteDraftRemoveLineMutation, QuoteDraftRemoveLineMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftRemoveLine($draftKey: String, $lineId: Int!) {
    quoteDraftRemoveLine(draftKey: $draftKey, lineId: $lineId) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
