import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { clearDraftCopy } from '../../lib/quoteDraftCopy';
import { USER_QUERY_SCOPE } from '../../lib/session';
import { SHOPPING_LIST_ADD_TO_CART, CUSTOMER_SHOPPING_LIST_ADD_TO_CART, type ShoppingListCartTransfer } from './api/shoppingListAddToCart';
import { SHOPPING_LIST_ADD_TO_QUOTE } from './api/shoppingListAddToQuote';
import { SHOPPING_LIST_APPROVE, SHOPPING_LIST_REJECT, SHOPPING_LIST_SUBMIT_FOR_APPROVAL } from './api/shoppingListApproval';
import { CUSTOMER_SHOPPING_LISTS_CREATE, SHOPPING_LISTS_CREATE } from './api/shoppingListCreate';
import { CUSTOMER_SHOPPING_LISTS_DELETE, SHOPPING_LISTS_DELETE } from './api/shoppingListDelete';
import { CUSTOMER_SHOPPING_LISTS_DUPLICATE, SHOPPING_LISTS_DUPLICATE } from './api/shoppingListDuplicate';
import type { ShoppingListKind } from './api/shoppingListFields';
import { CUSTOMER_SHOPPING_LISTS_ITEMS_CREATE, SHOPPING_LISTS_ITEMS_CREATE, type ShoppingListItemInput } from './api/shoppingListItemsCreate';
import { CUSTOMER_SHOPPING_LISTS_ITEMS_DELETE, SHOPPING_LISTS_ITEMS_DELETE } from './api/shoppingListItemsDelete';
import { CUSTOMER_SHOPPING_LISTS_ITEMS_UPDATE, SHOPPING_LISTS_ITEMS_UPDATE, type ShoppingListItemUpdateInput } from './api/shoppingListItemsUpdate';
import { CUSTOMER_SHOPPING_LISTS_UPDATE, SHOPPING_LISTS_UPDATE } from './api/shoppingListUpdate';
import { SHOPPING_LISTS_QUERY_KEY } from './api/shoppingLists';

/** A list's name and description as the create / edit / duplicate dialog gives them. */
export interface ShoppingListDetails {
  name: string;
  description: string;
}

export interface SavedList {
  id: number;
  name: string;
  status: number;
}

export interface QuoteLine {
  productId: number;
  variantId: number;
  quantity: number;
  options: { optionId: number; value: string }[];
}

/**
 * Every write of the lists and their products, with the operation of the caller's kind (a company's or an
 * individual customer's); each one, done, refreshes what the pages show (the lists, the list, its selection).
 * Refusals reach the caller untranslated, with suppressed toasts: the pages say what went wrong, by code.
 */
export function useShoppingListWrites(kind: ShoppingListKind | null) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const { channelId } = usePortalConfig();
  return useMemo(() => {
    const company = kind === 'company';
    const quiet = { suppressErrorToast: true };
    const refreshed = async <T,>(write: Promise<T>): Promise<T> => {
      const result = await write;
      await queryClient.invalidateQueries({ queryKey: SHOPPING_LISTS_QUERY_KEY });
      return result;
    };
    return {
      create: (data: ShoppingListDetails): Promise<SavedList> =>
        refreshed(
          company
            ? client.request(SHOPPING_LISTS_CREATE, { shoppingListData: data, channelId }, quiet).then((r) => r.shoppingListsCreate.shoppingList)
            : client.request(CUSTOMER_SHOPPING_LISTS_CREATE, { shoppingListData: data, channelId }, quiet).then((r) => r.customerShoppingListsCreate.shoppingList),
        ),
      update: (id: number, data: ShoppingListDetails): Promise<SavedList> =>
        refreshed(
          company
            ? client.request(SHOPPING_LISTS_UPDATE, { id, shoppingListData: data }, quiet).then((r) => r.shoppingListsUpdate.shoppingList)
            : client.request(CUSTOMER_SHOPPING_LISTS_UPDATE, { id, shoppingListData: data }, quiet).then((r) => r.customerShoppingListsUpdate.shoppingList),
        ),
      duplicate: (id: number, data: ShoppingListDetails): Promise<SavedList> =>
        refreshed(
          company
            ? client.request(SHOPPING_LISTS_DUPLICATE, { id, shoppingListData: data }, quiet).then((r) => r.shoppingListsDuplicate.shoppingList)
            : client
                .request(CUSTOMER_SHOPPING_LISTS_DUPLICATE, { id, shoppingListData: data }, quiet)
                .then((r) => r.customerShoppingListsDuplicate.shoppingList),
        ),
      remove: (id: number): Promise<number> =>
        refreshed(
          company
            ? client.request(SHOPPING_LISTS_DELETE, { id }, quiet).then((r) => r.shoppingListsDelete.id)
            : client.request(CUSTOMER_SHOPPING_LISTS_DELETE, { id }, quiet).then((r) => r.customerShoppingListsDelete.id),
        ),
      addItems: (shoppingListId: number, items: ShoppingListItemInput[]): Promise<{ message: string; shoppingList: SavedList }> =>
        refreshed(
          company
            ? client.request(SHOPPING_LISTS_ITEMS_CREATE, { shoppingListId, items }, quiet).then((r) => r.shoppingListsItemsCreate)
            : client.request(CUSTOMER_SHOPPING_LISTS_ITEMS_CREATE, { shoppingListId, items }, quiet).then((r) => r.customerShoppingListsItemsCreate),
        ),
      updateItem: (shoppingListId: number, itemId: number, itemData: ShoppingListItemUpdateInput): Promise<unknown> =>
        refreshed<unknown>(
          company
            ? client.request(SHOPPING_LISTS_ITEMS_UPDATE, { shoppingListId, itemId, itemData }, quiet)
            : client.request(CUSTOMER_SHOPPING_LISTS_ITEMS_UPDATE, { shoppingListId, itemId, itemData }, quiet),
        ),
      removeItems: (shoppingListId: number, itemIds: number[]): Promise<unknown> =>
        refreshed<unknown>(
          company
            ? client.request(SHOPPING_LISTS_ITEMS_DELETE, { shoppingListId, itemIds }, quiet)
            : client.request(CUSTOMER_SHOPPING_LISTS_ITEMS_DELETE, { shoppingListId, itemIds }, quiet),
        ),
      submit: (id: number): Promise<unknown> => refreshed(client.request(SHOPPING_LIST_SUBMIT_FOR_APPROVAL, { id }, quiet)),
      approve: (id: number): Promise<unknown> => refreshed(client.request(SHOPPING_LIST_APPROVE, { id }, quiet)),
      reject: (id: number, reason: string): Promise<unknown> => refreshed(client.request(SHOPPING_LIST_REJECT, { id, reason }, quiet)),
      /** The cart the storefront shows changed: nothing of the lists did (stock and prices are read live). */
      addToCart: (id: number, itemIds: number[] | null): Promise<ShoppingListCartTransfer> =>
        company
          ? client.request(SHOPPING_LIST_ADD_TO_CART, { id, itemIds }, quiet).then((r) => r.shoppingListAddToCart)
          : client.request(CUSTOMER_SHOPPING_LIST_ADD_TO_CART, { id, itemIds }, quiet).then((r) => r.customerShoppingListAddToCart),
      /** The quote draft changed behind its page: its cached copy and local copy are dropped. */
      addToQuote: async (lines: QuoteLine[]): Promise<string> => {
        const { quoteDraftAddLines } = await client.request(SHOPPING_LIST_ADD_TO_QUOTE, { channelId, lines }, quiet);
        clearDraftCopy();
        await queryClient.invalidateQueries({ queryKey: [USER_QUERY_SCOPE, 'quoteDraft'] });
        return quoteDraftAddLines.message;
      },
    };
  }, [kind, client, queryClient, channelId]);
}
