"""The bearer token's caller in one query (issue 21, accounts/token_rows.py): the same actor as the ORM lookup it
replaced, for every kind of caller, and the same refusals."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import B2BToken, CompanyMembership, CompanyRole, RolePermission, RoleTemplate, User
from accounts.selectors import GUEST, actor_build, actor_for_token, masquerade_of_user, token_hash
from accounts.services.sign_in import b2b_token_issue

pytestmark = pytest.mark.django_db

DEMO_ACCOUNTS = [
    "admin@acme.test",
    "senior@acme.test",
    "junior@acme.test",
    "admin@globex.test",
    "b2c@demo.test",
    "superadmin@demo.test",
    "admin@pendingbio.test",
    "admin@rejectedchem.test",
]


def orm_actor(raw: str):
    """The lookup as the ORM did it before issue 21 (the rule the new query must keep)."""
    token = (
        B2BToken.objects.select_related("user", "user__membership__company", "user__membership__custom_role")
        .filter(key_hash=token_hash(raw), revoked_at__isnull=True, expires_at__gt=timezone.now(), user__is_active=True)
        .first()
    )
    if token is None:
        return GUEST
    masquerade = masquerade_of_user(token.user) if token.user.is_super_admin else None
    return actor_build(token.user, masquerade=masquerade, token=token)


def fields_of(instance):
    if instance is None:
        return None
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}


def same_actor(new, old):
    assert (new.user_type, new.role, new.company_role_name) == (old.user_type, old.role, old.company_role_name)
    assert list(new.permissions.items()) == list(old.permissions.items())  # the same grants in the same order
    assert fields_of(new.user) == fields_of(old.user)
    assert fields_of(new.company) == fields_of(old.company)
    assert fields_of(new.token) == fields_of(old.token)
    assert (new.masquerade and new.masquerade.pk) == (old.masquerade and old.masquerade.pk)


def issue(email: str) -> str:
    return b2b_token_issue(user=User.objects.get(email=email)).raw


@pytest.mark.parametrize("email", DEMO_ACCOUNTS)
def test_each_demo_account_gets_the_actor_the_orm_lookup_gave_in_one_query(demo_store, email):
    raw = issue(email)
    with CaptureQueriesContext(connection) as queries:
        new = actor_for_token(raw)
    same_actor(new, orm_actor(raw))
    assert len(queries) == (2 if new.user.is_super_admin else 1)  # a super admin's masquerade is read apart


def test_the_instances_need_no_further_query(demo_store):
    actor = actor_for_token(issue("senior@acme.test"))
    with CaptureQueriesContext(connection) as queries:
        membership = actor.user.membership
        assert (membership.user, membership.company, membership.custom_role) == (actor.user, actor.company, None)
        assert actor.token.user is actor.user
        assert membership.role_name == "Senior buyer"
    assert len(queries) == 0


def test_a_user_without_a_company_has_no_membership_and_no_query_says_so(demo_store):
    actor = actor_for_token(issue("b2c@demo.test"))
    with CaptureQueriesContext(connection) as queries, pytest.raises(CompanyMembership.DoesNotExist):
        actor.user.membership  # noqa: B018
    assert len(queries) == 0


def test_a_custom_role_has_its_own_templates_grants(demo_store):
    template = RoleTemplate.objects.create(name="Lab technician", role=CompanyRole.CUSTOM)
    RolePermission.objects.create(template=template, code="get_users", level=1)
    RolePermission.objects.create(template=template, code="create_user", level=2)
    junior = User.objects.get(email="junior@acme.test")
    CompanyMembership.objects.filter(user=junior).update(role=CompanyRole.CUSTOM, custom_role=template)
    raw = issue("junior@acme.test")
    new = actor_for_token(raw)
    same_actor(new, orm_actor(raw))
    assert new.permissions == {"create_user": 2, "get_users": 1}
    assert new.company_role_name == "Lab technician"
    assert new.user.membership.custom_role == template


def test_a_role_with_no_grants_has_none(demo_store):
    RolePermission.objects.filter(template__role=CompanyRole.JUNIOR_BUYER, template__is_builtin=True).delete()
    raw = issue("junior@acme.test")
    new = actor_for_token(raw)
    same_actor(new, orm_actor(raw))
    assert new.permissions == {}
    assert new.company is not None


def test_a_masquerading_super_admin_acts_as_the_company(demo_store, graphql, login):
    from accounts.models import Company, MasqueradeSession

    raw = login("superadmin@demo.test")
    token = B2BToken.objects.get(key_hash=token_hash(raw))
    MasqueradeSession.objects.create(
        super_admin=token.user,
        super_admin_email=token.user.email,
        company=Company.objects.get(name="Acme Labs"),
        token=token,
    )
    new = actor_for_token(raw)
    same_actor(new, orm_actor(raw))
    assert new.company.name == "Acme Labs"
    assert new.masquerade is not None


@pytest.mark.parametrize("case", ["revoked", "expired", "inactive", "unknown", "empty", "too long"])
def test_a_token_that_may_not_call_is_a_guest(demo_store, case):
    raw = issue("admin@acme.test")
    token = B2BToken.objects.get(key_hash=token_hash(raw))
    if case == "revoked":
        B2BToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
    elif case == "expired":
        B2BToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    elif case == "inactive":
        User.objects.filter(pk=token.user_id).update(is_active=False)
    elif case == "unknown":
        raw = raw[:-2] + ("aa" if not raw.endswith("aa") else "bb")
    elif case == "empty":
        raw = ""
    else:
        raw = "x" * 201
    assert actor_for_token(raw) is GUEST
    assert orm_actor(raw) is GUEST or case == "too long"
