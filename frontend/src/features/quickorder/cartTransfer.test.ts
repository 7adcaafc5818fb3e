import { optionValue, productOption } from '../../components/productOptions/productOptionFixtures';
import { GraphQLRequestError } from '../../lib/graphql';
import type { SearchProduct } from '../../lib/productSearch';
import { cartLineItem, refusalCode, type CartLine } from './cartTransfer';

const product: SearchProduct = {
  id: 1, name: 'Pipette', sku: 'HS-3004', casNumber: '', availability: 'available', priceOnRequest: false, imageUrl: null, productUrl: null,
  variants: [{ variantId: 5, sku: 'HS-3004-10UL', purchasingDisabled: false, imageUrl: null, calculatedPrice: '549.00', optionValues: [{ id: 50, optionId: 1, label: '10 µL' }] }],
  allOptions: [
    productOption(1, 'radio_buttons', 'Volume', { isVariantOption: true, optionValues: [optionValue(50, '10 µL')] }),
    productOption(2, 'checkbox', 'Calibration certificate', { optionValues: [optionValue(60, 'Yes')] }),
    productOption(3, 'text', 'Engraving'),
    productOption(4, 'dropdown', 'Colour', { optionValues: [optionValue(70, 'Blue')] }),
  ],
};

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  key: 1, productId: 1, variantId: 5, quantity: 2, options: [], sku: 'HS-3004-10UL', name: 'Pipette', purchasable: true, availableStock: 4, ...overrides,
});

describe('a quick order line as the cart API takes it', () => {
  it('sends the modifiers only, a choice by its value id and a text as text', () => {
    const options = [
      { optionId: 1, value: '50' },
      { optionId: 2, value: '60' },
      { optionId: 3, value: '123' },
      { optionId: 4, value: '70' },
    ];
    expect(cartLineItem(line({ options }), product)).toEqual({
      productEntityId: 1,
      variantEntityId: 5,
      quantity: 2,
      selectedOptions: [
        { optionEntityId: 2, optionValueEntityId: 60 },
        { optionEntityId: 3, text: '123' },
        { optionEntityId: 4, optionValueEntityId: 70 },
      ],
    });
  });

  it('without the product’s options, takes digits for a value id', () => {
    expect(cartLineItem(line({ options: [{ optionId: 9, value: '31' }, { optionId: 8, value: 'Lot 7' }] }), undefined).selectedOptions).toEqual([
      { optionEntityId: 9, optionValueEntityId: 31 },
      { optionEntityId: 8, text: 'Lot 7' },
    ]);
  });

  it('tells why the cart refused a line from the field it names and what was known of the product', () => {
    const refusal = (fields: Record<string, string[]>) => new GraphQLRequestError('refused', { code: 'VALIDATION_ERROR', fields });
    expect(refusalCode(refusal({ 'lineItems.0.productEntityId': ['Product not found.'] }), line())).toBe('PRODUCT_UNAVAILABLE');
    expect(refusalCode(refusal({ 'lineItems.0.2': ['This option does not belong to the product.'] }), line())).toBe('OPTIONS_CHANGED');
    expect(refusalCode(refusal({ quantity: ['This product is not available.'] }), line({ purchasable: false }))).toBe('PURCHASE_DISABLED');
    expect(refusalCode(refusal({ quantity: ['Only 4 in stock.'] }), line())).toBe('OUT_OF_STOCK');
    expect(refusalCode(refusal({ quantity: ['The quantity of each product is 1-1000000.'] }), line({ availableStock: null }))).toBe('QUANTITY_LIMIT');
  });
});
