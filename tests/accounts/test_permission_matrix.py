"""Every protected operation of the shell × every demo account and anonymous: allowed, or refused with the exact
code, and a refused mutation changes nothing (issue 3)."""

import pytest

from accounts.models import B2BToken, User
from accounts.permissions import DEFAULT_ROLE_GRANTS, INDIVIDUAL_PERMISSIONS, Code
from tests.helpers import CUSTOMER_INFO, error_code

pytestmark = pytest.mark.django_db

ACCOUNTS = [
    None,
    "superadmin@demo.test",
    "admin@acme.test",
    "senior@acme.test",
    "junior@acme.test",
    "admin@globex.test",
    "admin@pendingbio.test",
    "admin@rejectedchem.test",
    "b2c@demo.test",
]
COMPANY_USERS = {
    "admin@acme.test", "senior@acme.test", "junior@acme.test", "admin@globex.test", "admin@pendingbio.test",
    "admin@rejectedchem.test",
}  # fmt: skip


def _token(login, email):
    return login(email) if email else None


def _user_id(email: str) -> int:
    return User.objects.get(email=email).pk


def _snapshot() -> list:
    return list(User.objects.order_by("pk").values_list("email", "first_name", "last_name", "phone", "password"))


@pytest.mark.parametrize("email", ACCOUNTS)
def test_customer_info(demo_store, graphql, login, email):
    body = graphql(CUSTOMER_INFO, token=_token(login, email))
    if email is None:
        assert error_code(body) == 40101
    else:
        assert body["data"]["customerInfo"]["userInfo"]["email"] == email


@pytest.mark.parametrize("email", ACCOUNTS)
def test_user_company_of_oneself(demo_store, graphql, login, email):
    token = _token(login, email)
    user_id = _user_id(email) if email else _user_id("admin@acme.test")
    body = graphql("query($id: Int!) { userCompany(userId: $id) { companyName } }", {"id": user_id}, token=token)
    if email is None:
        assert error_code(body) == 40101
    elif email in COMPANY_USERS:
        assert body["data"]["userCompany"]["companyName"]
    else:
        assert error_code(body) == "NOT_FOUND"


@pytest.mark.parametrize("email", ACCOUNTS)
def test_another_companys_user_is_invisible_except_to_the_super_admin(demo_store, graphql, login, email):
    token = _token(login, email)
    globex_admin = _user_id("admin@globex.test")
    body = graphql("query($id: Int!) { userCompany(userId: $id) { companyName } }", {"id": globex_admin}, token=token)
    if email is None:
        assert error_code(body) == 40101
    elif email in ("superadmin@demo.test", "admin@globex.test"):
        assert body["data"]["userCompany"]["companyName"] == "Globex Research"
    else:
        assert error_code(body) == "NOT_FOUND"
        assert "Globex" not in str(body)


@pytest.mark.parametrize("email", ACCOUNTS)
def test_company_credit_config_is_the_callers_own(demo_store, graphql, login, email):
    from accounts.models import Company

    Company.objects.filter(name="Acme Labs").update(credit_enabled=True, available_credit=5000)
    Company.objects.filter(name="Globex Research").update(credit_enabled=True, available_credit=99)
    body = graphql("{ companyCreditConfig { creditEnabled availableCredit } }", token=_token(login, email))
    if email is None:
        assert error_code(body) == 40101
        return
    credit = body["data"]["companyCreditConfig"]
    if email.endswith("@acme.test"):
        assert credit == {"creditEnabled": True, "availableCredit": "5000.00"}
    elif email == "admin@globex.test":
        assert credit == {"creditEnabled": True, "availableCredit": "99.00"}
    else:  # individuals, the super admin, and users of companies that are not approved
        assert credit == {"creditEnabled": False, "availableCredit": "0"}


@pytest.mark.parametrize("email", ACCOUNTS)
def test_store_config_switch_status(demo_store, graphql, login, email):
    body = graphql(
        '{ storeConfigSwitchStatus(key: "junior_place_order") { key isEnabled } }', token=_token(login, email)
    )
    if email is None:
        assert error_code(body) == 40101
    else:
        assert body["data"]["storeConfigSwitchStatus"] == {"key": "junior_place_order", "isEnabled": False}


UPDATE = (
    """mutation($s: AccountSettingsInput!) { updateAccountSettings(accountSettings: $s) { userInfo { firstName } } }"""
)


@pytest.mark.parametrize("email", ACCOUNTS)
def test_update_account_settings_changes_only_the_callers_own_profile(demo_store, graphql, login, email):
    token = _token(login, email)
    before = _snapshot()
    body = graphql(
        UPDATE, {"s": {"firstName": "Changed", "lastName": "Name", "phoneNumber": "+1 617 555 0100"}}, token=token
    )
    if email is None:
        assert error_code(body) == 40101
        assert _snapshot() == before
        return
    assert body["data"]["updateAccountSettings"]["userInfo"]["firstName"] == "Changed"
    changed = {row[0] for row, old in zip(_snapshot(), before, strict=True) if row != old}
    assert changed == {email}


@pytest.mark.parametrize("email", ACCOUNTS)
def test_logout_revokes_only_the_callers_token(demo_store, graphql, login, email):
    other = login("admin@globex.test") if email != "admin@globex.test" else login("admin@acme.test")
    token = _token(login, email)
    body = graphql("mutation { logout { result { message } } }", token=token)
    if email is None:
        assert error_code(body) == 40101
        assert B2BToken.objects.filter(revoked_at__isnull=False).count() == 0
    else:
        assert B2BToken.objects.filter(revoked_at__isnull=False).count() == 1
    assert "errors" not in graphql(CUSTOMER_INFO, token=other)


def _permissions(graphql, login, email) -> dict[str, int]:
    body = graphql(CUSTOMER_INFO, token=login(email))
    return {p["code"]: p["permissionLevel"] for p in body["data"]["customerInfo"]["permissions"]}


def test_permissions_of_each_role(demo_store, graphql, login):
    admin = _permissions(graphql, login, "admin@acme.test")
    senior = _permissions(graphql, login, "senior@acme.test")
    junior = _permissions(graphql, login, "junior@acme.test")
    assert admin == dict.fromkeys(Code.values, 2) == DEFAULT_ROLE_GRANTS[0]
    assert admin["get_orders"] > 1  # /company-orders (shell §2)
    assert senior == DEFAULT_ROLE_GRANTS[1]
    assert "create_user" not in senior and senior["get_users"] == 2 and senior["approve_draft_shopping_list"] == 2
    assert junior == DEFAULT_ROLE_GRANTS[2]
    assert "get_orders" not in junior and "purchase_enable" not in junior and "get_invoices" not in junior
    assert junior["create_shopping_list"] == 1 and junior["submit_shopping_list_for_approval"] == 1
    # shell §2 lists junior buyers for /orderDetail/{id}: the orders they placed (level 1), no order list (issue 36).
    assert junior["get_order_detail"] == 1
    assert _permissions(graphql, login, "b2c@demo.test") == INDIVIDUAL_PERMISSIONS
    assert _permissions(graphql, login, "superadmin@demo.test") == {}
    # A pending company's admin is treated as an individual customer until approval (shell §4).
    assert _permissions(graphql, login, "admin@pendingbio.test") == INDIVIDUAL_PERMISSIONS


def test_the_migration_grants_the_junior_template_order_detail_and_keeps_a_staff_level(demo_store):
    """Issue 36 item 10: a database made before the grant gets it; a level staff chose is left alone."""
    import importlib

    from django.apps import apps

    from accounts.models import RolePermission

    migration = importlib.import_module("accounts.migrations.0009_junior_order_detail_grant")
    grants = RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="get_order_detail")
    grants.delete()
    migration.grant_order_detail(apps, None)
    assert list(grants.values_list("level", flat=True)) == [1]
    grants.update(level=2)
    migration.grant_order_detail(apps, None)
    assert list(grants.values_list("level", flat=True)) == [2]
    migration.remove_order_detail(apps, None)  # reversing removes only the level-1 grant it made
    assert grants.count() == 1


def test_staff_edits_to_a_role_template_apply_at_once(demo_store, graphql, login):
    from accounts.models import RolePermission

    token = login("junior@acme.test")
    RolePermission.objects.create(template=RolePermission.objects.filter(template__role=2).first().template,
                                  code="get_orders", level=1)  # fmt: skip
    body = graphql(CUSTOMER_INFO, token=token)
    assert {"code": "get_orders", "permissionLevel": 1} in body["data"]["customerInfo"]["permissions"]


def test_custom_role_has_the_permissions_and_name_of_its_template(demo_store, graphql, login):
    from accounts.models import CompanyMembership, RoleTemplate

    template = RoleTemplate.objects.create(name="Lab manager", role=5)
    template.grants.create(code="get_orders", level=2)
    template.grants.create(code="purchase_enable", level=2)
    CompanyMembership.objects.filter(user__email="senior@acme.test").update(role=5, custom_role=template)
    body = graphql(CUSTOMER_INFO, token=login("senior@acme.test"))["data"]["customerInfo"]
    assert body["userInfo"]["role"] == 5
    assert body["userInfo"]["companyRoleName"] == "Lab manager"
    assert {p["code"] for p in body["permissions"]} == {"get_orders", "purchase_enable"}


def test_approving_a_company_grants_b2b_access_at_once(demo_store, graphql, login):
    from accounts.models import Company, CompanyStatus
    from accounts.services import company_status_set

    token = login("admin@pendingbio.test")
    assert graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]["userInfo"]["role"] == 99
    company_status_set(company_ids=[Company.objects.get(name="Pending Bio").pk], status=CompanyStatus.APPROVED)
    assert graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]["userInfo"]["role"] == 0
    company_status_set(company_ids=[Company.objects.get(name="Pending Bio").pk], status=CompanyStatus.INACTIVE)
    assert graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]["userInfo"]["role"] == 99
