import { useCallback } from 'react';

import { useOptionErrors } from '../../../components/productOptions/useOptionErrors';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { OptionValues } from '../../../lib/productOptions';
import { variantFor, variantOptionsChosen, type QuoteSearchProduct, type QuoteSearchVariant } from '../api/quoteProductSearch';
import { quoteSearchMessages } from '../searchMessages';

/**
 * Checks a product's chosen options before they are sent (business §5, as the server checks them) and finds the
 * variant they make: the option messages, and "This combination is not available" when the variant options are
 * all chosen but no variant has them. Shared by the draft's search and a line's options dialog.
 */
export function useLineOptionCheck(): (product: QuoteSearchProduct, values: OptionValues) => { problems: Record<string, string>; variant: QuoteSearchVariant | undefined } {
  const t = useMessages(quoteSearchMessages);
  const checkOptions = useOptionErrors();
  return useCallback(
    (product, values) => {
      const problems = checkOptions(product.allOptions, values);
      const variant = variantFor(product, values);
      if (!problems[''] && !variant && variantOptionsChosen(product, values)) problems[''] = t('quoteSearch.noCombination');
      return { problems, variant };
    },
    [checkOptions, t],
  );
}
