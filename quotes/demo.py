"""Demo quotes (issue 6): Acme Labs and Globex Research have quotes in every status — open (awaiting the
supplier), open with the supplier's reply (revision 2 and a message thread), ordered and expired.

Built with bulk inserts in a fixed number of queries (like the demo catalog: `seed_demo` has a query budget),
with the same amounts, snapshots and change lists the services make. Idempotent: a demo quote is made once,
found by its title. The demo's ordered quotes are not linked to orders, so the demo order history stays the
buyers' own.
"""

from __future__ import annotations

import copy
import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from accounts.models import User
from pricing import calculation
from pricing.line_items import selections_of, variant_selections
from pricing.models import OptionValue, ProductOption, ProductVariant
from pricing.options import describe_selections
from quotes import amounts
from quotes.models import Quote, QuoteLine, QuoteMessage, QuoteRevision, QuoteStatus
from quotes.selectors import quote_number, today
from quotes.services import QUOTE_VALIDITY_DAYS, quote_snapshot, revision_changes

STAFF_EMAIL = "staff@demo.test"
SUPPLIER_FACTOR = Decimal("0.92")  # the sales desk's first answer: 8% off the buyer's prices
FIRST_REPLY = "Thank you for your request. We can offer 8% off our list prices, with free shipping."
BUYER_QUESTION = "Thanks! Could you do a little better on the balances if we add a third?"
SECOND_REPLY = "We have added an overall 5% discount and extended the quote by two weeks."


@dataclass(frozen=True)
class DemoLine:
    sku: str
    quantity: int
    options: dict[str, str] = field(default_factory=dict)  # option name → value label


@dataclass(frozen=True)
class DemoQuote:
    title: str
    buyer: str
    lines: tuple[DemoLine, ...]
    state: str  # awaiting, replied, ordered, expired
    note: str = ""


DEMO_QUOTES = (
    DemoQuote(
        "Solvents for the teaching lab",
        "senior@acme.test",
        (DemoLine("HS-1001-500ML", 12), DemoLine("HS-1002-1L", 6), DemoLine("HS-1003-1L", 6)),
        "awaiting",
        "Term starts on the 1st: could you ship before then?",
    ),
    DemoQuote(
        "Analytical balance for the QC lab",
        "senior@acme.test",
        (
            DemoLine("HS-4006", 2, {"Warranty": "3 years", "Calibration certificate": "Yes"}),
            DemoLine("HS-1001-2.5L", 4),
        ),
        "replied",
        "Two balances for the new QC bench, with calibration certificates.",
    ),
    DemoQuote("Ethanol restock", "admin@acme.test", (DemoLine("HS-1001-1L", 10),), "ordered"),
    DemoQuote("Buffer salts, last season", "junior@acme.test", (DemoLine("HS-1055-500G", 20),), "expired"),
    DemoQuote(
        "Pilot plant ethanol drum",
        "admin@globex.test",
        (DemoLine("HS-1152", 2), DemoLine("HS-1001-2.5L", 6)),
        "awaiting",
        "Excise paperwork for California, please.",
    ),
    DemoQuote(
        "HPLC solvents, Q3",
        "admin@globex.test",
        (DemoLine("HS-1003-2.5L", 24), DemoLine("HS-1002-2.5L", 24)),
        "ordered",
    ),
    DemoQuote("Methanol for extraction", "admin@globex.test", (DemoLine("HS-1002-1L", 40),), "expired"),
)


def _variants(skus: set[str]) -> dict[str, ProductVariant]:
    options = ProductOption.objects.order_by("sort_order", "pk").prefetch_related(
        Prefetch("values", queryset=OptionValue.objects.order_by("sort_order", "pk"))
    )
    variants = ProductVariant.objects.filter(sku__in=skus).select_related("product")
    variants = variants.prefetch_related(
        Prefetch("option_values", queryset=OptionValue.objects.select_related("option")),
        Prefetch("product__options", queryset=options),
    )
    return {variant.sku: variant for variant in variants}


def _options(variant: ProductVariant, line: DemoLine) -> list[list]:
    chosen = []
    for option in variant.product.options.all():
        label = line.options.get(option.display_name)
        value = next((v for v in option.values.all() if v.label == label), None) if label else None
        if value is not None:
            chosen.append([option.pk, str(value.pk)])
    return sorted(chosen)


def _address(user: User) -> dict:
    company = user.membership.company
    return {
        "firstName": user.first_name, "lastName": user.last_name, "companyName": company.name,
        "address": company.address_line1, "apartment": "", "city": company.city, "state": company.state,
        "zipCode": company.zip_code, "country": "United States", "addressId": None, "label": "Lab",
        "phoneNumber": company.phone,
    }  # fmt: skip


@dataclass
class _Built:
    spec: DemoQuote
    quote: Quote
    lines: list[QuoteLine]
    states: list[dict] = field(default_factory=list)  # (revision fields) per revision after 0


def _build(spec: DemoQuote, user: User, variants: dict, prices: dict, on: datetime.date) -> _Built:
    company = user.membership.company
    quote = Quote(
        user=user, company=company, title=spec.title, contact_name=user.get_full_name(), contact_email=user.email,
        company_name=company.name, phone_number=user.phone, shipping_address=_address(user),
        billing_address=_address(user), note=spec.note, currency_code="USD",
        expires_on=on + datetime.timedelta(days=QUOTE_VALIDITY_DAYS),
    )  # fmt: skip
    lines = []
    for demo_line in spec.lines:
        variant = variants.get(demo_line.sku)
        if variant is None:
            continue
        options = _options(variant, demo_line)
        price = prices[(variant.pk, tuple(map(tuple, options)), demo_line.quantity)]
        labels = variant_selections(variant) + describe_selections(
            options=variant.product.options.all(), selections=selections_of(options)
        )
        lines.append(
            QuoteLine(
                product=variant.product, variant=variant, sku=variant.sku, name=variant.product.name,
                image=variant.image or variant.product.image, options=options,
                option_labels=[{"name": s.display_name, "value": s.value} for s in labels],
                quantity=demo_line.quantity, original_price=amounts.cents(price.calculated_price.tax_exclusive),
                price_on_request=price.price_on_request, tax_rate=price.tax_rate,
            )
        )  # fmt: skip
    return _Built(spec, quote, lines)


def _answer(built: _Built, staff: User | None) -> None:
    """The supplier's revisions, applied to the in-memory quote and lines, as states to snapshot."""
    quote, spec = built.quote, built.spec
    if spec.state == "awaiting":
        return
    for line in built.lines:
        line.quoted_price = amounts.cents(line.original_price * SUPPLIER_FACTOR)
    quote.shipping_total = Decimal(0)
    quote.sales_rep = staff
    built.states.append({"message": FIRST_REPLY})
    if spec.state == "replied":
        quote.discount_percent = Decimal(5)
        quote.expires_on += datetime.timedelta(days=14)
        built.states.append({"message": SECOND_REPLY, "question": BUYER_QUESTION})
    elif spec.state == "expired":
        # Issued 75 days ago, valid 30 days: expired 45 days ago.
        quote.expires_on = today() - datetime.timedelta(days=75 - QUOTE_VALIDITY_DAYS)
        quote.status = QuoteStatus.EXPIRED
    elif spec.state == "ordered":
        quote.status = QuoteStatus.ORDERED
        quote.ordered_at = timezone.now()
    quote.revision = len(built.states)


def _snapshots(built: _Built) -> list[dict]:
    """The snapshot of each revision, replaying the answers on copies of the final state."""
    final = quote_snapshot(built.quote, built.lines)
    submitted = copy.deepcopy(final)
    for line in submitted["lines"].values():
        line["quotedPrice"] = None
    submitted.update(discountPercent="0.00", shipping=None)
    submitted["expiresOn"] = (built.quote.created_at.date() + datetime.timedelta(days=QUOTE_VALIDITY_DAYS)).isoformat()
    snapshots = [submitted]
    if built.states:
        first = copy.deepcopy(final)
        first.update(discountPercent="0.00", expiresOn=submitted["expiresOn"])
        snapshots.append(first)
    if len(built.states) > 1:
        snapshots.append(final)
    return snapshots


@transaction.atomic
def seed_quotes() -> int:
    """Create the demo quotes that are missing. Returns how many were made."""
    existing = set(Quote.objects.filter(title__in=[q.title for q in DEMO_QUOTES]).values_list("title", flat=True))
    specs = [spec for spec in DEMO_QUOTES if spec.title not in existing]
    if not specs:
        return 0
    users = {
        user.email: user
        for user in User.objects.filter(email__in={s.buyer for s in specs}, membership__isnull=False).select_related(
            "membership__company"
        )
    }
    specs = [spec for spec in specs if spec.buyer in users]
    staff = User.objects.filter(email=STAFF_EMAIL).first()
    variants = _variants({line.sku for spec in specs for line in spec.lines})
    # One price call per customer group: the buyers' own prices at submission.
    prices: dict = {}
    pricing = calculation.store_pricing(currency_code=None)
    by_group: dict = {}
    for spec in specs:
        group = users[spec.buyer].membership.company.customer_group_id
        for line in spec.lines:
            if line.sku in variants:
                variant = variants[line.sku]
                by_group.setdefault(group, []).append((variant, _options(variant, line), line.quantity))
    for group, items in by_group.items():
        results = calculation.price_items(
            items=[
                calculation.PriceRequestItem(product_id=v.product_id, variant_id=v.pk, quantity=q, options=o)
                for v, o, q in items
            ],
            customer_group_id=group,
            currency_code=None,
            pricing=pricing,
        )
        for (variant, options, quantity), result in zip(items, results, strict=True):
            prices[(variant.pk, tuple(map(tuple, options)), quantity)] = result

    on = today()
    built = [_build(spec, users[spec.buyer], variants, prices, on) for spec in specs]
    built = [b for b in built if b.lines]
    for b in built:
        _answer(b, staff)
        summary = amounts.summarise(
            (amounts.quote_line_amounts(b.quote, line) for line in b.lines), shipping=b.quote.shipping_total
        )
        b.quote.original_subtotal, b.quote.quoted_subtotal = summary.original_subtotal, summary.quoted_subtotal
        b.quote.tax_total, b.quote.grand_total = summary.tax, summary.grand_total
    Quote.objects.bulk_create([b.quote for b in built])
    for b in built:
        b.quote.number = quote_number(b.quote.pk)
        if b.spec.state == "expired":
            b.quote.created_at = timezone.now() - datetime.timedelta(days=75)
        for quote_line in b.lines:
            quote_line.quote = b.quote
    Quote.objects.bulk_update([b.quote for b in built], ["number", "created_at"])
    QuoteLine.objects.bulk_create([line for b in built for line in b.lines])

    revisions, messages = [], []
    now = timezone.now()
    for b in built:
        snapshots = _snapshots(b)
        for number, snapshot in enumerate(snapshots):
            state = b.states[number - 1] if number else {}
            revisions.append(
                QuoteRevision(
                    quote=b.quote, number=number, by_supplier=number > 0, created_by=staff if number else None,
                    snapshot=snapshot, changes=revision_changes(snapshots[number - 1], snapshot) if number else [],
                    message=state.get("message", ""), buyer_notified_at=now if number else None,
                )
            )  # fmt: skip
            if state.get("question"):
                messages.append(
                    QuoteMessage(quote=b.quote, author=b.quote.user, author_name=b.quote.contact_name,
                                 body=state["question"], notified_at=now)
                )  # fmt: skip
            if state.get("message"):
                messages.append(
                    QuoteMessage(quote=b.quote, from_staff=True, author=staff, body=state["message"], notified_at=now,
                                 author_name=(staff.get_full_name() if staff else "") or "Helix Scientific sales")
                )  # fmt: skip
    QuoteRevision.objects.bulk_create(revisions)
    QuoteMessage.objects.bulk_create(messages)
    Quote.objects.filter(pk__in=[b.quote.pk for b in built]).update(staff_notified_at=now, buyer_notified_at=now)
    return len(built)
