"""What a SKU typed by a buyer names, and what the upload needs to know of its product — read in batches.

A SKU is a variant's or a product's catalog number, written with or without its hyphens, spaces and dots, in any case
("HS-1001-500ML" = "hs1001500ml" = "HS 1001 500ML": pricing search's `search_compact`), or a CAS registry number,
which names the product when it has a single pack size. Hidden products are not found.

`SkuResolver` answers many SKUs in a few queries and keeps a cache, so that an upload of three million rows asks the
database once per batch of SKUs it has not met yet, never per row:
1. exact catalog numbers (any case): one query for variants, one for products;
2. the rest by their compact form, in the products' normalised search text (which holds the compact SKUs of the
   product and its variants and its CAS number), 50 forms a query — and once more than FULL_INDEX_AFTER forms were
   looked up that way, the catalog's compact SKUs are read once into a dict instead (a file full of unknown SKUs then
   costs two queries more, not one per fifty);
3. the products found, once each: the product, its variants and its options with their values (four queries).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q

from pricing.models import (
    MULTIPLE_CHOICE_TYPES,
    OptionType,
    OptionValue,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.options import checkbox_ticked, option_errors
from pricing.selectors import search_compact

# The catalog's longest catalog number (issue 36 item 3: a longer cell is "SKU too long" without a query).
MAX_SKU_LENGTH: int = max(
    Product._meta.get_field("sku").max_length or 0, ProductVariant._meta.get_field("sku").max_length or 0
)
LIKE_BATCH = 50  # compact forms per search-text query
IN_BATCH = 400  # SKUs per IN list (two spellings each: below SQLite's oldest limit of 999 parameters)
FULL_INDEX_AFTER = 1_000  # compact forms looked up by search text before the whole index is read instead
CACHE_LIMIT = 200_000  # SKUs remembered; the cache starts afresh beyond it (bounded memory for any file)


@dataclass(frozen=True, slots=True)
class SkuMatch:
    """A SKU that names one product: `variant_id` is None when it names the product and not one of its variants (the
    product SKU or CAS number of a product with several pack sizes, or of a product without variants)."""

    product_id: int
    variant_id: int | None
    by_cas: bool = False


@dataclass(frozen=True, slots=True)
class SkuAmbiguous:
    """A SKU that names several products or pack sizes (a CAS number shared by several): the candidates."""

    candidates: tuple[tuple[int, int | None], ...]


Resolution = SkuMatch | SkuAmbiguous | None


@dataclass(slots=True)
class ProductFacts:
    """What the upload and the quick order pad check of one product."""

    product: Product
    variants: dict[int, ProductVariant]  # in the catalog's order
    # The values of the required options a buyer does not choose through the variant, from their defaults:
    # [(option id, value)], or None when one of them has no usable default (the buyer must choose it).
    default_options: list[tuple[int, str]] | None
    variant_labels: dict[int, str] = field(default_factory=dict)

    @property
    def sole_variant_id(self) -> int | None:
        return next(iter(self.variants)) if len(self.variants) == 1 else None

    def needs_options(self, variant_id: int | None) -> bool:
        """Whether a buyer must choose something a CSV row cannot carry: the pack size (variant) of a product with
        several, or a required option without a usable default."""
        return (variant_id is None and len(self.variants) > 1) or self.default_options is None


def _default_value(option: ProductOption) -> str | None:
    """The value a required option takes when the buyer chooses nothing, as the storefront preselects it; None when
    there is none (a file option, a text without default, an unticked checkbox)."""
    values = list(option.values.all())
    if option.type in MULTIPLE_CHOICE_TYPES:
        chosen = next((value for value in values if value.is_default), None)
        return str(chosen.pk) if chosen else None
    if option.type == OptionType.CHECKBOX:
        ticked = next((v for v in values if v.is_default and checkbox_ticked(option, str(v.pk))), None)
        if ticked is not None:
            return str(ticked.pk)
        if option.checked_by_default:
            checked = next((v for v in values if checkbox_ticked(option, str(v.pk))), None)
            return str(checked.pk) if checked else "1"
        return None
    if option.type in (OptionType.TEXT, OptionType.MULTI_LINE_TEXT, OptionType.NUMBERS_ONLY_TEXT, OptionType.DATE):
        return option.default_value.strip() or None
    return None


def _default_options(options: list[ProductOption]) -> list[tuple[int, str]] | None:
    modifiers = [option for option in options if not option.is_variant_option]
    defaults: list[tuple[int, str]] = []
    for option in modifiers:
        if not option.required:
            continue
        value = _default_value(option)
        if value is None:
            return None
        defaults.append((option.pk, value))
    # The defaults must pass the option rules themselves (business §5: a default text shorter than its minimum…).
    if defaults and option_errors(options=modifiers, selections=dict(defaults)):
        return None
    return defaults


def _upper_forms(raw: str) -> set[str]:
    return {raw, raw.upper()}


class SkuResolver:
    """Resolves SKUs and loads their products' facts in batches, with caches (see the module)."""

    def __init__(self) -> None:
        self._cache: dict[str, Resolution] = {}
        self._facts: dict[int, ProductFacts] = {}
        self._compact_lookups = 0
        self._full_index: dict[str, list[tuple[str, int, int | None]]] | None = None
        self._exact_index: dict[str, SkuMatch] = {}

    # --- SKUs --------------------------------------------------------------------------------------------------

    def get(self, raw: str) -> Resolution:
        return self._cache.get(raw)

    def resolve(self, raws: Iterable[str]) -> None:
        """Resolve every SKU not met yet (stripped texts), in as few queries as the batch needs."""
        wanted = [raw for raw in dict.fromkeys(raws) if raw not in self._cache]
        if not wanted:
            return
        if len(self._cache) + len(wanted) > CACHE_LIMIT:
            self._cache.clear()
        found: dict[str, Resolution] = {}
        candidates = [raw for raw in wanted if 0 < len(raw) <= MAX_SKU_LENGTH]
        if self._full_index is None and len(candidates) > FULL_INDEX_AFTER:
            self._load_full_index()  # many SKUs at once (a large file): the catalog's index answers them all
        if self._full_index is not None:
            found.update(self._from_full_index(candidates))
        else:
            for start in range(0, len(candidates), IN_BATCH):
                found.update(self._exact(candidates[start : start + IN_BATCH]))
            rest = [raw for raw in candidates if raw not in found]
            if rest:
                found.update(self._by_compact(rest))
        for raw in wanted:
            self._cache[raw] = found.get(raw)
        product_ids = {r.product_id for r in found.values() if isinstance(r, SkuMatch)}
        product_ids.update(pk for r in found.values() if isinstance(r, SkuAmbiguous) for pk, _ in r.candidates)
        self.load_facts(product_ids)
        self._settle_products(wanted)

    def _exact(self, raws: list[str]) -> dict[str, Resolution]:
        forms = {form for raw in raws for form in _upper_forms(raw)}
        variants = {
            sku.upper(): (product_id, pk)
            for sku, pk, product_id in ProductVariant.objects.filter(
                sku__in=forms, product__is_visible=True
            ).values_list("sku", "pk", "product_id")
        }
        products = {
            sku.upper(): pk
            for sku, pk in Product.objects.filter(sku__in=forms, is_visible=True).values_list("sku", "pk")
        }
        found: dict[str, Resolution] = {}
        for raw in raws:
            upper = raw.upper()
            if upper in variants:
                product_id, variant_id = variants[upper]
                found[raw] = SkuMatch(product_id, variant_id)
            elif upper in products:
                found[raw] = SkuMatch(products[upper], None)
        return found

    def _by_compact(self, raws: list[str]) -> dict[str, Resolution]:
        compact_of = {raw: search_compact(raw) for raw in raws}
        forms = sorted({form for form in compact_of.values() if form})
        if self._full_index is None and self._compact_lookups + len(forms) > FULL_INDEX_AFTER:
            self._load_full_index()
        if self._full_index is not None:
            index = self._full_index
        else:
            self._compact_lookups += len(forms)
            index = {}
            for start in range(0, len(forms), LIKE_BATCH):
                index.update(self._index_of(forms[start : start + LIKE_BATCH]))
        resolved = {form: _pick(index.get(form, [])) for form in forms}
        return {raw: resolved[form] for raw, form in compact_of.items() if form and resolved[form] is not None}

    def _index_of(self, forms: list[str]) -> dict[str, list[tuple[str, int, int | None]]]:
        """The catalog entries whose compact SKU or CAS number is one of `forms`, from the products' search text."""
        condition = Q()
        for form in forms:
            condition |= Q(search_text__contains=f" {form} ")
        products = list(Product.objects.filter(condition, is_visible=True).values_list("pk", "sku", "cas_number"))
        variants = ProductVariant.objects.filter(product_id__in=[pk for pk, _, _ in products]).values_list(
            "sku", "pk", "product_id"
        )
        index = _index(products, variants)
        wanted = set(forms)
        return {form: entries for form, entries in index.items() if form in wanted}

    def _load_full_index(self) -> None:
        """The catalog's catalog numbers (exact, upper case) and compact forms, read once (two queries)."""
        products = list(Product.objects.filter(is_visible=True).values_list("pk", "sku", "cas_number").iterator(2000))
        variants = list(
            ProductVariant.objects.filter(product__is_visible=True)
            .values_list("sku", "pk", "product_id")
            .iterator(2000)
        )
        exact: dict[str, SkuMatch] = {sku.upper(): SkuMatch(pk, None) for pk, sku, _ in products}
        exact.update({sku.upper(): SkuMatch(product_id, pk) for sku, pk, product_id in variants})
        self._exact_index = exact
        self._full_index = _index(products, variants)

    def _from_full_index(self, raws: list[str]) -> dict[str, Resolution]:
        found: dict[str, Resolution] = {}
        exact, index = self._exact_index, self._full_index
        assert index is not None  # resolve() read it first
        for raw in raws:
            match: Resolution = exact.get(raw.upper())
            if match is None:
                form = search_compact(raw)
                match = _pick(index.get(form, [])) if form else None
            if match is not None:
                found[raw] = match
        return found

    def _settle_products(self, raws: list[str]) -> None:
        """A SKU naming a product (not a variant) names the product's only variant when it has one; a CAS number of a
        product with several pack sizes, or of several products, names each of their variants (ambiguous)."""
        for raw in raws:
            match = self._cache.get(raw)
            if isinstance(match, SkuAmbiguous):
                expanded: list[tuple[int, int | None]] = []
                for product_id, variant_id in match.candidates:
                    facts = self._facts.get(product_id)
                    if facts is None:
                        continue
                    if variant_id is None and facts.variants:
                        expanded.extend((product_id, pk) for pk in facts.variants)
                    else:
                        expanded.append((product_id, variant_id))
                if len(expanded) > 1:
                    self._cache[raw] = SkuAmbiguous(tuple(expanded))
                else:
                    self._cache[raw] = SkuMatch(*expanded[0], by_cas=True) if expanded else None
                continue
            if not isinstance(match, SkuMatch) or match.variant_id is not None:
                continue
            facts = self._facts.get(match.product_id)
            if facts is None:
                self._cache[raw] = None
            elif facts.sole_variant_id is not None:
                self._cache[raw] = SkuMatch(match.product_id, facts.sole_variant_id, match.by_cas)
            elif match.by_cas and len(facts.variants) > 1:
                self._cache[raw] = SkuAmbiguous(tuple((match.product_id, pk) for pk in facts.variants))

    # --- products ----------------------------------------------------------------------------------------------

    def facts(self, product_id: int) -> ProductFacts | None:
        return self._facts.get(product_id)

    def loaded_facts(self, product_id: int) -> ProductFacts:
        """The facts of a product that load_facts has read (one a SKU of the index matched)."""
        return self._facts[product_id]

    def load_facts(self, product_ids: Iterable[int]) -> None:
        """The products not loaded yet, with their variants and options (four queries a batch)."""
        missing = [pk for pk in set(product_ids) if pk not in self._facts]
        for start in range(0, len(missing), IN_BATCH):
            self._load_facts(missing[start : start + IN_BATCH])

    def _load_facts(self, product_ids: list[int]) -> None:
        products = Product.objects.filter(pk__in=product_ids, is_visible=True).only(
            "pk", "name", "sku", "slug", "image", "availability", "purchasing_disabled", "purchasing_disabled_message",
            "inventory_tracking", "inventory_level",
        )  # fmt: skip
        variants: dict[int, dict[int, ProductVariant]] = {}
        for variant in (
            ProductVariant.objects.filter(product_id__in=product_ids)
            .only("pk", "product_id", "sku", "image", "inventory_level", "purchasing_disabled")
            .order_by("sort_order", "pk")
        ):
            variants.setdefault(variant.product_id, {})[variant.pk] = variant
        options: dict[int, list[ProductOption]] = {}
        values = Prefetch("values", queryset=OptionValue.objects.order_by("sort_order", "pk"))
        for option in (
            ProductOption.objects.filter(product_id__in=product_ids)
            .order_by("sort_order", "pk")
            .prefetch_related(values)
        ):
            options.setdefault(option.product_id, []).append(option)
        for product in products:
            self._facts[product.pk] = ProductFacts(
                product=product,
                variants=variants.get(product.pk, {}),
                default_options=_default_options(options.get(product.pk, [])),
            )

    def load_variant_labels(self, product_ids: Iterable[int]) -> None:
        """The variants' option value labels ("500 mL"), for choosing among pack sizes (one query)."""
        wanted = [pk for pk in set(product_ids) if pk in self._facts and not self._facts[pk].variant_labels]
        if not wanted:
            return
        rows = (
            ProductVariant.option_values.through.objects.filter(productvariant__product_id__in=wanted)
            .order_by("optionvalue__option__sort_order", "optionvalue__option_id", "optionvalue__sort_order")
            .values_list("productvariant__product_id", "productvariant_id", "optionvalue__label")
        )
        labels: dict[int, dict[int, list[str]]] = {}
        for product_id, variant_id, label in rows:
            labels.setdefault(product_id, {}).setdefault(variant_id, []).append(label)
        for product_id in wanted:
            facts = self._facts[product_id]
            facts.variant_labels = {
                pk: ", ".join(labels.get(product_id, {}).get(pk, [])) or variant.sku
                for pk, variant in facts.variants.items()
            }


def _index(products, variants) -> dict[str, list[tuple[str, int, int | None]]]:
    """compact form → [(kind, product id, variant id)], kind "variant", "product" or "cas"."""
    index: dict[str, list[tuple[str, int, int | None]]] = {}
    for pk, sku, cas in products:
        index.setdefault(search_compact(sku), []).append(("product", pk, None))
        if cas:
            index.setdefault(search_compact(cas), []).append(("cas", pk, None))
    for sku, pk, product_id in variants:
        index.setdefault(search_compact(sku), []).append(("variant", product_id, pk))
    return index


def _pick(entries: list[tuple[str, int, int | None]]) -> Resolution:
    """A variant's catalog number before a product's (a product's base variant has the product's SKU), a catalog number
    before a CAS number; several products or variants behind one form: ambiguous."""
    variants = sorted({(product_id, variant_id) for kind, product_id, variant_id in entries if kind == "variant"})
    if len(variants) == 1:
        return SkuMatch(*variants[0])
    if variants:
        return SkuAmbiguous(tuple(variants))
    for kind in ("product", "cas"):
        products = sorted({product_id for entry_kind, product_id, _ in entries if entry_kind == kind})
        if len(products) == 1:
            return SkuMatch(products[0], None, by_cas=kind == "cas")
        if products:
            return SkuAmbiguous(tuple((product_id, None) for product_id in products))
    return None
