import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export const QUOTE_DRAFT_REMOVE_LINE = graphqlOperation<{ quoteDraftRemoveLine: QuoteDraftPayload }, { draftKey: string | null; lineId: number }>(`
  mutation QuoteDraftRemoveLine($draftKey: String, $lineId: Int!) {
    quoteDraftRemoveLine(draftKey: $draftKey, lineId: $lineId) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
