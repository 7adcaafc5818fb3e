import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export type QuoteSource = 'PRODUCT_PAGE' | 'CART_PAGE' | 'QUOTE_DRAFT';

export interface QuoteDraftLineInput {
  sku?: string | null;
  productId?: number | null;
  variantId?: number | null;
  quantity: number;
  options?: { optionId: number; value: string }[];
}

export interface QuoteDraftAddLinesVariables {
  draftKey: string | null;
  source: QuoteSource;
  cartId?: string | null;
  channelId: number;
  lines: QuoteDraftLineInput[];
}

export const QUOTE_DRAFT_ADD_LINES = graphqlOperation<{ quoteDraftAddLines: QuoteDraftPayload }, QuoteDraftAddLinesVariables>(`
  mutation QuoteDraftAddLines($draftKey: String, $source: QuoteSource!, $cartId: String, $channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
    quoteDraftAddLines(draftKey: $draftKey, source: $source, cartId: $cartId, channelId: $channelId, lines: $lines) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
