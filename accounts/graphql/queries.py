from __future__ import annotations

import strawberry

from accounts import selectors
from accounts.graphql.types import CompanyInfo, CustomerInfo, UserInfo
from portal.graphql.permissions import IsAuthenticated


def customer_info_payload(info: selectors.CustomerInfo) -> CustomerInfo:
    user = info.user
    return CustomerInfo(
        user_type=info.user_type,
        user_info=UserInfo(
            id=user.pk,
            role=info.role,
            company_role_name=info.company_role_name,
            first_name=user.first_name,
            last_name=user.last_name,
            email=user.email,
            phone_number=user.phone,
        ),
        company_info=(
            CompanyInfo(id=info.company.pk, company_name=info.company.name, status=info.company.status)
            if info.company
            else None
        ),
        permissions=[],
    )


@strawberry.type
class Query:
    @strawberry.field(permission_classes=[IsAuthenticated], description="Who the caller is.")
    def customer_info(self, info: strawberry.Info) -> CustomerInfo:
        return customer_info_payload(selectors.customer_info(user=info.context.user))
