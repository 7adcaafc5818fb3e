"""The customer part of the start-up (`startupCustomerInfo`), `customerInfo` and `updateAccountSettings` answered as
plain data (issue 21) give the answers the per-field completion gave.

`REFERENCE` is the completion before plain data: CustomerInfo with its `accountStatus` resolver and the payload of
3f31940 (accounts/graphql/types.py, queries.py, mutations.py), copied here under a schema of their own with the same
type names, beside the portal's own store-wide root fields (unchanged), so that the overlay's whole PortalStartup
document runs on both. Each test runs the same document, variables and caller through the portal's schema and the
reference and compares the answers as JSON text (field order included), their errors as the client receives them
(message, path, locations, extensions), and the number of SQL queries.
"""

from __future__ import annotations

import pytest
import strawberry
from django.db import connection
from django.test.utils import CaptureQueriesContext
from strawberry.tools import merge_types

from accounts import selectors, services
from accounts.graphql.mutations import MAX_NAME
from accounts.graphql.types import (
    AccountSettingsInput,
    AccountStatus,
    CompanyInfo,
    MasqueradeCompany,
    Permission,
    UserInfo,
)
from accounts.models import Company, CompanyMembership, CompanyRole, RolePermission, RoleTemplate, User
from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import STARTUP_VARIABLES
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated
from portal.graphql.queries import Query as PortalQuery
from portal.models import StorefrontConfig
from portal.schema import schema
from portal.startup_cache import store_data_changed
from tests.plain_reference import assert_same_answer as same_answer
from tests.plain_reference import reference_schema, request_context

pytestmark = pytest.mark.django_db

# --- the reference: the per-field completion of 3f31940 ------------------------------------------------------------


@strawberry.type(name="CustomerInfo")
class RefCustomerInfo:
    user_type: int
    user_info: UserInfo
    company_info: CompanyInfo | None
    permissions: list[Permission]
    masquerade: MasqueradeCompany | None = None
    actor: strawberry.Private[selectors.Actor | None] = None

    @strawberry.field
    def account_status(self) -> AccountStatus | None:
        if self.actor is None:
            return None
        status = selectors.account_status(self.actor)
        return AccountStatus(
            order_creation_blocked=status.order_creation_blocked,
            prices_hidden=status.prices_hidden,
            convert_link_visible=status.convert_link_visible,
            b2b_registration_enabled=status.b2b_registration_enabled,
            b2c_registration_enabled=status.b2c_registration_enabled,
        )


def _ref_masquerade(actor: selectors.Actor) -> MasqueradeCompany | None:
    if not actor.is_masquerading:
        return None
    company = actor.masquerade.company
    return MasqueradeCompany(
        id=company.pk, is_agenting=True, company_name=company.name, customer_group_id=company.customer_group_id
    )


def _ref_payload(actor: selectors.Actor) -> RefCustomerInfo:
    user = actor.user
    return RefCustomerInfo(
        user_type=actor.user_type,
        user_info=UserInfo(
            id=user.pk,
            role=actor.role,
            company_role_name=actor.company_role_name,
            first_name=user.first_name,
            last_name=user.last_name,
            email=user.email,
            phone_number=user.phone,
        ),
        company_info=(
            CompanyInfo(
                id=actor.company.pk,
                company_name=actor.company.name,
                status=actor.company.status,
                rejection_reason=actor.company.rejection_reason if actor.company.status == 2 else "",
            )
            if actor.company
            else None
        ),
        permissions=[
            Permission(code=code, permission_level=level) for code, level in sorted(actor.permissions.items())
        ],
        masquerade=_ref_masquerade(actor),
        actor=actor,
    )


@strawberry.type
class RefAccountsQuery:
    @strawberry.field(permission_classes=[IsAuthenticated])
    def customer_info(self, info: strawberry.Info) -> RefCustomerInfo:
        return _ref_payload(info.context.actor)

    @strawberry.field(permission_classes=[IsAuthenticated])
    def startup_customer_info(self, info: strawberry.Info) -> RefCustomerInfo | None:
        return _ref_payload(info.context.actor)


@strawberry.type(name="Mutation")
class RefMutation:
    @strawberry.mutation(permission_classes=[IsAuthenticated])
    def update_account_settings(self, info: strawberry.Info, account_settings: AccountSettingsInput) -> RefCustomerInfo:
        actor = info.context.actor
        data = account_settings
        if len(data.first_name) > MAX_NAME or len(data.last_name) > MAX_NAME or len(data.phone_number) > 40:
            raise InputError(fields={"firstName": [f"Use at most {MAX_NAME} characters."]})
        services.account_settings_update(
            user=actor.user,
            first_name=data.first_name,
            last_name=data.last_name,
            phone=data.phone_number,
            current_password=data.current_password,
            new_password=data.new_password,
            keep_token=info.context.bearer_token,
        )
        return _ref_payload(selectors.actor_for_token(info.context.bearer_token))


REFERENCE = reference_schema(merge_types("Query", (PortalQuery, RefAccountsQuery)), RefMutation)


def assert_same_answer(
    document: str,
    variables: dict | None = None,
    token: str | None = None,
    *,
    refused: bool = False,
    fewer_queries: int = 0,
) -> dict:
    """The portal's answer equals the reference's, as JSON text, in as many queries (less `fewer_queries`); returns
    the portal's data. Without errors unless `refused`: then with errors. Both start from a cold store-wide cache."""
    return same_answer(
        REFERENCE,
        document,
        variables,
        token,
        refused=refused,
        same_queries=True,
        before_each=store_data_changed,
        fewer_queries=fewer_queries,
    )


# --- the callers ----------------------------------------------------------------------------------------------------


@pytest.fixture
def callers(demo_store, graphql, login):
    """Bearer tokens by caller (None: a guest): every kind of user the overlay starts for."""
    template = RoleTemplate.objects.create(name="Lab manager", role=CompanyRole.CUSTOM)
    RolePermission.objects.create(template=template, code="get_quotes", level=1)
    RolePermission.objects.create(template=template, code="create_quote", level=2)
    custom = User.objects.create_user(email="manager@acme.test", password="Demo1234", first_name="Max", phone="+1 5")
    CompanyMembership.objects.create(
        user=custom, company=Company.objects.get(name="Acme Labs"), role=CompanyRole.CUSTOM, custom_role=template
    )
    tokens = {"guest": None}
    for name, email in [("admin", "admin@acme.test"), ("senior", "senior@acme.test"), ("junior", "junior@acme.test"),
                        ("custom role", "manager@acme.test"), ("other company", "admin@globex.test"),
                        ("pending", "admin@pendingbio.test"), ("rejected", "admin@rejectedchem.test"),
                        ("b2c", "b2c@demo.test"), ("masquerading super admin", "superadmin@demo.test")]:  # fmt: skip
        tokens[name] = login(email)
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    body = graphql(begin, {"id": Company.objects.get(name="Acme Labs").pk}, token=tokens["masquerading super admin"])
    assert "errors" not in body, body
    return tokens


# --- documents ------------------------------------------------------------------------------------------------------

STARTUP = overlay_document("PORTAL_STARTUP")
CUSTOMER_INFO = overlay_document("CUSTOMER_INFO")
UPDATE_ACCOUNT_SETTINGS = overlay_document("UPDATE_ACCOUNT_SETTINGS")

EVERY_FIELD = """
query Every {
  customerInfo {
    __typename userType
    userInfo { __typename id role companyRoleName firstName lastName email phoneNumber }
    companyInfo { __typename id companyName status rejectionReason }
    permissions { __typename code permissionLevel }
    masquerade { __typename id isAgenting companyName customerGroupId }
    accountStatus { __typename orderCreationBlocked pricesHidden convertLinkVisible b2bRegistrationEnabled
                    b2cRegistrationEnabled }
  }
}
"""

SHAPED = """
query Shaped($withStatus: Boolean!, $skipPermissions: Boolean!) {
  me: startupCustomerInfo {
    kind: userType
    ...Who
    ... on CustomerInfo @include(if: $withStatus) { status: accountStatus { blocked: orderCreationBlocked } }
    permissions @skip(if: $skipPermissions) { level: permissionLevel code }
  }
  again: customerInfo { ...Status userInfo { email } }
  __typename
}
fragment Who on CustomerInfo {
  user: userInfo { id name: firstName email __typename }
  companyInfo { companyName ... on CompanyInfo { status } }
  masquerade { id isAgenting }
}
fragment Status on CustomerInfo {
  accountStatus @include(if: $withStatus) { ...Flags }
  accountStatus @include(if: $withStatus) { pricesHidden }
}
fragment Flags on AccountStatus { convertLinkVisible b2bRegistrationEnabled }
"""

TYPENAME_ONLY = "{ customerInfo { accountStatus { __typename } userType } }"
WITHOUT_STATUS = "{ customerInfo { userType permissions { code } } startupCustomerInfo { userInfo { id } } }"
CALLERS = [
    "admin", "senior", "junior", "custom role", "other company", "pending", "rejected", "b2c",
    "masquerading super admin",
]  # fmt: skip


# --- the tests ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_the_overlays_start_up_answers_as_before_for_every_caller(callers, caller):
    # accountStatus reads the config entries the store part has just cached: one query fewer (issue 21)
    data = assert_same_answer(STARTUP, STARTUP_VARIABLES, callers[caller], fewer_queries=1)
    assert data["customerInfo"]["accountStatus"] is not None
    assert_same_answer(STARTUP, {**STARTUP_VARIABLES, "withStore": False}, callers[caller])
    assert_same_answer(CUSTOMER_INFO, None, callers[caller])


@pytest.mark.parametrize("caller", CALLERS)
def test_every_field_answers_as_before(callers, caller):
    assert_same_answer(EVERY_FIELD, None, callers[caller])


def test_a_super_admin_who_is_not_masquerading_answers_as_before(demo_store, login):
    data = assert_same_answer(EVERY_FIELD, None, login("superadmin@demo.test"))
    assert (data["customerInfo"]["companyInfo"], data["customerInfo"]["masquerade"]) == (None, None)


def test_a_pending_companys_account_status_answers_as_before(callers):
    StorefrontConfig.objects.filter(key=selectors.BLOCK_PRICES_CONFIG_KEY).update(value="1")
    data = assert_same_answer(EVERY_FIELD, None, callers["pending"])
    status = data["customerInfo"]["accountStatus"]
    assert (status["orderCreationBlocked"], status["pricesHidden"]) == (True, True)


@pytest.mark.parametrize("with_status", [True, False])
@pytest.mark.parametrize("skip_permissions", [True, False])
@pytest.mark.parametrize("caller", ["admin", "masquerading super admin", "b2c"])
def test_aliases_fragments_typename_and_directives_answer_as_before(callers, caller, with_status, skip_permissions):
    variables = {"withStatus": with_status, "skipPermissions": skip_permissions}
    assert_same_answer(SHAPED, variables, callers[caller])


def test_the_account_status_is_read_only_when_asked_for_as_before(callers):
    """Same queries both ways (assert_same_answer counts them): none for accountStatus when it is not selected."""
    assert_same_answer(TYPENAME_ONLY, None, callers["admin"])
    assert_same_answer(WITHOUT_STATUS, None, callers["admin"])
    context = request_context(callers["admin"])
    context.actor  # noqa: B018
    with CaptureQueriesContext(connection) as without:
        schema.execute_sync(WITHOUT_STATUS, None, context_value=context)
    with CaptureQueriesContext(connection) as with_status:
        schema.execute_sync(EVERY_FIELD, None, context_value=context)
    assert (len(without), len(with_status)) == (0, 1)


def test_a_session_that_is_not_signed_in_is_refused_as_before(callers):
    for token in (None, "expired-or-revoked"):
        data = assert_same_answer(STARTUP, STARTUP_VARIABLES, token, refused=True)
        assert data["customerInfo"] is None and data["storeBasicInfo"] is not None
        assert_same_answer(EVERY_FIELD, None, token, refused=True)


def test_update_account_settings_answers_as_before(callers):
    variables = {"accountSettings": {"firstName": "Nia", "lastName": "New", "phoneNumber": "+1 555 0199"}}
    for caller in ("junior", "masquerading super admin"):
        data = assert_same_answer(UPDATE_ACCOUNT_SETTINGS, variables, callers[caller])
        assert data["updateAccountSettings"]["userInfo"]["firstName"] == "Nia"
    assert_same_answer(UPDATE_ACCOUNT_SETTINGS, {"accountSettings": {"firstName": "x" * 300, "lastName": ""}},
                       callers["junior"], refused=True)  # fmt: skip
