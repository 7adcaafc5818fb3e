"""User management's rules (issue 16): a company keeps an admin (also when two admins demote each other at once),
nobody deletes themself or changes their own role, only an admin makes or touches admins, nobody gives a role with
more permissions than they hold, input is checked like registration's, and a role change counts from the user's next
request."""

import threading

import pytest
from django.db import connection

from accounts.errors import UserManagementErrorCode
from accounts.models import (
    AccountFormField,
    CompanyMembership,
    CompanyRole,
    FieldType,
    FormGroup,
    FormType,
    RolePermission,
    RoleTemplate,
    User,
)
from accounts.permissions import Code
from accounts.selectors import actor_for_user
from accounts.services import CompanyUserChanges, company_user_delete, company_user_update
from portal.errors import Refused
from tests.accounts.test_users import (
    CREATE,
    DELETE,
    UPDATE,
    USERS,
    acme,
    acme_member,
    new_user,
    snapshot,
    user_id,
)
from tests.helpers import CUSTOMER_INFO, error_code

pytestmark = pytest.mark.django_db


def admins() -> list[str]:
    return sorted(
        CompanyMembership.objects.filter(company=acme(), role=CompanyRole.ADMIN).values_list("user__email", flat=True)
    )


@pytest.fixture
def admin_token(demo_store, login):
    return login("admin@acme.test")


@pytest.fixture
def masquerading_token(demo_store, graphql, login):
    token = login("superadmin@demo.test")
    graphql("mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }", {"id": acme().pk}, token=token)
    return token


def senior_may_manage_users() -> None:
    """Staff grant Acme's senior buyers the user actions (the built-in senior template has none)."""
    template = RoleTemplate.objects.get(role=CompanyRole.SENIOR_BUYER, is_builtin=True)
    for code in (Code.CREATE_USER, Code.UPDATE_USER, Code.DELETE_USER):
        RolePermission.objects.create(template=template, code=code, level=2)


# --- the last admin ---------------------------------------------------------------------------------------------


def test_the_last_admin_can_be_neither_demoted_nor_deleted(masquerading_token, graphql):
    admin = user_id("admin@acme.test")
    before = snapshot()

    demoted = graphql(UPDATE, {"id": admin, "data": {"role": 1}}, token=masquerading_token)
    deleted = graphql(DELETE, {"id": admin}, token=masquerading_token)

    assert error_code(demoted) == error_code(deleted) == "LAST_ADMIN"
    assert demoted["errors"][0]["message"] == "A company needs at least one admin. Make another user an admin first."
    assert snapshot() == before


def test_with_a_second_admin_one_may_go(admin_token, graphql, login):
    second = acme_member("second.admin@acme.test", role=CompanyRole.ADMIN)

    assert "errors" not in graphql(UPDATE, {"id": second.user_id, "data": {"role": 1}}, token=admin_token)
    assert admins() == ["admin@acme.test"]
    second.role = CompanyRole.ADMIN
    second.save()
    assert "errors" not in graphql(DELETE, {"id": second.user_id}, token=admin_token)
    assert admins() == ["admin@acme.test"]


def test_an_admin_who_cannot_sign_in_does_not_count(masquerading_token, graphql):
    acme_member("gone.admin@acme.test", role=CompanyRole.ADMIN, is_active=False)

    body = graphql(UPDATE, {"id": user_id("admin@acme.test"), "data": {"role": 2}}, token=masquerading_token)

    assert error_code(body) == "LAST_ADMIN"
    assert admins() == ["admin@acme.test", "gone.admin@acme.test"]


@pytest.mark.django_db(transaction=True)
def test_two_admins_demoting_each_other_at_once_leave_one_admin(demo_store):
    """The admins' rows are locked before they are counted: the second demotion sees the first and is refused."""
    acme_member("second.admin@acme.test", role=CompanyRole.ADMIN)
    first, second = User.objects.get(email="admin@acme.test"), User.objects.get(email="second.admin@acme.test")
    actors = {first.pk: actor_for_user(first), second.pk: actor_for_user(second)}
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def demote(caller: int, target: int) -> None:
        try:
            start.wait()
            company_user_update(actor=actors[caller], user_id=target, changes=CompanyUserChanges(role=1))
            outcomes.append("demoted")
        except Refused as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=demote, args=(first.pk, second.pk)),
        threading.Thread(target=demote, args=(second.pk, first.pk)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["LAST_ADMIN", "demoted"]
    assert len(admins()) == 1


def test_an_admin_demoted_while_their_request_was_on_its_way_acts_no_more(demo_store):
    acme_member("second.admin@acme.test", role=CompanyRole.ADMIN)
    actor = actor_for_user(User.objects.get(email="admin@acme.test"))
    CompanyMembership.objects.filter(user__email="admin@acme.test").update(role=CompanyRole.SENIOR_BUYER)

    with pytest.raises(Refused) as refused:
        company_user_delete(actor=actor, user_id=user_id("junior@acme.test"))

    assert refused.value.code == "PERMISSION_DENIED"
    assert CompanyMembership.objects.filter(user__email="junior@acme.test").exists()


# --- oneself ----------------------------------------------------------------------------------------------------


def test_nobody_deletes_themself(admin_token, graphql):
    acme_member("second.admin@acme.test", role=CompanyRole.ADMIN)
    before = snapshot()

    body = graphql(DELETE, {"id": user_id("admin@acme.test")}, token=admin_token)

    assert error_code(body) == "CANNOT_DELETE_SELF"
    assert body["errors"][0]["message"] == "You cannot delete your own user. Ask another admin to do it."
    assert snapshot() == before


def test_nobody_changes_their_own_role_but_may_edit_their_details(admin_token, graphql):
    acme_member("second.admin@acme.test", role=CompanyRole.ADMIN)
    me = user_id("admin@acme.test")
    before = snapshot()

    refused = graphql(UPDATE, {"id": me, "data": {"role": 1, "firstName": "Al"}}, token=admin_token)
    assert error_code(refused) == "CANNOT_CHANGE_OWN_ROLE"
    assert snapshot() == before

    same_role = graphql(UPDATE, {"id": me, "data": {"role": 0, "firstName": "Al"}}, token=admin_token)
    assert same_role["data"]["userUpdate"]["firstName"] == "Al"


# --- admins are an admin's business; no role above one's own ------------------------------------------------------


def test_a_senior_buyer_with_user_actions_cannot_make_or_touch_admins(demo_store, graphql, login):
    senior_may_manage_users()
    token = login("senior@acme.test")
    before = snapshot()

    attempts = [
        graphql(CREATE, {"data": new_user(role=0)}, token=token),
        graphql(UPDATE, {"id": user_id("junior@acme.test"), "data": {"role": 0}}, token=token),
        graphql(UPDATE, {"id": user_id("admin@acme.test"), "data": {"firstName": "Mallory"}}, token=token),
        graphql(UPDATE, {"id": user_id("admin@acme.test"), "data": {"role": 2}}, token=token),
        graphql(DELETE, {"id": user_id("admin@acme.test")}, token=token),
    ]

    assert [error_code(body) for body in attempts] == ["ADMIN_ROLE_REQUIRED"] * 5
    assert attempts[0]["errors"][0]["message"] == UserManagementErrorCode.ADMIN_ROLE_REQUIRED.label
    assert snapshot() == before


def test_a_senior_buyer_with_user_actions_manages_buyers(demo_store, graphql, login):
    senior_may_manage_users()
    token = login("senior@acme.test")

    created = graphql(CREATE, {"data": new_user(role=1)}, token=token)
    promoted = graphql(UPDATE, {"id": user_id("junior@acme.test"), "data": {"role": 1}}, token=token)

    assert created["data"]["userCreate"]["companyRoleName"] == "Senior buyer"
    assert promoted["data"]["userUpdate"]["role"] == 1
    assert "errors" not in graphql(DELETE, {"id": user_id("junior@acme.test")}, token=token)


def test_nobody_gives_a_custom_role_with_more_than_they_hold(demo_store, graphql, login):
    senior_may_manage_users()
    power = RoleTemplate.objects.create(name="Power buyer", role=CompanyRole.CUSTOM)
    RolePermission.objects.create(template=power, code=Code.GET_ORDERS, level=2)
    RolePermission.objects.create(template=power, code="manage_everything", level=2)  # not the senior's
    lab = RoleTemplate.objects.create(name="Lab manager", role=CompanyRole.CUSTOM)
    RolePermission.objects.create(template=lab, code=Code.GET_ORDERS, level=2)
    token = login("senior@acme.test")
    before = snapshot()

    refused = graphql(CREATE, {"data": new_user(role=5, customRoleId=power.pk)}, token=token)
    assert error_code(refused) == "ROLE_NOT_GRANTABLE"
    assert snapshot() == before

    created = graphql(CREATE, {"data": new_user(role=5, customRoleId=lab.pk)}, token=token)
    assert created["data"]["userCreate"]["companyRoleName"] == "Lab manager"
    # The admin may give any role.
    admin = graphql(
        CREATE, {"data": new_user(email="p@acme.test", role=5, customRoleId=power.pk)}, token=login("admin@acme.test")
    )
    assert admin["data"]["userCreate"]["customRoleId"] == power.pk


def test_a_custom_role_needs_its_template_and_only_it(admin_token, graphql):
    builtin = RoleTemplate.objects.get(role=CompanyRole.ADMIN, is_builtin=True)
    cases = [
        ({"role": 5}, "customRoleId"),
        ({"role": 5, "customRoleId": 987654}, "customRoleId"),
        ({"role": 5, "customRoleId": builtin.pk}, "customRoleId"),
        ({"role": 2, "customRoleId": builtin.pk}, "customRoleId"),
        ({"role": 3}, "role"),
        ({"role": -1}, "role"),
    ]
    before = snapshot()
    for role, field in cases:
        body = graphql(CREATE, {"data": new_user(**role)}, token=admin_token)
        assert error_code(body) == "VALIDATION_ERROR", role
        assert field in body["errors"][0]["extensions"]["fields"], body
    assert snapshot() == before


def test_a_custom_role_is_given_and_taken_back(admin_token, graphql):
    lab = RoleTemplate.objects.create(name="Lab manager", role=CompanyRole.CUSTOM)
    junior = user_id("junior@acme.test")

    given = graphql(UPDATE, {"id": junior, "data": {"role": 5, "customRoleId": lab.pk}}, token=admin_token)
    assert given["data"]["userUpdate"] == {
        "id": junior, "firstName": "Jules", "lastName": "Junior", "phoneNumber": "+1 555 010 0001", "role": 5,
        "customRoleId": lab.pk, "companyRoleName": "Lab manager",
    }  # fmt: skip
    body = graphql(UPDATE, {"id": junior, "data": {"customRoleId": lab.pk}}, token=admin_token)
    assert error_code(body) == "VALIDATION_ERROR" and "role" in body["errors"][0]["extensions"]["fields"]
    taken = graphql(UPDATE, {"id": junior, "data": {"role": 2}}, token=admin_token)
    assert taken["data"]["userUpdate"]["customRoleId"] is None


# --- input ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({"email": "not-an-address"}, "email", "invalid_email"),
        ({"email": "a@b.c0m"}, "email", "invalid_email"),
        ({"email": ""}, "email", "required"),
        ({"firstName": " "}, "firstName", "required"),
        ({"lastName": "x" * 151}, "lastName", "max_length"),
        ({"phoneNumber": "call me"}, "phoneNumber", "invalid_phone"),
        ({"phoneNumber": "12"}, "phoneNumber", "invalid_phone"),
        ({"extraFields": [{"fieldName": "nickname", "fieldValue": "x"}]}, "extraFields.nickname", "unknown_field"),
    ],
)
def test_bad_input_is_a_field_error_and_adds_nobody(admin_token, graphql, data, field, code):
    before = snapshot()

    body = graphql(CREATE, {"data": new_user(**data)}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"][field] == [code]
    assert snapshot() == before


@pytest.mark.parametrize("field", ["email", "firstName", "lastName", "phoneNumber"])
def test_oversized_text_is_refused_before_it_reaches_the_services(admin_token, graphql, field):
    body = graphql(CREATE, {"data": new_user(**{field: "x" * 5000})}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert list(body["errors"][0]["extensions"]["fields"]) == [field]


def test_nul_bytes_are_refused_before_anything_runs(admin_token, graphql):
    before = snapshot()

    body = graphql(CREATE, {"data": new_user(firstName="Ni\x00a")}, token=admin_token)

    assert error_code(body) == "BAD_USER_INPUT"
    assert snapshot() == before


def test_a_valid_phone_number_is_kept(admin_token, graphql):
    body = graphql(CREATE, {"data": new_user(phoneNumber="+1 (617) 555-0100")}, token=admin_token)

    assert body["data"]["userCreate"]["phoneNumber"] == "+1 (617) 555-0100"


@pytest.fixture
def department_field(demo_store):
    """A required custom user field of the business form (the contact step)."""
    return AccountFormField.objects.create(
        form_type=FormType.BUSINESS, group=FormGroup.CONTACT, field_name="department", label="Department",
        field_type=FieldType.DROPDOWN, is_required=True,
        value_configs={"options": [{"label": "Chemistry", "value": "chem"}, {"label": "Biology", "value": "bio"}]},
    )  # fmt: skip


def test_the_stores_user_fields_are_answered(admin_token, graphql, department_field):
    missing = graphql(CREATE, {"data": new_user()}, token=admin_token)
    wrong = graphql(
        CREATE, {"data": new_user(extraFields=[{"fieldName": "department", "fieldValue": "law"}])}, token=admin_token
    )
    right = graphql(
        CREATE, {"data": new_user(extraFields=[{"fieldName": "department", "fieldValue": "chem"}])}, token=admin_token
    )

    assert missing["errors"][0]["extensions"]["fieldCodes"] == {"extraFields.department": ["required"]}
    assert wrong["errors"][0]["extensions"]["fieldCodes"] == {"extraFields.department": ["invalid_choice"]}
    assert right["data"]["userCreate"]["extraFields"] == [{"fieldName": "department", "fieldValue": "chem"}]


def test_editing_answers_keeps_those_of_fields_the_form_no_longer_shows(admin_token, graphql, department_field):
    junior = User.objects.get(email="junior@acme.test")
    junior.extra_fields = {"department": "bio", "retiredField": "kept"}
    junior.save()

    body = graphql(
        UPDATE, {"id": junior.pk, "data": {"extraFields": [{"fieldName": "department", "fieldValue": "chem"}]}},
        token=admin_token,
    )  # fmt: skip

    assert "errors" not in body, body
    junior.refresh_from_db()
    assert junior.extra_fields == {"department": "chem", "retiredField": "kept"}
    # Left out, the answers stay as they are.
    graphql(UPDATE, {"id": junior.pk, "data": {"firstName": "J"}}, token=admin_token)
    junior.refresh_from_db()
    assert junior.extra_fields == {"department": "chem", "retiredField": "kept"}


# --- a role change counts from the next request -----------------------------------------------------------------


def test_a_role_change_counts_from_the_users_next_request(admin_token, graphql, login):
    junior_token = login("junior@acme.test")
    junior = user_id("junior@acme.test")
    assert error_code(graphql(USERS, {"orderBy": "email"}, token=junior_token)) == "PERMISSION_DENIED"

    graphql(UPDATE, {"id": junior, "data": {"role": 1}}, token=admin_token)

    info = graphql(CUSTOMER_INFO, token=junior_token)["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 1 and info["userInfo"]["companyRoleName"] == "Senior buyer"
    assert {"code": "get_users", "permissionLevel": 2} in info["permissions"]
    assert graphql(USERS, {"orderBy": "email"}, token=junior_token)["data"]["users"]["totalCount"] == 3

    graphql(UPDATE, {"id": junior, "data": {"role": 2}}, token=admin_token)
    assert error_code(graphql(USERS, {"orderBy": "email"}, token=junior_token)) == "PERMISSION_DENIED"
