import type {
  QuoteAddressFieldsFragment,
  QuoteContactInfoFieldsFragment,
  QuoteDraftFieldsFragment,
  QuoteDraftPayloadFieldsFragment,
  QuoteFileFieldsFragment,
} from '../../../lib/graphqlTypes.generated';

// The draft's shape (docs/api.md "The draft"), shared by every draft operation. The types are generated from these
// selections (src/lib/graphqlTypes.generated.ts); the schema's descriptions document the fields.

export const QUOTE_CONTACT_INFO_FIELDS = /* GraphQL */ `
  fragment QuoteContactInfoFields on QuoteContactInfo {
    name
    email
    companyName
    phoneNumber
    quoteTitle
  }
`;

export const QUOTE_ADDRESS_FIELDS = /* GraphQL */ `
  fragment QuoteAddressFields on QuoteAddress {
    address
    addressId
    apartment
    companyName
    city
    country
    firstName
    label
    lastName
    phoneNumber
    state
    zipCode
  }
`;

/** A file attached to a draft or quote (business §5 drop zone; docs/api.md "Files"). */
export const QUOTE_FILE_FIELDS = /* GraphQL */ `
  fragment QuoteFileFields on QuoteFile {
    id
    fileName
    fileSize
    contentType
    fromSupplier
    createdAt
    downloadUrl
  }
`;

export const QUOTE_DRAFT_FIELDS = /* GraphQL */ `
  fragment QuoteDraftFields on QuoteDraft {
    draftKey
    id
    cartId
    currencyCode
    showInclusive
    pricesHidden
    note
    contactInfo {
      ...QuoteContactInfoFields
    }
    shippingAddress {
      ...QuoteAddressFields
    }
    billingAddress {
      ...QuoteAddressFields
    }
    fileInfo {
      ...QuoteFileFields
    }
    products {
      id
      productId
      variantId
      variantSku
      productName
      primaryImage
      productUrl
      quantity
      optionList
      options {
        optionId
        optionName
        value
      }
      basePrice
      calculatedValue
      lineTotal
      lineTotalWithTax
      priceError
      priceOnRequest
    }
    totals {
      subtotal
      tax
      grandTotal
    }
  }
  ${QUOTE_CONTACT_INFO_FIELDS}
  ${QUOTE_ADDRESS_FIELDS}
  ${QUOTE_FILE_FIELDS}
`;

export const QUOTE_DRAFT_PAYLOAD_FIELDS = /* GraphQL */ `
  fragment QuoteDraftPayloadFields on QuoteDraftPayload {
    message
    draft {
      ...QuoteDraftFields
    }
  }
  ${QUOTE_DRAFT_FIELDS}
`;

export type QuoteContactInfo = QuoteContactInfoFieldsFragment;
export type QuoteAddress = QuoteAddressFieldsFragment;
/** An address as the draft form edits and sends it (the schema's QuoteAddressInput, every field given). */
export type QuoteAddressInput = Omit<QuoteAddress, 'addressId'> & { addressId?: number | null };
/** `downloadUrl`: a signed link, valid 5 minutes: fetch the draft again before opening an older one. */
export type QuoteFile = QuoteFileFieldsFragment;
export type QuoteDraft = QuoteDraftFieldsFragment;
/**
 * `optionList`: the chosen modifier options as JSON, [{"optionId": 12, "optionValue": "34"}] (the variant's own are
 * not in it); `priceOnRequest`: the catalog gives no price ("Price on request"), its prices are null.
 */
export type QuoteDraftLine = QuoteDraft['products'][number];
export type QuoteDraftPayload = QuoteDraftPayloadFieldsFragment;
