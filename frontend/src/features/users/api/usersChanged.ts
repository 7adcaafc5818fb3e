import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { CUSTOMER_INFO_QUERY_KEY, useCustomerInfo } from '../../../lib/user/customerInfo';
import { COMPANY_AUDIT_EVENTS_QUERY_KEY } from './companyAuditEvents';
import { COMPANY_USERS_QUERY_KEY } from './companyUsers';

/**
 * After a change to the company's users: the list and the audit log are asked for again, and the signed-in user's
 * own details too when they were the one changed (the header shows their name).
 */
export function useUsersChanged(): (userId?: number) => void {
  const queryClient = useQueryClient();
  const customer = useCustomerInfo();
  const ownId = customer.data?.userInfo.id;
  return useCallback(
    (userId?: number) => {
      void queryClient.invalidateQueries({ queryKey: COMPANY_USERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: COMPANY_AUDIT_EVENTS_QUERY_KEY });
      if (userId !== undefined && userId === ownId) void queryClient.invalidateQueries({ queryKey: CUSTOMER_INFO_QUERY_KEY });
    },
    [queryClient, ownId],
  );
}
