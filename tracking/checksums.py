"""Check-digit rules of the tracking-number formats (business §5, step 3 and 5).

A rule is the `checksum` object of a format in `carriers.json`: a `kind` and its parameters. `check_digit`
computes the expected check digit of a serial number; the engine compares it with the number's own.

Kinds:
- `mod10`: each character times the odd or even multiplier (positions counted from the `positions` end,
  the first position being odd); check = (10 - sum mod 10) mod 10.
- `weighted`: each character times `weights` (cycled, starting from the `positions` end);
  check = (sum mod `modulo1`) mod `modulo2`.
- `mod7`: check = serial (as a number) mod 7.
- `s10`: UPU S10, `weights` 8,6,4,2,3,5,9,7; check = 11 - (sum mod 11), where 10 gives 0 and 11 gives 5
  (a remainder of 1 gives 0 and a remainder of 0 gives 5).
- `none`: the format has no check digit.

Any kind but `s10` and `none` may name an `implied_prefix`: characters the check digit covers that the printed
number leaves out. USPS legacy 20-digit labels and FedEx's 20-digit SmartPost numbers drop the GS1 application
identifier ("91", "92") of their barcode, but their check digit is still computed over it.

Letters count as (char code - 3) mod 10 in every kind (business §5, step 5): A=2, B=3, … Z=7.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import cycle, islice
from operator import mul
from typing import Any

CHECKSUM_KINDS = frozenset({"mod10", "weighted", "mod7", "s10", "none"})

# business §5 step 5: letters are converted by char code minus 3, mod 10.
CHAR_VALUES: dict[str, int] = {digit: int(digit) for digit in string.digits}
CHAR_VALUES.update({letter: (ord(letter) - 3) % 10 for letter in string.ascii_uppercase})

S10_WEIGHTS = (8, 6, 4, 2, 3, 5, 9, 7)


def char_value(char: str) -> int:
    """The numeric value of one character of a serial number (digits as is, letters converted)."""
    return CHAR_VALUES[char]


def _values(serial: str) -> list[int]:
    return [CHAR_VALUES[char] for char in serial]


@lru_cache(maxsize=256)
def _weights_for(length: int, pattern: tuple[int, ...], from_right: bool) -> tuple[int, ...]:
    """`pattern` cycled over `length` positions, starting at the left or the right end of the serial."""
    weights = tuple(islice(cycle(pattern), length))
    return weights[::-1] if from_right else weights


def _weighted_sum(serial: str, pattern: tuple[int, ...], from_right: bool) -> int:
    return sum(map(mul, _values(serial), _weights_for(len(serial), pattern, from_right)))


def mod10_check_digit(serial: str, *, odd_multiplier: int, even_multiplier: int, from_right: bool) -> int:
    total = _weighted_sum(serial, (odd_multiplier, even_multiplier), from_right)
    return (10 - total % 10) % 10


def weighted_check_digit(serial: str, *, weights: tuple[int, ...], from_right: bool, modulo1: int, modulo2: int) -> int:
    return _weighted_sum(serial, weights, from_right) % modulo1 % modulo2


def mod7_check_digit(serial: str) -> int:
    if serial.isascii() and serial.isdigit():
        return int(serial) % 7
    remainder = 0  # with letters (converted): Horner's rule over the digit values
    for value in _values(serial):
        remainder = (remainder * 10 + value) % 7
    return remainder


def s10_check_digit(serial: str, *, weights: tuple[int, ...] = S10_WEIGHTS) -> int:
    """UPU S10: 8 digits weighted 8,6,4,2,3,5,9,7; check = 11 - (sum mod 11), 10 → 0, 11 → 5."""
    if len(serial) != len(weights):
        raise ValueError(f"An S10 serial number has {len(weights)} digits, not {len(serial)}.")
    check = 11 - sum(map(mul, _values(serial), weights)) % 11
    if check == 10:
        return 0
    if check == 11:
        return 5
    return check


CheckDigitFunction = Callable[[str], int | None]


def check_digit_function(rule: Mapping[str, Any]) -> CheckDigitFunction:
    """The function serial → expected check digit for a checksum rule (None for kind `none`).

    Raises ValueError for an unknown kind or a missing or bad parameter, so that a broken data file fails
    at import rather than at the first number.
    """
    kind = rule.get("kind")
    if kind not in CHECKSUM_KINDS:
        raise ValueError(f"Unknown checksum kind {kind!r}; expected one of {sorted(CHECKSUM_KINDS)}.")
    prefix = rule.get("implied_prefix", "")
    if prefix:
        if kind in ("s10", "none"):
            raise ValueError(f"A checksum of kind {kind!r} takes no implied_prefix.")
        if not isinstance(prefix, str) or not all(char in CHAR_VALUES for char in prefix):
            raise ValueError(f"implied_prefix must be digits and upper-case letters, not {prefix!r}.")
        without_prefix = check_digit_function({key: value for key, value in rule.items() if key != "implied_prefix"})
        return lambda serial: without_prefix(prefix + serial)
    if kind == "none":
        return lambda serial: None
    if kind == "mod7":
        return mod7_check_digit
    if kind == "s10":
        s10_weights = tuple(int(weight) for weight in rule.get("weights", S10_WEIGHTS))
        return lambda serial: s10_check_digit(serial, weights=s10_weights)
    positions = rule.get("positions", "left")
    if positions not in ("left", "right"):
        raise ValueError(f"checksum positions must be 'left' or 'right', not {positions!r}.")
    from_right = positions == "right"
    if kind == "mod10":
        odd, even = int(rule["odd_multiplier"]), int(rule["even_multiplier"])
        return lambda serial: mod10_check_digit(serial, odd_multiplier=odd, even_multiplier=even, from_right=from_right)
    # kind == "weighted"
    weights = tuple(int(weight) for weight in rule["weights"])
    modulo1, modulo2 = int(rule["modulo1"]), int(rule["modulo2"])
    if not weights or modulo1 < 1 or modulo2 < 1:
        raise ValueError("A weighted checksum needs weights and two positive moduli.")
    return lambda serial: weighted_check_digit(
        serial, weights=weights, from_right=from_right, modulo1=modulo1, modulo2=modulo2
    )
