import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftUpdateMutation, QuoteDraftUpdateMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteAddressInput, type QuoteContactInfo } from './draftFields';

/** The draft form's values, sent whole as the schema's QuoteDraftInfoInput. */
export interface QuoteDraftInfoInput {
  contactInfo: QuoteContactInfo;
  shippingAddress: QuoteAddressInput;
  billingAddress: QuoteAddressInput;
  note: string;
}

export const QUOTE_DRAFT_UPDATE = graphqlOperation<QuoteDraftUpdateMutation, QuoteDraftUpdateMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftUpdate($draftKey: String, $data: QuoteDraftInfoInput!) {
    quoteDraftUpdate(draftKey: $draftKey, data: $data) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
