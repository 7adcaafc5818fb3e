import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export const QUOTE_DRAFT_CLAIM = graphqlOperation<{ quoteDraftClaim: QuoteDraftPayload }, { draftKey: string }>(`
  mutation QuoteDraftClaim($draftKey: String!) {
    quoteDraftClaim(draftKey: $draftKey) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
