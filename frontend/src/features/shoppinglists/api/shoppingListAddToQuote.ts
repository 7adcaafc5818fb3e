import { graphqlOperation } from '../../../lib/graphql';
import type { ShoppingListAddToQuoteMutation, ShoppingListAddToQuoteMutationVariables } from '../../../lib/graphqlTypes.generated';

// docs/api.md "Add selected to quote": the chosen products go to the caller's quote draft through
// quoteDraftAddLines (productId, variantId, quantity and the options of optionList), which applies the quote's own
// rules — all of them or none (NOT_QUOTABLE, PRICE_ERROR, the quantity limit…).

export const SHOPPING_LIST_ADD_TO_QUOTE = graphqlOperation<ShoppingListAddToQuoteMutation, ShoppingListAddToQuoteMutationVariables>(/* GraphQL */ `
  mutation ShoppingListAddToQuote($channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
    quoteDraftAddLines(source: QUOTE_DRAFT, channelId: $channelId, lines: $lines) {
      message
      draft { id }
    }
  }
`);

/** A list's optionList (`[{"optionId": 12, "optionValue": "34"}]`) as the draft's options; [] when unreadable. */
export function quoteOptionsOf(optionList: string): { optionId: number; value: string }[] {
  try {
    const parsed: unknown = JSON.parse(optionList || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { optionId, optionValue } = entry as { optionId?: unknown; optionValue?: unknown };
      return typeof optionId === 'number' && optionValue !== null && optionValue !== undefined ? [{ optionId, value: String(optionValue) }] : [];
    });
  } catch {
    return [];
  }
}
