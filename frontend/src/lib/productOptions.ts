// Product options (business §3 Option, §5 validation) as the catalog API gives them (docs/api.md "Catalog"), shared
// by every screen that lets a buyer choose options: the quote draft now, shopping lists and quick order later.

import type { ProductOptionFieldsFragment } from './graphqlTypes.generated';

/** The kinds the overlay knows (business §3); the schema's `type` is a String, so another kind may arrive. */
export type ProductOptionKind =
  | 'text'
  | 'numbers_only_text'
  | 'multi_line_text'
  | 'date'
  | 'checkbox'
  | 'radio_buttons'
  | 'dropdown'
  | 'rectangles'
  | 'file'
  | 'swatch'
  | 'product_list_with_images';

// Generated from PRODUCT_OPTION_FIELDS below; the schema's descriptions document the fields.
export type ProductOption = ProductOptionFieldsFragment;
export type ProductOptionConfig = ProductOption['config'];
/** `valueData` (JSON): image_url, product_id (product list), colors (swatch), checked_value (checkbox); read it with jsonObject. */
export type ProductOptionValue = ProductOption['optionValues'][number];

/**
 * The values chosen, by option id, as the API takes them (QuoteOptionInput.value): a value id for the
 * multiple-choice kinds, the checked value's id (or "1") for a ticked checkbox and "" for an unticked one, the text
 * or number as typed, a date as YYYY-MM-DD. An option left empty is "" or absent.
 */
export type OptionValues = Record<number, string>;

export const PRODUCT_OPTION_FIELDS = /* GraphQL */ `
  fragment ProductOptionFields on ProductOptionType {
    id
    type
    displayName
    required
    isVariantOption
    sortOrder
    config {
      textMinLength
      textMaxLength
      textMaxLines
      numberLimited
      numberLimitMode
      numberLowestValue
      numberHighestValue
      numberIntegersOnly
      defaultValue
      checkboxLabel
      checkedByDefault
      fileMaxSize
      fileTypes
    }
    optionValues {
      id
      label
      sortOrder
      isDefault
      valueData
    }
  }
`;
/** The kinds whose value is one of the option's values (sent as its id). */
export const MULTIPLE_CHOICE_KINDS: ReadonlySet<string> = new Set<ProductOptionKind>([
  'radio_buttons',
  'dropdown',
  'rectangles',
  'swatch',
  'product_list_with_images',
]);

/** The options in the order the storefront shows them. */
export function sortedOptions(options: readonly ProductOption[]): ProductOption[] {
  return [...options].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** The values as the API's option inputs, leaving out the options left empty. */
export function optionInputs(values: OptionValues): { optionId: number; value: string }[] {
  return Object.entries(values)
    .filter(([, value]) => value.trim() !== '')
    .map(([optionId, value]) => ({ optionId: Number(optionId), value }));
}
