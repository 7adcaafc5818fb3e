import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftClaimMutation, QuoteDraftClaimMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS } from './draftFields';

export const QUOTE_DRAFT_CLAIM = graphqlOperation<QuoteDraftClaimMutation, QuoteDraftClaimMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftClaim($draftKey: String!) {
    quoteDraftClaim(draftKey: $draftKey) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
