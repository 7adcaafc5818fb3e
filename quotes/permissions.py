"""Who may build a quote, and where (shell §4 feature enablement, §6 quote codes; business §4, §6).

Building a quote needs the store's quotes feature (`StoreFeatures.quotes`) and `quote_customer` = '1', then per
user kind: a guest `quote_for_guest`; an individual (B2C) customer `quote_for_individual_customer`; a user
working in a company (a company user, or a super admin masquerading as one: `actor.b2b_company`)
`quote_for_b2b` and the permission create_quote. A super admin who is not masquerading has quotes off.
The product page needs `quote_on_product_page`, the cart page `quote_on_cart_page`; a product that cannot be
bought (not available, purchasing disabled, or not enough stock) also `quote_on_non_purchasable_product_page`
and `non_purchasable_quote`.

After submission the quote codes apply with their levels (1: the actor's own quotes, in the unit they act for; 2:
the company's — the unit they act for and, for a parent company's admin or a member granted the units below, every
unit below it: `Actor.unit_ids`, issue 40). Creating a quote happens in the unit acted for (`actor.b2b_company`).
"""

from __future__ import annotations

from dataclasses import dataclass

from accounts.permissions import Code
from accounts.selectors import Actor
from portal.actor import feature_on
from portal.models import StoreFeatures, StorefrontConfig
from pricing.options import quote_button_visible
from quotes.errors import QuoteErrorCode

GET_QUOTES = Code.GET_QUOTES.value
GET_QUOTE_DETAIL = Code.GET_QUOTE_DETAIL.value
GET_QUOTE_PDF = Code.GET_QUOTE_PDF.value
CREATE_QUOTE = Code.CREATE_QUOTE.value
UPDATE_QUOTE_MESSAGE = Code.UPDATE_QUOTE_MESSAGE.value
CHECKOUT_WITH_QUOTE = Code.CHECKOUT_WITH_QUOTE.value

SWITCH_KEYS = (
    "quote_customer",
    "quote_for_guest",
    "quote_for_individual_customer",
    "quote_for_b2b",
    "quote_on_product_page",
    "quote_on_cart_page",
    "quote_on_non_purchasable_product_page",
    "non_purchasable_quote",
    "quote_floating_action_button",
    "quote_auto_quoting",
    "quote_logo",
)
ON = StorefrontConfig.Value.ON


class Source:
    """Where lines are added from (shell §4: the product-page or cart-page switch applies)."""

    PRODUCT_PAGE = "PRODUCT_PAGE"
    CART_PAGE = "CART_PAGE"
    QUOTE_DRAFT = "QUOTE_DRAFT"  # search and quick add by SKU inside the draft


@dataclass(frozen=True)
class QuoteSwitches:
    """The quote keys of a channel's storefront config, and the store's quotes feature."""

    feature_on: bool
    values: dict[str, str]
    extra: dict[str, dict]

    def on(self, key: str) -> bool:
        return self.values.get(key) == ON

    @property
    def non_purchasable_allowed(self) -> bool:
        return self.on("quote_on_non_purchasable_product_page") and self.on("non_purchasable_quote")


def quote_switches(*, channel_id: int) -> QuoteSwitches:
    """Two queries: the channel's quote config entries and the store's feature flags."""
    rows = StorefrontConfig.objects.filter(
        channel__channel_id=channel_id, key__in=SWITCH_KEYS + ("quote_submission_response",)
    )
    values, extra = {}, {}
    for key, value, extra_fields in rows.values_list("key", "value", "extra_fields"):
        values[key] = value
        extra[key] = extra_fields if isinstance(extra_fields, dict) else {}
    features = StoreFeatures.objects.order_by("store_id").values_list("quotes", flat=True).first()
    return QuoteSwitches(feature_on=bool(features) if features is not None else True, values=values, extra=extra)


@dataclass(frozen=True)
class Enablement:
    """Whether the actor may build a quote; `code` says why not (QUOTES_DISABLED or PERMISSION_DENIED)."""

    enabled: bool
    code: str | None = None


DISABLED = Enablement(False, QuoteErrorCode.QUOTES_DISABLED)


def user_kind_switch(actor: Actor) -> str | None:
    """The per-kind switch of shell §4 for the actor, or None when quotes are off for it whatever the switches."""
    if actor.user is None:
        return "quote_for_guest"
    if actor.b2b_company is not None:
        return "quote_for_b2b"
    if actor.is_super_admin:
        return None  # shell §4: a super admin who is not masquerading has the quote feature off
    return "quote_for_individual_customer"


def quote_enablement(actor: Actor, switches: QuoteSwitches) -> Enablement:
    if not feature_on(actor, "quotes", store_on=switches.feature_on) or not switches.on("quote_customer"):
        return DISABLED
    kind_switch = user_kind_switch(actor)
    if kind_switch is None or not switches.on(kind_switch):
        return DISABLED
    if actor.b2b_company is not None and not actor.can(CREATE_QUOTE):
        return Enablement(False, "PERMISSION_DENIED")
    return Enablement(True)


def source_allowed(source: str, switches: QuoteSwitches) -> bool:
    if source == Source.PRODUCT_PAGE:
        return switches.on("quote_on_product_page")
    if source == Source.CART_PAGE:
        return switches.on("quote_on_cart_page")
    return True


def product_quotable(product, variant, quantity: int, switches: QuoteSwitches) -> bool:
    """business §4: a product that can be bought in the quantity may be quoted; one that cannot only with the
    non-purchasable switches on."""
    return quote_button_visible(
        product, variant, quantity, non_purchasable_quote_enabled=switches.non_purchasable_allowed
    )


# shell §2 lets role 4 (a super admin who is not masquerading) open /quoteDetail/{id}: they read the quotes of the
# companies they may masquerade as, and change nothing (issue 13; docs/decisions.md).
SUPER_ADMIN_READ_CODES = frozenset({GET_QUOTES, GET_QUOTE_DETAIL, GET_QUOTE_PDF})


def super_admin_reading(actor: Actor) -> bool:
    """A super admin who is not masquerading: quotes are read-only for them."""
    return actor.is_super_admin and not actor.is_masquerading


def scope_level(actor: Actor, code: str) -> int:
    """0: no access; 1: the actor's own quotes (for a super admin not masquerading: reading the quotes of the
    companies they may act for); 2: the company's, with the units below it the actor reaches (only while working in a
    company)."""
    if actor.user is None:
        return 0
    if super_admin_reading(actor):
        return 1 if code in SUPER_ADMIN_READ_CODES else 0
    level = actor.level(code)
    if level >= 2 and actor.b2b_company is None:
        return 1
    return min(level, 2)
