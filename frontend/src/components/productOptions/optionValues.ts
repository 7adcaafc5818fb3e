import { jsonObject } from '../../lib/graphql';
import { MULTIPLE_CHOICE_KINDS, type ProductOption, type OptionValues } from '../../lib/productOptions';

// What a checkbox value reads as unticked, as the server reads it (pricing/options.py `_FALSY`).
const UNTICKED_TEXTS = new Set(['', '0', 'false', 'off', 'no', 'none', 'null']);

/** Whether an option value's `checked_value` (business §3 value_data) says "not ticked" — the server's test. */
function isUncheckedValue(checkedValue: unknown): boolean {
  return checkedValue === false || checkedValue === 0 || checkedValue === '' || checkedValue === '0' || checkedValue === 'false' || checkedValue === 'False';
}

/**
 * Starting values: the value marked isDefault for multiple-choice kinds; a checkbox ticked when
 * config.checkedByDefault (value = id of the option value whose valueData.checked_value is truthy, else "1");
 * config.defaultValue for text/number/date kinds; nothing for file.
 */
export function defaultOptionValues(options: readonly ProductOption[]): OptionValues {
  const values: OptionValues = {};
  for (const option of options) {
    let value: string | undefined;
    if (MULTIPLE_CHOICE_KINDS.has(option.type)) {
      const chosen = option.optionValues.find((optionValue) => optionValue.isDefault);
      value = chosen ? String(chosen.id) : undefined;
    } else if (option.type === 'checkbox') {
      value = option.config.checkedByDefault ? checkboxTickedValue(option) : undefined;
    } else if (option.type !== 'file') {
      // A file cannot be chosen in the portal (it is uploaded on the product page), so it has no default.
      value = option.config.defaultValue || undefined;
    }
    if (value) values[option.id] = value;
  }
  return values;
}

/**
 * The value a ticked checkbox sends: the id of its "checked" option value when the platform gives the checkbox
 * such values (business §3 value_data.checked_value), else "1". Unticked sends "".
 */
export function checkboxTickedValue(option: ProductOption): string {
  const checked = option.optionValues.find(({ valueData }) => {
    const checkedValue = jsonObject(valueData).checked_value;
    return checkedValue != null && !isUncheckedValue(checkedValue);
  });
  return checked ? String(checked.id) : '1';
}

/**
 * Whether a checkbox's value reads as ticked, as the server reads it (pricing/options.py `checkbox_ticked`): not a
 * falsy text, and when it names one of the option's values, that value's checked_value is not false.
 */
export function isCheckboxTicked(option: ProductOption, value: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (UNTICKED_TEXTS.has(text.toLowerCase())) return false;
  const named = /^\d+$/.test(text) ? option.optionValues.find((optionValue) => optionValue.id === Number(text)) : undefined;
  if (named) return !isUncheckedValue(jsonObject(named.valueData).checked_value ?? true);
  return true;
}
