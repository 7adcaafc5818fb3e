// The draft's shape (docs/api.md "The draft"), shared by every draft operation.

export interface QuoteContactInfo {
  name: string;
  email: string;
  companyName: string;
  phoneNumber: string;
  quoteTitle: string;
}

export interface QuoteAddress {
  address: string;
  addressId: number | null;
  apartment: string;
  companyName: string;
  city: string;
  country: string;
  firstName: string;
  label: string;
  lastName: string;
  phoneNumber: string;
  state: string;
  zipCode: string;
}

export type QuoteAddressInput = Omit<QuoteAddress, 'addressId'> & { addressId?: number | null };

export interface QuoteDraftLine {
  id: number;
  productId: number;
  variantId: number;
  variantSku: string;
  productName: string;
  primaryImage: string | null;
  productUrl: string | null;
  quantity: number;
  /** The chosen modifier options as JSON: [{"optionId": 12, "optionValue": "34"}] (the variant's own are not in it). */
  optionList: string;
  options: { optionId: number | null; optionName: string; value: string }[];
  basePrice: string | null;
  calculatedValue: string | null;
  lineTotal: string | null;
  lineTotalWithTax: string | null;
  priceError: string | null;
  /** The catalog gives no price for this product ("Price on request"): its prices are null, the supplier prices it. */
  priceOnRequest: boolean;
}

/** A file attached to a draft or quote (business §5 drop zone; docs/api.md "Files"). */
export interface QuoteFile {
  id: number;
  fileName: string;
  /** Bytes. */
  fileSize: number;
  contentType: string;
  fromSupplier: boolean;
  createdAt: string;
  /** A signed link, valid 5 minutes: fetch the draft again before opening an older one. */
  downloadUrl: string;
}

export const QUOTE_FILE_FIELDS = 'id fileName fileSize contentType fromSupplier createdAt downloadUrl';

export interface QuoteDraft {
  draftKey: string | null;
  id: number | null;
  cartId: string | null;
  currencyCode: string;
  showInclusive: boolean;
  pricesHidden: boolean;
  note: string;
  contactInfo: QuoteContactInfo;
  shippingAddress: QuoteAddress;
  billingAddress: QuoteAddress;
  /** The buyer's files (at most 3). */
  fileInfo: QuoteFile[];
  products: QuoteDraftLine[];
  /** Null while prices are hidden, a line fails, or a line's price is on request. */
  totals: { subtotal: string | null; tax: string | null; grandTotal: string | null };
}

export interface QuoteDraftPayload {
  message: string;
  draft: QuoteDraft;
}

const ADDRESS = 'address addressId apartment companyName city country firstName label lastName phoneNumber state zipCode';

export const QUOTE_DRAFT_FIELDS = `
  draftKey id cartId currencyCode showInclusive pricesHidden note
  contactInfo { name email companyName phoneNumber quoteTitle }
  shippingAddress { ${ADDRESS} }
  billingAddress { ${ADDRESS} }
  fileInfo { ${QUOTE_FILE_FIELDS} }
  products { id productId variantId variantSku productName primaryImage productUrl quantity optionList
             options { optionId optionName value }
             basePrice calculatedValue lineTotal lineTotalWithTax priceError priceOnRequest }
  totals { subtotal tax grandTotal }
`;

export const QUOTE_DRAFT_PAYLOAD_FIELDS = `message draft { ${QUOTE_DRAFT_FIELDS} }`;
