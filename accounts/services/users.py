"""User management (issue 16): a company's admins (and roles granted the user codes) add, edit and remove the
company's users. The rules that keep a company manageable live here: it always keeps an admin, nobody deletes
themself or changes their own role, only an admin makes or touches admins, and nobody gives a role with more
permissions than they hold. In a company tree (issue 40) a unit's admin manages the users of the unit they act for
and of the units below it (`accounts.selectors.company_user_reach`); each unit keeps its own admin."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, Subquery
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.errors import AccountErrorCode, AccountFieldCode, UserFieldCode, UserManagementErrorCode
from accounts.models import (
    AuditAction,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    FormType,
    RoleTemplate,
    User,
)
from accounts.permissions import Code
from accounts.selectors import (
    Actor,
    acts_as_company_admin,
    company_user_reach,
    company_user_reached,
    company_user_scope,
    membership_of,
    role_grants,
    role_refusal,
)
from accounts.services.audit import audit_record
from accounts.services.registration import _FormCheck
from accounts.services.roles import membership_role_set
from accounts.services.sign_in import customer_sign_out_everywhere
from accounts.tasks import user_invitation_send
from portal import ratelimit
from portal.errors import NotFound, Refused, field_error

# An address that cannot join (another company's user, staff) is refused with one answer; a company that gets it
# this often in an hour is held for the rest of the hour, so that nobody probes the store's customers in bulk.
UNAVAILABLE_EMAIL_LIMIT = 10
UNAVAILABLE_EMAIL_WINDOW = 3600
# Invitations sent again for one user per hour (each is an e-mail to a person who may not want it).
INVITATION_RESEND_LIMIT = 3
INVITATION_RESEND_WINDOW = 3600
ROLE_MESSAGE = "Choose admin (0), senior buyer (1), junior buyer (2) or a custom role (5)."


@dataclass(frozen=True)
class CompanyUserData:
    """`userCreate`: the new user's details and role (a custom role, 5, names its template)."""

    email: str
    first_name: str
    last_name: str
    role: int
    phone: str = ""
    custom_role_id: int | None = None
    extra_fields: tuple[tuple[str, str], ...] = ()
    company_id: int | None = None  # issue 40: a unit below the one the actor acts for; None: that one


@dataclass(frozen=True)
class CompanyUserChanges:
    """`userUpdate`: None leaves a value as it is. The e-mail address is the login: staff change it in admin."""

    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = None
    role: int | None = None
    custom_role_id: int | None = None
    extra_fields: tuple[tuple[str, str], ...] | None = None


# --- the pieces the three writes share ------------------------------------------------------------------------


def _acting_company(actor: Actor, code: str) -> Company:
    """The company the actor manages users of with `code` at level 2 (the API's permission class checks it first)."""
    company = actor.b2b_company
    if company is None or company_user_scope(actor, code) < 2:
        raise Refused()
    return company


UNIT_MESSAGE = "Choose a company you work for."


def _unit_for_new_user(actor: Actor, company_id: int | None) -> Company:
    """The unit a new user joins: the one the actor acts for, or an approved one below it that they manage (issue
    40). Any other is a field error, the same as a list's company filter gives."""
    company = _acting_company(actor, Code.CREATE_USER)
    if company_id is None or company_id == company.pk:
        return company
    actor.units_chosen(company_id)  # out of reach: companyId invalid_choice
    unit = Company.objects.filter(pk=company_id, status=CompanyStatus.APPROVED).first()
    if unit is None:
        raise field_error("companyId", UNIT_MESSAGE, code=AccountFieldCode.INVALID_CHOICE)
    return unit


def _role_checked(check: _FormCheck, role: int, custom_role_id: int | None) -> RoleTemplate | None:
    """The custom role's template (None for a built-in role); field errors for an unknown role or template."""
    if role not in CompanyRole.values:
        check.error("role", ROLE_MESSAGE, AccountFieldCode.INVALID_CHOICE)
        return None
    if role != CompanyRole.CUSTOM:
        if custom_role_id is not None:
            check.error("customRoleId", "Only a custom role (5) takes a customRoleId.", AccountFieldCode.INVALID)
        return None
    template = None
    if custom_role_id is not None:
        template = RoleTemplate.objects.filter(pk=custom_role_id, role=CompanyRole.CUSTOM).first()
    if template is None:
        check.error("customRoleId", "Choose one of the custom roles.", AccountFieldCode.INVALID_CHOICE)
    return template


def _role_allowed(actor: Actor, role: int, template: RoleTemplate | None) -> None:
    code = role_refusal(actor, role=role, grants=role_grants(role=role, custom_role=template))
    if code is not None:
        raise Refused(UserManagementErrorCode(code).label, code=code)


def _user_fields_checked(check: _FormCheck, **values: str | None) -> dict[str, Any]:
    """The built-in user fields given (shell §5 e-mail and phone rules; the business form's required flags): text by
    field name (a caller may add the merged extra_fields)."""
    checked: dict[str, Any] = {}
    if (email := values.get("email")) is not None:
        checked["email"] = check.email("email", email)
    if (first_name := values.get("first_name")) is not None:
        checked["first_name"] = check.builtin("firstName", first_name, max_length=150)
    if (last_name := values.get("last_name")) is not None:
        checked["last_name"] = check.builtin("lastName", last_name, max_length=150)
    if (phone := values.get("phone")) is not None:
        checked["phone"] = check.phone("phoneNumber", phone)
    return checked


def _extra_fields_merged(check: _FormCheck, stored: dict, answers: dict[str, str]) -> dict:
    """The user's answers to the form's custom user fields replaced by `answers`; answers to fields the form no
    longer shows (hidden or removed by staff) are kept."""
    shown = {
        name for name, field in check.fields.items()
        if field.custom and field.visible and field.group in _FormCheck.USER_GROUPS
    }  # fmt: skip
    kept = {name: value for name, value in (stored or {}).items() if name not in shown}
    return {**kept, **answers}


def _email_error(message: str, code: str) -> ValidationError:
    return ValidationError({"email": [ValidationError(message, code=code)]})


def _locked_members(actor: Actor, user_id: int, code: str) -> tuple[list[CompanyMembership], CompanyMembership]:
    """The target's membership within the actor's reach (their unit's, or a unit's below it that they manage;
    NotFound for anyone else), locked with the admins of the target's unit and the actor's own row (wherever it
    is: an admin acting for a unit below their own), in one statement in id order: two admins changing each other
    at once take turns (no deadlock), and the second sees what the first did before it counts the admins."""
    level = company_user_scope(actor, code)
    if level == 0 or actor.user is None:  # a guest's level is 0
        raise Refused()
    if level < 2 and user_id != actor.user.pk:
        raise NotFound("User not found.")
    reach = company_user_reach(actor, level)
    target_unit = CompanyMembership.objects.filter(reach, user_id=user_id).values("company_id")[:1]
    rows = list(
        CompanyMembership.objects.select_for_update(of=("self",))
        .select_related("user", "custom_role", "company")
        .filter(
            Q(user_id=actor.user.pk)
            | (reach & (Q(user_id=user_id) | Q(role=CompanyRole.ADMIN, company_id=Subquery(target_unit))))
        )
        .order_by("pk")
    )
    target = next((row for row in rows if row.user_id == user_id), None)
    if target is None or not company_user_reached(actor, target, level):
        raise NotFound("User not found.")
    return rows, target


def _refuse_last_admin(rows: list[CompanyMembership], target: CompanyMembership) -> None:
    """A company (each unit of a tree) keeps at least one admin who can sign in: without one nobody could manage its
    users."""
    others = [
        row
        for row in rows
        if row.role == CompanyRole.ADMIN and row.company_id == target.company_id and row.pk != target.pk
        and row.user.is_active
    ]  # fmt: skip
    if not others:
        raise Refused(UserManagementErrorCode.LAST_ADMIN.label, code=UserManagementErrorCode.LAST_ADMIN)


def _refuse_stale_admin(actor: Actor, rows: list[CompanyMembership]) -> None:
    """An admin whose own role was changed while their request was on its way acts no more as an admin."""
    if actor.role != CompanyRole.ADMIN or actor.is_masquerading:
        return
    assert actor.user is not None  # a company admin is signed in
    own = next((row for row in rows if row.user_id == actor.user.pk), None)
    if own is None or own.role != CompanyRole.ADMIN:
        raise Refused()


def _refuse_admin_target(actor: Actor, target: CompanyMembership) -> None:
    if target.role == CompanyRole.ADMIN and not acts_as_company_admin(actor):
        raise Refused(
            UserManagementErrorCode.ADMIN_ROLE_REQUIRED.label, code=UserManagementErrorCode.ADMIN_ROLE_REQUIRED
        )


def invitation_link(user: User) -> str:
    """The invitation's link: the overlay's password page (`#/forgotpassword`, the password-reset machinery), where
    the new user chooses their first password. It works until a password is set, for PASSWORD_RESET_TIMEOUT (3 days);
    then "Forgot your password?" or the admin's "send again" (`userInvitationResend`) gives a new one. `invited=1`
    lets the page greet a new user rather than speak of a reset."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return f"{settings.SITE_URL}/#/forgotpassword?uid={uid}&token={token}&invited=1"


def _invitation_on_commit(event_id: int) -> None:
    transaction.on_commit(lambda: user_invitation_send.delay(event_id))


# --- adding a user ------------------------------------------------------------------------------------------------


def _probe_key(actor: Actor, company: Company) -> str:
    """Whose refusals of unavailable addresses are counted together: the actor's own company's, wherever in its tree
    they add users, so that spreading the attempts over its units gains nothing."""
    return str((actor.home_company or company).pk)


def _existing_user_addable(actor: Actor, user: User, company: Company) -> None:
    """Whether an existing account may join `company`: an individual (B2C) customer may. A user of a unit the actor
    manages is already theirs (`email_in_company`). Anyone else gets one answer whatever the reason (another
    company's user, staff, a super admin, a closed account), so that the answer says nothing about which company
    anyone belongs to; refusals are counted against probing."""
    membership = membership_of(user)
    if membership is not None and (membership.company_id == company.pk or actor.reaches_company(membership.company_id)):
        raise _email_error(UserFieldCode.EMAIL_IN_COMPANY.label, UserFieldCode.EMAIL_IN_COMPANY)
    if membership is not None or not user.is_active or user.is_staff or user.is_super_admin:
        ratelimit.record("user-add-unavailable", _probe_key(actor, company), window_seconds=UNAVAILABLE_EMAIL_WINDOW)
        raise _email_error(UserFieldCode.EMAIL_UNAVAILABLE.label, UserFieldCode.EMAIL_UNAVAILABLE)


def _user_for_new_member(
    actor: Actor, check: _FormCheck, company: Company, values: dict[str, str], answers: dict[str, str]
) -> tuple[User, bool]:
    """The account that joins: a new one without a usable password (nobody can sign in to it until its owner
    chooses one through the invitation), or an individual customer's existing one, which keeps its password and
    history and takes the details the admin typed. Returns (user, existed)."""
    email = values["email"]
    user = User.objects.select_for_update().filter(email__iexact=email).first()
    if user is None:
        try:
            with transaction.atomic():
                user = User.objects.create_user(
                    email=email, password=None, first_name=values["first_name"], last_name=values["last_name"],
                    phone=values["phone"], extra_fields=answers,
                )  # fmt: skip
            return user, False
        except IntegrityError:  # the same address registered or added a moment ago
            user = User.objects.select_for_update().get(email__iexact=email)
    _existing_user_addable(actor, user, company)
    user.first_name, user.last_name, user.phone = values["first_name"], values["last_name"], values["phone"]
    user.extra_fields = _extra_fields_merged(check, user.extra_fields, answers)
    user.save(update_fields=["first_name", "last_name", "phone", "extra_fields"])
    return user, True


@transaction.atomic
def company_user_create(*, actor: Actor, data: CompanyUserData) -> CompanyMembership:
    """`userCreate`: add a user to the actor's company (or to a unit below it they manage, `data.company_id`) with a
    role, and e-mail them an invitation (on commit).

    A new address becomes an account that cannot sign in until its owner chooses a password through the invitation;
    an individual customer's address joins with its account; an address already in the company is a field error
    (`email_in_company`); any other address that cannot join gets one answer (`email_unavailable`)."""
    company = _unit_for_new_user(actor, data.company_id)
    check = _FormCheck(FormType.BUSINESS)
    values = _user_fields_checked(
        check, email=data.email, first_name=data.first_name, last_name=data.last_name, phone=data.phone
    )
    template = _role_checked(check, data.role, data.custom_role_id)
    answers = check.extras("extraFields", _FormCheck.USER_GROUPS, data.extra_fields)
    check.raise_if_any()
    _role_allowed(actor, data.role, template)
    if ratelimit.is_limited("user-add-unavailable", _probe_key(actor, company), limit=UNAVAILABLE_EMAIL_LIMIT):
        raise Refused(AccountErrorCode.TOO_MANY_REQUESTS.label, code=AccountErrorCode.TOO_MANY_REQUESTS)
    user, existed = _user_for_new_member(actor, check, company, values, answers)
    try:
        with transaction.atomic():
            membership = CompanyMembership.objects.create(
                user=user, company=company, role=data.role, custom_role=template
            )
    except IntegrityError as exc:  # another company took the account in the meantime
        raise _email_error(UserFieldCode.EMAIL_UNAVAILABLE.label, UserFieldCode.EMAIL_UNAVAILABLE) from exc
    event = audit_record(
        action=AuditAction.COMPANY_USER_ADDED,
        summary=f"{user.email} added as {membership.role_name}",
        actor=actor,
        company=company,
        target=user,
        changes={"role": data.role, "customRole": template.pk if template else None, "existingAccount": existed},
    )
    _invitation_on_commit(event.pk)
    return membership


# --- editing and removing -----------------------------------------------------------------------------------------


@transaction.atomic
def company_user_update(*, actor: Actor, user_id: int, changes: CompanyUserChanges) -> CompanyMembership:
    """`userUpdate`: a user's name, phone, extra fields and role. A role change is recorded in the audit log and
    counts from the user's next request (permissions are read from the role every time)."""
    rows, target = _locked_members(actor, user_id, Code.UPDATE_USER)
    _refuse_admin_target(actor, target)
    check = _FormCheck(FormType.BUSINESS)
    values = _user_fields_checked(
        check, first_name=changes.first_name, last_name=changes.last_name, phone=changes.phone
    )
    role, template = target.role, target.custom_role
    if changes.role is not None:
        role, template = changes.role, _role_checked(check, changes.role, changes.custom_role_id)
    elif changes.custom_role_id is not None:
        check.error("role", "Give the custom role (5) with its customRoleId.", AccountFieldCode.REQUIRED)
    answers = None
    if changes.extra_fields is not None:
        answers = check.extras("extraFields", _FormCheck.USER_GROUPS, changes.extra_fields)
    check.raise_if_any()

    role_changes = (role, template.pk if template else None) != (target.role, target.custom_role_id)
    if role_changes:
        assert actor.user is not None  # _locked_members refused a guest
        if target.user_id == actor.user.pk:
            raise Refused(
                UserManagementErrorCode.CANNOT_CHANGE_OWN_ROLE.label,
                code=UserManagementErrorCode.CANNOT_CHANGE_OWN_ROLE,
            )
        _role_allowed(actor, role, template)
        if target.role == CompanyRole.ADMIN and role != CompanyRole.ADMIN:
            _refuse_last_admin(rows, target)
    _refuse_stale_admin(actor, rows)

    user = target.user
    if answers is not None:
        values["extra_fields"] = _extra_fields_merged(check, user.extra_fields, answers)
    changed = [name for name, value in values.items() if getattr(user, name) != value]
    for name in changed:
        setattr(user, name, values[name])
    if changed:
        user.save(update_fields=changed)
        audit_record(
            action=AuditAction.COMPANY_USER_UPDATED,
            summary=f"{user.email}: details changed ({', '.join(changed)})",
            actor=actor,
            company=target.company,
            target=user,
            changes={"fields": changed},
        )
    if role_changes:
        membership_role_set(membership=target, role=role, custom_role=template, by=actor)
    return target


@transaction.atomic
def company_user_delete(*, actor: Actor, user_id: int) -> User:
    """`userDelete`: remove a user from the company. The account stays as an individual customer's (their quotes and
    orders stay the company's and still name them; they can be added again later), and every session of theirs
    ends at once: their B2B tokens answer 40101 and their storefront sessions end."""
    rows, target = _locked_members(actor, user_id, Code.DELETE_USER)
    assert actor.user is not None  # _locked_members refused a guest
    if target.user_id == actor.user.pk:
        raise Refused(UserManagementErrorCode.CANNOT_DELETE_SELF.label, code=UserManagementErrorCode.CANNOT_DELETE_SELF)
    _refuse_admin_target(actor, target)
    if target.role == CompanyRole.ADMIN:
        _refuse_last_admin(rows, target)
    _refuse_stale_admin(actor, rows)
    user = target.user
    audit_record(
        action=AuditAction.COMPANY_USER_REMOVED,
        summary=f"{user.email} ({target.role_name}) removed from the company",
        actor=actor,
        company=target.company,
        target=user,
        changes={"role": target.role, "customRole": target.custom_role_id},
    )
    target.delete()
    customer_sign_out_everywhere(user=user)
    return user


@transaction.atomic
def company_user_invitation_resend(*, actor: Actor, user_id: int) -> User:
    """`userInvitationResend`: e-mail the invitation again with a fresh link, while the user has not chosen a
    password (the first link expired or was lost)."""
    _acting_company(actor, Code.CREATE_USER)
    _rows, target = _locked_members(actor, user_id, Code.CREATE_USER)
    user = target.user
    if user.has_usable_password():
        raise Refused(
            UserManagementErrorCode.INVITATION_NOT_PENDING.label, code=UserManagementErrorCode.INVITATION_NOT_PENDING
        )
    if ratelimit.record("user-invitation", str(user.pk), window_seconds=INVITATION_RESEND_WINDOW) > (
        INVITATION_RESEND_LIMIT
    ):
        raise Refused(AccountErrorCode.TOO_MANY_REQUESTS.label, code=AccountErrorCode.TOO_MANY_REQUESTS)
    event = audit_record(
        action=AuditAction.COMPANY_USER_INVITED,
        summary=f"Invitation sent again to {user.email}",
        actor=actor,
        company=target.company,
        target=user,
    )
    _invitation_on_commit(event.pk)
    return user


# --- members that another system signs in (issue 39) --------------------------------------------------------------


class MemberUnavailable(Exception):
    """The address belongs to an account that may not buy for the company (another company's user, an individual
    customer, staff, a super admin, a closed account, a company user whose company is not this one)."""


@transaction.atomic
def company_member_provision(
    *, company: Company, email: str, first_name: str, last_name: str, role: int, source: str
) -> User:
    """The company's member with this e-mail address, created on first use by a system the company trusts to say who
    its buyer is (a procurement system's punchout, `source`): a new account has no usable password (it signs in
    only through that system, or once its owner resets one) and takes `role`. An existing account is used only when
    it is already an active member of the company: anyone else's is refused (MemberUnavailable), never taken over."""
    user = User.objects.select_for_update().filter(email__iexact=email).first()
    if user is not None:
        membership = membership_of(user)
        privileged = user.is_super_admin or user.is_staff or user.is_superuser  # Django admin is never reached this way
        if membership is None or membership.company_id != company.pk or not user.is_active or privileged:
            raise MemberUnavailable(email)
        return user
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email=email, password=None, first_name=first_name[:150], last_name=last_name[:150]
            )
            membership = CompanyMembership.objects.create(user=user, company=company, role=role)
    except IntegrityError:  # the same address was created a moment ago: the caller may try again
        raise MemberUnavailable(email) from None
    audit_record(
        action=AuditAction.COMPANY_USER_ADDED,
        summary=f"{user.email} added as {membership.role_name} on first sign-in from {source}",
        user=None,
        company=company,
        target=user,
        changes={"role": role, "source": source},
    )
    return user
