import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import type { Language } from '../../lib/i18n/languages';
import type { ProductOption } from '../../lib/productOptions';
import { ProductOptionFields, type ProductOptionFieldsProps } from './ProductOptionFields';
import { optionValue, productOption } from './productOptionFixtures';

function renderFields(options: ProductOption[], overrides: Partial<ProductOptionFieldsProps> = {}, language: Language = 'en') {
  const onChange = vi.fn();
  const view = render(
    <I18nProvider language={language}>
      <ProductOptionFields options={options} values={{}} errors={{}} idPrefix="quote-search" onChange={onChange} {...overrides} />
    </I18nProvider>,
  );
  return { ...view, onChange, user: userEvent.setup({ delay: null }) };
}

const PACK_SIZE = productOption(3, 'dropdown', 'Pack size', {
  required: true,
  optionValues: [optionValue(12, '1 L', { sortOrder: 2 }), optionValue(11, '500 mL', { sortOrder: 1 })],
});

describe('ProductOptionFields: choices', () => {
  it.each(['dropdown', 'product_list_with_images'] as const)('%s is a select of the values in their order, with an empty first item', async (type) => {
    const { user, onChange } = renderFields([{ ...PACK_SIZE, type }]);
    const select = screen.getByRole('combobox', { name: /^Pack size/ });
    expect(select).toHaveAttribute('id', 'quote-search-option-3');

    await user.click(select);
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((item) => item.textContent)).toEqual(['Choose…', '500 mL', '1 L']);
    await user.click(within(listbox).getByRole('option', { name: '1 L' }));
    expect(onChange).toHaveBeenCalledWith(3, '12');
  });

  it('shows the chosen value of a select, and nothing for an unknown one', () => {
    const { rerender } = renderFields([PACK_SIZE], { values: { 3: '11' } });
    expect(screen.getByRole('combobox', { name: /^Pack size/ })).toHaveTextContent('500 mL');
    rerender(<ProductOptionFields options={[PACK_SIZE]} values={{ 3: '99' }} errors={{}} idPrefix="p" onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: /^Pack size/ })).not.toHaveTextContent(/500 mL|1 L|99/);
  });

  it.each(['radio_buttons', 'rectangles', 'swatch'] as const)('%s is a radio group named by the option', async (type) => {
    const grade = productOption(5, type, 'Grade', { required: true, optionValues: [optionValue(21, 'ACS'), optionValue(22, 'USP')] });
    const { user, onChange } = renderFields([grade], { values: { 5: '21' } });
    const group = screen.getByRole('radiogroup', { name: /^Grade/ });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(within(group).getByRole('radio', { name: 'ACS' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'USP' }));
    expect(onChange).toHaveBeenCalledWith(5, '22');
  });

  it('shows a swatch’s colours as a square before its label, hex colours only', () => {
    const colour = productOption(6, 'swatch', 'Cap colour', {
      optionValues: [
        optionValue(31, 'Blue', { valueData: { colors: ['#0000ff'] } }),
        optionValue(32, 'Blue and white', { valueData: { colors: ['#0000ff', '#fff'] } }),
        optionValue(33, 'Odd', { valueData: { colors: ['url(https://evil.test/x.png)'] } }),
      ],
    });
    renderFields([colour]);
    const squareOf = (name: string) => screen.getByRole('radio', { name }).closest('label')!.querySelector<HTMLElement>('[aria-hidden="true"][style]');
    expect(squareOf('Blue')!.style.background).toBe('rgb(0, 0, 255)');
    expect(squareOf('Blue and white')!.style.background).toContain('linear-gradient');
    expect(squareOf('Odd')).toBeNull();
  });
});

describe('ProductOptionFields: checkbox', () => {
  const terms = productOption(7, 'checkbox', 'Terms', {
    required: true,
    optionValues: [optionValue(70, 'No', { valueData: { checked_value: false } }), optionValue(71, 'Yes', { valueData: { checked_value: true } })],
  });

  it('ticks to the checked value’s id and unticks to ""', async () => {
    const { user, onChange, rerender } = renderFields([terms]);
    const box = screen.getByRole('checkbox', { name: /^Terms/ });
    expect(box).toBeRequired();
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith(7, '71');

    rerender(<ProductOptionFields options={[terms]} values={{ 7: '71' }} errors={{}} idPrefix="p" onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: /^Terms/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /^Terms/ }));
    expect(onChange).toHaveBeenLastCalledWith(7, '');
  });

  it('sends "1" without values, and is labelled by its own label with the option’s name above it', async () => {
    const gift = productOption(8, 'checkbox', 'Gift wrap', { config: { checkboxLabel: 'Wrap it for me' } });
    const { user, onChange, rerender } = renderFields([gift]);
    expect(screen.getByRole('group', { name: 'Gift wrap' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Wrap it for me' })).not.toBeRequired();
    await user.click(screen.getByRole('checkbox', { name: 'Wrap it for me' }));
    expect(onChange).toHaveBeenCalledWith(8, '1');

    // Required: marked on the legend, and the box itself says so.
    rerender(<ProductOptionFields options={[{ ...gift, required: true }]} values={{}} errors={{}} idPrefix="p" onChange={onChange} />);
    expect(screen.getByRole('group', { name: /^Gift wrap/ })).toHaveTextContent('*');
    expect(screen.getByRole('checkbox', { name: 'Wrap it for me' })).toBeRequired();
  });
});

describe('ProductOptionFields: text, numbers and dates', () => {
  it('is a text field with its length limits as help', () => {
    const engraving = productOption(12, 'text', 'Engraving', { required: true, config: { textMaxLength: 40 } });
    const { onChange } = renderFields([engraving], { values: { 12: 'Lab' } });
    const field = screen.getByRole('textbox', { name: /^Engraving/ });
    expect(field).toHaveValue('Lab');
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('Up to 40 characters.');

    fireEvent.change(field, { target: { value: 'Lab 4' } });
    expect(onChange).toHaveBeenCalledWith(12, 'Lab 4');
  });

  it('is a multi-line field, with its line limit as help', () => {
    const label = productOption(4, 'multi_line_text', 'Label text', { config: { textMinLength: 2, textMaxLength: 80, textMaxLines: 3 } });
    const { onChange } = renderFields([label]);
    const field = screen.getByRole('textbox', { name: 'Label text' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAccessibleDescription('Between 2 and 80 characters. Up to 3 lines.');

    fireEvent.change(field, { target: { value: 'one\ntwo' } });
    expect(onChange).toHaveBeenCalledWith(4, 'one\ntwo');
  });

  it('is a decimal text field for numbers, with the limits that apply as help', () => {
    const volume = productOption(3, 'numbers_only_text', 'Volume', {
      config: { numberLimited: true, numberLimitMode: 'range', numberLowestValue: '1.0000', numberHighestValue: '10.5000', numberIntegersOnly: true },
    });
    const lowest = productOption(4, 'numbers_only_text', 'Boxes', { config: { numberLimited: true, numberLimitMode: 'lowest', numberLowestValue: '2' } });
    const unlimited = productOption(5, 'numbers_only_text', 'Free', { config: { numberLimitMode: 'highest', numberHighestValue: '9' } });
    const { onChange } = renderFields([volume, lowest, unlimited]);
    const field = screen.getByRole('textbox', { name: 'Volume' });
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAccessibleDescription('Between 1 and 10.5. Whole numbers only.');
    expect(screen.getByRole('textbox', { name: 'Boxes' })).toHaveAccessibleDescription('At least 2.');
    expect(screen.getByRole('textbox', { name: 'Free' })).toHaveAccessibleDescription('');

    fireEvent.change(field, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenCalledWith(3, '2.5');
  });

  it('is a date field with its label above the browser’s placeholder', () => {
    const delivery = productOption(9, 'date', 'Delivery date');
    const { onChange } = renderFields([delivery], { values: { 9: '2026-03-01' } });
    const field = screen.getByLabelText('Delivery date');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveValue('2026-03-01');
    expect(document.getElementById('quote-search-option-9-label')).toHaveAttribute('data-shrink', 'true');

    fireEvent.change(field, { target: { value: '2026-03-02' } });
    expect(onChange).toHaveBeenCalledWith(9, '2026-03-02');
  });
});

describe('ProductOptionFields: files', () => {
  const drawing = productOption(14, 'file', 'Drawing');

  it('says to choose the file on the product page, with a link to it', () => {
    renderFields([drawing], { productUrl: '/products/flask-250/' });
    expect(screen.getByText(/^Drawing: choose the file on the product page\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the product page' })).toHaveAttribute('href', '/products/flask-250/');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('has no link without a product page', () => {
    renderFields([drawing], { productUrl: null });
    expect(screen.getByText('Drawing: choose the file on the product page.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('ProductOptionFields: order, errors, disabled and language', () => {
  const engraving = productOption(12, 'text', 'Engraving', { sortOrder: 2, config: { textMaxLength: 10 } });
  const grade = productOption(5, 'radio_buttons', 'Grade', { sortOrder: 1, optionValues: [optionValue(21, 'ACS')] });
  const terms = productOption(7, 'checkbox', 'Terms', { sortOrder: 3 });
  const options = [engraving, grade, PACK_SIZE, terms];

  it('renders the options in the storefront’s order', () => {
    renderFields(options);
    const ids = [...document.querySelectorAll('[id^="quote-search-option-"]')].map((element) => element.id).filter((id) => /^quote-search-option-\d+$/.test(id));
    // Pack size has sort order 0, then Grade 1, Engraving 2, Terms 3.
    expect(ids).toEqual(['quote-search-option-3', 'quote-search-option-5', 'quote-search-option-12', 'quote-search-option-7']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the general message above the fields and each option’s message on its own field', () => {
    const errors = {
      '': 'Please fill out product options first.',
      12: 'The max length of Engraving is 10.',
      5: 'Please choose a valid value in Grade.',
      3: 'Please choose a valid value in Pack size.',
      7: 'Something about Terms.',
    };
    renderFields(options, { errors, values: { 12: 'x'.repeat(11) } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please fill out product options first.');
    expect(alert.compareDocumentPosition(screen.getByRole('radiogroup'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    const text = screen.getByRole('textbox', { name: 'Engraving' });
    expect(text).toHaveAccessibleDescription('The max length of Engraving is 10.');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Grade' })).toHaveAccessibleDescription('Please choose a valid value in Grade.');
    expect(screen.getByRole('checkbox', { name: 'Terms' })).toHaveAccessibleDescription('Something about Terms.');
    expect(screen.getByRole('combobox', { name: /^Pack size/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please choose a valid value in Pack size.')).toHaveClass('Mui-error');
  });

  it('shows a server message on a file option', () => {
    renderFields([productOption(14, 'file', 'Drawing')], { errors: { 14: 'Please upload a file in Drawing.' } });
    expect(screen.getByText('Please upload a file in Drawing.')).toHaveClass('Mui-error');
  });

  it('disables every field', () => {
    renderFields(options, { disabled: true });
    expect(screen.getByRole('textbox', { name: 'Engraving' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'ACS' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Terms' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Pack size/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('speaks the buyer’s language', () => {
    renderFields([engraving, productOption(14, 'file', 'Zeichnung')], { productUrl: '/p/' }, 'de');
    expect(screen.getByRole('textbox', { name: 'Engraving' })).toHaveAccessibleDescription('Bis zu 10 Zeichen.');
    expect(screen.getByText(/^Zeichnung: Wählen Sie die Datei auf der Produktseite aus\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Produktseite öffnen' })).toBeInTheDocument();
  });
});
