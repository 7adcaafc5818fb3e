import { useCallback } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { OptionValues } from '../../lib/productOptions';
import { variantFor, variantOptionsChosen, type SearchProduct, type SearchVariant } from '../../lib/productSearch';
import { useOptionErrors } from '../productOptions/useOptionErrors';
import { productSearchMessages } from './messages';

export interface ProductOptionCheck {
  /** Messages keyed like ProductOptionFields' errors (empty when the choice can be sent). */
  problems: Record<string, string>;
  variant: SearchVariant | undefined;
}

/**
 * Checks a product's chosen options before they are sent (business §5, as the server checks them) and finds the
 * variant they make: the option messages, and "This combination is not available" when the variant options are
 * all chosen but no variant has them. Shared by the product search, a line's options dialog and the product page's
 * Add to Shopping List.
 */
export function useProductOptionCheck(): (product: SearchProduct, values: OptionValues) => ProductOptionCheck {
  const t = useMessages(productSearchMessages);
  const checkOptions = useOptionErrors();
  return useCallback(
    (product, values) => {
      const problems = checkOptions(product.allOptions, values);
      const variant = variantFor(product, values);
      if (!problems[''] && !variant && variantOptionsChosen(product, values)) problems[''] = t('productSearch.noCombination');
      return { problems, variant };
    },
    [checkOptions, t],
  );
}
