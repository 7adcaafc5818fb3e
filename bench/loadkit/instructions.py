"""Instructions per request, counted by valgrind: a figure that does not move with other work on the machine.

    .venv/bin/python -m bench.loadkit.instructions [--rounds 20] [--large 10] [--each] [--tree DIR ...]

On a shared machine the wall-clock and even the CPU-time figures of bench/load.py move by ±25% from one minute to
the next (other tenants, frequency), which hides a change of 10%. This counts the instructions a web process
executes per request instead, which depend only on the code and the data: the process runs the WSGI application
as gunicorn calls it (portal.wsgi: the same settings, gc.freeze and thresholds), in-process, without the network,
under `valgrind --tool=cachegrind --cache-sim=no`. Each figure is the difference of two runs that differ only in
the number of requests measured, so Python's start-up, imports and warm-up (10 rounds of the mix, 2 large requests)
cancel out (a first, uncounted run compiles what needs compiling to bytecode). A run's count moves by a few million
instructions from one run to the next (±0.02 M a request over the mix's 80 requests); a tree whose files change
meanwhile is recompiled, so measure committed checkouts. PostgreSQL's and Redis's own work is not in it
(bench/load.py measures theirs).

Printed: the bare view (bench.loadkit.urls, the load test's (a)), a request of the start-up mix (mean of its four:
the signed-in start-up, a guest search, 20 prices, the quotes list; the load test's (b)), their quotient (what the
load test's ratio would be if the web processes' instructions were all the machine did), and priceProducts of 500
items; with `--each`, each request of the mix apart. `--tree DIR` measures the code of another checkout (e.g. a
`git worktree` of an earlier commit) against the same database, set up by this checkout's code: fine for revisions
with the same migrations. Needs valgrind (`apt-get install -y valgrind`), PostgreSQL and Redis as bench/load.py
does; each run takes about a minute. `make bench-instructions` (part of `make bench`) runs it with
`--check bench/instructions-limits.json`: the figures of this checkout against the committed limits, exit 1 above.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if sys.path[0] != str(REPO_ROOT):
    sys.path.insert(0, str(REPO_ROOT))

WARM_ROUNDS = 10
WARM_LARGE = 2


# --- the measured process ------------------------------------------------------------------------------------------


def _environ(method: str, path: str, body: bytes, headers: dict[str, str]) -> dict:
    environ = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(body)), "HTTP_HOST": "127.0.0.1:8000", "REMOTE_ADDR": "127.0.0.1",
    }  # fmt: skip
    for name, value in headers.items():
        if name.lower() == "content-type":
            environ["CONTENT_TYPE"] = value
        else:
            environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ


def child(config_path: str, kind: str, count: int) -> None:
    """In the tree to measure (the working directory): warm up, then send `count` requests of `kind`."""
    config = json.loads(Path(config_path).read_text())
    os.environ.update(config["env"])
    sys.path.insert(0, os.getcwd())
    for name in [name for name in sys.modules if name == "bench" or name.startswith("bench.")]:
        del sys.modules[name]  # this checkout's, imported to start: the tree's own from here on
    import django

    django.setup()
    from bench.loadkit.loadgen import Request, graphql_request
    from bench.loadkit.mix import PRICE_DOCUMENT, startup_mix
    from portal.wsgi import application

    def call(request: Request) -> None:
        statuses: list[str] = []
        body = request.body or b""
        answer = application(
            _environ(request.method, request.path, body, request.headers or {}),
            lambda status, _headers, _exc=None: statuses.append(status),
        )
        data = b"".join(answer)
        answer.close()
        if not statuses[0].startswith("200") or b'"errors"' in data:
            raise RuntimeError(f"{request.label}: {statuses[0]} {data[:300]!r}")

    mix = startup_mix(config["token"], config["items20"])
    large = graphql_request("priceProducts ×500", PRICE_DOCUMENT, config["items500"], config["token500"])
    bare = Request("bare view", "GET", "/bench/ping")
    for _ in range(WARM_ROUNDS):
        for request in [bare, *mix]:
            call(request)
    for _ in range(WARM_LARGE):
        call(large)
    # The counts start from an empty young generation: otherwise a collection the warm-up brought near (one pass over
    # up to 50,000 objects with portal.wsgi's threshold) falls into one measured window and not another.
    gc.collect()
    measured = {
        "bare": [bare],
        "mix": mix,
        "large": [large],
        **{f"mix{n}": [request] for n, request in enumerate(mix)},
    }[kind]
    for _ in range(count):
        for request in measured:
            call(request)


# --- the driver ------------------------------------------------------------------------------------------------------


def instructions(tree: Path, config: Path, kind: str, count: int, prefix: str) -> int:
    environment = {**os.environ, "PYTHONHASHSEED": "0", "BENCH_CACHE_PREFIX": prefix}
    # The script by its path: the child puts the measured tree first on its path, then imports the project from it.
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, str(Path(__file__).resolve()), "--child", str(config), kind, str(count),
    ]  # fmt: skip
    process = subprocess.run(command, cwd=tree, env=environment, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", process.stderr)
    if process.returncode or not found:
        raise RuntimeError(f"valgrind run failed in {tree}:\n{process.stdout[-2000:]}\n{process.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="measured rounds of the mix and of the bare view")
    parser.add_argument("--large", type=int, default=10, help="measured 500-item requests")
    parser.add_argument("--tree", type=Path, action="append", default=[], help="another checkout to measure")
    parser.add_argument("--each", action="store_true", help="also each request of the mix apart (four runs more)")
    parser.add_argument(
        "--check",
        type=Path,
        help="a JSON file of limits (bench/instructions-limits.json): exit 1 when this checkout's figures exceed them",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is needed: apt-get install -y valgrind")
        return 1
    from bench import pricing as pricing_bench
    from bench.loadkit.mix import BUYER_EMAIL, DEMO_PASSWORD, demo_price_items, price_items_variables
    from bench.loadkit.store import BenchStore, bench_buyer, close_connections

    store = BenchStore(label="instructions")
    try:
        store.create(site_url="http://127.0.0.1:8000")
        store.setup_django(site_url="http://127.0.0.1:8000")
        group_id, items, _variant_ids = pricing_bench.build_catalog()
        email, password = bench_buyer(customer_group_id=group_id)
        from django.test import Client

        from bench.loadkit.loadgen import graphql_request
        from bench.loadkit.mix import LOGIN_DOCUMENT

        def token_of(email: str, password: str) -> str:
            login = graphql_request("login", LOGIN_DOCUMENT, {"email": email, "password": password})
            answer = Client().generic("POST", "/graphql", login.body, content_type="application/json")
            return json.loads(answer.content)["data"]["login"]["result"]["token"]

        config = store.tmp / "instructions.json"
        config.write_text(
            json.dumps({
                "env": store.env,
                "token": token_of(BUYER_EMAIL, DEMO_PASSWORD),
                "token500": token_of(email, password),
                "items20": demo_price_items(20),
                "items500": price_items_variables(items),
            })
        )  # fmt: skip
        close_connections()
        trees = [REPO_ROOT, *(tree.resolve() for tree in args.tree)]
        measured: dict[str, float] = {}
        print(
            f"Instructions per request (valgrind, web process only; {10 * args.rounds} bare, {args.rounds} rounds "
            f"of the mix, {args.large} large):"
        )
        for number, tree in enumerate(trees):
            prefix = f"{store.cache_prefix}-{number}"
            # Not counted: the first run in a tree may compile modules to bytecode, which later runs only load.
            instructions(tree, config, "bare", 0, f"{prefix}-p")
            base = instructions(tree, config, "bare", 0, f"{prefix}-0")
            # Ten times as many bare requests: a run's own count moves by a few million instructions, a bare
            # request costs about one million.
            bare_count = 10 * args.rounds
            bare = (instructions(tree, config, "bare", bare_count, f"{prefix}-1") - base) / bare_count
            mix = (instructions(tree, config, "mix", args.rounds, f"{prefix}-2") - base) / (4 * args.rounds)
            large = (instructions(tree, config, "large", args.large, f"{prefix}-3") - base) / args.large
            if number == 0:
                measured = {"bare_view": bare, "mix_request": mix, "price_products_500": large}
            print(
                f"  {tree}: bare view {bare / 1e6:.2f} M, start-up mix request {mix / 1e6:.2f} M "
                f"(bare / mix {bare / mix:.3f}), priceProducts ×500 {large / 1e6:.1f} M"
            )
            if args.each:
                each = [
                    (instructions(tree, config, f"mix{n}", args.rounds, f"{prefix}-4{n}") - base) / args.rounds
                    for n in range(4)
                ]
                names = ("start-up", "guest search", "20 prices", "quotes list")
                print(
                    "    " + ", ".join(f"{name} {count / 1e6:.2f} M" for name, count in zip(names, each, strict=True))
                )
    finally:
        close_connections()
        store.close()
    return check(measured, args.check) if args.check else 0


def check(measured: dict[str, float], limits_file: Path) -> int:
    """Compares this checkout's figures with the committed limits (millions of instructions per request): what the
    speed work keeps must stay kept (issue 37). A limit is raised only with a reason in the file's history."""
    limits = json.loads(limits_file.read_text())["limits_millions"]
    failed = False
    print(f"Limits ({limits_file.name}):")
    for name, limit in limits.items():
        value = measured[name] / 1e6
        verdict = "ok" if value <= limit else "OVER"
        failed = failed or value > limit
        print(f"  {name}: {value:.2f} M, limit {limit:.2f} M: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
