import type { ProductOption, ProductOptionConfig, ProductOptionValue } from '../../lib/productOptions';

// Test data: product options as the catalog API gives them (lib/productOptions.ts), with only what a test is
// about spelled out.

export function optionConfig(overrides: Partial<ProductOptionConfig> = {}): ProductOptionConfig {
  return {
    textMinLength: null,
    textMaxLength: null,
    textMaxLines: null,
    numberLimited: false,
    numberLimitMode: '',
    numberLowestValue: null,
    numberHighestValue: null,
    numberIntegersOnly: false,
    defaultValue: '',
    checkboxLabel: '',
    checkedByDefault: false,
    fileMaxSize: null,
    fileTypes: [],
    ...overrides,
  };
}

export function optionValue(id: number, label: string, overrides: Partial<ProductOptionValue> = {}): ProductOptionValue {
  return { id, label, sortOrder: 0, isDefault: false, valueData: {}, ...overrides };
}

export function productOption(
  id: number,
  type: ProductOption['type'],
  displayName: string,
  { config, ...overrides }: Partial<Omit<ProductOption, 'config'>> & { config?: Partial<ProductOptionConfig> } = {},
): ProductOption {
  return {
    id,
    type,
    displayName,
    required: false,
    isVariantOption: false,
    sortOrder: 0,
    optionValues: [],
    ...overrides,
    config: optionConfig(config),
  };
}
