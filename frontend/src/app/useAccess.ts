import { ROLE, effectiveRole } from '../lib/permissions';
import { useB2BToken } from '../lib/session';
import { useStoreFeatureFlags, useStorefrontConfigs } from '../lib/store/storefrontConfig';
import { useCustomerInfo, type CustomerInfo } from '../lib/user/customerInfo';
import type { AccessContext } from './access';

export type AccessState =
  | { status: 'ready'; context: AccessContext; customer: CustomerInfo | null }
  | { status: 'loading' }
  /** Signed in, but the customer could not be loaded (shell §2 session check); `guest` is the guest's view. */
  | { status: 'customerFailed'; guest: AccessContext };

/** Who is using the portal and what the store has switched on: everything the gates and the menu decide on. */
export function useAccessState(): AccessState {
  const token = useB2BToken();
  const customer = useCustomerInfo();
  const { data: features } = useStoreFeatureFlags();
  const { data: configs } = useStorefrontConfigs();
  if (!features || !configs) return { status: 'loading' };
  const guest: AccessContext = { role: ROLE.guest, permissions: [], features, configs };
  if (token === null) return { status: 'ready', customer: null, context: guest };
  if (customer.data) {
    return {
      status: 'ready',
      customer: customer.data,
      context: { role: effectiveRole(customer.data), permissions: customer.data.permissions, features, configs },
    };
  }
  return customer.isError ? { status: 'customerFailed', guest } : { status: 'loading' };
}
