import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export const QUOTE_DRAFT_UPDATE_LINE = graphqlOperation<
  { quoteDraftUpdateLine: QuoteDraftPayload },
  { draftKey: string | null; lineId: number; quantity: number }
>(`
  mutation QuoteDraftUpdateLine($draftKey: String, $lineId: Int!, $quantity: Int) {
    quoteDraftUpdateLine(draftKey: $draftKey, lineId: $lineId, quantity: $quantity) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
