import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { graphqlOperation } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type {
  SuperAdminBeginMasqueradeMutation,
  SuperAdminBeginMasqueradeMutationVariables,
  SuperAdminEndMasqueradeMutation,
  SuperAdminEndMasqueradeMutationVariables,
} from '../graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../session';
import { rememberCustomer } from '../sessionLifecycle';
import { configText, isConfigOn, type StorefrontConfigs } from '../store/storefrontConfig';
import { CUSTOMER_INFO_QUERY_KEY, fetchCustomerInfo, MASQUERADE_COMPANY_FIELDS, type CustomerInfo, type MasqueradeCompany } from './customerInfo';

// shell §4/§7 masquerade: superAdminBeginMasquerade / superAdminEndMasquerade. The session's token carries the
// masquerade; after either, the customer is loaded again (role 3 with the company's permissions, or role 4).

export const SUPER_ADMIN_BEGIN_MASQUERADE = graphqlOperation<SuperAdminBeginMasqueradeMutation, SuperAdminBeginMasqueradeMutationVariables>(/* GraphQL */ `
  mutation SuperAdminBeginMasquerade($companyId: Int!) {
    superAdminBeginMasquerade(companyId: $companyId) {
      ...MasqueradeCompanyFields
    }
  }
  ${MASQUERADE_COMPANY_FIELDS}
`);

export const SUPER_ADMIN_END_MASQUERADE = graphqlOperation<SuperAdminEndMasqueradeMutation, SuperAdminEndMasqueradeMutationVariables>(/* GraphQL */ `
  mutation SuperAdminEndMasquerade($companyId: Int!) {
    superAdminEndMasquerade(companyId: $companyId) {
      ...MasqueradeCompanyFields
    }
  }
  ${MASQUERADE_COMPANY_FIELDS}
`);

/** The masquerade bar's settings (shell §3 masquerade_button; shell §9 #ED6C02 bottom-left, 'END MASQUERADE'). */
export const MASQUERADE_BUTTON_KEY = 'masquerade_button';
export const DEFAULT_MASQUERADE_COLOR = '#ED6C02';
export const DEFAULT_MASQUERADE_BUTTON_TEXT = 'END MASQUERADE';

export interface MasqueradeBarSettings {
  color: string;
  /** The store's own button text, or null for the translated default. */
  buttonText: string | null;
}

const CSS_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Null when the store switched the bar off ('0'); a missing entry means on. */
export function masqueradeBarSettings(configs: StorefrontConfigs | undefined): MasqueradeBarSettings | null {
  if (configs?.[MASQUERADE_BUTTON_KEY] && !isConfigOn(configs, MASQUERADE_BUTTON_KEY)) return null;
  const color = configText(configs, MASQUERADE_BUTTON_KEY, 'color');
  const text = configText(configs, MASQUERADE_BUTTON_KEY, 'buttonText').trim();
  return {
    color: CSS_COLOR.test(color) ? color : DEFAULT_MASQUERADE_COLOR,
    buttonText: text && text !== DEFAULT_MASQUERADE_BUTTON_TEXT ? text : null,
  };
}

/** The company the signed-in super admin is masquerading as, or null. */
export function masqueradeOf(customer: CustomerInfo | null | undefined): MasqueradeCompany | null {
  return customer?.masquerade?.isAgenting ? customer.masquerade : null;
}

/** Begin and end a masquerade; each loads the customer again and drops the data of the previous identity. */
export function useMasqueradeActions() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMemo(() => {
    async function reloadCustomer(): Promise<CustomerInfo> {
      const customer = await fetchCustomerInfo(client);
      // The other identity's data goes; the customer entry itself is replaced in place, so the screens watching
      // it (gates, menu, header) follow at once.
      queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE], predicate: (query) => query.queryKey[1] !== CUSTOMER_INFO_QUERY_KEY[1] });
      queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, customer);
      rememberCustomer(customer);
      return customer;
    }
    return {
      async begin(companyId: number): Promise<CustomerInfo> {
        await client.request(SUPER_ADMIN_BEGIN_MASQUERADE, { companyId });
        return reloadCustomer();
      },
      async end(companyId: number): Promise<CustomerInfo> {
        await client.request(SUPER_ADMIN_END_MASQUERADE, { companyId });
        return reloadCustomer();
      },
    };
  }, [client, queryClient]);
}
