import type { Translate } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { MULTIPLE_CHOICE_KINDS, type OptionValues, type ProductOption, type ProductOptionConfig } from '../../lib/productOptions';
import type { productOptionMessages } from './messages';
import { isCheckboxTicked } from './optionValues';

// The option rules of business §5, mirroring the server's (pricing/options.py `option_errors` and the helpers it
// calls) so that the buyer sees the same message before sending as the server would answer. The server checks
// again; where JavaScript cannot match Python exactly (see below) it has the last word.

export type ProductOptionTranslate = Translate<MessageKey<typeof productOptionMessages>>;

/** Key of the general message in an errors record (the server's "__all__"). */
export const GENERAL_ERROR_KEY = '';

// The server's `_NUMBER`: an optional sign, digits with an optional fraction, or a bare fraction (".5").
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DECIMAL = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i;

/**
 * business §5 `{n}`, as the server's `format_limit`: integers without decimals ("10", not "10.0000"), other
 * numbers with their meaningful decimals ("2.5"). Works on the decimal text so that nothing is lost to floating
 * point.
 */
export function formatLimit(value: number | string): string {
  const match = DECIMAL.exec(String(value));
  if (!match || !(match[2] || match[3])) return String(value);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = whole + fraction;
  let point = whole.length + Number(exponent); // where the decimal point falls in `digits`
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '');
  const text = decimals ? `${integer}.${decimals}` : integer;
  return sign === '-' && text !== '0' ? `-${text}` : text;
}

/** The number limits that apply (business §3 config): by numberLimitMode, and only when numberLimited. */
export function numberLimits(config: ProductOptionConfig): { lowest: string | null; highest: string | null } {
  const mode = config.numberLimited ? config.numberLimitMode : '';
  return {
    lowest: mode === 'lowest' || mode === 'range' ? config.numberLowestValue : null,
    highest: mode === 'highest' || mode === 'range' ? config.numberHighestValue : null,
  };
}

/** A text's length as the server counts it: in code points (Python's len), not UTF-16 units. */
function textLength(text: string): number {
  return [...text].length;
}

function textErrors(option: ProductOption, raw: string, t: ProductOptionTranslate): string | null {
  const name = option.displayName;
  const text = raw.replace(/\r\n?/g, '\n');
  const { textMinLength: min, textMaxLength: max, textMaxLines: maxLines } = option.config;
  if (min != null && textLength(text) < min) return t('productOptions.error.minLength', { name, n: formatLimit(min) });
  if (max != null && textLength(text) > max) return t('productOptions.error.maxLength', { name, n: formatLimit(max) });
  if (option.type === 'multi_line_text' && maxLines != null) {
    const lines = text.split('\n');
    // business §5: trailing empty lines are not counted.
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
    if (lines.length > maxLines) return t('productOptions.error.maxLines', { name, n: formatLimit(maxLines) });
  }
  return null;
}

function numberErrors(option: ProductOption, raw: string, t: ProductOptionTranslate): string | null {
  const name = option.displayName;
  const text = raw.trim();
  if (!NUMBER.test(text)) return t('productOptions.error.number', { name });
  // Integral when the fraction is all zeros ("2.0" is an integer, as Decimal says), read on the text itself.
  if (option.config.numberIntegersOnly && !/^0*$/.test(text.split('.')[1] ?? '')) {
    return t('productOptions.error.integer', { name });
  }
  // Limits are compared as doubles: exact for any limit a store sets; the server compares decimals.
  const number = Number(text);
  const { lowest, highest } = numberLimits(option.config);
  if (lowest != null && number < Number(lowest)) return t('productOptions.error.lowest', { name, n: formatLimit(lowest) });
  if (highest != null && number > Number(highest)) return t('productOptions.error.highest', { name, n: formatLimit(highest) });
  return null;
}

/**
 * A date as the server reads a text (`date.fromisoformat` of its first 10 characters): YYYY-MM-DD, a real calendar
 * day. The date field always gives this form.
 */
function isValidDate(raw: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim().slice(0, 10));
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years 1–99 as they are; rolls over bad days
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function valueErrors(option: ProductOption, value: string, t: ProductOptionTranslate): string | null {
  const name = option.displayName;
  switch (option.type) {
    case 'text':
    case 'multi_line_text':
      return textErrors(option, value, t);
    case 'numbers_only_text':
      return numberErrors(option, value, t);
    case 'date':
      return isValidDate(value) ? null : t('productOptions.error.date', { name });
    default:
      if (MULTIPLE_CHOICE_KINDS.has(option.type)) {
        const id = value.trim();
        const known = /^\d+$/.test(id) && option.optionValues.some((optionValue) => optionValue.id === Number(id));
        return known ? null : t('productOptions.error.choice', { name });
      }
      return null; // checkbox: any value reads as ticked or not
  }
}

function isEmpty(option: ProductOption, value: string | undefined): boolean {
  if (option.type === 'checkbox') return !isCheckboxTicked(option, value);
  return (value ?? '').trim() === '';
}

/**
 * The errors of the chosen values: option id (as a string) → message, and under "" 'Please fill out product
 * options first.' when a required option is empty (business §5). File options are left out: their file is chosen
 * on the product page, not here.
 */
export function optionErrors(options: readonly ProductOption[], values: OptionValues, t: ProductOptionTranslate): Record<string, string> {
  const errors: Record<string, string> = {};
  let missingRequired = false;
  for (const option of options) {
    if (option.type === 'file') continue;
    const value = values[option.id];
    if (isEmpty(option, value)) {
      missingRequired ||= option.required;
      continue;
    }
    const message = valueErrors(option, value!, t);
    if (message) errors[String(option.id)] = message;
  }
  if (missingRequired) errors[GENERAL_ERROR_KEY] = t('productOptions.error.required');
  return errors;
}

/**
 * The server's field messages for one line (`options.12`, `options`, `quantity`, under `prefix` such as
 * `lines.0.`) keyed as ProductOptionFields' errors: an option's id, "quantity", and the general key for the rest.
 */
export function serverOptionErrors(fields: Record<string, string>, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const key = rest.startsWith('options.') ? rest.slice('options.'.length) : rest === 'quantity' ? rest : GENERAL_ERROR_KEY;
    errors[key] ??= message;
  }
  return errors;
}
