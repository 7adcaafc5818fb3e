import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_FILE_FIELDS, type QuoteAddress, type QuoteContactInfo, type QuoteFile } from './draftFields';

export type { QuoteFile } from './draftFields';

// A submitted quote with everything its page shows (docs/api.md "Quotes"). Amounts are decimal strings in the
// quote's currency, excluding tax; dates are ISO strings.

export interface QuotePerson {
  name: string;
  email: string;
}

export interface QuoteLine {
  id: number;
  productId: number | null;
  variantId: number | null;
  sku: string;
  productName: string;
  primaryImage: string | null;
  quantity: number;
  options: { optionName: string; value: string }[];
  /** The catalog gave no price for this product ("Price on request"): the supplier prices it. */
  priceOnRequest: boolean;
  /** The buyer's unit price when submitted; for a price on request the quoted price, null until there is one. */
  originalPrice: string | null;
  /** The supplier's unit price before the overall discount; null until priced. */
  quotedPrice: string | null;
  /** The unit price to pay (quoted less the overall discount); null until priced. */
  discountedPrice: string | null;
  taxRate: string;
  /** Null while the original price is. */
  originalTotal: string | null;
  /** Quantity × discounted price; null until priced. */
  quotedTotal: string | null;
}

export interface QuoteSummary {
  /** Null while a line's price is on request and not yet quoted. */
  originalSubtotal: string | null;
  /** Original minus quoted subtotal. */
  discount: string | null;
  /** The supplier's overall discount in percent. */
  discountPercent: string;
  quotedSubtotal: string | null;
  /** Null: calculated at checkout. */
  shipping: string | null;
  tax: string | null;
  grandTotal: string | null;
}

export interface QuoteMessage {
  id: number;
  fromSupplier: boolean;
  authorName: string;
  message: string;
  createdAt: string;
}

/** `field`: quantity, price (per line), discount, shipping or expiry; `before` / `after` as text, null = none. */
export interface QuoteChange {
  field: string;
  lineId: number | null;
  sku: string | null;
  productName: string | null;
  before: string | null;
  after: string | null;
}

export interface QuoteRevision {
  number: number;
  createdAt: string;
  bySupplier: boolean;
  automatic: boolean;
  updatedBy: string | null;
  message: string;
  changes: QuoteChange[];
}

export interface QuoteDetail {
  id: number;
  number: string;
  title: string;
  /** open, ordered or expired. */
  status: string;
  revision: number;
  isPriced: boolean;
  issuedOn: string;
  /** The last day it can be ordered (a calendar day). */
  expiresOn: string;
  currencyCode: string;
  companyName: string;
  note: string;
  orderNumber: number | null;
  salesRep: QuotePerson | null;
  createdBy: QuotePerson | null;
  contactInfo: QuoteContactInfo;
  shippingAddress: QuoteAddress;
  billingAddress: QuoteAddress;
  lines: QuoteLine[];
  summary: QuoteSummary;
  messages: QuoteMessage[];
  attachments: QuoteFile[];
  revisions: QuoteRevision[];
  canMessage: boolean;
  canDownloadPdf: boolean;
  canCheckout: boolean;
}

const ADDRESS = 'address addressId apartment companyName city country firstName label lastName phoneNumber state zipCode';

export const QUOTE_MESSAGE_FIELDS = 'id fromSupplier authorName message createdAt';

export const QUOTE = graphqlOperation<{ quote: QuoteDetail }, { id: string; accessKey: string | null }>(`
  query Quote($id: ID!, $accessKey: String) {
    quote(id: $id, accessKey: $accessKey) {
      id number title status revision isPriced issuedOn expiresOn currencyCode companyName note orderNumber
      salesRep { name email }
      createdBy { name email }
      contactInfo { name email companyName phoneNumber quoteTitle }
      shippingAddress { ${ADDRESS} }
      billingAddress { ${ADDRESS} }
      lines { id productId variantId sku productName primaryImage quantity options { optionName value }
              priceOnRequest originalPrice quotedPrice discountedPrice taxRate originalTotal quotedTotal }
      summary { originalSubtotal discount discountPercent quotedSubtotal shipping tax grandTotal }
      messages { ${QUOTE_MESSAGE_FIELDS} }
      attachments { ${QUOTE_FILE_FIELDS} }
      revisions { number createdAt bySupplier automatic updatedBy message
                  changes { field lineId sku productName before after } }
      canMessage canDownloadPdf canCheckout
    }
  }
`);
