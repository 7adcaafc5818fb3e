import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export interface QuoteDraftUpdateLineVariables {
  draftKey: string | null;
  lineId: number;
  quantity?: number | null;
  /** Replaces the line's options (those left out are cleared). */
  options?: { optionId: number; value: string }[] | null;
  variantId?: number | null;
}

export const QUOTE_DRAFT_UPDATE_LINE = graphqlOperation<{ quoteDraftUpdateLine: QuoteDraftPayload }, QuoteDraftUpdateLineVariables>(`
  mutation QuoteDraftUpdateLine($draftKey: String, $lineId: Int!, $quantity: Int, $options: [QuoteOptionInput!], $variantId: Int) {
    quoteDraftUpdateLine(draftKey: $draftKey, lineId: $lineId, quantity: $quantity, options: $options, variantId: $variantId) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
