import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteAddressInput, type QuoteContactInfo, type QuoteDraftPayload } from './draftFields';

export interface QuoteDraftInfoInput {
  contactInfo: QuoteContactInfo;
  shippingAddress: QuoteAddressInput;
  billingAddress: QuoteAddressInput;
  note: string;
}

export const QUOTE_DRAFT_UPDATE = graphqlOperation<{ quoteDraftUpdate: QuoteDraftPayload }, { draftKey: string | null; data: QuoteDraftInfoInput }>(`
  mutation QuoteDraftUpdate($draftKey: String, $data: QuoteDraftInfoInput!) {
    quoteDraftUpdate(draftKey: $draftKey, data: $data) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
