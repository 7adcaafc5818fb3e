"""The one GraphQL schema, merged from each app's graphql/ modules (ARCHITECTURE §5)."""

from strawberry import Schema
from strawberry.extensions import ParserCache, ValidationCache
from strawberry.tools import merge_types

from accounts.graphql.addresses import AddressMutation, AddressQuery
from accounts.graphql.extensions import MasqueradeAuditExtension
from accounts.graphql.mutations import Mutation as AccountsMutation
from accounts.graphql.queries import Query as AccountsQuery
from accounts.graphql.users import Mutation as UsersMutation
from accounts.graphql.users import Query as UsersQuery
from approvals.graphql.mutations import Mutation as ApprovalsMutation
from approvals.graphql.queries import Query as ApprovalsQuery
from invoices.graphql.mutations import Mutation as InvoicesMutation
from invoices.graphql.queries import Query as InvoicesQuery
from orders.graphql.purchased import Query as PurchasedProductsQuery
from orders.graphql.queries import Query as OrdersQuery
from portal.errors import is_database_outage
from portal.graphql.errors import is_unexpected, logger
from portal.graphql.limits import MAX_DOCUMENTS, RequestLimits, graphql_schema
from portal.graphql.mutations import Mutation as PortalMutation
from portal.graphql.queries import Query as PortalQuery
from pricing.bulk_upload.graphql.mutations import Mutation as BulkUploadMutation
from pricing.bulk_upload.graphql.queries import Query as BulkUploadQuery
from pricing.graphql.queries import Query as PricingQuery
from quotes.graphql.mutations import Mutation as QuotesMutation
from quotes.graphql.mutations import OrderAddToQuoteMutation
from quotes.graphql.queries import Query as QuotesQuery
from shoppinglists.graphql.mutations import ApprovalMutation as ShoppingListApprovalMutation
from shoppinglists.graphql.mutations import CustomerMutation as CustomerShoppingListsMutation
from shoppinglists.graphql.mutations import Mutation as ShoppingListsMutation
from shoppinglists.graphql.queries import Query as ShoppingListsQuery
from sso.graphql.queries import Query as SsoQuery
from storefront.graphql.approvals import PurchaseRequestResubmitMutation
from storefront.graphql.mutations import (
    CustomerShoppingListAddToCartMutation,
    OrderReorderMutation,
    ShoppingListAddToCartMutation,
)
from storefront.graphql.mutations import Mutation as StorefrontMutation
from storefront.graphql.queries import Query as StorefrontQuery
from tracking.graphql.queries import Query as TrackingQuery

Query = merge_types(
    "Query",
    (
        PortalQuery,
        AccountsQuery,
        AddressQuery,
        UsersQuery,
        PricingQuery,
        OrdersQuery,
        # Quick order's two reads stand together, as the overlay's page uses them: buy again (orders), then the
        # pad's SKU lookup (pricing).
        PurchasedProductsQuery,
        BulkUploadQuery,
        QuotesQuery,
        ShoppingListsQuery,
        InvoicesQuery,
        ApprovalsQuery,
        StorefrontQuery,
        TrackingQuery,
        SsoQuery,
    ),
)
Mutation = merge_types(
    "Mutation",
    (
        PortalMutation,
        AccountsMutation,
        AddressMutation,
        UsersMutation,
        # The order page's actions live downstream of orders (ARCHITECTURE §3), listed here where orders stands.
        OrderReorderMutation,
        OrderAddToQuoteMutation,
        BulkUploadMutation,
        QuotesMutation,
        # A list's Add selected to cart lives in storefront, which owns the cart (ARCHITECTURE §3); each stands after
        # its set of list operations, as it always has in the schema.
        ShoppingListsMutation,
        ShoppingListAddToCartMutation,
        ShoppingListApprovalMutation,
        CustomerShoppingListsMutation,
        CustomerShoppingListAddToCartMutation,
        InvoicesMutation,
        ApprovalsMutation,
        # Change and resubmit lives in storefront, which owns the cart (ARCHITECTURE §3), beside the request's actions.
        PurchaseRequestResubmitMutation,
        StorefrontMutation,
    ),
)


class PortalSchema(Schema):
    def process_errors(self, errors, execution_context=None) -> None:
        # Expected errors (bad input, refusals) are the caller's business; only the unexpected ones are logged.
        for error in errors:
            if is_unexpected(error):
                logger.error("GraphQL resolver failed", exc_info=error.original_error)
            elif is_database_outage(error.original_error):
                logger.warning("GraphQL request refused, the database is unavailable: %s", error.original_error)


schema = PortalSchema(
    query=Query,
    mutation=Mutation,
    extensions=[
        # Parse and standard validation once per query text and process (issue 21), bounded; with RequestLimits' token
        # limit and introspection switch, which its on_operation sets before either runs.
        lambda: ParserCache(maxsize=MAX_DOCUMENTS),
        lambda: ValidationCache(maxsize=MAX_DOCUMENTS),
        # No DjangoOptimizerExtension (issue 37): its resolve hook wrapped every field of every answer (~7% of the
        # mix's instructions) to optimize querysets, and no resolver returns one: the address book, the one
        # strawberry_django type, loads its page with its relations itself (accounts.selectors.address_list).
        # Tokens, depth (introspection included), root fields, cost, introspection switch, text PostgreSQL cannot store;
        # after ValidationCache, whose errors it adds to.
        RequestLimits,
        MasqueradeAuditExtension,
    ],
)
# The schema RequestLimits measures with, built from the SDL now (0.1 s): at import, before portal.wsgi's gc.freeze,
# not on each web process's first request.
graphql_schema(schema)
