import { graphqlOperation } from '../../../lib/graphql';
import type { OrderPdfQuery, OrderPdfQueryVariables } from '../../../lib/graphqlTypes.generated';

export const ORDER_PDF = graphqlOperation<OrderPdfQuery, OrderPdfQueryVariables>(/* GraphQL */ `
  query OrderPdf($id: ID!) {
    orderPdf(id: $id) { url fileName }
  }
`);

/** `url`: a signed link valid a few minutes (GET /api/v2/orders/{number}/pdf), shown inline. */
export type OrderPdf = OrderPdfQuery['orderPdf'];
