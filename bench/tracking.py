"""Tracking-number recognition throughput on one core (issue 7; target ≥ 50,000 numbers/s).

    .venv/bin/python bench/tracking.py [COUNT]

Builds a fixed mixed set (seeded) of COUNT inputs (default 200,000) from the carrier samples: valid numbers as
they are, lower-cased or written in groups, and invalid ones — one character changed, dropped, added or two
swapped, invalid samples, and random strings. Times `tracking.recognize` over the set (best of three, CPU
time of this process), and, for scale, a bare `re.fullmatch` of one compiled pattern over the same set.
Beside it, the figure recorded when the engine was built (issue 7, docs/decisions.md) and the number of
formats then and now: the set is drawn from the samples, so it grows with them. No Django: the engine is pure
Python.
"""

from __future__ import annotations

import random
import re
import string
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and this file is named like the package.
REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(REPO_ROOT)

from tracking import find_in_text, recognize  # noqa: E402
from tracking.carriers import load_couriers  # noqa: E402

ALPHABET = string.ascii_uppercase + string.digits
TARGET_PER_SECOND = 50_000
# Recorded in docs/decisions.md ("Tracking numbers (issue 7)"), with the 21 formats of that time.
ISSUE_7_PER_SECOND = 180_000
ISSUE_7_FORMATS = 21


def mutate(number: str, rnd: random.Random) -> str:
    position = rnd.randrange(len(number))
    kind = rnd.choice(["change", "drop", "add", "swap"])
    if kind == "change":
        return number[:position] + rnd.choice(ALPHABET) + number[position + 1 :]
    if kind == "drop":
        return number[:position] + number[position + 1 :]
    if kind == "add":
        return number[:position] + rnd.choice(ALPHABET) + number[position:]
    other = rnd.randrange(len(number))
    chars = list(number)
    chars[position], chars[other] = chars[other], chars[position]
    return "".join(chars)


def grouped(number: str, rnd: random.Random) -> str:
    size = rnd.choice([3, 4, 5])
    return rnd.choice([" ", "-"]).join(number[i : i + size] for i in range(0, len(number), size))


def mixed_set(count: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    formats = [fmt for courier in load_couriers() for fmt in courier.formats]
    valid = [number for fmt in formats for number in fmt.valid_samples]
    invalid = [number for fmt in formats for number in fmt.invalid_samples]
    numbers = []
    for _ in range(count):
        roll = rnd.random()
        if roll < 0.30:
            numbers.append(rnd.choice(valid))
        elif roll < 0.35:
            numbers.append(rnd.choice(valid).lower())
        elif roll < 0.40:
            numbers.append(grouped(rnd.choice(valid), rnd))
        elif roll < 0.75:
            numbers.append(mutate(rnd.choice(valid), rnd))
        elif roll < 0.85:
            numbers.append(rnd.choice(invalid))
        else:
            numbers.append("".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(6, 36))))
    return numbers


def best_of(runs: int, work) -> float:
    timings = []
    for _ in range(runs):
        start = time.process_time()
        work()
        timings.append(time.process_time() - start)
    return min(timings)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    couriers = load_couriers()
    format_count = sum(len(courier.formats) for courier in couriers)
    numbers = mixed_set(count)
    recognised = sum(1 for number in numbers if recognize(number))

    engine_seconds = best_of(3, lambda: [recognize(number) for number in numbers])
    ups = re.compile(r"1Z(?P<SerialNumber>[0-9A-Z]{15})(?P<CheckDigit>\d)")
    bare_seconds = best_of(3, lambda: [ups.fullmatch(number) for number in numbers])

    text = " ".join(numbers[:20_000]) + "\n"
    text_seconds = best_of(3, lambda: find_in_text(text))

    per_second = count / engine_seconds
    verdict = "met" if per_second >= TARGET_PER_SECOND else "NOT MET"
    rows = [
        ("inputs (mixed valid and invalid)", f"{count:,} ({recognised:,} recognised as at least one format)"),
        ("recognize(), one core", f"{per_second:,.0f} numbers/s ({engine_seconds:.3f} s CPU)"),
        ("recognize() at issue 7, for comparison", f"~{ISSUE_7_PER_SECOND:,} numbers/s ({ISSUE_7_FORMATS} formats)"),
        ("recognize() now / at issue 7", f"{per_second / ISSUE_7_PER_SECOND:.2f}x"),
        ("formats now", f"{format_count} in {len(couriers)} couriers"),
        ("bare re.fullmatch of one pattern", f"{count / bare_seconds:,.0f} numbers/s ({bare_seconds:.3f} s CPU)"),
        ("recognize() time / bare fullmatch", f"{engine_seconds / bare_seconds:.1f}x"),
        (f"find_in_text(), {len(text):,} characters", f"{len(text) / text_seconds / 1e6:.2f} MB/s"),
        (f"target {TARGET_PER_SECOND:,} numbers/s", verdict),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}} : {value}")


if __name__ == "__main__":
    main()
