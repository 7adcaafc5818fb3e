import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteMessageFieldsFragment, QuoteQuery, QuoteQueryVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_ADDRESS_FIELDS, QUOTE_CONTACT_INFO_FIELDS, QUOTE_FILE_FIELDS } from './draftFields';

export type { QuoteFile } from './draftFields';

// A submitted quote with everything its page shows (docs/api.md "Quotes"). Amounts are decimal strings in the
// quote's currency, excluding tax; dates are ISO strings.

export const QUOTE_MESSAGE_FIELDS = /* GraphQL */ `
  fragment QuoteMessageFields on QuoteMessage {
    id
    fromSupplier
    authorName
    message
    createdAt
  }
`;

export const QUOTE = graphqlOperation<QuoteQuery, QuoteQueryVariables>(/* GraphQL */ `
  query Quote($id: ID!, $accessKey: String) {
    quote(id: $id, accessKey: $accessKey) {
      id number title status revision isPriced issuedOn expiresOn currencyCode companyName note orderNumber
      salesRep { name email }
      createdBy { name email }
      contactInfo { ...QuoteContactInfoFields }
      shippingAddress { ...QuoteAddressFields }
      billingAddress { ...QuoteAddressFields }
      lines { id productId variantId sku productName primaryImage quantity options { optionName value }
              priceOnRequest originalPrice quotedPrice discountedPrice taxRate originalTotal quotedTotal }
      summary { originalSubtotal discount discountPercent quotedSubtotal shipping tax grandTotal }
      messages { ...QuoteMessageFields }
      attachments { ...QuoteFileFields }
      revisions { number createdAt bySupplier automatic updatedBy message
                  changes { field lineId sku productName before after } }
      canMessage canDownloadPdf canCheckout
    }
  }
  ${QUOTE_CONTACT_INFO_FIELDS}
  ${QUOTE_ADDRESS_FIELDS}
  ${QUOTE_MESSAGE_FIELDS}
  ${QUOTE_FILE_FIELDS}
`);

// The shapes the page's components use, generated from the selection above.
export type QuoteDetail = QuoteQuery['quote'];
export type QuotePerson = NonNullable<QuoteDetail['salesRep']>;
/**
 * Prices are null until the supplier has priced the line; `priceOnRequest`: the catalog gave no price, the supplier
 * prices it; `originalPrice`: the buyer's unit price when submitted (for a price on request the quoted price).
 */
export type QuoteLine = QuoteDetail['lines'][number];
export type QuoteSummary = QuoteDetail['summary'];
export type QuoteMessage = QuoteMessageFieldsFragment;
/** `field`: quantity, price (per line), discount, shipping or expiry; `before` / `after` as text, null = none. */
export type QuoteChange = QuoteRevision['changes'][number];
export type QuoteRevision = QuoteDetail['revisions'][number];
