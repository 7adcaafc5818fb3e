import type { CustomerInfo, Permission } from './user/customerInfo';

// ARCHITECTURE §8 role codes (the reading the shell §2 route tables imply).
export const ROLE = {
  admin: 0,
  seniorBuyer: 1,
  juniorBuyer: 2,
  /** A super admin acting inside a company (masquerading). */
  superAdminMasquerading: 3,
  /** A super admin who is not masquerading. */
  superAdmin: 4,
  custom: 5,
  individual: 99,
  guest: 100,
} as const;

export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

const SERVER_ROLES: ReadonlySet<number> = new Set([ROLE.admin, ROLE.seniorBuyer, ROLE.juniorBuyer, ROLE.custom, ROLE.individual]);

/**
 * The role the shell's gates use. The server reports shell §4 reading A (3 = super admin); the overlay keeps 3
 * for the super admin masquerading as a company (the server then sets `masquerade`) and maps the one who is not
 * to 4 (ARCHITECTURE §8). Nobody signed in is the guest (100); a code the overlay does not know is treated as an
 * individual customer, the role with the fewest company rights.
 */
export function effectiveRole(customer: Pick<CustomerInfo, 'userInfo' | 'masquerade'> | null | undefined): RoleCode {
  if (!customer) return ROLE.guest;
  const role = customer.userInfo.role;
  if (role === ROLE.superAdminMasquerading) return customer.masquerade?.isAgenting ? ROLE.superAdminMasquerading : ROLE.superAdmin;
  return SERVER_ROLES.has(role) ? (role as RoleCode) : ROLE.individual;
}

/** Company roles: permissions decide what they see (shell §6 "B2B users need the permission code"). */
export function isCompanyRole(role: RoleCode): boolean {
  return role === ROLE.admin || role === ROLE.seniorBuyer || role === ROLE.juniorBuyer || role === ROLE.superAdminMasquerading || role === ROLE.custom;
}

/** The level at which a code is held; 0 when it is not held. */
export function permissionLevel(permissions: readonly Permission[], code: string): number {
  let level = 0;
  for (const permission of permissions) {
    if (permission.code === code) level = Math.max(level, permission.permissionLevel);
  }
  return level;
}

export function hasPermission(permissions: readonly Permission[], code: string, minLevel = 1): boolean {
  return permissionLevel(permissions, code) >= minLevel;
}

/** shell §6 purchase: without purchase_enable the storefront's cart is removed. */
export function canPurchase(customer: Pick<CustomerInfo, 'permissions'>): boolean {
  return hasPermission(customer.permissions, 'purchase_enable');
}
