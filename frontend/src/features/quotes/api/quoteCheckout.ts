import { graphqlOperation } from '../../../lib/graphql';

/** A one-time `checkoutUrl` and the session-storage values of business §4. */
export interface QuoteCheckout {
  checkoutUrl: string;
  cartId: string;
  isNewStorefront: boolean;
  quoteCheckoutId: string;
  quoteDate: string;
}

export const QUOTE_CHECKOUT = graphqlOperation<{ quoteCheckout: QuoteCheckout }, { id: string }>(`
  mutation QuoteCheckout($id: ID!) {
    quoteCheckout(id: $id) { checkoutUrl cartId isNewStorefront quoteCheckoutId quoteDate }
  }
`);
