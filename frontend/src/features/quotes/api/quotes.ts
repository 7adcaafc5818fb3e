import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { QuotesQuery, QuotesQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// api.md "Quotes": quotes(first, offset, search, status, dateFrom, dateTo, orderBy, companyId) — orderBy is required;
// companyId (issue 40) narrows a list that spans the units below the caller's to one of them.

export const QUOTE_STATUSES = ['open', 'ordered', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_ORDER_FIELDS = ['createdAt', 'number', 'title', 'status', 'expiresOn', 'grandTotal', 'updatedAt'] as const;
export type QuoteOrderField = (typeof QUOTE_ORDER_FIELDS)[number];
export type QuoteOrderBy = QuoteOrderField | `-${QuoteOrderField}`;

/** The server's page size limit. */
export const MAX_QUOTES_PAGE_SIZE = 100;
/** The server refuses longer searches. */
export const MAX_QUOTE_SEARCH_LENGTH = 100;

/** The list page's parameters (its URL state), sent as the query's variables. */
export interface QuotesVariables {
  first: number;
  offset: number;
  search: string | null;
  status: QuoteStatus | null;
  /** The issue date, inclusive (YYYY-MM-DD). */
  dateFrom: string | null;
  dateTo: string | null;
  orderBy: QuoteOrderBy;
  /** Issue 40: one unit of a list that spans units; null: all of them (or a list that spans none). */
  companyId: number | null;
}

export interface QuotesPage {
  totalCount: number;
  quotes: QuoteListItem[];
}

export const QUOTES = graphqlOperation<QuotesQuery, QuotesQueryVariables>(/* GraphQL */ `
  query Quotes(
    $first: Int!
    $offset: Int!
    $search: String
    $status: String
    $dateFrom: Date
    $dateTo: Date
    $orderBy: String!
    $companyId: Int
  ) {
    quotes(
      first: $first
      offset: $offset
      search: $search
      status: $status
      dateFrom: $dateFrom
      dateTo: $dateTo
      orderBy: $orderBy
      companyId: $companyId
    ) {
      totalCount
      edges {
        node {
          id
          number
          title
          status
          isPriced
          issuedOn
          expiresOn
          updatedAt
          currencyCode
          originalSubtotal
          quotedSubtotal
          grandTotal
          salesRep { name email }
          createdBy { name email }
          companyId
          companyName
        }
      }
    }
  }
`);

/** A quote as the list shows it (`QuoteHeader`); amounts are decimal strings in `currencyCode`, null until priced. */
export type QuoteListItem = QuotesQuery['quotes']['edges'][number]['node'];

/** Every cached page of the quotes list (the user's data: dropped when the user changes). */
export const QUOTES_QUERY_KEY = [USER_QUERY_SCOPE, 'quotes'] as const;

/** One page of the caller's quotes; the page shown stays while the next one loads. */
export function useQuotes(variables: QuotesVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...QUOTES_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<QuotesPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { quotes } = await client.request(QUOTES, variables, { signal, suppressErrorToast: true });
      return { totalCount: quotes.totalCount, quotes: quotes.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
