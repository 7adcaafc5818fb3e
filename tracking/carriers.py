"""Carrier reference data (business §3): couriers, their tracking-number formats and lookups.

The data lives in `carriers.json` beside this module. It is read and checked once, at import, so that a
mistake in it (an unknown checksum kind, a lookup the pattern does not capture, a bad link template) fails
loudly at start-up instead of silently never matching.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tracking.checksums import check_digit_function

DATA_PATH = Path(__file__).with_name("carriers.json")

# The named groups a pattern may use; lookups apply to the last three (business §5, step 2).
SERIAL_GROUP = "SerialNumber"
CHECK_DIGIT_GROUP = "CheckDigit"
# The names of a pattern's groups, `(?P<name>…)`.
_NAMED_GROUP = r"\(\?P<(\w+)>"
LOOKUP_GROUPS = frozenset({"ServiceType", "CountryCode", "ContainerType"})


class CarrierDataError(ValueError):
    """The carrier reference data is inconsistent."""


@dataclass(frozen=True)
class CarrierFormat:
    id: str
    name: str
    description: str
    pattern: str
    checksum: Mapping[str, Any]
    lookups: tuple[str, ...]
    lengths: tuple[int, ...]
    tracking_url: str
    valid_samples: tuple[str, ...]
    invalid_samples: tuple[str, ...]
    courier_code: str
    courier_name: str


@dataclass(frozen=True)
class Courier:
    code: str
    name: str
    lookups: Mapping[str, Mapping[str, str]]
    formats: tuple[CarrierFormat, ...]


def _require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise CarrierDataError(f"{where}: {message}")


def _format_from_data(
    data: Mapping[str, Any],
    courier_code: str,
    courier_name: str,
    courier_lookups: Mapping[str, Mapping[str, str]],
) -> CarrierFormat:
    where = f"format {data.get('id')!r} of courier {courier_code!r}"
    try:
        re.fullmatch(data["pattern"], "", re.ASCII)  # a pattern that does not parse raises re.error
    except re.error as error:
        raise CarrierDataError(f"{where}: bad pattern: {error}") from error
    groups = set(re.findall(_NAMED_GROUP, data["pattern"]))
    _require("(?P=" not in data["pattern"], where, "back-references are not allowed in patterns")

    checksum = MappingProxyType(dict(data["checksum"]))
    check_digit_function(checksum)  # raises for an unknown kind or bad parameters
    if checksum["kind"] != "none":
        _require({SERIAL_GROUP, CHECK_DIGIT_GROUP} <= groups, where, "a checksum needs SerialNumber and CheckDigit")

    lookups = tuple(data.get("lookups", ()))
    for group in lookups:
        _require(group in LOOKUP_GROUPS, where, f"unknown lookup {group!r}")
        _require(group in groups, where, f"lookup {group!r} is not a named group of the pattern")
        _require(group in courier_lookups, where, f"the courier has no {group!r} lookup")

    lengths = tuple(sorted(set(data["lengths"])))
    _require(bool(lengths) and all(isinstance(n, int) and n > 0 for n in lengths), where, "bad lengths")

    url = data["tracking_url"]
    fields = {field for _, field, _, _ in string.Formatter().parse(url) if field is not None}
    _require(url.startswith("https://"), where, "the tracking link must be https")
    _require(fields <= groups | {"number"} and bool(fields), where, f"bad placeholders {sorted(fields)} in link")

    samples = data.get("samples", {})
    return CarrierFormat(
        id=data["id"],
        name=data["name"],
        description=data["description"],
        pattern=data["pattern"],
        checksum=checksum,
        lookups=lookups,
        lengths=lengths,
        tracking_url=url,
        valid_samples=tuple(samples.get("valid", ())),
        invalid_samples=tuple(samples.get("invalid", ())),
        courier_code=courier_code,
        courier_name=courier_name,
    )


def load_couriers(path: Path = DATA_PATH) -> tuple[Courier, ...]:
    """Read and check the carrier reference data."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    couriers = []
    format_ids: set[str] = set()
    for courier_data in raw["couriers"]:
        code, name = courier_data["courier_code"], courier_data["name"]
        lookups = MappingProxyType(
            {group: MappingProxyType(dict(table)) for group, table in courier_data.get("lookups", {}).items()}
        )
        formats = tuple(_format_from_data(item, code, name, lookups) for item in courier_data["formats"])
        for fmt in formats:
            _require(fmt.id not in format_ids, f"format {fmt.id!r}", "duplicate format id")
            format_ids.add(fmt.id)
        couriers.append(Courier(code=code, name=name, lookups=lookups, formats=formats))
    return tuple(couriers)
