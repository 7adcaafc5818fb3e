"""Product option validation (business §5) and the quantity rules: one server implementation, exact messages.

Selections map an option id to the buyer's value:
- text, numbers-only text, multi-line text: a string;
- date: "YYYY-MM-DD", a `date`, or `{"year", "month", "day"}` (the storefront's attribute[{id}][month] form);
- checkbox: a truthy value ("1", "on", "true", True, or the id of a value whose checked_value is not false);
- radio buttons, dropdown, rectangles, swatch, product list: the id of one of the option's values;
- file: an uploaded file (anything with `.size` and `.name`, or `{"name", "size"}`), or a list of them.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol, overload

from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat

from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from pricing.errors import PricingErrorCode
from pricing.models import (
    MULTIPLE_CHOICE_TYPES,
    Availability,
    InventoryTracking,
    NumberLimit,
    OptionType,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.translations import OptionTexts

# business §5 / §9: quantity 1 to 1,000,000 (portal/quantity.py).
QUANTITY_MESSAGE = f"Enter a whole number from {QUANTITY_MIN} to {QUANTITY_MAX:,}."
# business §8 toast: the quantity of one quote line (the sum of its merges) may not exceed 1,000,000.
QUOTE_LINE_QUANTITY_MESSAGE = f"The quantity of each product in Quote is {QUANTITY_MIN}-{QUANTITY_MAX}."
# business §5: the option file upload limit is 1 file.
OPTION_FILE_LIMIT = 1

REQUIRED_OPTIONS_MESSAGE = "Please fill out product options first."
GENERAL_ERROR_KEY = "__all__"

_FALSY = {"", "0", "false", "off", "no", "none", "null"}
_NUMBER = r"[+-]?(\d+(\.\d*)?|\.\d+)"


# --- quantity ----------------------------------------------------------------------------------------------------


def validate_quantity(value: Any) -> int:
    """business §5: an integer from 1 to 1,000,000. Accepts an int or a string of digits; returns the int."""
    quantity: int | None = None
    if isinstance(value, bool):
        quantity = None
    elif isinstance(value, int):
        quantity = value
    elif isinstance(value, Decimal | float) and math.isfinite(value) and value == int(value):
        quantity = int(value)
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        quantity = int(value.strip())
    if quantity is None or not QUANTITY_MIN <= quantity <= QUANTITY_MAX:
        raise ValidationError(QUANTITY_MESSAGE, code=PricingErrorCode.INVALID_QUANTITY)
    return quantity


def validate_quote_line_quantity(total: int) -> int:
    """business §5: a quote line's quantity total (after merging) is 1 to 1,000,000."""
    if isinstance(total, bool) or not isinstance(total, int) or not QUANTITY_MIN <= total <= QUANTITY_MAX:
        raise ValidationError(QUOTE_LINE_QUANTITY_MESSAGE, code=PricingErrorCode.QUOTE_QUANTITY_EXCEEDED)
    return total


# --- selections --------------------------------------------------------------------------------------------------


def format_limit(value: Decimal | int | float) -> str:
    """business §5 `{n}`: integers without decimals ("10", not "10.0000"); other numbers as written ("2.5")."""
    number = Decimal(str(value))
    if number == number.to_integral_value():
        return str(int(number))
    return format(number.normalize(), "f")


def value_id(value: Any) -> int | None:
    """The option value id a selection names, if it names one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip())
    return None


class _Identified(Protocol):
    """An option as a row with its id (the price engine's): enough when the option's values are given."""

    @property
    def pk(self) -> int: ...


@overload
def checkbox_ticked(option: ProductOption, value: Any, values_by_id: Mapping[int, Any] | None = None) -> bool: ...
@overload
def checkbox_ticked(option: _Identified, value: Any, values_by_id: Mapping[int, Any]) -> bool: ...
def checkbox_ticked(option: Any, value: Any, values_by_id: Mapping[int, Any] | None = None) -> bool:
    """Whether a checkbox selection is ticked: a truthy value, or the id of one of the option's values whose
    `value_data.checked_value` is not false (business §3 option value_data). Without `values_by_id`, `option` is
    the model (its values are read)."""
    if value is None or value is False:
        return False
    if isinstance(value, str) and value.strip().lower() in _FALSY:
        return False
    if values_by_id is None:
        values_by_id = {v.pk: v for v in option.values.all()}
    chosen_id = value_id(value)
    chosen = values_by_id.get(chosen_id) if chosen_id is not None else None
    if chosen is not None and chosen.option_id == option.pk:
        checked = chosen.value_data.get("checked_value", True) if isinstance(chosen.value_data, dict) else True
        return checked not in (False, 0, "0", "false", "False", "")
    return not (isinstance(value, int | float | Decimal) and not isinstance(value, bool) and value == 0)


def _is_empty(option: ProductOption, value: Any) -> bool:
    if option.type == OptionType.CHECKBOX:
        return not checkbox_ticked(option, value)
    if value is None:
        return True
    if isinstance(value, str):
        return value.strip() == ""
    if isinstance(value, list | tuple | dict):
        return not value or (isinstance(value, dict) and not any(str(v).strip() for v in value.values()))
    return False


def _parse_date(value: Any) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        if isinstance(value, Mapping):
            return datetime.date(int(value["year"]), int(value["month"]), int(value["day"]))
        if isinstance(value, str):
            return datetime.date.fromisoformat(value.strip()[:10])
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _file_parts(value: Any) -> list[tuple[str, int | None]]:
    files = value if isinstance(value, list | tuple) else [value]
    parts = []
    for item in files:
        if isinstance(item, Mapping):
            name, size = item.get("name", ""), item.get("size")
        else:
            name, size = getattr(item, "name", "") or "", getattr(item, "size", None)
        try:
            parts.append((str(name), int(size) if size is not None else None))
        except (TypeError, ValueError):
            parts.append((str(name), None))
    return parts


def _text_errors(option: ProductOption, text: str) -> list[str]:
    name = option.display_name
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if option.text_min_length is not None and len(text) < option.text_min_length:
        return [f"The min length of {name} is {format_limit(option.text_min_length)}."]
    if option.text_max_length is not None and len(text) > option.text_max_length:
        return [f"The max length of {name} is {format_limit(option.text_max_length)}."]
    if option.type == OptionType.MULTI_LINE_TEXT and option.text_max_lines is not None:
        lines = text.split("\n")
        while lines and not lines[-1].strip():  # business §5: trailing empty lines are not counted
            lines.pop()
        if len(lines) > option.text_max_lines:
            return [f"The max line of {name} is {format_limit(option.text_max_lines)}."]
    return []


def _number_errors(option: ProductOption, raw: Any) -> list[str]:
    name = option.display_name
    text = str(raw).strip()
    if not re.fullmatch(_NUMBER, text):
        return [f"Please enter a valid number in {name}."]
    try:
        number = Decimal(text)
    except InvalidOperation:
        return [f"Please enter a valid number in {name}."]
    if option.number_integers_only and number != number.to_integral_value():
        return [f"Please enter an integer number in {name}."]
    limited = option.number_limited
    lowest, highest = option.number_lowest_value, option.number_highest_value
    if limited in (NumberLimit.LOWEST, NumberLimit.RANGE) and lowest is not None and number < lowest:
        return [f"The lowest value of {name} is {format_limit(lowest)}."]
    if limited in (NumberLimit.HIGHEST, NumberLimit.RANGE) and highest is not None and number > highest:
        return [f"The highest value of {name} is {format_limit(highest)}."]
    return []


def _file_errors(option: ProductOption, value: Any) -> list[str]:
    name = option.display_name
    files = _file_parts(value)
    if len(files) > OPTION_FILE_LIMIT:
        return [f"Only {OPTION_FILE_LIMIT} file can be uploaded for {name}."]
    file_name, size = files[0]
    allowed = {ext.strip().lower().lstrip(".") for ext in option.file_types.split(",") if ext.strip()}
    if allowed and file_name.rsplit(".", 1)[-1].lower() not in allowed:
        return [f"The file type of {name} is not supported. Allowed types: {', '.join(sorted(allowed))}."]
    if size is None:
        return [f"Please upload a file in {name}."]
    if option.file_max_size is not None and size > option.file_max_size:
        return [f"The file of {name} is too big. Size limit is {filesizeformat(option.file_max_size)}."]
    return []


def _option_value_errors(option: ProductOption, value: Any) -> list[str]:
    name = option.display_name
    if option.type in (OptionType.TEXT, OptionType.MULTI_LINE_TEXT):
        return _text_errors(option, value if isinstance(value, str) else str(value))
    if option.type == OptionType.NUMBERS_ONLY_TEXT:
        return _number_errors(option, value)
    if option.type == OptionType.DATE:
        return [] if _parse_date(value) else [f"Please enter a valid date in {name}."]
    if option.type in MULTIPLE_CHOICE_TYPES:
        chosen = value_id(value)
        if chosen is None or chosen not in {v.pk for v in option.values.all()}:
            return [f"Please choose a valid value in {name}."]
        return []
    if option.type == OptionType.FILE:
        return _file_errors(option, value)
    return []  # checkbox: any value reads as ticked or not


def option_errors(*, options: Iterable[ProductOption], selections: Mapping[int, Any]) -> dict[str, list[str]]:
    """The errors of a product's option selections: option id (as a string) → messages, and under "__all__"
    'Please fill out product options first.' when a required option has no value (business §5).

    `options` are the product's options, best with their values prefetched (`prefetch_related("values")`).
    Selections for options that are not the product's are reported under their id."""
    options = list(options)
    errors: dict[str, list[str]] = {}
    known = {option.pk for option in options}
    missing_required = False
    for option in options:
        value = selections.get(option.pk)
        if _is_empty(option, value):
            missing_required = missing_required or option.required
            continue
        messages = _option_value_errors(option, value)
        if messages:
            errors[str(option.pk)] = messages
    for option_id in selections:
        if option_id not in known:
            errors[str(option_id)] = ["This option does not belong to the product."]
    if missing_required:
        errors[GENERAL_ERROR_KEY] = [REQUIRED_OPTIONS_MESSAGE]
    return errors


def validate_options(
    product: Product, selections: Mapping[int, Any], *, files: Mapping[str, Any] | None = None
) -> dict[str, list[str]]:
    """The errors of a product's option selections (see `option_errors`), with the uploaded files of file
    options taken from `files` (a request's FILES, keyed `attribute[{id}]` or the option id). Uses the product's
    prefetched options (`selectors.product_detail` prefetches them)."""
    options = list(product.options.all())
    merged = dict(selections)
    if files:
        for option in options:
            if option.type != OptionType.FILE:
                continue
            for key in (f"attribute[{option.pk}]", str(option.pk)):
                uploaded = files.getlist(key) if hasattr(files, "getlist") else files.get(key)
                if uploaded:
                    merged[option.pk] = list(uploaded) if isinstance(uploaded, list | tuple) else uploaded
                    break
    return option_errors(options=options, selections=merged)


@dataclass(frozen=True)
class OptionSelection:
    """One chosen option as shown back to the buyer (cart, quote and list lines)."""

    option_id: int
    display_name: str
    value: str


def describe_selections(
    *, options: Iterable[ProductOption], selections: Mapping[int, Any], texts: OptionTexts | None = None
) -> list[OptionSelection]:
    """Readable labels of valid selections, in the product's option order (labels for value ids, "Yes" for a
    ticked checkbox, the text otherwise); option names and value labels in the language of `texts` when given
    (pricing.translations), else as staff wrote them."""
    texts = texts or OptionTexts()
    described = []
    for option in options:
        if option.pk not in selections or _is_empty(option, selections[option.pk]):
            continue
        value = selections[option.pk]
        if option.type in MULTIPLE_CHOICE_TYPES:
            labels = {v.pk: texts.value_label(v.pk, v.label) for v in option.values.all()}
            chosen_id = value_id(value)
            text = labels.get(chosen_id, "") if chosen_id is not None else ""
        elif option.type == OptionType.CHECKBOX:
            # "Calibration certificate: Yes", as the cart shows it — the checkbox's label is its description, not
            # its value (issue 13). In another language, the ticked value's own translation of "Yes" (issue 36).
            ticked = value_id(value)
            text = texts.value_label(ticked, "Yes") if ticked is not None else "Yes"
        elif option.type == OptionType.DATE:
            parsed = _parse_date(value)
            text = parsed.isoformat() if parsed else ""
        elif option.type == OptionType.FILE:
            text = ", ".join(name for name, _ in _file_parts(value))
        else:
            text = str(value)
        name = texts.option_name(option.pk, option.display_name)
        described.append(OptionSelection(option_id=option.pk, display_name=name, value=text))
    return described


# --- stock check and quote button (business §4) ------------------------------------------------------------------

NOT_AVAILABLE_MESSAGE = "This product is not available for purchase."
OUT_OF_STOCK_MESSAGE = "This product is out of stock."


class StockProblem(str):
    """Why a product fails the stock check: the buyer-facing message (it is a `str`), with its `code`
    (a PricingErrorCode) and, for stock problems, `in_stock`."""

    code: str
    in_stock: int | None

    def __new__(cls, message: str, *, code: str, in_stock: int | None = None) -> StockProblem:
        problem = super().__new__(cls, message)
        problem.code = str(code)
        problem.in_stock = in_stock
        return problem

    @property
    def message(self) -> str:
        return str(self)


def tracked_stock(product: Product, variant: ProductVariant | None) -> int | None:
    """The stock that limits the quantity: the product's when tracked per product, the variant's when tracked
    per variant (None without a variant, or when stock is not tracked)."""
    if product.inventory_tracking == InventoryTracking.PRODUCT:
        return product.inventory_level
    if product.inventory_tracking == InventoryTracking.VARIANT and variant is not None:
        return variant.inventory_level
    return None


def stock_problem(
    product: Product, variant: ProductVariant | None, quantity: int, *, quoted: bool = False
) -> StockProblem | None:
    """business §4 stock check: fails when availability is disabled, purchasing is disabled (product or variant),
    or the quantity exceeds the tracked inventory. None when the product can be bought in that quantity.
    `quoted`: the line comes from a quote the supplier priced, so a product sold only on request (availability
    disabled) may be ordered at that price; purchasing switched off and the stock still apply (issue 13)."""
    if (
        (product.availability == Availability.DISABLED and not quoted)
        or product.purchasing_disabled
        or (variant is not None and variant.purchasing_disabled)
    ):
        message = product.purchasing_disabled_message.strip() or NOT_AVAILABLE_MESSAGE
        return StockProblem(message, code=PricingErrorCode.NOT_AVAILABLE)
    stock = tracked_stock(product, variant)
    if stock is not None and quantity > stock:
        if stock <= 0:
            return StockProblem(OUT_OF_STOCK_MESSAGE, code=PricingErrorCode.OUT_OF_STOCK, in_stock=0)
        return StockProblem(f"Only {stock:,} in stock.", code=PricingErrorCode.INSUFFICIENT_STOCK, in_stock=stock)
    return None


def stock_check(product: Product, variant: ProductVariant | None, quantity: int) -> None:
    """Raise ValidationError (with the problem's code) when the product fails the stock check."""
    problem = stock_problem(product, variant, quantity)
    if problem is not None:
        raise ValidationError(problem.message, code=problem.code)


def quote_button_visible(
    product: Product, variant: ProductVariant | None, quantity: int, *, non_purchasable_quote_enabled: bool
) -> bool:
    """business §4: the quote button shows when purchasing is not disabled, availability is "available" and,
    when inventory is tracked, the quantity does not exceed stock. With the store's
    `quote_on_non_purchasable_product_page` switch on (`non_purchasable_quote_enabled`), it shows on
    non-purchasable and out-of-stock products too."""
    if non_purchasable_quote_enabled:
        return True
    return product.availability == Availability.AVAILABLE and stock_problem(product, variant, quantity) is None
