"""A catalog of 150 products for pinning productsSearch's exact results and their order (issue 38): SKU families with
pack sizes, CAS numbers shared by several products, names repeated (so that ties fall to the id), hidden products,
unpriced ones (a zero base price and no variants, variants all at zero), priced for a customer group only or hidden
from it by its zero records, products whose price is on request, and a run of 30 unpriced products early in the name
order (a page of priced results must skip them all).

The catalog is built the same way each time, so that the ids, in the order made, decide the ties as they did when the
answers in test_search_pinned.py were recorded."""

from __future__ import annotations

from decimal import Decimal

from accounts.models import CustomerGroup
from pricing.models import Availability, PriceList, PriceListRecord, Product, ProductVariant
from pricing.services import product_search_text_refresh_all

NAMES = [
    ("Acetic acid, glacial", "64-19-7", "Ethanoic acid\nVinegar acid"),
    ("Acetone", "67-64-1", "Propanone\n2-Propanone"),
    ("Sodium chloride", "7647-14-5", "Table salt\nNaCl"),
    ("Sodium acetate", "127-09-3", "Acetic acid sodium salt"),
    ("Buffer solution pH 7", "", "Phosphate buffer"),
    ("Citric acid", "77-92-9", ""),
    ("Ethanol, absolute", "64-17-5", "Ethyl alcohol\nEtOH"),
    ("Hydrochloric acid 37%", "7647-01-0", "Muriatic acid\nHCl"),
    ("Pipette tips 200 µL", "", ""),
    ("Éthanol dénaturé", "64-17-5", "Denatured alcohol"),
    ("N,N-Dimethylformamide", "68-12-2", "DMF"),
    ("Acid wash solution", "", "Glassware cleaner"),
]
DESCRIPTIONS = ["ACS reagent grade.", "For HPLC.", "Sterile, polystyrene.", "Anhydrous, 99.8%.", ""]


def build_pinned_catalog() -> dict:
    """The catalog, and its customer group (whose price list prices some products and zeroes others)."""
    group = CustomerGroup.objects.create(name="Pinned group")
    price_list = PriceList.objects.create(name="Pinned prices", customer_group=group)
    products: list[Product] = []
    for n in range(120):
        name, cas, synonyms = NAMES[n % len(NAMES)]
        sku = f"HS-{1000 + n}" if n < 80 else f"PL-{n:04d}"
        products.append(
            Product(
                name=name if n % 3 else f"{name} {n % 5}",
                sku=sku,
                slug=f"pinned-{n}",
                cas_number=cas,
                synonyms=synonyms,
                brand="Helix" if n % 2 else "Orbis",
                description=DESCRIPTIONS[n % len(DESCRIPTIONS)],
                base_price=Decimal(0) if n % 11 == 0 else Decimal(10 + n),
                is_visible=n % 17 != 5,
                availability=Availability.DISABLED if n % 19 == 3 else Availability.AVAILABLE,
            )
        )
    # A run of unpriced products early in the name order ("Acid blank" sorts after "Acetone", before "Acid wash"): the
    # last is priced, the one before it for the customer group only.
    for n in range(30):
        products.append(
            Product(
                name=f"Acid blank {n:02d}",
                sku=f"SM-{n:03d}",
                slug=f"pinned-blank-{n}",
                base_price=Decimal(1) if n == 29 else Decimal(0),
                description="Acid blank for calibration.",
            )
        )
    products = Product.objects.bulk_create(products)

    variants: list[ProductVariant] = []
    for n, product in enumerate(products[:120]):
        for k in range(n % 4):
            if n % 13 == 0:
                price: Decimal | None = Decimal(0)  # every variant at zero: unpriced whatever the base price
            elif n % 11 == 0:
                price = Decimal(5 * k) if k else None  # base price 0: priced by its later variants only
            else:
                price = None if k == 0 else Decimal(20 + n + k)
            variants.append(ProductVariant(product=product, sku=f"{product.sku}-{(k + 1) * 250}", price=price,
                                           sort_order=k))  # fmt: skip
    group_only_blank = products[120 + 28]
    variants.append(ProductVariant(product=group_only_blank, sku=f"{group_only_blank.sku}-1", price=None))
    variants = ProductVariant.objects.bulk_create(variants)

    position = {product.pk: n for n, product in enumerate(products)}
    records = []
    for variant in variants:
        n = position[variant.product_id]
        if n == 120 + 28:
            records.append(PriceListRecord(price_list=price_list, variant=variant, price=Decimal(2)))
        elif n % 5 == 0:
            records.append(PriceListRecord(price_list=price_list, variant=variant, price=Decimal(0)))  # hidden
        elif n % 7 == 0:
            records.append(PriceListRecord(price_list=price_list, variant=variant, price=Decimal(3)))  # group-priced
    PriceListRecord.objects.bulk_create(records)
    product_search_text_refresh_all()
    return {"group": group, "products": products}
