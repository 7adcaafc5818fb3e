"""Reads of the quotes app: the draft with live prices, and quotes scoped to what the caller may see."""

from __future__ import annotations

import datetime
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import Company, User
from accounts.selectors import Actor, masquerade_companies_for
from portal.errors import field_error
from portal.locks import lock_for_transaction
from pricing import calculation
from pricing.line_items import line_selections, options_key
from pricing.models import OptionValue, ProductOption
from pricing.options import OptionSelection
from pricing.translations import option_texts
from quotes.models import (
    FIRST_QUOTE_NUMBER,
    Quote,
    QuoteDraft,
    QuoteDraftLine,
    QuoteLine,
    QuoteRevision,
    QuoteStatus,
)
from quotes.permissions import scope_level, super_admin_reading

MAX_DRAFT_KEY_LENGTH = 100
ACCESS_KEY_SALT = "quotes.access-key"

# --- draft ---------------------------------------------------------------------------------------------------------


def draft_key_hash(raw_key: str) -> str:
    # Draft keys are 256-bit random values: a fast hash is enough (as for B2B tokens).
    return hashlib.sha256(raw_key.encode()).hexdigest()


def quote_draft_for(*, actor: Actor, draft_key: str | None, for_update: bool = False) -> QuoteDraft | None:
    """The caller's draft: a signed-in user's own (the key is ignored) — a masquerading super admin's for the
    company they act for —, or the guest draft of the key."""
    drafts = QuoteDraft.objects.select_for_update() if for_update else QuoteDraft.objects.all()
    if actor.user is not None:
        if for_update:
            # A write may create the user's one draft when there is none: two first writes at once would each
            # create one, and the second would break the constraint. They take turns.
            company = actor.masquerade_company
            lock_for_transaction(f"quote-draft:{actor.user.pk}:{company.pk if company else ''}")
        return drafts.filter(user=actor.user, masquerade_company=actor.masquerade_company).first()
    if not draft_key or len(draft_key) > MAX_DRAFT_KEY_LENGTH:
        return None
    return drafts.filter(key_hash=draft_key_hash(draft_key), user__isnull=True).first()


def guest_draft_by_key(*, draft_key: str, for_update: bool = False) -> QuoteDraft | None:
    if not draft_key or len(draft_key) > MAX_DRAFT_KEY_LENGTH:
        return None
    drafts = QuoteDraft.objects.select_for_update() if for_update else QuoteDraft.objects.all()
    return drafts.filter(key_hash=draft_key_hash(draft_key), user__isnull=True).first()


def draft_lines(draft: QuoteDraft) -> list[QuoteDraftLine]:
    """The draft's lines with what showing them needs, in a fixed number of queries."""
    values = OptionValue.objects.order_by("sort_order", "pk")
    options = ProductOption.objects.order_by("sort_order", "pk").prefetch_related(Prefetch("values", queryset=values))
    return list(
        draft.lines.select_related("product", "variant")
        .prefetch_related(
            Prefetch("product__options", queryset=options),
            Prefetch("variant__option_values", queryset=OptionValue.objects.select_related("option")),
        )
        .order_by("pk")
    )


@dataclass
class DraftLineView:
    line: QuoteDraftLine
    options: list[OptionSelection]
    price: calculation.PriceResult | None  # None while hidden, on request, or when the line cannot be priced
    price_error: str | None = None
    price_on_request: bool = False  # issue 13: the catalog hides this product's price

    @property
    def sku(self) -> str:
        return self.line.variant.sku


@dataclass
class DraftView:
    draft: QuoteDraft | None
    currency_code: str
    show_inclusive: bool
    prices_hidden: bool
    lines: list[DraftLineView] = field(default_factory=list)
    # What a draft not stored yet shows as its contact details: the signed-in user's own (draft_contact_defaults).
    contact_defaults: dict[str, str] = field(default_factory=dict)

    @property
    def subtotal(self) -> Decimal | None:
        if self.prices_hidden or any(view.price is None for view in self.lines):
            return None
        return sum((view.price.line_total.tax_exclusive for view in self.lines if view.price is not None), Decimal(0))

    @property
    def total_with_tax(self) -> Decimal | None:
        if self.prices_hidden or any(view.price is None for view in self.lines):
            return None
        return sum((view.price.line_total.tax_inclusive for view in self.lines if view.price is not None), Decimal(0))


def _price_requests(lines: Sequence[QuoteDraftLine]) -> list[calculation.PriceRequestItem]:
    return [
        calculation.PriceRequestItem(
            product_id=line.product_id,
            variant_id=line.variant_id,
            quantity=line.quantity,
            options=[tuple(pair) for pair in line.options],
        )
        for line in lines
    ]


def price_lines(lines: Sequence[QuoteDraftLine], *, actor: Actor, pricing: calculation.StorePricing):
    """Live prices of the lines for the actor's group; a line that cannot be priced (an option deleted since)
    gets None, the others their price. One price_items call when every line prices. The results of a price on
    request carry `price_on_request`: a buyer must not see them (`quote_draft_view`)."""
    requests = _price_requests(lines)
    group = calculation.customer_group_for(actor)
    try:
        return calculation.price_items(
            items=requests, customer_group_id=group, currency_code=None, include_hidden=True, pricing=pricing
        )
    except ValidationError:
        results: list[calculation.PriceResult | None] = []
        for request in requests:
            try:
                results.extend(
                    calculation.price_items(
                        items=[request], customer_group_id=group, currency_code=None, include_hidden=True,
                        pricing=pricing,
                    )
                )  # fmt: skip
            except ValidationError:
                results.append(None)
        return results


def draft_contact_defaults(*, actor: Actor) -> dict[str, str]:
    """The contact details a signed-in user's new draft starts with (their name, e-mail, phone and company), keyed
    by QuoteDraft field; none for a guest."""
    user = actor.user
    if user is None:
        return {}
    company = actor.b2b_company or actor.company
    return {
        "contact_name": user.get_full_name()[:150],
        "contact_email": user.email,
        "phone_number": user.phone,
        "company_name": company.name if company else "",
    }


def quote_draft_view(*, draft: QuoteDraft | None, actor: Actor) -> DraftView:
    """The draft with live prices and tax for the caller's customer group (null prices while hidden, and for a
    product whose price is on request)."""
    pricing = calculation.store_pricing(currency_code=draft.currency_code if draft else None)
    view = DraftView(
        draft=draft,
        currency_code=pricing.currency.code,
        show_inclusive=pricing.show_inclusive,
        prices_hidden=calculation.prices_hidden_for(actor, channel_id=draft.channel_id if draft else 1),
    )
    if draft is None or draft.pk is None:
        view.contact_defaults = draft_contact_defaults(actor=actor)
        return view
    lines = draft_lines(draft)
    prices: Sequence = [None] * len(lines)
    if lines and not view.prices_hidden:
        prices = price_lines(lines, actor=actor, pricing=pricing)
    texts = option_texts()  # the option texts in the buyer's language (issue 36 item 13)
    for line, price in zip(lines, prices, strict=True):
        described = line_selections(product=line.product, variant=line.variant, options=line.options, texts=texts)
        if line.product.price_on_request:  # issue 13: no amount, and not a "Price error" either
            view.lines.append(DraftLineView(line=line, options=described, price=None, price_on_request=True))
            continue
        error = "Price error" if price is None and not view.prices_hidden else None
        view.lines.append(DraftLineView(line=line, options=described, price=price, price_error=error))
    return view


# --- quotes --------------------------------------------------------------------------------------------------------


def quote_number(pk: int) -> str:
    return f"Q-{FIRST_QUOTE_NUMBER + pk}"


def quote_access_key(quote: Quote) -> str:
    """The key e-mailed to a guest to reach their quote: derived from the secret key and the quote's random salt,
    so it is never stored and can be e-mailed again."""
    if not quote.access_salt:
        return ""
    return salted_hmac(ACCESS_KEY_SALT, f"{quote.pk}:{quote.access_salt}", algorithm="sha256").hexdigest()[:40]


def quote_access_key_valid(quote: Quote, access_key: str | None) -> bool:
    expected = quote_access_key(quote)
    return bool(expected and access_key) and hmac.compare_digest(expected, str(access_key))


def today() -> datetime.date:
    return timezone.localdate()


def effective_status(quote: Quote, *, on: datetime.date | None = None) -> str:
    """An open quote past its expiry date is expired, whether or not the periodic task has stored it yet."""
    if quote.status == QuoteStatus.OPEN and quote.expires_on < (on or today()):
        return QuoteStatus.EXPIRED
    return quote.status


class QuoteReach:
    """How far an actor's quotes reach (`QuoteScope.reach`)."""

    NOTHING = "nothing"
    MASQUERADE_COMPANIES = "masquerade companies"  # a super admin reading: the companies they may act for
    COMPANY = "company"
    OWN = "own"  # the user's own, in the company they work in now (or outside any company: company None)


@dataclass(frozen=True)
class QuoteScope:
    """Which quotes an actor may reach with a permission code: the decision, apart from how a query applies it
    (`quotes_visible_to`). `company` is the unit the actor works in; at the COMPANY reach the units below it that
    their company-wide permissions reach come with it (`Actor.unit_ids`, issue 40)."""

    reach: str
    user: User | None = None
    company: Company | None = None


def quote_scope(*, actor: Actor, code: str) -> QuoteScope:
    """The quotes the actor may reach with a permission code (shell §6): at level 2 the company's (while working in
    a company) — the unit they act for and, for a parent's admin or a member granted them, every unit below it (issue
    40) —, at level 1 their own (in the unit they act for now, or outside any company). The one place that decides
    it."""
    level = scope_level(actor, code)
    if level == 0:
        return QuoteScope(QuoteReach.NOTHING)
    if super_admin_reading(actor):
        return QuoteScope(QuoteReach.MASQUERADE_COMPANIES, user=actor.user)
    company = actor.b2b_company
    if level >= 2:
        return QuoteScope(QuoteReach.COMPANY, company=company)
    return QuoteScope(QuoteReach.OWN, user=actor.user, company=company)


def quotes_visible_to(*, actor: Actor, code: str) -> QuerySet[Quote]:
    """The quotes the actor may reach with a permission code (`quote_scope`), as a queryset."""
    scope = quote_scope(actor=actor, code=code)
    if scope.reach == QuoteReach.NOTHING:
        return Quote.objects.none()
    if scope.reach == QuoteReach.MASQUERADE_COMPANIES:
        assert scope.user is not None  # a super admin's reach
        return Quote.objects.filter(company__in=masquerade_companies_for(scope.user).values("pk"))
    if scope.reach == QuoteReach.COMPANY:
        # One company id for a unit without units below it (the same query as a flat company's), else the ids of the
        # units reached, read once per request however deep the tree (issue 40).
        return Quote.objects.filter(actor.company_scope("company"))
    return Quote.objects.filter(user=scope.user, company=scope.company)


def parse_quote_ref(ref: str | int) -> int | None:
    """A quote id, or its number ("Q-100001"), as the id."""
    text = str(ref).strip().upper()
    if text.startswith("Q-"):
        digits = text[2:]
        if digits.isascii() and digits.isdigit() and int(digits) > FIRST_QUOTE_NUMBER:
            return int(digits) - FIRST_QUOTE_NUMBER
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) < 18 else None


def quote_for(*, actor: Actor, ref: str | int, code: str, access_key: str | None = None) -> Quote:
    """The quote the actor may reach with `code`, or a guest with the quote's access key; Quote.DoesNotExist
    otherwise (another company's quote, or a sibling unit's, does not exist for the caller)."""
    pk = parse_quote_ref(ref)
    if pk is None:
        raise Quote.DoesNotExist
    if access_key:
        quote = Quote.objects.filter(pk=pk, user__isnull=True).first()
        if quote is not None and quote_access_key_valid(quote, access_key):
            return quote
        raise Quote.DoesNotExist
    return quotes_visible_to(actor=actor, code=code).get(pk=pk)


def quote_detail(*, actor: Actor, ref: str | int, access_key: str | None = None, code: str) -> Quote:
    """A quote with its lines, messages, attachments and revisions loaded in a fixed number of queries."""
    quote = quote_for(actor=actor, ref=ref, code=code, access_key=access_key)
    return (
        Quote.objects.select_related("sales_rep", "user", "company", "order")
        .prefetch_related(
            Prefetch("lines", queryset=QuoteLine.objects.order_by("pk")),
            "messages",
            "attachments",
            Prefetch("revisions", queryset=QuoteRevision.objects.select_related("created_by").order_by("number")),
        )
        .get(pk=quote.pk)
    )


QUOTE_ORDERINGS = {
    "createdAt": "created_at",
    "number": "id",
    "title": "title",
    "status": "status",
    "expiresOn": "expires_on",
    "expiredAt": "expires_on",
    "grandTotal": "grand_total",
    "updatedAt": "updated_at",
}
ORDER_BY_REQUIRED_MESSAGE = "Invalid query: orderBy property is required"


# What the list shows of a quote (quotes.graphql.types.quote_header): the columns it reads, and no others (issue 21:
# a quote row has over 30, each costs the ORM's row building).
QUOTE_LIST_COLUMNS = (
    "number", "title", "status", "revision", "created_at", "expires_on", "updated_at", "contact_name",
    "contact_email", "company", "company_name", "phone_number", "currency_code", "original_subtotal", "quoted_subtotal",
    "grand_total", "order_id",
    "sales_rep__first_name", "sales_rep__last_name", "sales_rep__email",
    "user__first_name", "user__last_name", "user__email",
)  # fmt: skip


@dataclass(frozen=True)
class QuoteFilters:
    search: str = ""
    status: str | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    order_by: str = "-createdAt"
    company_id: int | None = None  # one of the units the actor reaches (the list's company filter, issue 40)


def _ordering(order_by: str) -> list[str]:
    descending = order_by.startswith("-")
    field_name = QUOTE_ORDERINGS.get(order_by.lstrip("-"))
    if field_name is None:
        raise field_error(
            "orderBy", f"Sort by one of: {', '.join(QUOTE_ORDERINGS)} (prefix - to reverse).", code="invalid_choice"
        )
    prefix = "-" if descending else ""
    return [f"{prefix}{field_name}", "-pk" if descending else "pk"]


def _checked_status(status: str | None) -> str | None:
    if status and status not in (QuoteStatus.OPEN, QuoteStatus.EXPIRED, QuoteStatus.ORDERED):
        raise field_error("status", "Choose open, ordered or expired.", code="invalid_choice")
    return status or None


def quote_list(*, actor: Actor, filters: QuoteFilters) -> QuerySet[Quote]:
    """`quotes`: the actor's visible quotes (get_quotes) matching the filters, sorted, with the columns the list
    shows; `quote_list_page` pages it. `company_id` keeps one of the units the actor reaches (another is refused as
    an input error, `Actor.units_chosen`)."""
    if not filters.order_by:
        raise field_error("orderBy", ORDER_BY_REQUIRED_MESSAGE, code="required")
    quotes = quotes_visible_to(actor=actor, code="get_quotes")
    if filters.company_id is not None:
        quotes = quotes.filter(company_id__in=actor.units_chosen(filters.company_id))
    on = today()
    status = _checked_status(filters.status)
    if status == QuoteStatus.OPEN:
        quotes = quotes.filter(status=QuoteStatus.OPEN, expires_on__gte=on)
    elif status == QuoteStatus.EXPIRED:
        quotes = quotes.filter(Q(status=QuoteStatus.EXPIRED) | Q(status=QuoteStatus.OPEN, expires_on__lt=on))
    elif status == QuoteStatus.ORDERED:
        quotes = quotes.filter(status=QuoteStatus.ORDERED)
    if filters.date_from:
        quotes = quotes.filter(created_at__date__gte=filters.date_from)
    if filters.date_to:
        quotes = quotes.filter(created_at__date__lte=filters.date_to)
    search = (filters.search or "").strip()[:100]
    if search:
        in_lines = QuoteLine.objects.filter(quote=OuterRef("pk")).filter(
            Q(sku__icontains=search) | Q(name__icontains=search)
        )
        quotes = quotes.filter(Q(number__icontains=search) | Q(title__icontains=search) | Exists(in_lines))
    return quotes.select_related("sales_rep", "user").only(*QUOTE_LIST_COLUMNS).order_by(*_ordering(filters.order_by))


def quote_list_page(*, actor: Actor, filters: QuoteFilters, offset: int, limit: int) -> tuple[int, Sequence[Quote]]:
    """How many quotes `quote_list` finds, and the page of them from `offset`. The page is read first, and alone: a
    page shorter than asked (and not past the end) tells the count itself; otherwise a count of its own follows, which
    PostgreSQL answers from the company's index (issue 38: a `COUNT(*) OVER ()` on the page made it read and join
    every quote of the company before the limit, 20,007 quotes: 101 ms, now under 5). Only the count when `limit` is
    0; nothing read when the caller may reach no quote."""
    quotes = quote_list(actor=actor, filters=filters)
    if limit == 0:
        return quotes.count(), []
    page = list(quotes[offset : offset + limit])
    if len(page) < limit and (page or offset == 0):
        return offset + len(page), page
    return quotes.count(), page


def quote_cart_prices(*, quote_id: int) -> dict[tuple, tuple[Decimal, Decimal, int]]:
    """For the quote checkout's cart: (variant id, options key) → (unit price, unit tax, quantity) of each priced
    line, at the quoted prices after the overall discount."""
    from quotes.amounts import quote_line_amounts

    quote = Quote.objects.prefetch_related("lines").get(pk=quote_id)
    prices: dict[tuple, Any] = {}
    for line in quote.lines.all():
        key = (line.variant_id, options_key(line.options))
        amounts = quote_line_amounts(quote, line)
        if amounts.unit_price is not None:
            prices[key] = (amounts.unit_price, amounts.unit_tax, line.quantity)
    return prices


def quote_creator_ids(company: Company) -> QuerySet:
    """The ids of the users who requested the company's quotes (`createdByUser(module: "quotes")`; guests' quotes
    have none). Contributed to accounts from QuotesConfig.ready()."""
    return Quote.objects.filter(company=company, user__isnull=False).values("user_id")
