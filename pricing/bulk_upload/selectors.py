"""Reads of the bulk upload and the quick order pad (issue 19): an upload as its owner may see it, its answer; what
SKUs typed into the quick order pad name. (What a buyer has bought, buy again, is orders.purchased.)"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils import timezone

from portal.actor import PortalActor
from portal.errors import NotFound, field_errors
from pricing.bulk_upload import permissions
from pricing.bulk_upload.errors import UPLOAD_NOT_FOUND_MESSAGE, RowErrorCode
from pricing.bulk_upload.skus import ProductFacts, SkuAmbiguous, SkuMatch, SkuResolver
from pricing.errors import PricingErrorCode
from pricing.models import UPLOAD_RETENTION, BulkUpload, Product, ProductVariant
from pricing.options import stock_problem, tracked_stock

# --- uploads -----------------------------------------------------------------------------------------------------


def upload_visible_to(actor: PortalActor, upload: BulkUpload) -> bool:
    """A guest's upload is reached by its key alone (it names nobody); a company's by its users (and a super admin
    masquerading as it); an individual's by them."""
    if upload.user_id is None and upload.company_id is None:
        return True
    if actor.user is None:
        return False
    if upload.company_id is not None:
        company = actor.b2b_company
        return company is not None and company.pk == upload.company_id
    return upload.user_id == actor.user.pk


def upload_for(
    *, actor: PortalActor | None, key: str, signed: Callable[[BulkUpload], bool] | None = None
) -> BulkUpload:
    """The caller's upload by its key (or any upload a signed link opens); NotFound 'Upload not found.' for anything
    else — another company's, an expired one, a wrong key — the same answer each time."""
    upload = None
    if key and len(key) <= 64:
        upload = BulkUpload.objects.filter(key=key, created_at__gte=timezone.now() - UPLOAD_RETENTION).first()
    if upload is None:
        raise NotFound(UPLOAD_NOT_FOUND_MESSAGE)
    if signed is not None and signed(upload):
        return upload
    if actor is None or not upload_visible_to(actor, upload):
        raise NotFound(UPLOAD_NOT_FOUND_MESSAGE)
    return upload


# --- the quick order pad's SKU lookup ----------------------------------------------------------------------------


@dataclass
class SkuCandidate:
    product: Product
    variant: ProductVariant | None
    label: str
    purchasable: bool
    available_stock: int | None


@dataclass
class SkuLookupRow:
    """What one SKU typed into the quick order pad names (business §5 rows, issue 19 quick order pad)."""

    sku: str
    status: str  # FOUND, NOT_FOUND, AMBIGUOUS
    facts: ProductFacts | None = None
    variant: ProductVariant | None = None
    purchasable: bool = False
    available_stock: int | None = None
    needs_options: bool = False
    error_code: str | None = None
    error: str | None = None
    candidates: list[SkuCandidate] = field(default_factory=list)


def _purchasability(facts: ProductFacts, variant: ProductVariant | None) -> tuple[bool, str | None]:
    problem = stock_problem(facts.product, variant, 0)
    if problem is not None and problem.code == PricingErrorCode.NOT_AVAILABLE:
        return False, problem.message
    return True, None


def sku_lookup(*, actor: PortalActor, skus: Sequence[str]) -> list[SkuLookupRow]:
    """Each SKU as the pad's row needs it, in the order given: the product and variant (catalog numbers with or without
    hyphens; a CAS number names the product when it has a single pack size, else the pack sizes are the candidates),
    whether it can be bought, its stock, whether options must be chosen. A fixed number of queries for up to a
    hundred SKUs. PermissionDenied for a caller without quick order."""
    permissions.quick_order_check(actor)
    texts = [sku.strip() for sku in skus]
    resolver = SkuResolver()
    resolver.resolve(text for text in texts if text)
    resolutions = [resolver.get(text) for text in texts]
    ambiguous_products = {
        product_id for match in resolutions if isinstance(match, SkuAmbiguous) for product_id, _ in match.candidates
    }
    resolver.load_variant_labels(ambiguous_products)
    rows = []
    for text in texts:
        match = resolver.get(text) if text else None
        if not text:
            code = RowErrorCode.SKU_REQUIRED
            rows.append(SkuLookupRow(sku=text, status="NOT_FOUND", error_code=code.value, error=code.label))
        elif match is None:
            code = RowErrorCode.UNKNOWN_SKU
            rows.append(SkuLookupRow(sku=text, status="NOT_FOUND", error_code=code.value, error=code.label))
        elif isinstance(match, SkuAmbiguous):
            rows.append(_ambiguous_row(text, match, resolver))
        else:
            rows.append(_found_row(text, match, resolver))
    return rows


def _found_row(text: str, match: SkuMatch, resolver: SkuResolver) -> SkuLookupRow:
    facts = resolver.loaded_facts(match.product_id)
    variant = facts.variants.get(match.variant_id) if match.variant_id is not None else None
    purchasable, message = _purchasability(facts, variant)
    needs_options = facts.needs_options(match.variant_id)
    row = SkuLookupRow(
        sku=text,
        status="FOUND",
        facts=facts,
        variant=variant,
        purchasable=purchasable,
        available_stock=tracked_stock(facts.product, variant),
        needs_options=needs_options,
    )
    if not purchasable:
        row.error_code, row.error = RowErrorCode.NOT_AVAILABLE.value, message
    elif needs_options:
        row.error_code, row.error = (
            RowErrorCode.REQUIRED_OPTIONS_MISSING.value,
            RowErrorCode.REQUIRED_OPTIONS_MISSING.label,
        )
    return row


def _ambiguous_row(text: str, match: SkuAmbiguous, resolver: SkuResolver) -> SkuLookupRow:
    candidates = []
    for product_id, variant_id in match.candidates:
        facts = resolver.facts(product_id)
        if facts is None:
            continue
        variant = facts.variants.get(variant_id) if variant_id is not None else None
        purchasable, _ = _purchasability(facts, variant)
        label = facts.variant_labels.get(variant_id, "") if variant_id is not None else ""
        candidates.append(
            SkuCandidate(
                product=facts.product,
                variant=variant,
                label=label,
                purchasable=purchasable,
                available_stock=tracked_stock(facts.product, variant),
            )
        )
    code = RowErrorCode.AMBIGUOUS_SKU
    return SkuLookupRow(sku=text, status="AMBIGUOUS", error_code=code.value, error=code.label, candidates=candidates)


# --- an upload's answer ------------------------------------------------------------------------------------------

# issue 36 item 3: an answer gives a page of each list (validProduct, errorProduct), with the totals to page on; the
# REST default keeps every answer small (a valid line with a long product name and its options is about a kilobyte).
RESULT_PAGE = 100
RESULT_PAGE_MAX = 1_000  # a list holds at most 1,000 rows (validation.MAX_PRODUCTS, MAX_ERRORS_IN_RESULT)


# Which lists a page gives (`rows`): both, or one of them (issue 38: the dialog pages on through the valid lines,
# which confirm hands on, without the error rows the error file holds).
RESULT_LISTS = {"": ("validProduct", "errorProduct"), "valid": ("validProduct",), "errors": ("errorProduct",)}


@dataclass(frozen=True)
class ResultPage:
    """Which rows of each result list an answer gives: `first` rows from `offset`, of the lists named by `rows`."""

    offset: int = 0
    first: int = RESULT_PAGE
    rows: str = ""

    def of(self, rows: list) -> list:
        return rows[self.offset : self.offset + self.first]

    def of_list(self, name: str, rows: list) -> list:
        """A page of the list `name` (validProduct or errorProduct): none when the page is of the other list."""
        return self.of(rows) if name in RESULT_LISTS[self.rows] else []


def result_page(*, first: int | None, offset: int | None, rows: str | None = None) -> ResultPage:
    """The page asked for; ValidationError (fields first / offset / rows) outside 1..RESULT_PAGE_MAX and
    0..RESULT_PAGE_MAX, or for a list other than valid or errors."""
    first = RESULT_PAGE if first is None else first
    offset = 0 if offset is None else offset
    rows = rows or ""
    fields = {}
    if not 1 <= first <= RESULT_PAGE_MAX:
        fields["first"] = [ValidationError(f"Ask for 1 to {RESULT_PAGE_MAX:,} rows.", code="invalid")]
    if not 0 <= offset <= RESULT_PAGE_MAX:
        fields["offset"] = [ValidationError(f"Start at a row from 0 to {RESULT_PAGE_MAX:,}.", code="invalid")]
    if rows not in RESULT_LISTS:
        fields["rows"] = [ValidationError("Ask for valid or errors, or leave it out for both.", code="invalid_choice")]
    if fields:
        raise field_errors(fields)
    return ResultPage(offset=offset, first=first, rows=rows)


def result_totals(result: dict) -> dict:
    """The counts of a stored result (business §3; issue 36 item 11's summary), results stored before them included."""
    valid_rows = result.get("validRowCount")
    if valid_rows is None:
        valid_rows = sum(row.get("rowCount", 1) for row in result.get("validProduct", []))
    return {
        "rowCount": result.get("rowCount", 0),
        "validCount": len(result.get("validProduct", [])),
        "validRowCount": valid_rows,
        "errorRowCount": result.get("errorRowCount", max(result.get("rowCount", 0) - valid_rows, 0)),
        "errorCount": result.get("errorCount", 0),
        "errorProductCount": len(result.get("errorProduct", [])),
    }


def upload_answer(upload: BulkUpload, *, request, page: ResultPage | None = None) -> dict:
    """An upload as the REST edges answer it (camelCase, as the GraphQL types): its state, and once validated its
    result (business §3 upload result) with the links of its files — a page of its lists, with their totals."""
    from pricing.bulk_upload import downloads

    page = page or result_page(first=None, offset=None)

    failed = upload.status == "failed"
    answer: dict = {
        "uploadId": upload.key,
        "status": upload.status,
        "progress": upload.progress,
        "fileName": upload.file_name,
        "channelId": upload.channel_id,
        "isToCart": upload.is_to_cart,
        "withModifiers": upload.with_modifiers,
        "error": {"code": upload.failure_code, "message": upload.failure_message} if failed else None,
        "result": None,
    }
    if upload.status == "done":
        stored = upload.result
        result = {key: value for key, value in stored.items() if key not in ("validProduct", "errorProduct")}
        result |= result_totals(stored)
        result["validProduct"] = page.of_list("validProduct", stored.get("validProduct", []))
        result["errorProduct"] = page.of_list("errorProduct", stored.get("errorProduct", []))
        result["page"] = {"offset": page.offset, "first": page.first} | ({"rows": page.rows} if page.rows else {})
        for kind, field_file, key in (
            ("errors", upload.error_file, "errorFile"),
            ("stock_errors", upload.stock_error_file, "stockErrorFile"),
        ):
            present = bool(field_file and field_file.name)
            result[key] = downloads.file_url(request, upload, kind=kind) if present else None
            result[f"{key}DownloadUrl"] = downloads.signed_file_url(request, upload, kind=kind) if present else None
        answer["result"] = result
    return answer
