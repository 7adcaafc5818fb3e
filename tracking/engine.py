"""Tracking-number recognition (business §5): which courier and format a number belongs to.

Pure Python, no Django: usable from the API, the `track` command, the benchmark and anywhere else.

Speed: patterns are compiled once, at import, and bucketed by the lengths they can match. A number is
looked up by its length, then one alternation of that bucket's patterns rejects most non-numbers in a single
regex call; only what passes it is matched against each format, its lookups and its checksum. The formats' and
prefilters' patterns come from the carrier data and are kept as compiled `re.Pattern`s: handing their strings to
`re.fullmatch` (the re module's own cache) made `recognize` 24% slower (bench/tracking.py, issue 37). The fixed
patterns below are strings given to the re functions, which compile each once and keep it in their cache.

Hostile input: the format patterns only ever run on a candidate of a length they can match (at most
MAX_NUMBER_LENGTH characters) and all their repetition is bounded, so backtracking cannot blow up;
`recognize` refuses input longer than MAX_NUMBER_INPUT_CHARS; `find_in_text` tokenizes once, in linear time,
reads at most MAX_TEXT_CHARS characters and checks at most MAX_TEXT_CANDIDATES candidates.
"""

from __future__ import annotations

import logging
import re
import string
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from tracking.carriers import CHECK_DIGIT_GROUP, SERIAL_GROUP, CarrierFormat, Courier, load_couriers
from tracking.checksums import check_digit_function

logger = logging.getLogger(__name__)

# `recognize` is for one number: longer input is not one (a formatted number is well under 100 characters).
MAX_NUMBER_INPUT_CHARS = 1_000
# `find_in_text` reads at most this many characters of its text, and checks at most this many candidates.
MAX_TEXT_CHARS = 1_000_000
MAX_TEXT_CANDIDATES = 20_000
# In text, a number may be written in at most this many groups ("1Z 999 AA1 01 2345 678 4"), separated by
# at most three spaces, tabs or hyphens.
MAX_GROUPS_PER_NUMBER = 10

_NON_ALNUM_ASCII = r"[^0-9A-Za-z]+"
_NON_ALNUM_UNICODE = r"[\W_]+"
_TOKEN = r"[0-9A-Za-z]+"
_GROUP_SEPARATOR = r"[ \t-]{1,3}"
_NAMED_GROUP = r"\(\?P<\w+>"


@dataclass(frozen=True, slots=True)
class TrackingMatch:
    """One way to read a tracking number (business §3 "Tracking result")."""

    name: str  # the format's name
    tracking_url: str
    description: str
    tracking_number: str  # alphanumerics only, upper case
    courier_name: str
    courier_code: str
    format: str  # the format's id

    def as_dict(self) -> dict[str, str]:
        return {
            "courier_code": self.courier_code,
            "courier_name": self.courier_name,
            "tracking_number": self.tracking_number,
            "tracking_url": self.tracking_url,
            "format": self.format,
            "name": self.name,
            "description": self.description,
        }


class _Found(NamedTuple):
    """A match, and the number its tracking link uses: the whole number, or the one embedded in it (the IMpb
    inside "420 + ZIP + IMpb", the 12 digits at the end of a FedEx 34)."""

    match: TrackingMatch
    tracked: str


class _CompiledFormat:
    """A format ready to match: compiled pattern, resolved lookups, checksum function."""

    __slots__ = ("data", "regex", "lookups", "check_digit", "url_uses_groups", "tracked_groups")

    def __init__(self, data: CarrierFormat, courier: Courier):
        self.data = data
        self.regex = re.compile(data.pattern, re.ASCII)
        self.lookups: tuple[tuple[str, Mapping[str, str]], ...] = tuple(
            (group, courier.lookups[group]) for group in data.lookups
        )
        self.check_digit = None if data.checksum["kind"] == "none" else check_digit_function(data.checksum)
        url_fields = [field for _, field, _, _ in string.Formatter().parse(data.tracking_url) if field]
        self.url_uses_groups = url_fields != ["number"]
        # A link built from groups tracks by the number they make ("{SerialNumber}{CheckDigit}").
        self.tracked_groups = tuple(url_fields) if "number" not in url_fields else ()

    def match(self, number: str) -> _Found | None:
        """The match of an already normalised number, or None."""
        found = self.regex.fullmatch(number)
        if found is None:
            return None
        lookup_values = []
        for group, table in self.lookups:
            value = table.get(found.group(group))
            if value is None:
                return None
            lookup_values.append(value)
        if self.check_digit is not None and self.check_digit(found.group(SERIAL_GROUP)) != int(
            found.group(CHECK_DIGIT_GROUP)
        ):
            return None
        data = self.data
        if self.url_uses_groups:
            url = data.tracking_url.format(number=number, **found.groupdict(""))
        else:
            url = data.tracking_url.format(number=number)
        description = f"{data.description}: {', '.join(lookup_values)}" if lookup_values else data.description
        match = TrackingMatch(
            name=data.name,
            tracking_url=url,
            description=description,
            tracking_number=number,
            courier_name=data.courier_name,
            courier_code=data.courier_code,
            format=data.id,
        )
        if self.tracked_groups:
            # A group the number leaves out (an optional application identifier) adds nothing.
            return _Found(match, "".join(found.group(group) or "" for group in self.tracked_groups))
        return _Found(match, number)


def _build_buckets(
    formats: tuple[_CompiledFormat, ...],
) -> Mapping[int, tuple[re.Pattern[str] | None, tuple[_CompiledFormat, ...]]]:
    """length → (one alternation of the bucket's patterns, or None for a single format; the formats)."""
    by_length: dict[int, list[_CompiledFormat]] = {}
    for fmt in formats:
        for length in fmt.data.lengths:
            by_length.setdefault(length, []).append(fmt)
    buckets = {}
    for length, bucket in by_length.items():
        prefilter = None
        if len(bucket) > 1:
            # Group names must be unique in one regex, and the prefilter needs none: make them plain groups.
            alternatives = "|".join(f"(?:{re.sub(_NAMED_GROUP, '(?:', fmt.data.pattern)})" for fmt in bucket)
            prefilter = re.compile(alternatives, re.ASCII)
        buckets[length] = (prefilter, tuple(bucket))
    return MappingProxyType(buckets)


COURIERS: tuple[Courier, ...] = load_couriers()
_FORMATS: tuple[_CompiledFormat, ...] = tuple(
    _CompiledFormat(fmt, courier) for courier in COURIERS for fmt in courier.formats
)
_BUCKETS = _build_buckets(_FORMATS)
MAX_NUMBER_LENGTH = max(_BUCKETS)


def normalize(number: str) -> str:
    """The number stripped of non-alphanumerics and upper-cased (business §5, step 1).

    Full-width and other compatibility forms are folded first (NFKC), so "１Ｚ" reads as "1Z"; other
    non-ASCII letters and digits are kept, so such a number matches no format.
    """
    if number.isascii():
        return re.sub(_NON_ALNUM_ASCII, "", number).upper()
    stripped = re.sub(_NON_ALNUM_UNICODE, "", unicodedata.normalize("NFKC", number))
    # Only upper-case ASCII: "ß".upper() would turn a non-number into the letters "SS".
    return stripped.upper() if stripped.isascii() else stripped


def _recognize_normalized(number: str, *, with_tracked: bool = False) -> list:
    """The matches of a normalised number; with_tracked: as _Found (match and tracked number)."""
    bucket = _BUCKETS.get(len(number))
    if bucket is None:
        return []
    prefilter, formats = bucket
    if prefilter is not None and prefilter.fullmatch(number) is None:
        return []
    matches = []
    for fmt in formats:
        found = fmt.match(number)
        if found is not None:
            matches.append(found if with_tracked else found.match)
    return matches


def recognize(number: str) -> list[TrackingMatch]:
    """Every format the number is valid in (business §5): may be none, one or several."""
    if not isinstance(number, str):
        raise TypeError(f"recognize() takes a str, not {type(number).__name__}")
    if len(number) > MAX_NUMBER_INPUT_CHARS:
        return []
    return _recognize_normalized(normalize(number))


def find_in_text(text: str) -> list[TrackingMatch]:
    """Every tracking number written in free text, in order of appearance, each (format, number) once.

    The text is split once into groups of ASCII letters and digits. A number may be written in groups
    separated by up to three spaces, tabs or hyphens ("1Z 999 AA1 01 2345 678 4"), so every run of up to
    MAX_GROUPS_PER_NUMBER neighbouring groups is a candidate; candidates that extend one another are
    resolved by `_select` (business §5, step 4).
    """
    if not isinstance(text, str):
        raise TypeError(f"find_in_text() takes a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        logger.info("find_in_text: reading the first %d of %d characters", MAX_TEXT_CHARS, len(text))
        text = text[:MAX_TEXT_CHARS]
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)[:MAX_TEXT_CHARS]

    # (first group, last group) → its matches, each with the number its format tracks by (see _Found).
    found: dict[tuple[int, int], list[_Found]] = {}
    group_lengths: dict[int, int] = {}  # of the groups in found candidates
    recognized: dict[str, list[_Found]] = {}  # a number repeated in the text is recognised once
    budget = MAX_TEXT_CANDIDATES
    # The last groups that may belong to one number: their indices and upper-cased texts.
    chain_indices: list[int] = []
    chain_parts: list[str] = []
    previous_end = 0
    for index, token in enumerate(re.finditer(_TOKEN, text)):
        start, end = token.span()
        group = token.group()
        if len(group) > MAX_NUMBER_LENGTH:
            chain_indices.clear()
            chain_parts.clear()
            previous_end = end
            continue
        if chain_parts and re.fullmatch(_GROUP_SEPARATOR, text[previous_end:start]) is None:
            chain_indices.clear()
            chain_parts.clear()
        chain_indices.append(index)
        chain_parts.append(group.upper())
        if len(chain_parts) > MAX_GROUPS_PER_NUMBER:
            del chain_indices[0], chain_parts[0]
        previous_end = end

        # Candidates ending with this group: it alone, it with the group before, … while short enough.
        length = 0
        for position in range(len(chain_parts) - 1, -1, -1):
            length += len(chain_parts[position])
            if length > MAX_NUMBER_LENGTH:
                break
            if length not in _BUCKETS:
                continue
            budget -= 1
            if budget < 0:
                logger.info("find_in_text: stopped after %d candidates", MAX_TEXT_CANDIDATES)
                return _select(found, group_lengths)
            candidate = "".join(chain_parts[position:])
            matches = recognized.get(candidate)
            if matches is None:
                matches = recognized[candidate] = _recognize_normalized(candidate, with_tracked=True)
            if matches:
                found[(chain_indices[position], index)] = matches
                group_lengths.update(zip(chain_indices[position:], map(len, chain_parts[position:]), strict=True))
    return _select(found, group_lengths)


def _select(found: dict[tuple[int, int], list[_Found]], group_lengths: dict[int, int]) -> list[TrackingMatch]:
    """Resolve candidates that extend one another (see find_in_text), then order by position, de-duplicated.

    A candidate is a span of groups (first, last). For a candidate L and a shorter candidate S at its start
    or its end (L is a prefix or suffix extension of S), L is dropped — business §5, step 4 — when:
    - every group of L is a candidate on its own: L is a list of numbers separated by spaces
      ("3318810025 1234567891" is two DHL numbers, not one USPS 20);
    - S is L's own tracking number (L = a routing or barcode prefix + S): one parcel, read as S
      ("420 90210 9400 1000 …" is the IMpb "9400 1000 …" with its ZIP routing code);
    - S has one of L's formats: the format let a neighbouring group be read into the number
      ("JJD0123456789 7 boxes"), unless L is printed in groups of one size ("JJD0 1398 6898 9597 5").
    Otherwise L is kept, and the shorter candidates inside it are fragments of it that passed a checksum by
    chance ("9400 1000 0000" inside "9400 1000 0000 0000 0000 06").
    """
    spans = set(found)
    ends_from: dict[int, list[int]] = {}
    starts_to: dict[int, list[int]] = {}
    for first, last in spans:
        ends_from.setdefault(first, []).append(last)
        starts_to.setdefault(last, []).append(first)

    def shorter_at_the_ends(first: int, last: int) -> Iterator[tuple[int, int]]:
        for end in ends_from.get(first, ()):
            if end < last:
                yield first, end
        for start in starts_to.get(last, ()):
            if start > first:
                yield start, last

    def numbers(span: tuple[int, int]) -> set[str]:
        return {item.match.tracking_number for item in found[span]}

    def grouped_print(first: int, last: int) -> bool:
        """At least three groups, all of one length but the last, which is no longer."""
        if last - first < 2:
            return False
        size = group_lengths[first]
        same_size = all(group_lengths[group] == size for group in range(first, last))
        return same_size and group_lengths[last] <= size

    def formats(span: tuple[int, int]) -> set[str]:
        return {item.match.format for item in found[span]}

    kept: list[tuple[int, int]] = []
    covering: dict[tuple[int, int], set[str]] = {}  # span → numbers inside it that are not fragments of it
    for span in sorted(spans):
        first, last = span
        extends = list(shorter_at_the_ends(first, last))
        if not extends:
            kept.append(span)
            covering[span] = set()
            continue
        if all((group, group) in spans for group in range(first, last + 1)):
            continue  # a list of numbers separated by spaces
        tracked = {item.tracked for item in found[span]}
        if any(tracked & numbers(shorter) for shorter in extends):
            covering[span] = tracked  # one parcel: read as its own tracking number, which is inside it
            continue
        if not grouped_print(first, last) and any(formats(span) & formats(shorter) for shorter in extends):
            continue
        kept.append(span)
        covering[span] = set()

    # Covering spans by first group, to find the ones around a candidate.
    covering_from: dict[int, list[tuple[int, int]]] = {}
    for span in covering:
        covering_from.setdefault(span[0], []).append(span)

    def fragment(span: tuple[int, int]) -> bool:
        first, last = span
        for start in range(first - MAX_GROUPS_PER_NUMBER + 1, first + 1):
            for around in covering_from.get(start, ()):
                if around != span and around[1] >= last and not numbers(span) & covering[around]:
                    return True
        return False

    result: list[TrackingMatch] = []
    seen: set[tuple[str, str]] = set()
    for span in kept:
        if fragment(span):
            continue
        for item in found[span]:
            key = (item.match.format, item.match.tracking_number)
            if key not in seen:
                seen.add(key)
                result.append(item.match)
    return result
