import type { MessageKey } from '../../lib/i18n/keys';
import type { accountMessages } from './messages';

// ARCHITECTURE §8 role codes: 0 admin, 1 senior buyer, 2 junior buyer, 3 super admin masquerading,
// 4 super admin not masquerading, 5 custom, 99 individual customer, 100 guest.
const ROLE_NAMES: Readonly<Record<number, MessageKey<typeof accountMessages>>> = {
  0: 'role.admin',
  1: 'role.seniorBuyer',
  2: 'role.juniorBuyer',
  3: 'role.superAdmin',
  4: 'role.superAdmin',
  5: 'role.custom',
  99: 'role.individual',
  100: 'role.guest',
};

/** The company's own role name when it has one (custom roles), else the translated name of the role code. */
export function roleNameKey(role: number): MessageKey<typeof accountMessages> | null {
  return ROLE_NAMES[role] ?? null;
}
