import { checkboxTickedValue, defaultOptionValues, isCheckboxTicked } from './optionValues';
import { optionValue, productOption } from './productOptionFixtures';

const checkboxWithValues = productOption(7, 'checkbox', 'Certificate', {
  optionValues: [optionValue(70, 'No', { valueData: { checked_value: false } }), optionValue(71, 'Yes', { valueData: { checked_value: true } })],
});

describe('defaultOptionValues', () => {
  it('starts each kind from its default: the isDefault value, a ticked checkbox, the default text; nothing for a file', () => {
    const options = [
      productOption(1, 'dropdown', 'Pack size', { optionValues: [optionValue(10, '500 mL'), optionValue(11, '1 L', { isDefault: true })] }),
      productOption(2, 'swatch', 'Colour', { optionValues: [optionValue(20, 'Amber', { isDefault: true }), optionValue(21, 'Clear')] }),
      productOption(3, 'radio_buttons', 'Grade', { optionValues: [optionValue(30, 'ACS'), optionValue(31, 'USP')] }),
      productOption(4, 'checkbox', 'Sealed', { config: { checkedByDefault: true } }),
      { ...checkboxWithValues, config: { ...checkboxWithValues.config, checkedByDefault: true } },
      productOption(8, 'checkbox', 'Gift wrap', { config: { checkedByDefault: false } }),
      productOption(5, 'text', 'Engraving', { config: { defaultValue: 'Lab 4' } }),
      productOption(6, 'numbers_only_text', 'Volume', { config: { defaultValue: '250' } }),
      productOption(9, 'date', 'Delivery date', { config: { defaultValue: '2026-03-01' } }),
      productOption(12, 'multi_line_text', 'Notes'),
      productOption(13, 'file', 'Drawing', { config: { defaultValue: 'drawing.pdf' } }),
    ];

    expect(defaultOptionValues(options)).toEqual({ 1: '11', 2: '20', 4: '1', 7: '71', 5: 'Lab 4', 6: '250', 9: '2026-03-01' });
  });

  it('is empty without options', () => {
    expect(defaultOptionValues([])).toEqual({});
  });
});

describe('checkboxTickedValue', () => {
  it('is the id of the value whose checked_value is true, else "1"', () => {
    expect(checkboxTickedValue(checkboxWithValues)).toBe('71');
    expect(checkboxTickedValue(productOption(4, 'checkbox', 'Sealed'))).toBe('1');
    const onlyUnchecked = productOption(5, 'checkbox', 'Sealed', { optionValues: [optionValue(50, 'No', { valueData: { checked_value: 'false' } })] });
    expect(checkboxTickedValue(onlyUnchecked)).toBe('1');
  });
});

describe('isCheckboxTicked (read as the server reads it)', () => {
  it.each(['', '0', 'false', 'off', 'No', ' none ', undefined])('%j is unticked', (value) => {
    expect(isCheckboxTicked(checkboxWithValues, value)).toBe(false);
  });

  it.each(['1', 'on', 'true', 'yes', '71'])('%j is ticked', (value) => {
    expect(isCheckboxTicked(checkboxWithValues, value)).toBe(true);
  });

  it('is unticked by the id of a value whose checked_value is false', () => {
    expect(isCheckboxTicked(checkboxWithValues, '70')).toBe(false);
  });
});
