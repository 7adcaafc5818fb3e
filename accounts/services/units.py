"""The company tree (issue 40): placing a unit below another (or at the top), with everything below it and all its
history, and a user's choice of the unit they act for.

A unit is a company: its orders, invoices, quotes, lists, users and addresses stay its own when it moves, so moving
a lab from one department to another moves its history with it. `Company.path` and `depth` of the unit and of every
unit below it change in one UPDATE; the tree's moves run one at a time (an advisory lock), so two moves cannot make a
cycle between them."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import CharField, F, Value
from django.db.models.functions import Concat, Substr

from accounts.errors import AccountFieldCode
from accounts.models import MAX_UNIT_DEPTH, AuditAction, Company, CompanyMembership, CompanyStatus, User
from accounts.selectors import Actor, acting_units_for
from accounts.services.audit import audit_record
from portal.errors import NotFound, field_error
from portal.locks import lock_for_transaction

_TREE_LOCK = "accounts.company-tree"


def _refused(message: str, code: str = AccountFieldCode.INVALID) -> ValidationError:
    return field_error("parent", message, code=code)


def _children_flag(company_ids: list[int]) -> None:
    """Recompute `has_children` of these units from the tree as it is now."""
    for company in Company.objects.filter(pk__in=company_ids):
        has = Company.objects.filter(parent_id=company.pk).exists()
        if has != company.has_children:
            Company.objects.filter(pk=company.pk).update(has_children=has)


@transaction.atomic
def company_move(*, company_id: int, parent_id: int | None, by: User | None = None) -> Company:
    """Place the unit below `parent_id` (None: at the top), with every unit below it. Refused when the parent is the
    unit itself or one of its descendants (a unit cannot become its own descendant), or when the tree would grow
    deeper than MAX_UNIT_DEPTH levels below its root."""
    lock_for_transaction(_TREE_LOCK)
    company = Company.objects.select_for_update().filter(pk=company_id).first()
    if company is None:
        raise NotFound("No such company.")
    old_parent_id = company.parent_id
    if parent_id == old_parent_id:
        return company
    parent: Company | None = None
    if parent_id is not None:
        parent = Company.objects.select_for_update().filter(pk=parent_id).first()
        if parent is None:
            raise _refused("Choose an existing company as the parent.")
        if parent.pk == company.pk or parent.tree_path.startswith(company.tree_path):
            raise _refused(f"{company.name} cannot be placed below itself or below one of its own units.")
    old_path = company.tree_path
    new_path = (parent.tree_path if parent is not None else "/") + f"{company.pk}/"
    delta = (parent.depth + 1 if parent is not None else 0) - company.depth
    subtree = Company.objects.filter(path__startswith=old_path)
    deepest = max(subtree.values_list("depth", flat=True), default=company.depth)
    if deepest + delta > MAX_UNIT_DEPTH:
        raise _refused(
            f"The tree would be {deepest + delta + 1} levels deep; at most {MAX_UNIT_DEPTH + 1} are allowed.",
            code=AccountFieldCode.MAX_LENGTH,
        )
    Company.objects.filter(pk=company.pk).update(parent=parent, path=new_path, depth=company.depth + delta)
    # Everything below keeps its place under the unit: the unit's part of each path is replaced, the depth shifted.
    subtree.exclude(pk=company.pk).update(
        path=Concat(Value(new_path), Substr("path", len(old_path) + 1), output_field=CharField()),
        depth=F("depth") + delta,
    )
    _children_flag([pk for pk in (old_parent_id, parent_id) if pk is not None])
    company.refresh_from_db()
    audit_record(
        action=AuditAction.COMPANY_UNIT_MOVED,
        summary=f"{company.name} moved below {parent.name if parent else 'no company (top level)'}"
        + (f" by {by.email}" if by else ""),
        user=by,
        company=company,
        target=company,
        changes={"parent": [old_parent_id, parent_id]},
    )
    _acting_outside_reset()
    return company


def _acting_outside_reset() -> None:
    """After a move, a user acting for a unit that is no longer below their own company acts for their own again."""
    stale = CompanyMembership.objects.filter(acting_company__isnull=False).select_related("company", "acting_company")
    for membership in stale:
        acting = membership.acting_company
        if acting is not None and not acting.tree_path.startswith(membership.company.tree_path):
            CompanyMembership.objects.filter(pk=membership.pk).update(acting_company=None)


@transaction.atomic
def company_unit_create(*, parent_id: int, name: str, email: str = "", by: User | None = None) -> Company:
    """A new unit below `parent_id`, approved as its parent is (the dashboard's "add a unit")."""
    lock_for_transaction(_TREE_LOCK)
    parent = Company.objects.select_for_update().filter(pk=parent_id).first()
    if parent is None:
        raise NotFound("No such company.")
    name = name.strip()
    if not name:
        raise field_error("name", "Give the unit a name.", code=AccountFieldCode.REQUIRED)
    if parent.depth + 1 > MAX_UNIT_DEPTH:
        raise _refused(f"At most {MAX_UNIT_DEPTH + 1} levels are allowed.", code=AccountFieldCode.MAX_LENGTH)
    unit = Company.objects.create(
        name=name[:200],
        email=email or parent.email,
        status=parent.status,
        parent=parent,
        depth=parent.depth + 1,
        country_code=parent.country_code,
    )
    Company.objects.filter(pk=unit.pk).update(path=f"{parent.tree_path}{unit.pk}/")
    if not parent.has_children:
        Company.objects.filter(pk=parent.pk).update(has_children=True)
    unit.refresh_from_db()
    audit_record(
        action=AuditAction.COMPANY_UNIT_MOVED,
        summary=f"{unit.name} added below {parent.name}" + (f" by {by.email}" if by else ""),
        user=by,
        company=unit,
        target=unit,
        changes={"parent": [None, parent.pk]},
    )
    return unit


@transaction.atomic
def acting_unit_set(*, actor: Actor, company_id: int | None) -> Company:
    """Act for a unit below one's own company (`company_id`), or for one's own again (None). Only the units the
    user's company-wide permissions reach (accounts.selectors.acting_units_for), and only approved ones."""
    user = actor.user
    if user is None or actor.is_masquerading or actor.home_company is None:
        raise NotFound("No such unit.")
    membership = CompanyMembership.objects.select_for_update().select_related("company").get(user=user)
    home = membership.company
    target: Company | None = home
    if company_id is not None and company_id != home.pk:
        target = acting_units_for(actor).filter(pk=company_id, status=CompanyStatus.APPROVED).first()
    if target is None:
        raise NotFound("No such unit.")
    acting_id = None if target.pk == home.pk else target.pk
    if membership.acting_company_id != acting_id:
        CompanyMembership.objects.filter(pk=membership.pk).update(acting_company_id=acting_id)
        audit_record(
            action=AuditAction.COMPANY_UNIT_ENTERED,
            summary=f"{user.email} acts for {target.name}",
            user=user,
            company=target,
            target=target,
        )
    return target


def membership_unit_set(*, membership: CompanyMembership, unit: Company, summary_suffix: str = "",
                        changes: dict | None = None) -> bool:  # fmt: skip
    """Move a member to another unit of their company's tree (single sign-on's mapping, issue 40); they act for their
    new unit from then on. Audited; False when they are in that unit already."""
    if membership.company_id == unit.pk:
        return False
    previous = membership.company
    CompanyMembership.objects.filter(pk=membership.pk).update(company=unit, acting_company=None)
    membership.company, membership.acting_company = unit, None
    audit_record(
        action=AuditAction.MEMBERSHIP_UNIT_CHANGED,
        summary=f"{membership.user.email} moved from {previous.name} to {unit.name}{summary_suffix}",
        company=unit,
        target=membership,
        changes={"company": [previous.pk, unit.pk], **(changes or {})},
    )
    return True
