"""`manage.py track`: the human form, and the JSON pipe form through a real subprocess."""

import json
import os
import select
import subprocess
import sys
from io import StringIO
from pathlib import Path

from django.core.management import call_command

REPO_ROOT = Path(__file__).resolve().parents[2]
MATCH_KEYS = {"courier_code", "courier_name", "tracking_number", "tracking_url", "format", "name", "description"}


def run_track(*args, stdin: str | bytes = b""):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings_test"}
    return subprocess.run(
        [sys.executable, "manage.py", "track", *args],
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        check=False,
    )


def test_json_from_stdin_writes_exactly_one_json_line_per_input_line():
    lines = ["1Z999AA10123456784", "", "not a number", "40612345675", "  rr 123 456 785 de  "]

    result = run_track("--json", "-", stdin="\n".join(lines) + "\n")

    assert result.returncode == 0, result.stderr
    output = result.stdout.decode().split("\n")
    assert output[-1] == ""  # the output ends with a line end, and has nothing else
    answers = [json.loads(line) for line in output[:-1]]
    assert len(answers) == len(lines)
    assert [[match["format"] for match in answer] for answer in answers] == [
        ["ups_1z"],
        [],
        [],
        ["dhl_express", "ups_air_waybill"],
        ["s10"],
    ]
    assert answers[0][0] == {
        "courier_code": "ups",
        "courier_name": "UPS",
        "tracking_number": "1Z999AA10123456784",
        "tracking_url": "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        "format": "ups_1z",
        "name": "UPS",
        "description": "UPS 1Z tracking number: UPS Next Day Air",
    }
    assert all(set(match) == MATCH_KEYS for answer in answers for match in answer)
    assert answers[4][0]["tracking_number"] == "RR123456785DE"


def test_json_from_stdin_reads_a_last_line_without_line_end_and_windows_line_ends():
    result = run_track("--json", "-", stdin="3318810025\r\n1Z999AA10123456784")

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [[match["format"] for match in answer] for answer in answers] == [["dhl_express"], ["ups_1z"]]


def test_json_from_empty_stdin_writes_nothing():
    result = run_track("--json", "-", stdin=b"")

    assert result.returncode == 0, result.stderr
    assert result.stdout == b""


def test_json_from_stdin_survives_undecodable_bytes_control_characters_and_long_lines():
    result = run_track("--json", "-", stdin=b"\xff\xfe\x00\x1b[2J\n" + b"x" * 100_000 + b"\nRR123456785DE\n")

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [[match["format"] for match in answer] for answer in answers] == [[], [], ["s10"]]


def test_json_with_numbers_as_arguments_writes_one_line_per_argument():
    result = run_track("--json", "3318810025", "nothing", "RR123456785DE")

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [[match["courier_code"] for match in answer] for answer in answers] == [["dhl"], [], ["s10"]]


def test_json_pipe_answers_each_line_before_the_next_arrives():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings_test"}
    process = subprocess.Popen(
        [sys.executable, "manage.py", "track", "--json", "-"],
        cwd=REPO_ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        answers = []
        for number in ["1Z999AA10123456784", "RR123456785DE"]:
            process.stdin.write(number.encode() + b"\n")
            process.stdin.flush()
            # A guard against hanging if the answer were buffered, not a timing assertion.
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, "no answer while standard input is still open"
            answers.append(json.loads(process.stdout.readline()))
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()

    assert [answer[0]["format"] for answer in answers] == ["ups_1z", "s10"]


def test_human_output_names_courier_format_and_link():
    out = StringIO()

    call_command("track", "1Z 999 AA1 0123 4567 84", "nope", stdout=out)

    assert out.getvalue() == (
        "1Z999AA10123456784: UPS — UPS (ups_1z)\n"
        "    UPS 1Z tracking number: UPS Next Day Air\n"
        "    https://www.ups.com/track?tracknum=1Z999AA10123456784\n"
        "nope: not a known tracking number\n"
    )
