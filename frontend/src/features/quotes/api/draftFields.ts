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
  options: { optionId: number | null; optionName: string; value: string }[];
  basePrice: string | null;
  calculatedValue: string | null;
  lineTotal: string | null;
  lineTotalWithTax: string | null;
  priceError: string | null;
}

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
  products: QuoteDraftLine[];
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
  products { id productId variantId variantSku productName primaryImage productUrl quantity
             options { optionId optionName value }
             basePrice calculatedValue lineTotal lineTotalWithTax priceError }
  totals { subtotal tax grandTotal }
`;

export const QUOTE_DRAFT_PAYLOAD_FIELDS = `message draft { ${QUOTE_DRAFT_FIELDS} }`;
