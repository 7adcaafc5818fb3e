import { graphqlOperation } from '../../../lib/graphql';
import type { QuickOrderAddToQuoteMutation, QuickOrderAddToQuoteMutationVariables } from '../../../lib/graphqlTypes.generated';

// docs/api.md quoteDraftAddLines: the chosen products into the caller's quote draft (made when there is none), with
// the quote's own rules — all of them or none (NOT_QUOTABLE, PRICE_ERROR, QUOTE_QUANTITY_OUT_OF_RANGE…).

export type { QuoteDraftLineInput } from '../../../lib/graphqlTypes.generated';

export const QUICK_ORDER_ADD_TO_QUOTE = graphqlOperation<QuickOrderAddToQuoteMutation, QuickOrderAddToQuoteMutationVariables>(/* GraphQL */ `
  mutation QuickOrderAddToQuote($channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
    quoteDraftAddLines(source: QUOTE_DRAFT, channelId: $channelId, lines: $lines) {
      message
      draft { id }
    }
  }
`);
