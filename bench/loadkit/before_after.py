"""Before and after in one run (issue 21): bench/load.py of an earlier commit, then of this checkout, on the same
machine one after the other, and their figures side by side.

    .venv/bin/python -m bench.loadkit.before_after REV [--seconds 20] [--clients 10,50] [--runs 5] [--no-browser]

REV (e.g. 9d170d0, the commit that measured the "before" of issue 21) is checked out into a temporary git worktree
(removed at the end), with this checkout's frontend/node_modules linked in so that its overlay can be built for the
start-up count. Each side is measured by its own bench/load.py (its own server code, its own overlay documents: the
"before" start-up mix has the overlay's 6 start-up requests, the "after" mix what the overlay sends now), with the
same arguments, each on a PostgreSQL database of its own seeded by its own code. The figures are printed, never
asserted. Because the start-up mix of each side has a different number of requests, the table also gives the server
CPU per *round* of the mix (one portal start-up plus a product search, a 20-item price request and the quotes list):
requests per second alone would reward sending more, smaller requests.

Not run by `make bench` (it needs a revision and twice the time); bench/load.py is.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def run(command: list[str], cwd: Path) -> str:
    started = time.perf_counter()
    process = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    output = process.stdout + (f"\n[stderr]\n{process.stderr[-3000:]}" if process.returncode else "")
    seconds = time.perf_counter() - started
    print(f"  ({' '.join(command[1:3])} in {cwd.name}: exit {process.returncode}, {seconds:.0f} s)")
    return output


def figures(output: str) -> dict[str, str]:
    """The figures bench/load.py prints (both its versions print these lines the same way)."""
    found: dict[str, str] = {}
    blocks = re.split(r"(?m)^(\d+) clients:$", output)
    for clients, block in zip(blocks[1::2], blocks[2::2], strict=False):
        for name, key in (("(a) bare view", "a"), ("(b) start-up mix", "b")):
            match = re.search(
                rf"{re.escape(name)}\s+([\d.]+) req/s\s+p50\s+([\d.,]+ ms)\s+p95\s+([\d.,]+ ms)\s+errors (\d+)"
                r".*?server side ([\d.]+)",
                block,
                re.S,
            )
            if match:
                rps, p50, p95, errors, cpu = match.groups()
                found[f"{clients} {key} req/s"] = rps
                found[f"{clients} {key} p95"] = p95
                found[f"{clients} {key} errors"] = errors
                found[f"{clients} {key} cpu"] = cpu
        mix = block.split("(b) start-up mix", 1)[-1].split("ratio (b)/(a)", 1)[0]
        labels = re.findall(r"(?m)^\s{6}(\S.*?)\s{2,}\d+ req", mix)
        found[f"{clients} b requests per round"] = str(len(labels))
        ratio = re.search(r"ratio \(b\)/\(a\): ([\d.]+)", block)
        if ratio:
            found[f"{clients} ratio"] = ratio.group(1)
        cpu_ratio = re.search(r"ratio by server CPU per request \(a\)/\(b\): ([\d.]+)", block)
        if cpu_ratio:
            found[f"{clients} cpu ratio"] = cpu_ratio.group(1)
    for label, key in (
        ("priceProducts over HTTP (gunicorn)", "http500"),
        ("engine price_items (in-process)", "engine500"),
        ("bare ORM fetch of the 500 variants", "orm500"),
    ):
        match = re.search(rf"{re.escape(label)}\s+([\d.,]+ ms)", output)
        if match:
            found[key] = match.group(1)
    for label, key in (("HTTP / engine", "http/engine"), ("engine / ORM", "engine/orm")):
        match = re.search(rf"{re.escape(label)}\s+([\d.]+)x", output)
        if match:
            found[key] = match.group(1) + "x"
    match = re.search(r"GraphQL requests (\d+) \(goal", output)
    if match:
        found["startup graphql"] = match.group(1)
    return found


def per_round(found: dict[str, str], clients: str) -> str:
    try:
        return f"{float(found[f'{clients} b cpu']) * int(found[f'{clients} b requests per round']):.0f} ms"
    except (KeyError, ValueError):
        return "–"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision")
    parser.add_argument("--seconds", default="20")
    parser.add_argument("--clients", default="10,50")
    parser.add_argument("--runs", default="5")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    load_args = ["--seconds", args.seconds, "--clients", args.clients, "--runs", args.runs]
    if args.no_browser:
        load_args.append("--no-browser")

    revision = subprocess.run(
        ["git", "rev-parse", "--short", args.revision], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=REPO_ROOT, capture_output=True, text=True).stdout
    after_name = f"{head}{' + uncommitted changes' if dirty.strip() else ''}"
    worktree = Path(tempfile.mkdtemp(prefix="bench-before-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(worktree), revision], cwd=REPO_ROOT, check=True,
                   capture_output=True)  # fmt: skip
    outputs: dict[str, str] = {}
    try:
        print(f"Before: {revision} (worktree {worktree}); after: {after_name} (this checkout)")
        if not args.no_browser:
            (worktree / "frontend" / "node_modules").symlink_to(REPO_ROOT / "frontend" / "node_modules")
            run(["npx", "vite", "build", "--logLevel", "error"], worktree / "frontend")
        outputs["before"] = run([sys.executable, str(worktree / "bench" / "load.py"), *load_args], worktree)
        outputs["after"] = run([sys.executable, str(REPO_ROOT / "bench" / "load.py"), *load_args], REPO_ROOT)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO_ROOT, capture_output=True)
        subprocess.run(["git", "worktree", "prune"], cwd=REPO_ROOT, capture_output=True)

    for side in ("before", "after"):
        print(f"\n===== {side}: bench/load.py {' '.join(load_args)} =====")
        print(outputs[side].strip())

    before, after = figures(outputs["before"]), figures(outputs["after"])
    rows: list[tuple[str, str, str]] = []
    for clients in args.clients.split(","):
        rows += [
            (f"{clients} clients (a) bare view req/s", f"{clients} a req/s", ""),
            (f"{clients} clients (b) start-up mix req/s", f"{clients} b req/s", ""),
            (f"{clients} clients (b) p95", f"{clients} b p95", "< 300 ms at 50"),
            (f"{clients} clients (b) errors", f"{clients} b errors", "0"),
            (f"{clients} clients ratio (b)/(a) by req/s", f"{clients} ratio", ">= 0.25 at 50"),
            (f"{clients} clients ratio by server CPU per request", f"{clients} cpu ratio", ""),
            (f"{clients} clients (b) server CPU per request (ms)", f"{clients} b cpu", ""),
            (f"{clients} clients (b) requests per round", f"{clients} b requests per round", ""),
        ]
    rows += [
        ("priceProducts ×500 over HTTP", "http500", ""),
        ("engine for the 500 items", "engine500", ""),
        ("bare ORM fetch of the 500 variants", "orm500", ""),
        ("HTTP / engine", "http/engine", "<= 2x"),
        ("engine / ORM", "engine/orm", "<= 2x"),
        ("signed-in start-up GraphQL requests", "startup graphql", "1"),
    ]
    width = max(len(label) for label, _, _ in rows) + 2
    print(f"\n===== side by side (before {revision}, after {after_name}) =====")
    print(f"{'':<{width}}{'before':>14}{'after':>14}   goal")
    for label, key, goal in rows:
        print(f"{label:<{width}}{before.get(key, '–'):>14}{after.get(key, '–'):>14}   {goal}")
    for clients in args.clients.split(","):
        print(
            f"{f'{clients} clients server CPU per round of the mix':<{width}}{per_round(before, clients):>14}"
            f"{per_round(after, clients):>14}   (one start-up + search + 20 prices + quotes list)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
