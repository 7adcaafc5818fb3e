"""Who may do what with shopping lists (shell §4 enablement, shell §6 codes and levels, ARCHITECTURE §8 statuses).

- Reaching a list: the code's level decides — 2 every list of the company the actor works in (their own company, the
  unit below it they act for, or the one a super admin masquerades as) and, for a parent company's admin or a member
  granted them, of every unit below it (issue 40: `Actor.unit_ids`), 1 only the lists they made in the unit they work
  in; an individual (B2C) customer their own. New lists are made in the unit the actor works in.
  A super admin who is not masquerading has shopping lists off (shell §4) and holds no code.
- The approval workflow: a list made by someone who works in a company and does not hold approve_draft_shopping_list
  (a junior buyer) starts as a draft; submit_shopping_list_for_approval makes a draft or rejected list ready for
  approval; approve_draft_shopping_list approves it or rejects it with a reason. A change by someone who needs
  approval returns their list to draft, whatever its status: what was approved is what gets ordered.
- Ordering from a list: purchase rights (storefront's rule: purchase_enable, or a junior buyer while
  junior_place_order is on); without purchase_enable only from an approved list. The storefront owns the cart and its
  purchase rule and sits right of this app (ARCHITECTURE §3): it contributes its check from StorefrontConfig.ready()
  (`list_action_register`), as it does for the orders' Reorder (orders.permissions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from accounts.permissions import Code
from accounts.selectors import Actor
from portal.actor import feature_on
from portal.models import StoreFeatures, StorefrontConfig
from portal.selectors import storefront_switch_on
from portal.storefront_config import CONFIG_DEFAULTS
from shoppinglists.errors import ShoppingListErrorCode, ShoppingListRefused
from shoppinglists.models import ShoppingList, ShoppingListStatus

GET_SHOPPING_LISTS = Code.GET_SHOPPING_LISTS.value
GET_SHOPPING_LIST_DETAIL = Code.GET_SHOPPING_LIST_DETAIL.value
CREATE_SHOPPING_LIST = Code.CREATE_SHOPPING_LIST.value
DUPLICATE_SHOPPING_LIST = Code.DUPLICATE_SHOPPING_LIST.value
UPDATE_SHOPPING_LIST = Code.UPDATE_SHOPPING_LIST.value
DELETE_SHOPPING_LIST = Code.DELETE_SHOPPING_LIST.value
CREATE_SHOPPING_LIST_ITEM = Code.CREATE_SHOPPING_LIST_ITEM.value
UPDATE_SHOPPING_LIST_ITEM = Code.UPDATE_SHOPPING_LIST_ITEM.value
DELETE_SHOPPING_LIST_ITEM = Code.DELETE_SHOPPING_LIST_ITEM.value
SUBMIT_FOR_APPROVAL = Code.SUBMIT_SHOPPING_LIST_FOR_APPROVAL.value
APPROVE_DRAFT = Code.APPROVE_DRAFT_SHOPPING_LIST.value
PURCHASE_ENABLE = Code.PURCHASE_ENABLE.value

JUNIOR_PLACE_ORDER_KEY = "junior_place_order"
PRODUCT_PAGE_KEY = "shopping_list_on_product_page"
ON = StorefrontConfig.Value.ON

# The statuses a list can be read and changed in (a deleted list is gone for everyone).
LIVE_STATUSES = (
    ShoppingListStatus.APPROVED,
    ShoppingListStatus.DRAFT,
    ShoppingListStatus.READY_FOR_APPROVAL,
    ShoppingListStatus.REJECTED,
)
SUBMITTABLE_STATUSES = (ShoppingListStatus.DRAFT, ShoppingListStatus.REJECTED)


def scope_level(actor: Actor, code: str) -> int:
    """0: no access; 1: the actor's own lists; 2: every list of the company the actor works in (and of the units below
    it that their company-wide permissions reach)."""
    if actor.user is None or (actor.is_super_admin and not actor.is_masquerading):
        return 0
    level = actor.level(code)
    if actor.b2b_company is None:
        return min(level, 1)
    return min(level, 2)


def works_in_company(actor: Actor) -> bool:
    """The actor's lists are a company's (a company user, or a super admin masquerading as the company)."""
    return actor.b2b_company is not None


def needs_approval(actor: Actor) -> bool:
    """A list this actor makes or changes is a draft until an approver approves it (junior buyers)."""
    return works_in_company(actor) and not actor.can(APPROVE_DRAFT)


def is_own(actor: Actor, shopping_list: ShoppingList) -> bool:
    """business §3 isOwner: the actor made the list (an individual customer owns all of theirs)."""
    if actor.user is None:
        return False
    return shopping_list.created_by_id == actor.user.pk or shopping_list.customer_id == actor.user.pk


def _reaches(actor: Actor, shopping_list: ShoppingList, code: str) -> bool:
    level = scope_level(actor, code)
    if level == 0 or actor.user is None or shopping_list.status not in LIVE_STATUSES:  # a guest's level is 0
        return False
    company = actor.b2b_company
    if company is None:
        return shopping_list.company_id is None and shopping_list.customer_id == actor.user.pk
    if level >= 2:  # selectors.lists_visible_to's scope: the units the actor reaches (issue 40)
        return actor.reaches_company(shopping_list.company_id)
    return shopping_list.company_id == company.pk and shopping_list.created_by_id == actor.user.pk


def can_change(actor: Actor, shopping_list: ShoppingList, code: str) -> bool:
    """Whether the actor may make the change of `code` (update, delete, item codes) to the list."""
    return _reaches(actor, shopping_list, code)


def can_submit(actor: Actor, shopping_list: ShoppingList) -> bool:
    return (
        shopping_list.company_id is not None
        and shopping_list.status in SUBMITTABLE_STATUSES
        and _reaches(actor, shopping_list, SUBMIT_FOR_APPROVAL)
    )


def can_review(actor: Actor, shopping_list: ShoppingList) -> bool:
    """Approve or reject: the approve code reaching the list, and the list waiting for approval."""
    return shopping_list.status == ShoppingListStatus.READY_FOR_APPROVAL and _reaches(
        actor, shopping_list, APPROVE_DRAFT
    )


def status_after_change(actor: Actor, shopping_list: ShoppingList) -> int:
    """The status a list takes when the actor changes it: a change by someone who needs approval returns it to
    draft (issue 18: "editing a rejected list returns it to draft"; an approved or submitted one too, so that an
    approver never approves one thing and the junior orders another); anyone else's change keeps it."""
    if needs_approval(actor) and shopping_list.company_id is not None:
        return ShoppingListStatus.DRAFT
    return shopping_list.status


def status_of_new_list(actor: Actor) -> int:
    return ShoppingListStatus.DRAFT if needs_approval(actor) else ShoppingListStatus.APPROVED


def may_order_unapproved(actor: Actor) -> bool:
    """Whether the actor may order from a list that is not approved: purchase_enable (junior buyers, who order
    only through junior_place_order, may order only from approved lists)."""
    return actor.can(PURCHASE_ENABLE)


def may_order(actor: Actor, shopping_list: ShoppingList, *, junior_place_order: bool) -> bool:
    """The list-side rule of "Add selected to cart" (the storefront's purchase rule still applies on top)."""
    if may_order_unapproved(actor):
        return True
    return junior_place_order and actor.role == 2 and shopping_list.status == ShoppingListStatus.APPROVED


# --- ordering from a list: the actions of the apps right of this one -----------------------------------------------

ADD_TO_CART = "add_to_cart"  # the chosen items into the caller's storefront cart (shoppingListAddToCart)
LIST_ACTIONS = (ADD_TO_CART,)

_LIST_ACTION_CHECKS: dict[str, Callable[[Actor], bool]] = {}


def list_action_register(name: str, check: Callable[[Actor], bool]) -> None:
    """An app contributes who may do one of the list actions at all: `check(actor)` is True when they may (the
    storefront: the right to buy)."""
    if name not in LIST_ACTIONS:
        raise ValueError(f"Unknown shopping list action {name!r}")
    _LIST_ACTION_CHECKS[name] = check


def list_action_allowed(name: str, actor: Actor) -> bool:
    """The contributed check of a list action; an action no app has contributed is not allowed."""
    if name not in LIST_ACTIONS:
        raise ValueError(f"Unknown shopping list action {name!r}")
    check = _LIST_ACTION_CHECKS.get(name)
    return check is not None and check(actor)


@dataclass(frozen=True)
class OrderRights:
    """What ordering from lists takes of the actor, read once per request: the right to buy (the storefront's rule)
    and the junior_place_order switch."""

    may_buy: bool
    junior_place_order: bool

    def may_order(self, actor: Actor, shopping_list: ShoppingList) -> bool:
        """ShoppingList.canAddToCart; shoppingListAddToCart checks again."""
        return self.may_buy and may_order(actor, shopping_list, junior_place_order=self.junior_place_order)


def order_rights(*, actor: Actor) -> OrderRights:
    return OrderRights(
        may_buy=list_action_allowed(ADD_TO_CART, actor),
        junior_place_order=storefront_switch_on(key=JUNIOR_PLACE_ORDER_KEY),
    )


# --- enablement (shell §4) -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShoppingListSwitches:
    """The store's shopping-lists feature and the channel's shopping_list_on_product_page entry."""

    feature_on: bool
    product_page_on: bool
    extra: dict

    def flag(self, name: str) -> bool:
        return str(self.extra.get(name, "0")) == ON


def shopping_list_switches(*, channel_id: int = 1) -> ShoppingListSwitches:
    """Two queries: the store's feature flags and the channel's entry (its defaults when the entry is missing)."""
    feature = StoreFeatures.objects.order_by("store_id").values_list("shopping_lists", flat=True).first()
    entry = (
        StorefrontConfig.objects.filter(channel__channel_id=channel_id, key=PRODUCT_PAGE_KEY)
        .values_list("value", "extra_fields")
        .first()
    )
    default_value, default_extra = CONFIG_DEFAULTS[PRODUCT_PAGE_KEY]
    value, extra = entry if entry is not None else (default_value, default_extra)
    extra = {**default_extra, **(extra if isinstance(extra, dict) else {})}
    return ShoppingListSwitches(
        feature_on=True if feature is None else bool(feature), product_page_on=value == ON, extra=extra
    )


def kind_flag(actor: Actor) -> str | None:
    """The shell §4 flag of shopping_list_on_product_page's extra fields for the actor's kind; None when lists are
    off for it whatever the flags (a super admin who is not masquerading)."""
    if actor.user is None:
        return "enableForGuest"
    if works_in_company(actor):
        return "enableForB2B"
    if actor.is_super_admin:
        return None
    return "enableForIndividual"


def lists_enabled(actor: Actor, switches: ShoppingListSwitches) -> bool:
    """Shopping lists are on for the actor's kind (guests see the button, never lists of their own)."""
    flag = kind_flag(actor)
    on = feature_on(actor, "shopping_lists", store_on=switches.feature_on)  # a unit may switch it (issue 40)
    return on and flag is not None and switches.flag(flag)


def lists_enabled_check(*, actor: Actor, channel_id: int = 1) -> None:
    """shell §4: the store's shopping-lists feature and the flag of the actor's kind, else SHOPPING_LISTS_DISABLED."""
    if not lists_enabled(actor, shopping_list_switches(channel_id=channel_id)):
        raise ShoppingListRefused(
            ShoppingListErrorCode.SHOPPING_LISTS_DISABLED.label, code=ShoppingListErrorCode.SHOPPING_LISTS_DISABLED
        )
