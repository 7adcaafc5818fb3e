import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import type { Language } from '../../lib/i18n/languages';
import type { OptionValues, ProductOption } from '../../lib/productOptions';
import { formatLimit } from './optionRules';
import { optionValue, productOption } from './productOptionFixtures';
import { useOptionErrors } from './useOptionErrors';

function checkOptions(language: Language = 'en') {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider language={language}>{children}</I18nProvider>;
  return renderHook(() => useOptionErrors(), { wrapper }).result.current;
}

/** The errors of one option with one value. */
function errorsOf(option: ProductOption, value: string | undefined) {
  const values: OptionValues = value === undefined ? {} : { [option.id]: value };
  return checkOptions()([option], values);
}

const REQUIRED = { '': 'Please fill out product options first.' };

describe('useOptionErrors: text (business §5)', () => {
  const engraving = productOption(12, 'text', 'Engraving', { config: { textMinLength: 3, textMaxLength: 10 } });

  it('gives the exact max and min length messages, and accepts the limits themselves', () => {
    expect(errorsOf(engraving, 'x'.repeat(11))).toEqual({ 12: 'The max length of Engraving is 10.' });
    expect(errorsOf(engraving, 'ab')).toEqual({ 12: 'The min length of Engraving is 3.' });
    expect(errorsOf(engraving, 'x'.repeat(10))).toEqual({});
    expect(errorsOf(engraving, 'abc')).toEqual({});
  });

  it('counts characters as the server does (an emoji is one), and does not check an empty optional text', () => {
    const short = productOption(12, 'text', 'Engraving', { config: { textMaxLength: 2 } });
    expect(errorsOf(short, '🧪🧪')).toEqual({});
    expect(errorsOf(engraving, '')).toEqual({});
    expect(errorsOf(engraving, '   ')).toEqual({});
  });
});

describe('useOptionErrors: multi-line text (business §5)', () => {
  const label = productOption(4, 'multi_line_text', 'Label text', { config: { textMaxLines: 2 } });

  it('gives the exact max line message', () => {
    expect(errorsOf(label, 'one\ntwo\nthree')).toEqual({ 4: 'The max line of Label text is 2.' });
  });

  it('does not count trailing empty lines (blank ones included), with any line break', () => {
    expect(errorsOf(label, 'one\r\ntwo\r\n\r\n  \n')).toEqual({});
    expect(errorsOf(label, 'one\rtwo\r\r')).toEqual({});
    expect(errorsOf(label, 'one\n\ntwo')).toEqual({ 4: 'The max line of Label text is 2.' });
  });

  it('has the max length too, a line break counting as one character', () => {
    const short = productOption(4, 'multi_line_text', 'Label text', { config: { textMaxLength: 5 } });
    expect(errorsOf(short, 'abc\nde')).toEqual({ 4: 'The max length of Label text is 5.' });
    expect(errorsOf(short, 'abc\r\nd')).toEqual({});
  });
});

describe('useOptionErrors: numbers (business §5)', () => {
  const volume = productOption(3, 'numbers_only_text', 'Volume');

  it.each(['abc', '1,5', '1e3', '--1', 'nan', '1 000'])('refuses %j as not a number', (value) => {
    expect(errorsOf(volume, value)).toEqual({ 3: 'Please enter a valid number in Volume.' });
  });

  it.each(['12', '-3', '+4', '2.5', '.5', '5.', ' 7 '])('accepts %j', (value) => {
    expect(errorsOf(volume, value)).toEqual({});
  });

  it('refuses decimals when integers only, but takes "2.0" as the integer it is', () => {
    const boxes = productOption(3, 'numbers_only_text', 'Boxes', { config: { numberIntegersOnly: true } });
    expect(errorsOf(boxes, '2.5')).toEqual({ 3: 'Please enter an integer number in Boxes.' });
    expect(errorsOf(boxes, '2.0')).toEqual({});
    expect(errorsOf(boxes, '3')).toEqual({});
  });

  it('gives the lowest value without decimals', () => {
    const lowest = productOption(3, 'numbers_only_text', 'Volume', {
      config: { numberLimited: true, numberLimitMode: 'lowest', numberLowestValue: '10.0000', numberHighestValue: '20.0000' },
    });
    expect(errorsOf(lowest, '9.99')).toEqual({ 3: 'The lowest value of Volume is 10.' });
    expect(errorsOf(lowest, '10')).toEqual({});
    expect(errorsOf(lowest, '25')).toEqual({}); // only the lowest value applies
  });

  it('gives the highest value with its meaningful decimals', () => {
    const highest = productOption(3, 'numbers_only_text', 'Concentration', {
      config: { numberLimited: true, numberLimitMode: 'highest', numberLowestValue: '1.0000', numberHighestValue: '2.5000' },
    });
    expect(errorsOf(highest, '2.51')).toEqual({ 3: 'The highest value of Concentration is 2.5.' });
    expect(errorsOf(highest, '2.5')).toEqual({});
    expect(errorsOf(highest, '0')).toEqual({}); // only the highest value applies
  });

  it('checks both ends of a range, and no limit unless the option is limited', () => {
    const temp = productOption(3, 'numbers_only_text', 'Temp', {
      config: { numberLimited: true, numberLimitMode: 'range', numberLowestValue: '-20', numberHighestValue: '100' },
    });
    expect(errorsOf(temp, '-21')).toEqual({ 3: 'The lowest value of Temp is -20.' });
    expect(errorsOf(temp, '101')).toEqual({ 3: 'The highest value of Temp is 100.' });
    expect(errorsOf(temp, '-20')).toEqual({});

    const unlimited = productOption(3, 'numbers_only_text', 'Free', {
      config: { numberLimited: false, numberLimitMode: 'range', numberLowestValue: '5', numberHighestValue: '6' },
    });
    expect(errorsOf(unlimited, '1')).toEqual({});
    expect(errorsOf(unlimited, '100')).toEqual({});
  });
});

describe('useOptionErrors: dates and choices', () => {
  const delivery = productOption(9, 'date', 'Delivery date');

  it.each([
    ['2026-02-28', {}],
    ['2028-02-29', {}],
    ['2026-02-30', { 9: 'Please enter a valid date in Delivery date.' }],
    ['2026-13-01', { 9: 'Please enter a valid date in Delivery date.' }],
    ['28/02/2026', { 9: 'Please enter a valid date in Delivery date.' }],
    ['invalid', { 9: 'Please enter a valid date in Delivery date.' }],
  ])('%s → %j', (value, expected) => {
    expect(errorsOf(delivery, value)).toEqual(expected);
  });

  it.each(['dropdown', 'radio_buttons', 'rectangles', 'swatch', 'product_list_with_images'] as const)(
    '%s takes one of its value ids only',
    (type) => {
      const grade = productOption(5, type, 'Grade', { optionValues: [optionValue(21, 'ACS'), optionValue(22, 'USP')] });
      expect(errorsOf(grade, '22')).toEqual({});
      expect(errorsOf(grade, '99')).toEqual({ 5: 'Please choose a valid value in Grade.' });
      expect(errorsOf(grade, 'ACS')).toEqual({ 5: 'Please choose a valid value in Grade.' });
    },
  );
});

describe('useOptionErrors: required options (business §5)', () => {
  it('gives the general message under "" when a required option is empty or blank', () => {
    const engraving = productOption(12, 'text', 'Engraving', { required: true });
    expect(errorsOf(engraving, undefined)).toEqual(REQUIRED);
    expect(errorsOf(engraving, '  ')).toEqual(REQUIRED);
    expect(errorsOf(productOption(5, 'dropdown', 'Grade', { required: true }), '')).toEqual(REQUIRED);
  });

  it('counts an unticked checkbox as empty', () => {
    const terms = productOption(7, 'checkbox', 'Terms', {
      required: true,
      optionValues: [optionValue(70, 'No', { valueData: { checked_value: false } }), optionValue(71, 'Yes', { valueData: { checked_value: true } })],
    });
    for (const unticked of [undefined, '', '0', 'false', '70']) expect(errorsOf(terms, unticked)).toEqual(REQUIRED);
    expect(errorsOf(terms, '71')).toEqual({});
    expect(errorsOf(terms, '1')).toEqual({});
  });

  it('reports the general message beside the errors of the options that have a value', () => {
    const options = [
      productOption(12, 'text', 'Engraving', { required: true }),
      productOption(13, 'text', 'Note', { config: { textMaxLength: 2 } }),
    ];
    expect(checkOptions()(options, { 13: 'abc' })).toEqual({ ...REQUIRED, 13: 'The max length of Note is 2.' });
  });

  it('skips file options entirely: not checked, not counted as missing', () => {
    const drawing = productOption(14, 'file', 'Drawing', { required: true, config: { fileTypes: ['pdf'] } });
    expect(errorsOf(drawing, undefined)).toEqual({});
    expect(errorsOf(drawing, 'anything.exe')).toEqual({});
  });
});

describe('useOptionErrors: language', () => {
  it('says the messages in the buyer’s language', () => {
    const check = checkOptions('de');
    const volume = productOption(3, 'numbers_only_text', 'Volumen', { required: false });
    expect(check([volume, productOption(1, 'text', 'Gravur', { required: true })], { 3: 'x' })).toEqual({
      '': 'Bitte füllen Sie zuerst die Produktoptionen aus.',
      3: 'Geben Sie in Volumen eine gültige Zahl ein.',
    });
  });
});

describe('formatLimit (business §5 {n}, as the server’s format_limit)', () => {
  it.each([
    ['10.0000', '10'],
    ['2.50', '2.5'],
    [100, '100'],
    ['1E+3', '1000'],
    ['-20.00', '-20'],
    ['-0.000', '0'],
    ['0.0500', '0.05'],
    ['1.5E-3', '0.0015'],
  ])('%j → %s', (value, text) => {
    expect(formatLimit(value)).toBe(text);
  });
});
