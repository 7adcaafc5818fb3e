"""The one GraphQL schema, merged from each app's graphql/ modules (ARCHITECTURE §5)."""

from strawberry import Schema
from strawberry.extensions import MaxTokensLimiter
from strawberry.tools import merge_types
from strawberry_django.optimizer import DjangoOptimizerExtension

from accounts.graphql.addresses import AddressMutation, AddressQuery
from accounts.graphql.extensions import MasqueradeAuditExtension
from accounts.graphql.mutations import Mutation as AccountsMutation
from accounts.graphql.queries import Query as AccountsQuery
from accounts.graphql.users import Mutation as UsersMutation
from accounts.graphql.users import Query as UsersQuery
from portal.graphql.errors import is_unexpected, logger
from portal.graphql.limits import RequestLimits
from portal.graphql.queries import Query as PortalQuery
from pricing.graphql.queries import Query as PricingQuery
from quotes.graphql.mutations import Mutation as QuotesMutation
from quotes.graphql.queries import Query as QuotesQuery
from storefront.graphql.mutations import Mutation as StorefrontMutation
from storefront.graphql.queries import Query as StorefrontQuery
from tracking.graphql.queries import Query as TrackingQuery

Query = merge_types(
    "Query",
    (PortalQuery, AccountsQuery, AddressQuery, UsersQuery, PricingQuery, QuotesQuery, StorefrontQuery, TrackingQuery),
)
Mutation = merge_types(
    "Mutation", (AccountsMutation, AddressMutation, UsersMutation, QuotesMutation, StorefrontMutation)
)


class PortalSchema(Schema):
    def process_errors(self, errors, execution_context=None) -> None:
        # Expected errors (bad input, refusals) are the caller's business; only the unexpected ones are logged.
        for error in errors:
            if is_unexpected(error):
                logger.error("GraphQL resolver failed", exc_info=error.original_error)


schema = PortalSchema(
    query=Query,
    mutation=Mutation,
    extensions=[
        DjangoOptimizerExtension,
        # Depth (introspection included), root fields, cost, introspection switch, text PostgreSQL cannot store.
        RequestLimits,
        lambda: MaxTokensLimiter(max_token_count=5000),
        MasqueradeAuditExtension,
    ],
)
