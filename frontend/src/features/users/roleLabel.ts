import { useCallback } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { usersMessages } from './messages';

// The built-in company roles in the portal's language; a custom role (5) is named by the store (its template's name).
const BUILT_IN_ROLE_KEYS: Readonly<Record<number, MessageKey<typeof usersMessages>>> = {
  0: 'role.admin',
  1: 'role.seniorBuyer',
  2: 'role.juniorBuyer',
};

/** `roleLabel({ role, name })`: "Junior buyer" in the portal's language, or the custom role's own name. */
export function useRoleLabel(): (role: { role: number; name: string }) => string {
  const t = useMessages(usersMessages);
  return useCallback(
    ({ role, name }) => {
      const key = BUILT_IN_ROLE_KEYS[role];
      return key ? t(key) : name || t('role.custom');
    },
    [t],
  );
}
