"""`manage.py track`: recognise tracking numbers from the command line or a pipe.

    manage.py track 1Z999AA10123456784 RR123456785DE      human-readable
    manage.py track --json 1Z999AA10123456784             one JSON line per argument
    some-producer | manage.py track --json -              one JSON line per input line, flushed per line

With --json, standard output carries only the JSON lines: for each input, a list of its matches (empty when
none); diagnostics go to standard error.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator

from django.core.management.base import BaseCommand

from tracking.engine import TrackingMatch, recognize


def _stdin_lines() -> Iterator[str]:
    """Lines of standard input as they arrive (readline does not wait for a full buffer), undecodable
    bytes replaced, line ends removed."""
    stream = sys.stdin.buffer
    while True:
        raw = stream.readline()
        if not raw:
            return
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


class Command(BaseCommand):
    help = "Recognise tracking numbers: courier, format and tracking link. Use '-' to read one per line."

    # The engine needs neither the database nor the other apps: start fast, even when something unrelated
    # would fail a system check.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("numbers", nargs="+", metavar="NUMBER", help="tracking numbers, or '-' for stdin")
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="one JSON list of matches per input line"
        )

    def handle(self, *args, numbers: list[str], as_json: bool, **options) -> None:
        try:
            for number in self._inputs(numbers):
                matches = recognize(number)
                if as_json:
                    self._write_json(matches)
                else:
                    self._write_human(number, matches)
        except BrokenPipeError:
            # The reader has gone (`… | head -1`): stop quietly, and keep Python's exit-time flush quiet too.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    def _inputs(self, numbers: list[str]) -> Iterable[str]:
        if numbers == ["-"]:
            return _stdin_lines()
        if "-" in numbers:
            self.stderr.write("'-' reads standard input and cannot be mixed with numbers; reading the numbers.")
        return numbers

    def _write_json(self, matches: list[TrackingMatch]) -> None:
        line = json.dumps([match.as_dict() for match in matches])
        self.stdout.write(line)
        self.stdout.flush()

    def _write_human(self, number: str, matches: list[TrackingMatch]) -> None:
        if not matches:
            self.stdout.write(f"{number}: not a known tracking number")
        for match in matches:
            self.stdout.write(
                f"{match.tracking_number}: {match.courier_name} — {match.name} ({match.format})\n"
                f"    {match.description}\n"
                f"    {match.tracking_url}"
            )
        self.stdout.flush()
