"""Answers built whole as instances of the schema's types (issue 37 Must 4): a field left out of a built answer fails
where the answer is built, never as a silent null; a costly part with a resolver of its own (customerInfo's
accountStatus) runs only when selected, and its failure is reported at its path with the rest of the answer kept."""

from decimal import Decimal
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import selectors as account_selectors
from accounts.graphql.types import CompanyInfo, CustomerInfo, Permission, UserInfo
from portal import startup_cache
from portal.graphql.types import StoreFeatureFlags
from pricing.graphql.types import PricedProduct

PRICED = {
    "product_id": 1, "variant_id": None, "quantity": 2, "options": [], "currency_code": "USD", "price": None,
    "base_price": None, "line_total": None, "bulk_pricing": [], "applied_tier": None, "next_tier": None,
    "tax_rate": Decimal("0"), "show_inclusive": False, "price_on_request": True,
}  # fmt: skip


@pytest.mark.parametrize("left_out", ["tax_rate", "next_tier", "options"])
def test_a_priced_product_built_without_one_of_its_fields_is_refused(left_out):
    PricedProduct(**PRICED)  # every field: built

    with pytest.raises(TypeError, match=left_out):
        PricedProduct(**{name: value for name, value in PRICED.items() if name != left_out})


@pytest.mark.django_db
def test_cached_store_data_missing_a_field_or_with_one_too_many_is_refused(demo_store):
    flags = dict(startup_cache.store_feature_flags())
    StoreFeatureFlags(**flags)

    with pytest.raises(TypeError, match="quotes"):
        StoreFeatureFlags(**{name: value for name, value in flags.items() if name != "quotes"})
    with pytest.raises(TypeError, match="punchout"):
        StoreFeatureFlags(**flags, punchout=True)


def test_a_customer_info_is_built_with_the_actor_its_account_status_reads():
    user = UserInfo(id=1, role=0, company_role_name="Admin", first_name="A", last_name="B", email="a@b.c",
                    phone_number="")  # fmt: skip
    with pytest.raises(TypeError, match="actor"):
        CustomerInfo(
            user_type=5,
            user_info=user,
            company_info=CompanyInfo(id=1, company_name="Acme", status=1, rejection_reason=""),
            permissions=[Permission(code="get_orders", permission_level=2)],
            masquerade=None,
        )


CUSTOMER_INFO = """
query($withStatus: Boolean!) {
  customerInfo {
    userType userInfo { email } permissions { code }
    accountStatus @include(if: $withStatus) { pricesHidden orderCreationBlocked }
  }
}
"""


@pytest.mark.django_db
def test_account_status_is_read_only_when_selected(demo_store, login, graphql):
    token = login("senior@acme.test")
    graphql(CUSTOMER_INFO, {"withStatus": False}, token=token)  # the caller's own reads, warm

    with CaptureQueriesContext(connection) as without:
        plain = graphql(CUSTOMER_INFO, {"withStatus": False}, token=token)
    startup_cache.store_data_changed()  # the config entries the status reads: from the database again
    with CaptureQueriesContext(connection) as with_status:
        full = graphql(CUSTOMER_INFO, {"withStatus": True}, token=token)

    assert "accountStatus" not in plain["data"]["customerInfo"]
    assert full["data"]["customerInfo"]["accountStatus"] == {"pricesHidden": False, "orderCreationBlocked": False}
    assert len(with_status) > len(without)


@pytest.mark.django_db
def test_a_failing_account_status_is_an_error_at_its_path_and_the_rest_is_answered(demo_store, login, graphql):
    token = login("senior@acme.test")

    with mock.patch.object(account_selectors, "account_status", side_effect=RuntimeError("status unavailable")):
        body = graphql(CUSTOMER_INFO, {"withStatus": True}, token=token)

    answer = body["data"]["customerInfo"]
    assert answer["accountStatus"] is None
    assert answer["userInfo"] == {"email": "senior@acme.test"}
    assert [error["path"] for error in body["errors"]] == [["customerInfo", "accountStatus"]]
