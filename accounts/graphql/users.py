"""User management (issue 16): the company's users, the roles they can have, and who created a module's records
(`createdByUser`, shell §7). Every operation is scoped to the company the caller works in (a masquerading super
admin's: the masqueraded company) and, for a caller whose company-wide permissions reach them (a parent unit's
admin, issue 40), the units below it; a sibling unit's or another company's user does not exist for the caller
(NOT_FOUND)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry
from django.core.exceptions import ValidationError

from accounts import selectors, services
from accounts.graphql.permissions import IsCompanyAdmin
from accounts.graphql.types import ExtraFieldInput, MessagePayload, MessageResult
from accounts.models import CompanyMembership, User
from accounts.permissions import Code, Level
from portal.errors import InputError, field_error, field_errors
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import IsAuthenticated, requires

MAX_PAGE_SIZE = 100
MAX_SEARCH = 100
MAX_TEXT = 1000  # far above every field's own limit (the services say which): only absurd input stops here
MAX_EXTRA_FIELDS = 50


# --- types -------------------------------------------------------------------------------------------------------


@strawberry.type(description="The answer to one of the store's custom user fields (`accountFormFields` groups 1, 2).")
class UserExtraField:
    field_name: str
    field_value: str


@strawberry.type(name="CompanyUser", description="A user of the caller's company or of a unit below it.")
class CompanyUserType:
    membership: strawberry.Private[CompanyMembership]

    @strawberry.field(description="The user's id (the B2B id `userCompany` takes).")
    def id(self) -> int:
        return self.membership.user_id

    @strawberry.field(description="The login; changed by the store's staff only.")
    def email(self) -> str:
        return self.membership.user.email

    @strawberry.field
    def first_name(self) -> str:
        return self.membership.user.first_name

    @strawberry.field
    def last_name(self) -> str:
        return self.membership.user.last_name

    @strawberry.field
    def phone_number(self) -> str:
        return self.membership.user.phone

    @strawberry.field(description="0 admin, 1 senior buyer, 2 junior buyer, 5 custom role.")
    def role(self) -> int:
        return self.membership.role

    @strawberry.field(description="The custom role's id (role 5), else null.")
    def custom_role_id(self) -> int | None:
        return self.membership.custom_role_id

    @strawberry.field(description="The role's name: Admin, Senior buyer, Junior buyer or the custom role's.")
    def company_role_name(self) -> str:
        return self.membership.role_name

    @strawberry.field(description="Answers to the store's custom user fields (`accountFormFields`), by field name.")
    def extra_fields(self) -> list[UserExtraField]:
        answers = self.membership.user.extra_fields
        answers = answers if isinstance(answers, dict) else {}
        return [UserExtraField(field_name=name, field_value=str(answers[name])) for name in sorted(answers)]

    @strawberry.field(
        description="Added by an admin and has not chosen a password yet: cannot sign in until they do (the "
        "invitation's link; `userInvitationResend` sends it again)."
    )
    def invitation_pending(self) -> bool:
        return not self.membership.user.has_usable_password()

    @strawberry.field(description="When the user joined the company.")
    def created_at(self) -> datetime:
        return self.membership.created_at

    @strawberry.field(description="The unit the user belongs to (the list's company column, issue 40).")
    def company_id(self) -> int:
        return self.membership.company_id

    @strawberry.field(description="The name of the unit the user belongs to.")
    def company_name(self) -> str:
        return self.membership.company.name


@strawberry.type
class CompanyUserEdge:
    node: CompanyUserType


@strawberry.type(description="A page of the company's users (offset, first, totalCount).")
class CompanyUserList:
    total_count: int
    edges: list[CompanyUserEdge]


@strawberry.type(description="A role a company user can have: a built-in one, or one of the store's custom roles.")
class CompanyRoleInfo:
    role: int = strawberry.field(description="0 admin, 1 senior buyer, 2 junior buyer, 5 custom role.")
    custom_role_id: int | None = strawberry.field(description="The custom role's id (role 5), else null.")
    name: str
    grantable: bool = strawberry.field(
        description="Whether the caller may give this role: only an admin gives the admin role, and nobody gives a "
        "role with permissions they do not hold themselves."
    )


@strawberry.type(description="A user who created records of a module in the company (the 'created by' filter).")
class CreatedByUser:
    id: int
    first_name: str
    last_name: str
    email: str


@strawberry.type(description="One entry of the company's audit log.")
class CompanyAuditEvent:
    id: int
    action: str = strawberry.field(
        description="company_user_added, company_user_updated, company_user_removed, company_user_invited, "
        "membership_role_changed, company_approved, order_placed, masquerade_began, masquerade_action, …"
    )
    summary: str
    actor_email: str = strawberry.field(description="Who did it (empty: the store's staff or the system).")
    by_masquerade: bool = strawberry.field(description="Done by a super admin masquerading as the company.")
    created_at: datetime
    company_id: int | None = strawberry.field(description="The unit it happened in (the log's company column).")
    company_name: str | None = strawberry.field(description="The name of the unit it happened in.")


@strawberry.type(description="A page of the company's audit log, newest first.")
class CompanyAuditEventList:
    total_count: int
    edges: list[CompanyAuditEvent]


@strawberry.input(description="A new user of the caller's company (or of a unit below it, `companyId`).")
class UserCreateInput:
    email: str
    first_name: str
    last_name: str
    role: int = strawberry.field(description="0 admin, 1 senior buyer, 2 junior buyer, 5 custom role.")
    phone_number: str = ""
    custom_role_id: int | None = strawberry.field(default=None, description="Required with role 5.")
    extra_fields: list[ExtraFieldInput] = strawberry.field(
        default_factory=list, description="Answers to the store's custom user fields (`accountFormFields`)."
    )
    company_id: int | None = strawberry.field(
        default=None,
        description="The unit the user joins: the one the caller acts for (null), or one below it that the caller "
        "manages (issue 40); another is refused (companyId: invalid_choice).",
    )


@strawberry.input(description="What changes about a user; a field left out (null) stays as it is.")
class UserUpdateInput:
    first_name: str | None = None
    last_name: str | None = None
    phone_number: str | None = None
    role: int | None = strawberry.field(default=None, description="0 admin, 1 senior buyer, 2 junior buyer, 5 custom.")
    custom_role_id: int | None = strawberry.field(default=None, description="Required with role 5.")
    extra_fields: list[ExtraFieldInput] | None = strawberry.field(
        default=None, description="Replaces the answers to the form's custom user fields."
    )


# --- input bounds (the services check every value; these only stop absurd input early) ----------------------------


def _bounded_texts(**values: str | None) -> None:
    too_long = [name for name, value in values.items() if value is not None and len(value) > MAX_TEXT]
    if too_long:
        message = f"Use at most {MAX_TEXT} characters."
        raise InputError(
            fields=field_errors({name: [ValidationError(message, code="max_length")] for name in too_long})
        )


def _extra_pairs(items: list[ExtraFieldInput] | None) -> tuple[tuple[str, str], ...] | None:
    if items is None:
        return None
    if len(items) > MAX_EXTRA_FIELDS:
        raise InputError(
            fields=field_error("extraFields", f"Send at most {MAX_EXTRA_FIELDS} fields.", code="too_many_fields")
        )
    return tuple((item.field_name[:100], item.field_value[:5000]) for item in items)


def _message(text: str) -> MessagePayload:
    return MessagePayload(result=MessageResult(message=text))


def _created_by(user: User) -> CreatedByUser:
    return CreatedByUser(id=user.pk, first_name=user.first_name, last_name=user.last_name, email=user.email)


# --- operations --------------------------------------------------------------------------------------------------


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[requires(Code.GET_USERS)],
        description="The users of the caller's company (get_users: level 2 every user — with the users of the units "
        "below it when the caller's permissions reach them, each with its companyId and companyName —, level 1 only "
        "the caller); companyId narrows to one of those units (else companyId: invalid_choice). orderBy is required "
        "('Invalid query: orderBy property is required'): firstName, lastName, email, role or createdAt, prefixed "
        "- for descending. Every word of search must appear in the e-mail, a name or the phone; "
        "role filters by role code (5: any custom role), customRoleId by one custom role.",
    )
    def users(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: int = 0,
        search: str | None = None,
        role: int | None = None,
        custom_role_id: int | None = None,
        order_by: str | None = None,
        company_id: int | None = None,
    ) -> CompanyUserList:
        page_arguments_checked(
            first, offset, max_first=MAX_PAGE_SIZE, noun="users", texts={"search": search}, max_text=MAX_SEARCH
        )
        filters = selectors.CompanyUserFilters(
            search=search or "", role=role, custom_role_id=custom_role_id, order_by=order_by or "",
            company_id=company_id,
        )  # fmt: skip
        members = selectors.company_user_list(actor=info.context.actor, filters=filters)
        total = members.count()
        page = list(members[offset : offset + first]) if first else []
        return CompanyUserList(
            total_count=total, edges=[CompanyUserEdge(node=CompanyUserType(membership=m)) for m in page]
        )

    @strawberry.field(
        permission_classes=[requires(Code.GET_USER_DETAIL)],
        description="One user of the caller's company or of a unit below it that the caller's permissions reach "
        "(get_user_detail); NOT_FOUND for anyone else.",
    )
    def user(self, info: strawberry.Info, user_id: int) -> CompanyUserType:
        return CompanyUserType(membership=selectors.company_user_get(actor=info.context.actor, user_id=user_id))

    @strawberry.field(
        permission_classes=[requires(Code.GET_USERS)],
        description="The roles a company user can have (the built-in ones, then the store's custom roles), for the "
        "role filter and the role picker, each with whether the caller may give it.",
    )
    def company_roles(self, info: strawberry.Info) -> list[CompanyRoleInfo]:
        return [
            CompanyRoleInfo(role=c.role, custom_role_id=c.custom_role_id, name=c.name, grantable=c.grantable)
            for c in selectors.company_role_choices(actor=info.context.actor)
        ]

    @strawberry.field(
        permission_classes=[IsCompanyAdmin],
        description="The company's audit log for its admin (not a masquerading super admin), newest first: users "
        "added, changed and removed, role changes, approvals, orders on account, masquerade activity — of the unit "
        "the admin acts for and the units below it (each event with its companyId and companyName); companyId "
        "narrows to one of them.",
    )
    def company_audit_events(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: int = 0,
        company_id: int | None = None,
    ) -> CompanyAuditEventList:
        page_arguments_checked(first, offset, max_first=MAX_PAGE_SIZE, noun="events")
        events = selectors.company_audit_events(actor=info.context.actor, company_id=company_id)
        page = list(events[offset : offset + first]) if first else []
        return CompanyAuditEventList(
            total_count=events.count(),
            edges=[
                CompanyAuditEvent(
                    id=event.pk,
                    action=event.action,
                    summary=event.summary,
                    actor_email=event.actor_email,
                    by_masquerade=event.masquerade_session_id is not None,
                    created_at=event.created_at,
                    company_id=event.company_id,
                    company_name=event.company.name if event.company is not None else None,
                )  # fmt: skip
                for event in page
            ],
        )

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="shell §7: the users who created the module's records in the caller's company, for the 'created "
        "by' / 'placed by' filters; module is quotes, shoppinglists or orders. Needs the module's view code "
        "(get_quotes, get_shopping_lists, get_orders): at level 2 every creator (former users included) — of every "
        "unit the caller reaches when companyId is the unit they act for, of that unit when it is one below it — "
        "at level 1 only the caller. PERMISSION_DENIED for a company out of reach.",
    )
    def created_by_user(self, info: strawberry.Info, company_id: int, module: str) -> list[CreatedByUser]:
        if len(module) > 40:
            raise InputError(
                fields=field_error("module", "Choose quotes, shoppinglists or orders.", code="invalid_choice")
            )
        users = selectors.created_by_users(actor=info.context.actor, company_id=company_id, module=module)
        return [_created_by(user) for user in users]


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[requires(Code.CREATE_USER, Level.COMPANY)],
        description="Add a user to the caller's company (or to the unit below it that userData.companyId names) and "
        "e-mail them an invitation. A new address cannot sign in until its owner chooses a password through the "
        "invitation's link; an individual customer's account joins as it is. Errors: VALIDATION_ERROR with "
        "fieldCodes (email: email_in_company, email_unavailable — one answer for every address that cannot join; "
        "companyId: invalid_choice), ADMIN_ROLE_REQUIRED, ROLE_NOT_GRANTABLE, TOO_MANY_REQUESTS.",
    )
    def user_create(self, info: strawberry.Info, user_data: UserCreateInput) -> CompanyUserType:
        data = user_data
        _bounded_texts(
            email=data.email, firstName=data.first_name, lastName=data.last_name, phoneNumber=data.phone_number
        )
        membership = services.company_user_create(
            actor=info.context.actor,
            data=services.CompanyUserData(
                email=data.email,
                first_name=data.first_name,
                last_name=data.last_name,
                phone=data.phone_number,
                role=data.role,
                custom_role_id=data.custom_role_id,
                extra_fields=_extra_pairs(data.extra_fields) or (),
                company_id=data.company_id,
            ),
        )
        return CompanyUserType(membership=membership)

    @strawberry.mutation(
        permission_classes=[requires(Code.UPDATE_USER)],
        description="Change a user's name, phone, extra fields or role (update_user; at level 1 only the caller's "
        "own details). A role change counts from the user's next request. Errors: NOT_FOUND, LAST_ADMIN, "
        "CANNOT_CHANGE_OWN_ROLE, ADMIN_ROLE_REQUIRED, ROLE_NOT_GRANTABLE, VALIDATION_ERROR.",
    )
    def user_update(self, info: strawberry.Info, user_id: int, user_data: UserUpdateInput) -> CompanyUserType:
        data = user_data
        _bounded_texts(firstName=data.first_name, lastName=data.last_name, phoneNumber=data.phone_number)
        membership = services.company_user_update(
            actor=info.context.actor,
            user_id=user_id,
            changes=services.CompanyUserChanges(
                first_name=data.first_name,
                last_name=data.last_name,
                phone=data.phone_number,
                role=data.role,
                custom_role_id=data.custom_role_id,
                extra_fields=_extra_pairs(data.extra_fields),
            ),
        )
        return CompanyUserType(membership=membership)

    @strawberry.mutation(
        permission_classes=[requires(Code.DELETE_USER)],
        description="Remove a user from the caller's company (or from a unit below it that the caller manages); their "
        "sessions end at once (their token answers 40101). Their account stays an individual customer's, their "
        "quotes and orders stay the company's. Errors: NOT_FOUND, CANNOT_DELETE_SELF, LAST_ADMIN (each unit keeps an "
        "admin), ADMIN_ROLE_REQUIRED.",
    )
    def user_delete(self, info: strawberry.Info, user_id: int) -> MessagePayload:
        user = services.company_user_delete(actor=info.context.actor, user_id=user_id)
        return _message(f"{user.email} was removed from the company.")

    @strawberry.mutation(
        permission_classes=[requires(Code.CREATE_USER, Level.COMPANY)],
        description="E-mail the invitation again with a fresh link, while the user has not chosen a password. "
        "Errors: NOT_FOUND, INVITATION_NOT_PENDING, TOO_MANY_REQUESTS (3 an hour per user).",
    )
    def user_invitation_resend(self, info: strawberry.Info, user_id: int) -> MessagePayload:
        user = services.company_user_invitation_resend(actor=info.context.actor, user_id=user_id)
        return _message(f"The invitation was sent again to {user.email}.")
