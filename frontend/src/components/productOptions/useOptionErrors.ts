import { useCallback } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { OptionValues, ProductOption } from '../../lib/productOptions';
import { productOptionMessages } from './messages';
import { optionErrors } from './optionRules';

/**
 * Client-side check before sending, mirroring the server (pricing/options.py `option_errors`, business §5).
 * Returns messages keyed like ProductOptionFields' `errors`: option id string → message, and "" → 'Please fill out
 * product options first.' when a required option (an unticked checkbox counts as empty) is empty. File options
 * are skipped entirely. The messages are in the buyer's language.
 */
export function useOptionErrors(): (options: readonly ProductOption[], values: OptionValues) => Record<string, string> {
  const t = useMessages(productOptionMessages);
  return useCallback((options: readonly ProductOption[], values: OptionValues) => optionErrors(options, values, t), [t]);
}
