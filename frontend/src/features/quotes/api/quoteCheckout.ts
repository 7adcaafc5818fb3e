import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteCheckoutMutation, QuoteCheckoutMutationVariables } from '../../../lib/graphqlTypes.generated';

export const QUOTE_CHECKOUT = graphqlOperation<QuoteCheckoutMutation, QuoteCheckoutMutationVariables>(/* GraphQL */ `
  mutation QuoteCheckout($id: ID!) {
    quoteCheckout(id: $id) { checkoutUrl cartId isNewStorefront quoteCheckoutId quoteDate }
  }
`);

/** A one-time `checkoutUrl` and the session-storage values of business §4. */
export type QuoteCheckout = QuoteCheckoutMutation['quoteCheckout'];
