"""The bulk upload's rules (business §3, §5, §7), applied to a CSV file of any size or to a list of rows.

Rows (business §3 "CSV upload row": sku and qty; the first line is a header and is dropped, a trailing empty line is
dropped):
- more comma-separated columns than the header on any line refuses the whole file (BULK_TEMPLATE_MISMATCH
  'Please use the template file provided.'); blank lines are skipped (they keep their row number);
- each row: a SKU (variant or product catalog number, with or without hyphens, or a CAS number that names one
  pack size), of a visible product that can be bought, in a quantity that is a whole number from 1 to 1,000,000
  (line breaks are removed from it), without options to choose that a CSV row cannot carry (unless `withModifiers`:
  then the row is valid with `needsOptions`, and the caller asks for them); required options with a default take it;
- rows naming the same product (and variant) are merged into one line: their quantities add up, its row is its first
  row. Then each merged line, in the order of first rows: beyond MAX_PRODUCTS different products, or above 1,000,000 in
  all, it is an error line; otherwise its total is checked against the stock (business §4 stock check): a line that
  fails only there is a stock error (`stockErrorSkus`, the stock error file) — going into the cart (`isToCart`) an
  error line too, going into a list or a quote a valid line that carries its stock error.

Speed (bench/bulk_upload.py): the file is read in blocks; a block without quotes is split into lines with str.split
and the lines are counted (Counter.update, in C) across blocks, so each *different* line is judged once, when first
met, and a row costs no Python code of its own; the error rows of a block are found and formatted in C too (map,
itertools.compress, one join). The counts become the merged lines' totals at the end (or when too many different
lines were counted). SKUs are resolved in batches (pricing.bulk_upload.skus). A block with a quote character switches
the rest of the file to the csv module, row by row: exact, slower.
"""

from __future__ import annotations

import csv
import gc
import io
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, compress, count, islice
from typing import TextIO

from django.core.exceptions import ValidationError

from pricing.bulk_upload import files
from pricing.bulk_upload.errors import (
    TEMPLATE_MISMATCH_MESSAGE,
    WRONG_FILE_TYPE_MESSAGE,
    BulkOrderErrorCode,
    RowErrorCode,
)
from pricing.bulk_upload.skus import MAX_SKU_LENGTH, SkuAmbiguous, SkuResolver
from pricing.errors import PricingErrorCode
from pricing.models import InventoryTracking
from pricing.options import QUANTITY_MAX, QUANTITY_MIN, stock_problem

MAX_PRODUCTS = 1_000  # different products (merged lines) a file may bring
MAX_ERRORS_IN_RESULT = 1_000  # error rows in the answer; the error file holds them all
ROW_BATCH = 5_000  # rows judged together when they are read one by one
COUNTS_LIMIT = 300_000  # different lines counted (and verdicts remembered) before they are folded into the totals
SKU_CACHE_LIMIT = 200_000  # different SKUs whose verdict is remembered
# issue 36 item 3: what a row's cells bring into memory, the answer and the error file is bounded. A cell longer than
# CELL_KEPT is cut as it is read (its verdict needs no more: a longer SKU is too long, a longer quantity invalid), and
# shown cut with an ellipsis; a line longer than LONG_LINE is counted by its cut cells, never kept whole.
QTY_SHOWN = 20
CELL_KEPT = MAX_SKU_LENGTH + 1
LONG_LINE = 1_024
ELLIPSIS = "\u2026"

# A verdict on a line (or a row), the same wherever it stands in the file:
#   (VALID, (product id, variant id), quantity, sku, qty text)
#   (ERROR, code, message, sku, qty text, its line in the error file: "<sku>,<qty>,%d,<error>\n")
#   (BLANK,)
VALID, ERROR, BLANK = 0, 1, 2
_BLANK_VERDICT = (BLANK,)
_STOCK_CODES = frozenset({PricingErrorCode.OUT_OF_STOCK.value, PricingErrorCode.INSUFFICIENT_STOCK.value})


def template_mismatch() -> ValidationError:
    return ValidationError(TEMPLATE_MISMATCH_MESSAGE, code=BulkOrderErrorCode.TEMPLATE_MISMATCH)


def shown(text: str, limit: int) -> str:
    """`text` as an answer or the error file shows it: at most `limit` characters, then an ellipsis."""
    return text if len(text) <= limit else text[:limit] + ELLIPSIS


def cells_cut(cells: list[str]) -> list[str]:
    """The cells as their verdict needs them (the same verdict): a cell longer than CELL_KEPT is stripped, then the
    SKU shown cut to MAX_SKU_LENGTH, the quantity (its line breaks removed first, business §5) to QTY_SHOWN, another
    cell to whether it is blank — each with an ellipsis, which no SKU and no quantity holds."""
    if all(len(cell) <= CELL_KEPT for cell in cells):
        return cells
    cut = []
    for index, cell in enumerate(cells):
        if len(cell) > CELL_KEPT:
            if index == 1:
                cell = cell.replace("\r", "").replace("\n", "")
            cell = cell.strip()
            cell = shown(cell, MAX_SKU_LENGTH if index == 0 else QTY_SHOWN if index == 1 else 0)
        cut.append(cell)
    return cut


def quantity_of(text: str) -> int | None:
    """business §5: a whole number from 1 to 1,000,000, written in digits (line breaks removed, spaces around it
    allowed); None otherwise."""
    text = text.replace("\r", "").replace("\n", "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    value = int(text)
    return value if QUANTITY_MIN <= value <= QUANTITY_MAX else None


@dataclass(slots=True)
class MergedLine:
    """The rows of one product (and variant) merged into a line (docs/decisions.md, issue 19)."""

    product_id: int
    variant_id: int | None
    first_row: int
    total: int = 0
    rows: int = 0
    stock_code: str = ""
    stock_message: str = ""
    available_stock: int | None = None


@dataclass
class UploadResult:
    """What validating an upload found (the GraphQL and REST answers read it from BulkUpload.result)."""

    row_count: int
    valid_product: list[dict]
    error_product: list[dict]
    error_count: int
    stock_error_skus: list[str]
    stock_error_count: int
    # The rows merged into the valid lines (issue 36 item 11: "1,902 valid rows for 377 products; 98 rows with errors").
    valid_row_count: int = 0

    def as_json(self) -> dict:
        return {
            "rowCount": self.row_count,
            "validRowCount": self.valid_row_count,
            "errorRowCount": self.row_count - self.valid_row_count,
            "validProduct": self.valid_product,
            "errorProduct": self.error_product,
            "errorCount": self.error_count,
            "stockErrorSkus": self.stock_error_skus,
        }


class UploadValidator:
    """Validates one upload. Error rows go to `error_out` (the error file's lines, without its header) as they are
    found; `finish()` checks the merged lines, writes the stock error file to `stock_out` and returns the result."""

    def __init__(self, *, with_modifiers: bool, is_to_cart: bool, error_out: TextIO, stock_out: TextIO):
        self.with_modifiers = with_modifiers
        self.is_to_cart = is_to_cart
        self.resolver = SkuResolver()
        self.header_columns = 2
        self.delimiter = ","  # or the header line's semicolon or tab (files.delimiter_of)
        self.rows_seen = 0  # data records read, blank ones too (they keep their number)
        self.blank_rows = 0
        self.error_count = 0
        self.first_errors: list[dict] = []
        self.lines: dict[tuple[int, int | None], MergedLine] = {}
        self._error_out = error_out
        self._stock_out = stock_out
        self._verdicts: dict[object, tuple] = {}
        self._sku_verdicts: dict[str, tuple] = {}
        self._quantities: dict[str, int | None] = {}
        # The fast path: how many times each different line came since the last fold (in C: Counter.update), and
        # the error file's line of each error line among them, waiting for its row number.
        self._counts: Counter[str] = Counter()
        self._error_lines: dict[str, str] = {}

    # --- reading -------------------------------------------------------------------------------------------------

    def read_csv(
        self,
        stream: files.ByteStream,
        *,
        progress: Callable[[int], None] | None = None,
        block_bytes: int = files.BLOCK_BYTES,
    ) -> None:
        """Validate a CSV file read from a binary stream, a block at a time."""
        blocks = files.text_blocks(stream, progress=progress, block_bytes=block_bytes)
        header_done = delimiter_known = False
        for text in blocks:
            if not delimiter_known and text:
                header = text.split("\n", 1)[0].split("\r", 1)[0]
                self.delimiter, delimiter_known = files.delimiter_of(header), True
            if "\x00" in text:
                raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE)
            if '"' in text:
                self._read_quoted(chain([text], blocks), header_done=header_done)
                return
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            lines = text.split("\n")
            if not lines[-1]:
                lines.pop()  # the block ends with a line break (the file's trailing empty line)
            if not header_done:
                if not lines:
                    continue
                self.header_columns = len(lines[0].split(self.delimiter))
                lines, header_done = lines[1:], True
            if lines:
                self.feed_lines(lines)

    def _read_quoted(self, texts: Iterable[str], *, header_done: bool) -> None:
        """The rest of a file that quotes its cells, through the csv module (quoted commas and line breaks)."""
        physical = (line for text in texts for line in io.StringIO(text, newline=""))
        reader = csv.reader(physical, delimiter=self.delimiter)
        batch: list[tuple[int, list[str]]] = []
        try:
            if not header_done:
                header = next(reader, None)
                if header is None:
                    return
                self.header_columns = max(len(header), 1)
            for cells in reader:
                self.rows_seen += 1
                batch.append((self.rows_seen, cells))
                if len(batch) >= ROW_BATCH:
                    self.feed_rows(batch)
                    batch = []
        except csv.Error as exc:  # a field longer than the csv module takes, a NUL byte
            raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE) from exc
        if batch:
            self.feed_rows(batch)

    def read_rows(self, rows: Iterable[tuple[str, str]]) -> None:
        """Validate rows given as (sku, qty) texts (productUpload's productList), numbered from 1."""
        batch: list[tuple[int, list[str]]] = []
        for sku, qty in rows:
            self.rows_seen += 1
            batch.append((self.rows_seen, [sku, qty]))
            if len(batch) >= ROW_BATCH:
                self.feed_rows(batch)
                batch = []
        if batch:
            self.feed_rows(batch)

    # --- verdicts ------------------------------------------------------------------------------------------------

    def _decide(self, items: list[tuple[object, list[str]]]) -> None:
        """Judge lines or rows not met yet: resolve their SKUs in one batch, then give each its verdict."""
        parsed = []
        header_columns = self.header_columns
        for key, cells in items:
            cells = cells_cut(cells)
            sku = cells[0].strip() if cells else ""
            if not sku and not "".join(cells).strip():
                self._verdicts[key] = _BLANK_VERDICT
                continue
            if len(cells) > header_columns:
                raise template_mismatch()  # business §5: the whole file is refused
            qty = cells[1].strip() if len(cells) > 1 else ""
            if "\n" in qty or "\r" in qty:
                qty = qty.replace("\r", "").replace("\n", "")  # business §5: line breaks are removed from it
            parsed.append((key, sku, qty))
        sku_verdicts = self._sku_verdicts
        if len(sku_verdicts) > SKU_CACHE_LIMIT:
            sku_verdicts.clear()
        self.resolver.resolve(
            {sku for _, sku, _ in parsed if sku and len(sku) <= MAX_SKU_LENGTH and sku not in sku_verdicts}
        )
        verdicts, quantities = self._verdicts, self._quantities
        for key, sku, qty in parsed:
            about_sku = sku_verdicts.get(sku)
            if about_sku is None:
                about_sku = sku_verdicts[sku] = self._sku_verdict(sku)
            if about_sku[0] == ERROR:
                verdicts[key] = _error_verdict(about_sku[1], about_sku[2], sku, qty)
                continue
            quantity = quantities.get(qty, 0)
            if quantity == 0:
                quantity = quantity_of(qty)
                if len(quantities) < SKU_CACHE_LIMIT:
                    quantities[qty] = quantity
            if quantity is None:
                code = RowErrorCode.INVALID_QUANTITY
                verdicts[key] = _error_verdict(code, code.label, sku, qty)
            else:
                verdicts[key] = (VALID, about_sku[1], quantity, sku, qty)

    def _sku_verdict(self, sku: str) -> tuple:
        """(ERROR, code, message) or (VALID, (product id, variant id)): what a SKU alone decides."""
        if not sku:
            return (ERROR, RowErrorCode.SKU_REQUIRED, RowErrorCode.SKU_REQUIRED.label)
        if len(sku) > MAX_SKU_LENGTH:
            return (ERROR, RowErrorCode.SKU_TOO_LONG, RowErrorCode.SKU_TOO_LONG.label)
        match = self.resolver.get(sku)
        if match is None:
            return (ERROR, RowErrorCode.UNKNOWN_SKU, RowErrorCode.UNKNOWN_SKU.label)
        if isinstance(match, SkuAmbiguous):
            return (ERROR, RowErrorCode.AMBIGUOUS_SKU, RowErrorCode.AMBIGUOUS_SKU.label)
        facts = self.resolver.loaded_facts(match.product_id)
        variant = facts.variants.get(match.variant_id) if match.variant_id is not None else None
        problem = stock_problem(facts.product, variant, 0)
        if problem is not None and problem.code == PricingErrorCode.NOT_AVAILABLE:
            return (ERROR, RowErrorCode.NOT_AVAILABLE, problem.message)
        if facts.needs_options(match.variant_id) and not self.with_modifiers:
            return (ERROR, RowErrorCode.REQUIRED_OPTIONS_MISSING, RowErrorCode.REQUIRED_OPTIONS_MISSING.label)
        return (VALID, (match.product_id, match.variant_id))

    # --- rows, fast: a block of lines without quotes ---------------------------------------------------------------

    def feed_lines(self, lines: list[str]) -> None:
        """A block of unquoted lines: rows rows_seen + 1 … rows_seen + len(lines). The lines are counted in C; only the
        lines never met before are judged (and give their product its first row); the error rows are found and
        written in C too. The counts become the merged lines' totals when folded (at the end, or when too many)."""
        base = self.rows_seen
        if max(map(len, lines)) > LONG_LINE:  # in C: a file without long lines pays nothing more
            delimiter = self.delimiter
            lines = [
                line if len(line) <= LONG_LINE else delimiter.join(cells_cut(line.split(delimiter))) for line in lines
            ]
        counts = self._counts
        known = len(counts)
        counts.update(lines)
        if len(counts) > known:
            self._met(list(islice(counts, known, None)), lines, base)
        if self._error_lines:
            self._write_errors(lines, base)
        self.rows_seen = base + len(lines)
        if len(counts) > COUNTS_LIMIT:
            self._fold()

    def _met(self, new: list[str], lines: list[str], base: int) -> None:
        """Lines met for the first time since the last fold: their verdicts; an error line's text in the error file;
        a product met for the first time, its first row."""
        verdicts = self._verdicts
        undecided = [line for line in new if line not in verdicts]
        if undecided:
            delimiter = self.delimiter
            self._decide([(line, line.split(delimiter)) for line in undecided])
        merged = self.lines
        fresh: dict[tuple[int, int | None], list[str]] = {}
        for line in new:
            verdict = verdicts[line]
            if verdict[0] == VALID:
                if verdict[1] not in merged:
                    fresh.setdefault(verdict[1], []).append(line)
            elif verdict[0] == ERROR:
                self._error_lines[line] = verdict[5]
        if fresh:
            # Each new product's first row: the first position of any of its lines, scanning only as far as needed.
            key_of = {line: key for key, key_lines in fresh.items() for line in key_lines}
            for at in compress(count(), map(key_of.__contains__, lines)):
                key = key_of[lines[at]]
                if key not in merged:
                    merged[key] = MergedLine(product_id=key[0], variant_id=key[1], first_row=base + at + 1)
                    if len(fresh) == 1:
                        break
                    del fresh[key]

    def _write_errors(self, lines: list[str], base: int) -> None:
        """The error rows of a block, in order: each line's error-file line or None (one pass of dict lookups), the
        row numbers of those that have one (itertools.compress), one join — all in C."""
        found = list(map(self._error_lines.get, lines))
        # The file's Row is the row as the dialog shows it: the data row's number plus one (the spreadsheet's line).
        written = list(map(operator.mod, filter(None, found), compress(count(base + 2), found)))
        if not written:
            return
        self._error_out.write("".join(written))
        self.error_count += len(written)
        room = MAX_ERRORS_IN_RESULT - len(self.first_errors)
        if room > 0:
            verdicts = self._verdicts
            for i in islice(compress(count(), found), room):
                self.first_errors.append(_error_row(verdicts[lines[i]], base + i + 1))

    def _fold(self) -> None:
        """The counted lines into the merged lines' totals; the counts start afresh (bounded memory for any file)."""
        verdicts, merged = self._verdicts, self.lines
        for line, times in self._counts.items():
            verdict = verdicts[line]
            if verdict[0] == VALID:
                target = merged[verdict[1]]
                target.total += verdict[2] * times
                target.rows += times
            elif verdict[0] == BLANK:
                self.blank_rows += times
        self._counts.clear()
        self._error_lines.clear()
        if len(verdicts) > COUNTS_LIMIT:
            verdicts.clear()

    # --- rows, one by one --------------------------------------------------------------------------------------

    def feed_rows(self, rows: list[tuple[int, list[str]]]) -> None:
        """Rows given with their numbers and cells (quoted CSV, productList), judged in order."""
        keys = [(number, tuple(cells_cut(cells))) for number, cells in rows]
        if len(self._verdicts) > COUNTS_LIMIT:
            self._fold()  # the fast path's counts need their verdicts: fold them before forgetting any
            self._verdicts.clear()
        new = [key for key in dict.fromkeys(key for _, key in keys) if key not in self._verdicts]
        if new:
            self._decide([(key, list(key)) for key in new])
        verdicts = self._verdicts
        for number, key in keys:
            self._take(number, verdicts[key])
        self.rows_seen = max(self.rows_seen, rows[-1][0])

    def _take(self, number: int, verdict: tuple) -> None:
        kind = verdict[0]
        if kind == BLANK:
            self.blank_rows += 1
        elif kind == ERROR:
            self.error_count += 1
            self._error_out.write(verdict[5] % (number + 1))
            if len(self.first_errors) < MAX_ERRORS_IN_RESULT:
                self.first_errors.append(_error_row(verdict, number))
        else:
            line = self.lines.get(verdict[1])
            if line is None:
                line = self.lines[verdict[1]] = MergedLine(verdict[1][0], verdict[1][1], first_row=number)
            line.total += verdict[2]
            line.rows += 1

    # --- the end -------------------------------------------------------------------------------------------------

    def finish(self) -> UploadResult:
        """Check the merged lines — at most MAX_PRODUCTS of them (in the order of their first rows), each at most
        1,000,000, then against the stock — write the stock errors and give the result."""
        self._fold()
        ordered = sorted(self.lines.values(), key=lambda line: line.first_row)
        kept: list[MergedLine] = []
        line_errors: list[dict] = []
        for index, line in enumerate(ordered):
            if index >= MAX_PRODUCTS:
                code = RowErrorCode.TOO_MANY_PRODUCTS
            elif line.total > QUANTITY_MAX:
                code = RowErrorCode.TOTAL_QUANTITY_EXCEEDED
            else:
                kept.append(line)
                continue
            line_errors.append(self._line_error(line, code.value, code.label))
        stock_errors = self._stock_check(kept)
        stock_rows = [self._line_error(line, line.stock_code, line.stock_message) for line in stock_errors]
        for row in stock_rows:
            self._stock_out.write(files.csv_line(row["sku"], row["qty"], str(row["row"] + 1), row["error"]))
        if self.is_to_cart:
            # Going into the cart, a line beyond the stock is an error line (in the error file too).
            line_errors = sorted(line_errors + stock_rows, key=lambda row: row["row"])
        for row in line_errors:
            self._error_out.write(files.csv_line(row["sku"], row["qty"], str(row["row"] + 1), row["error"]))
        error_product = self.first_errors
        if line_errors:
            error_product = sorted(error_product + line_errors, key=lambda row: row["row"])[:MAX_ERRORS_IN_RESULT]
        valid = [line for line in kept if not (line.stock_code and self.is_to_cart)]
        return UploadResult(
            valid_row_count=sum(line.rows for line in valid),
            row_count=self.rows_seen - self.blank_rows,
            valid_product=[self._valid_row(line) for line in valid],
            error_product=error_product,
            error_count=self.error_count + len(line_errors),
            stock_error_skus=list(dict.fromkeys(self._sku_of(line) for line in stock_errors)),
            stock_error_count=len(stock_errors),
        )

    def _stock_check(self, lines: list[MergedLine]) -> list[MergedLine]:
        """business §4 stock check on each merged line (a product tracked per product: its lines together)."""
        product_totals: dict[int, int] = {}
        for line in lines:
            product_totals[line.product_id] = product_totals.get(line.product_id, 0) + line.total
        failed = []
        for line in lines:
            facts = self.resolver.loaded_facts(line.product_id)
            variant = facts.variants.get(line.variant_id) if line.variant_id is not None else None
            per_product = facts.product.inventory_tracking == InventoryTracking.PRODUCT
            quantity = product_totals[line.product_id] if per_product else line.total
            problem = stock_problem(facts.product, variant, quantity)
            if problem is not None and problem.code in _STOCK_CODES:
                line.stock_code, line.stock_message, line.available_stock = (
                    problem.code,
                    problem.message,
                    problem.in_stock,
                )
                failed.append(line)
        return failed

    def _sku_of(self, line: MergedLine) -> str:
        facts = self.resolver.loaded_facts(line.product_id)
        if line.variant_id is not None and line.variant_id in facts.variants:
            return facts.variants[line.variant_id].sku
        return facts.product.sku

    def _valid_row(self, line: MergedLine) -> dict:
        facts = self.resolver.loaded_facts(line.product_id)
        return {
            "sku": self._sku_of(line),
            "qty": line.total,
            "row": line.first_row,
            "rowCount": line.rows,
            "productId": line.product_id,
            "variantId": line.variant_id,
            "productName": facts.product.name,
            "optionList": [
                {"optionId": option_id, "optionValue": value} for option_id, value in facts.default_options or []
            ],
            "needsOptions": facts.needs_options(line.variant_id),
            "stockErrorCode": line.stock_code or None,
            "stockError": line.stock_message or None,
            "availableStock": line.available_stock,
        }

    def _line_error(self, line: MergedLine, code: str, message: str) -> dict:
        """A merged line that cannot be used, as an error row: its catalog number, its total, its first row."""
        return {"sku": self._sku_of(line), "qty": str(line.total), "row": line.first_row, "error": message,
                "errorCode": code}  # fmt: skip


def _error_verdict(code: str, message: str, sku: str, qty: str) -> tuple:
    sku, qty = shown(sku, MAX_SKU_LENGTH), shown(qty, QTY_SHOWN)
    cells = files.csv_cell(sku) + "," + files.csv_cell(qty) + ","
    return (ERROR, str(code), message, sku, qty, cells.replace("%", "%%") + "%d" + _error_cell(message))


@lru_cache(maxsize=256)
def _error_cell(message: str) -> str:
    return ("," + files.csv_cell(message) + "\n").replace("%", "%%")


def _error_row(verdict: tuple, number: int) -> dict:
    return {"sku": verdict[3], "qty": verdict[4], "row": number, "error": verdict[2], "errorCode": verdict[1]}


def validate_stream(
    stream: files.ByteStream | None,
    *,
    rows: Iterator[tuple[str, str]] | None = None,
    with_modifiers: bool,
    is_to_cart: bool,
    error_out: TextIO,
    stock_out: TextIO,
    progress: Callable[[int], None] | None = None,
) -> UploadResult:
    """Validate a CSV file (`stream`) or rows; the one path of the request, the Celery job and the benchmark."""
    validator = UploadValidator(
        with_modifiers=with_modifiers, is_to_cart=is_to_cart, error_out=error_out, stock_out=stock_out
    )
    # The validation makes many small tuples and no reference cycles: the cyclic collector would only walk them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if stream is not None:
            validator.read_csv(stream, progress=progress)
        else:
            validator.read_rows(rows or iter(()))
        return validator.finish()
    finally:
        if collecting:
            gc.enable()
