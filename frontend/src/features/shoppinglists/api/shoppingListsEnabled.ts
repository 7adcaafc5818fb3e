import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  JuniorPlaceOrderQuery,
  JuniorPlaceOrderQueryVariables,
  ShoppingListsEnabledQuery,
  ShoppingListsEnabledQueryVariables,
} from '../../../lib/graphqlTypes.generated';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// shell §4: whether the signed-in caller may keep lists (the store's feature and the flag of its kind); shell §7
// storeConfigSwitchStatus(junior_place_order): whether junior buyers may order from approved lists.

export const SHOPPING_LISTS_ENABLED = graphqlOperation<ShoppingListsEnabledQuery, ShoppingListsEnabledQueryVariables>(/* GraphQL */ `
  query ShoppingListsEnabled($channelId: Int!) {
    shoppingListsEnabled(channelId: $channelId) { enabled reason onProductPage }
  }
`);

export const JUNIOR_PLACE_ORDER = graphqlOperation<JuniorPlaceOrderQuery, JuniorPlaceOrderQueryVariables>(/* GraphQL */ `
  query JuniorPlaceOrder($channelId: Int!) {
    storeConfigSwitchStatus(key: "junior_place_order", channelId: $channelId) { key isEnabled }
  }
`);

/** Whether the signed-in caller has shopping lists; nothing is asked for a guest (`signedIn` false). */
export function useShoppingListsEnabled(signedIn: boolean) {
  const client = useGraphQLClient();
  const { channelId } = usePortalConfig();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'shoppingListsEnabled', channelId] as const,
    queryFn: ({ signal }) =>
      client.request(SHOPPING_LISTS_ENABLED, { channelId }, { signal, suppressErrorToast: true }).then((data) => data.shoppingListsEnabled),
    enabled: signedIn,
  });
}

/** Whether junior buyers may put an approved list into the cart (asked only for a junior buyer: `enabled`). */
export function useJuniorPlaceOrder(enabled: boolean) {
  const client = useGraphQLClient();
  const { channelId } = usePortalConfig();
  return useQuery({
    queryKey: ['juniorPlaceOrder', channelId] as const,
    queryFn: ({ signal }) =>
      client.request(JUNIOR_PLACE_ORDER, { channelId }, { signal, suppressErrorToast: true }).then((data) => data.storeConfigSwitchStatus.isEnabled),
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}
