"""Demo shopping lists (issue 18): Acme Labs has lists in every status — approved standing lists of its senior buyer
and admin, and its junior buyer's draft, the one awaiting approval and a rejected one with the reason —, Globex has
one, the individual customer keeps one of their own, and a "Hotlist" list that the portal never shows (business §4).

Built with bulk inserts in a fixed number of queries (`seed_demo` has a query budget). Idempotent: a demo list is made
once, found by its name and maker."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from accounts.models import User
from pricing import calculation
from pricing.models import OptionValue, ProductOption, ProductVariant
from shoppinglists.models import ShoppingList, ShoppingListItem, ShoppingListStatus
from shoppinglists.selectors import is_hotlist_name


@dataclass(frozen=True)
class DemoItem:
    sku: str
    quantity: int
    options: dict[str, str] = field(default_factory=dict)  # option name → value label
    note: str = ""


@dataclass(frozen=True)
class DemoList:
    name: str
    maker: str
    status: int
    items: tuple[DemoItem, ...]
    description: str = ""
    reason: str = ""


DEMO_LISTS = (
    DemoList(
        "Weekly consumables",
        "senior@acme.test",
        ShoppingListStatus.APPROVED,
        (
            DemoItem("HS-1001-500ML", 6, note="Bench 3 and 4"),
            DemoItem("HS-1055-500G", 4),
            DemoItem("HS-1002-1L", 3),
        ),
        "What the teaching lab reorders every Monday.",
    ),
    DemoList(
        "QC lab equipment",
        "admin@acme.test",
        ShoppingListStatus.APPROVED,
        (DemoItem("HS-4006", 1, {"Warranty": "3 years"}), DemoItem("HS-1001-1L", 2)),
        "For the new QC bench.",
    ),
    DemoList(
        "Buffer prep, week 14",
        "junior@acme.test",
        ShoppingListStatus.DRAFT,
        (DemoItem("HS-1055-100G", 10),),
        "Still counting what we need.",
    ),
    DemoList(
        "Organic chemistry practical",
        "junior@acme.test",
        ShoppingListStatus.READY_FOR_APPROVAL,
        (DemoItem("HS-1001-500ML", 12), DemoItem("HS-1003-1L", 4, note="HPLC grade, please")),
        "Solvents for the second-year practical.",
    ),
    DemoList(
        "Extra solvents",
        "junior@acme.test",
        ShoppingListStatus.REJECTED,
        (DemoItem("HS-1001-2.5L", 8),),
        reason="We have enough ethanol until June: order the 1 L packs on the weekly list instead.",
    ),
    DemoList(
        "Hotlist",
        "senior@acme.test",
        ShoppingListStatus.APPROVED,
        (DemoItem("HS-1001-100ML", 1),),
        "Kept by the purchasing system; never shown in the portal.",
    ),
    DemoList(
        "Pilot plant solvents",
        "admin@globex.test",
        ShoppingListStatus.APPROVED,
        (DemoItem("HS-1003-2.5L", 12), DemoItem("HS-1002-2.5L", 12)),
    ),
    DemoList(
        "Home lab",
        "b2c@demo.test",
        ShoppingListStatus.APPROVED,
        (DemoItem("HS-1055-100G", 2), DemoItem("HS-1001-100ML", 1)),
        "Weekend kitchen chemistry.",
    ),
)


def _variants(skus: set[str]) -> dict[str, ProductVariant]:
    options = ProductOption.objects.order_by("sort_order", "pk").prefetch_related(
        Prefetch("values", queryset=OptionValue.objects.order_by("sort_order", "pk"))
    )
    variants = ProductVariant.objects.filter(sku__in=skus).select_related("product")
    variants = variants.prefetch_related(Prefetch("product__options", queryset=options))
    return {variant.sku: variant for variant in variants}


def _options(variant: ProductVariant, item: DemoItem) -> list[list]:
    chosen = []
    for option in variant.product.options.all():
        label = item.options.get(option.display_name)
        value = next((v for v in option.values.all() if v.label == label), None) if label else None
        if value is not None and not option.is_variant_option:
            chosen.append([option.pk, str(value.pk)])
    return sorted(chosen)


def _group_of(user: User) -> int | None:
    membership = getattr(user, "membership", None)
    return membership.company.customer_group_id if membership else user.customer_group_id


@transaction.atomic
def seed_shopping_lists() -> int:
    """Create the demo lists that are missing. Returns how many were made."""
    users = {
        user.email: user
        for user in User.objects.filter(email__in={spec.maker for spec in DEMO_LISTS}).select_related(
            "membership__company"
        )
    }
    existing = set(
        ShoppingList.objects.filter(name__in=[spec.name for spec in DEMO_LISTS]).values_list(
            "name", "created_by__email"
        )
    )
    specs = [spec for spec in DEMO_LISTS if spec.maker in users and (spec.name, spec.maker) not in existing]
    if not specs:
        return 0
    variants = _variants({item.sku for spec in specs for item in spec.items})
    pricing = calculation.store_pricing(currency_code=None)
    # One price call per customer group: the price when added is the maker's.
    wanted: dict[int | None, list[tuple[ProductVariant, list, int]]] = {}
    for spec in specs:
        for item in spec.items:
            if item.sku in variants:
                variant = variants[item.sku]
                group = _group_of(users[spec.maker])
                wanted.setdefault(group, []).append((variant, _options(variant, item), item.quantity))
    prices: dict = {}
    for group, rows in wanted.items():
        results = calculation.price_items(
            items=[
                calculation.PriceRequestItem(product_id=v.product_id, variant_id=v.pk, quantity=q, options=o)
                for v, o, q in rows
            ],
            customer_group_id=group,
            currency_code=None,
            pricing=pricing,
            include_hidden=True,
        )
        for (variant, options, quantity), result in zip(rows, results, strict=True):
            price = None if result.price_on_request else result.calculated_price.tax_exclusive
            prices[(group, variant.pk, tuple(map(tuple, options)), quantity)] = price

    now = timezone.now()
    lists, items = [], []
    for spec in specs:
        maker = users[spec.maker]
        membership = getattr(maker, "membership", None)
        shopping_list = ShoppingList(
            company=membership.company if membership else None,
            customer=None if membership else maker,
            created_by=maker,
            name=spec.name,
            description=spec.description,
            status=spec.status,
            reason=spec.reason,
            is_hotlist=is_hotlist_name(spec.name),
            reviewed_at=now if spec.status in (ShoppingListStatus.REJECTED,) else None,
        )
        lists.append(shopping_list)
        group = _group_of(maker)
        for demo_item in spec.items:
            found = variants.get(demo_item.sku)
            if found is None:
                continue
            variant = found
            options = _options(variant, demo_item)
            items.append(
                ShoppingListItem(
                    shopping_list=shopping_list,
                    product_id=variant.product_id,
                    variant=variant,
                    quantity=demo_item.quantity,
                    options=options,
                    note=demo_item.note,
                    added_unit_price=prices.get((group, variant.pk, tuple(map(tuple, options)), demo_item.quantity)),
                )
            )
    ShoppingList.objects.bulk_create(lists)
    ShoppingListItem.objects.bulk_create(items)  # each takes its list's id, set by the bulk insert above
    return len(lists)
