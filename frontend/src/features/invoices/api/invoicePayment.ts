import { graphqlOperation } from '../../../lib/graphql';
import type {
  InvoiceCheckoutLoginMutation,
  InvoiceCheckoutLoginMutationVariables,
  InvoiceCreateBcCartMutation,
  InvoiceCreateBcCartMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// business §4 "Pay-invoice flow" and §7: invoiceCreateBcCart(lineItems, currency) → checkoutUrl, cartId; then
// checkoutLogin(cartData: {cartId}) → result.redirectUrl (a one-time sign-in link to the checkout).

export const INVOICE_CREATE_BC_CART = graphqlOperation<InvoiceCreateBcCartMutation, InvoiceCreateBcCartMutationVariables>(/* GraphQL */ `
  mutation InvoiceCreateBcCart($lineItems: [InvoicePaymentLineItemInput!]!, $currency: String!) {
    invoiceCreateBcCart(lineItems: $lineItems, currency: $currency) { checkoutUrl cartId }
  }
`);

export const INVOICE_CHECKOUT_LOGIN = graphqlOperation<InvoiceCheckoutLoginMutation, InvoiceCheckoutLoginMutationVariables>(/* GraphQL */ `
  mutation InvoiceCheckoutLogin($cartData: CheckoutLoginCartData!) {
    checkoutLogin(cartData: $cartData) { result { redirectUrl } }
  }
`);

export type InvoicePaymentLine = InvoiceCreateBcCartMutationVariables['lineItems'][number];
