import { useCallback } from 'react';

import { useFieldErrorTexts, type DomainFieldText } from '../../lib/fieldErrors';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { dashboardMessages } from './messages';

/**
 * The texts of the tree's refusals (accounts.services.units): on `parent`, `invalid` is a company placed below itself
 * or one of its own units and `max_length` a tree grown too deep; the common texts ("Check this field.", "Too long")
 * would not say why.
 */
export function useTreeFieldTexts() {
  const t = useMessages(dashboardMessages);
  const domain = useCallback<DomainFieldText>(
    (code, field) => {
      if (field !== 'parent') return undefined;
      if (code === 'invalid') return t('dashboard.error.cycle');
      if (code === 'max_length') return t('dashboard.error.tooDeep');
      return undefined;
    },
    [t],
  );
  return useFieldErrorTexts(domain);
}
