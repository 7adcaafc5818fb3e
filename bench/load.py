"""API throughput under load (issue 21): the portal's start-up mix against a bare Django view, on gunicorn.

    .venv/bin/python bench/load.py [--seconds 60] [--clients 10,50] [--workers N] [--runs 5] [--no-browser]
                                   [--conn-max-age N] [--gunicorn-args '...']   (experiments, off by default)
                                   [--only prices]   (only the 500-item figures)

Sets the server up the way README.md's production section does: a PostgreSQL database of its own
(postgres://postgres@127.0.0.1:5432/bench_load_PID, created here, migrated and seeded with `seed_demo`), the Redis
cache (redis://127.0.0.1:6379/0, keys under the run's own prefix), DEBUG off, a generated SECRET_KEY, and
`gunicorn portal.wsgi --workers N` (the README's count: one per core) on a free port. The settings module is
bench.loadkit.settings: the production settings plus one URL, GET /bench/ping, a bare Django view returning a fixed
JSON document, so that it passes the same middleware as the API without the product's URLconf changing.

A load generator in this process (threads and http.client; bench/loadkit/loadgen.py) then keeps N clients busy
(each sends its next request as soon as the last is answered) for --seconds per measurement, at 10 and at 50 clients:
  (a) GET /bench/ping;
  (b) the start-up mix, each client going round these 4 requests: the start-up of a signed-in buyer
      (admin@acme.test, token from the `login` mutation) exactly as the overlay sends it (read from frontend/src: one
      request since issue 21, PortalStartup, where it was 6 before: StoreBasicInfo, StorefrontConfig,
      StorefrontConfigs, Currencies, TaxZoneRates, CustomerInfo), a guest
      `productsSearch` (the overlay's ProductSearch document, 8 results as its search box asks), `priceProducts` of 20
      demo variants as the buyer, and the buyer's quotes list (the overlay's Quotes document, first page of 10).
It prints requests/s, p50, p95 and errors of (a) and (b) (and p50/p95 per request of the mix), and the ratio (b)/(a)
beside the goal (>= 0.25 at 50 clients, p95 < 300 ms, 0 errors). It also prints the CPU per request of gunicorn, of
the PostgreSQL and Redis servers (whole servers: what they use while idle, measured for 3 s before, is subtracted in
"server side") and of the load generator, and the ratio of the server-side CPU per request (a)/(b): on a shared
machine requests/s move with the other work, CPU per request much less.

Then, without load: bench/pricing.py's synthetic catalog (its `build_catalog`, 500 variants with a group price list,
tiers and modifiers) is added to the same database, and the median of --runs `priceProducts` calls for its 500 items
over HTTP (as an individual customer of that group, so that the server prices exactly what the engine call prices)
is printed beside the engine's own time for them and a bare ORM fetch of the variants (in this process, on the same
PostgreSQL database; the three taken in turn by bench/pricing.py's `interleaved_medians`), with the goals (HTTP <=
2x engine, engine <= 2x bare ORM). Last, the signed-in start-up's requests are counted in headless Chromium against
the same server (the buyer's token put where the overlay keeps it, /#/accountSettings reloaded; bench/startup.py's
recorder; needs `make frontend` and Chromium; --no-browser skips it), beside the goal of 1 request.

The machine's other work shows in the figures: the load generator shares the CPU with the server, and the CPU busy
share of the whole machine is printed for each measurement. Every process, the database, the cache keys and the
temporary files are removed at the end, also on Ctrl-C or failure. The figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/pricing.py would hide the pricing app.
REPO_ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = REPO_ROOT / "bench"
sys.path[0] = str(REPO_ROOT)
sys.path.append(str(BENCH_DIR))  # last: bench/startup.py imports `bundle` as a top-level module

from bench.loadkit import loadgen  # noqa: E402
from bench.loadkit.mix import (  # noqa: E402
    BUYER_EMAIL,
    DEMO_PASSWORD,
    LOGIN_DOCUMENT,
    PRICE_DOCUMENT,
    SEARCH_TERM,
    demo_price_items,
    price_items_variables,
    startup_mix,
)
from bench.loadkit.store import (  # noqa: E402
    DEFAULT_POSTGRES,
    DEFAULT_REDIS,
    BenchStore,
    bench_buyer,
    close_connections,
)

HOST = "127.0.0.1"
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
README_WORKERS = os.cpu_count() or 1  # README.md, Production: gunicorn ... --workers "$(nproc)"
GOAL_RATIO = 0.25
GOAL_P95_MS = 300
GOAL_HTTP_PER_ENGINE = 2.0
GOAL_ENGINE_PER_ORM = 2.0
GOAL_STARTUP_REQUESTS = 1
IDLE_SECONDS = 3.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def post_graphql(port: int, query: str, variables: dict | None = None, token: str | None = None) -> dict:
    request = loadgen.graphql_request("one-off", query, variables, token)
    status, body = loadgen.send(HOST, port, request)
    problem = loadgen.failure(request, status, body)
    if problem:
        raise RuntimeError(problem)
    return json.loads(body)["data"]


def sign_in(port: int, email: str, password: str) -> str:
    return post_graphql(port, LOGIN_DOCUMENT, {"email": email, "password": password})["login"]["result"]["token"]


class Server:
    """gunicorn as the README starts it, in its own process group, its log in a file."""

    def __init__(self, *, port: int, workers: int, env: dict[str, str], log: Path, extra: list[str]) -> None:
        self.port = port
        self.workers = workers
        self.extra = extra
        self.log = log
        self.process: subprocess.Popen | None = None
        self.env = env

    def start(self) -> None:
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [GUNICORN, "portal.wsgi", "--bind", f"{HOST}:{self.port}", "--workers", str(self.workers), *self.extra],
                cwd=REPO_ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with code {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"http://{HOST}:{self.port}/bench/ping", timeout=2) as response:
                    if response.status == 200 and len(self.pids()) > self.workers:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within 60 s:\n{self.log_tail()}")

    def pids(self) -> list[int]:
        if self.process is None:
            return []
        return [self.process.pid, *loadgen.children_of(self.process.pid)]

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        except ProcessLookupError:
            pass


# --- what the clients send --------------------------------------------------------------------------------------


def check(port: int, requests: list[loadgen.Request]) -> None:
    """Each request once: it must answer without errors, or the figures would measure failures."""
    for request in requests:
        status, body = loadgen.send(HOST, port, request)
        problem = loadgen.failure(request, status, body)
        if problem:
            raise RuntimeError(f"{request.label}: {problem}")
        if request.label.startswith("productsSearch"):
            found = len(json.loads(body)["data"]["productsSearch"])
            if found == 0:
                raise RuntimeError(f"productsSearch {SEARCH_TERM!r} found nothing")


# --- printing ---------------------------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def server_cpu_ms(result: loadgen.PhaseResult, idle_rates: dict[str, float]) -> float:
    """CPU per request of the server side: gunicorn, and PostgreSQL and Redis less what they used at their idle rate
    (other databases on the shared servers)."""
    count = max(1, len(result.samples))
    total = result.server_cpu_s or 0.0
    for name, seconds in result.services_cpu_s.items():
        total += max(0.0, seconds - idle_rates.get(name, 0.0) * result.seconds)
    return total * 1000 / count


def phase_line(name: str, result: loadgen.PhaseResult, idle_rates: dict[str, float]) -> str:
    line = (
        f"  {name:<18} {result.rps:8.1f} req/s  p50 {ms(result.percentile(50)):>9}  p95 {ms(result.percentile(95)):>9}"
        f"  errors {result.errors} of {len(result.samples)}"
    )
    count = max(1, len(result.samples))
    cpu = []
    if result.server_cpu_s is not None:
        cpu.append(f"gunicorn {result.server_cpu_s * 1000 / count:.1f}")
    cpu += [f"{name} {seconds * 1000 / count:.1f}" for name, seconds in result.services_cpu_s.items()]
    cpu.append(f"load generator {result.client_cpu_s * 1000 / count:.1f}")
    line += f"\n  {'':<18} CPU ms/request: {', '.join(cpu)}; server side {server_cpu_ms(result, idle_rates):.1f}"
    if result.machine_busy is not None:
        line += f"; machine {result.machine_busy * 100:.0f}% busy"
    return line


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def print_errors(result: loadgen.PhaseResult) -> None:
    reasons: dict[str, int] = {}
    for sample in result.samples:
        if sample.error:
            key = f"{sample.label}: {sample.error[:160]}"
            reasons[key] = reasons.get(key, 0) + 1
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1])[:5]:
        print(f"    {count} × {reason}")


def run_load(port: int, server: Server, bare: list[loadgen.Request], mix: list[loadgen.Request], args, stop) -> None:
    # Warm-up, not counted: every worker imports, connects and fills its caches.
    loadgen.run_phase(HOST, port, bare, clients=server.workers * 2, seconds=2, stop=stop)
    loadgen.run_phase(HOST, port, mix, clients=server.workers * 2, seconds=3, stop=stop)

    services = loadgen.service_pids()
    # What the shared PostgreSQL and Redis servers use without our load (other databases), per second.
    before = {name: loadgen.tree_cpu_seconds(pid) for name, pid in services.items()}
    time.sleep(IDLE_SECONDS)
    idle_rates = {name: (loadgen.tree_cpu_seconds(pid) - before[name]) / IDLE_SECONDS for name, pid in services.items()}
    print(f"Load: {args.seconds:.0f} s per measurement, closed loop (each client sends its next request when answered)")
    if services:
        print(
            f"  CPU of {' and '.join(services)}: the whole shared servers; idle (other databases) they used "
            + ", ".join(f"{name} {rate * 1000:.0f} ms/s" for name, rate in idle_rates.items())
            + ". Server side: gunicorn + PostgreSQL + Redis less that idle rate."
        )
    for clients in args.clients:
        measure = {"seconds": args.seconds, "server_pids": server.pids(), "services": services, "stop": stop}
        a = loadgen.run_phase(HOST, port, bare, clients=clients, **measure)
        b = loadgen.run_phase(HOST, port, mix, clients=clients, **measure)
        ratio = b.rps / a.rps if a.rps else float("nan")
        print(f"{clients} clients:")
        print(phase_line("(a) bare view", a, idle_rates))
        print_errors(a)
        print(phase_line("(b) start-up mix", b, idle_rates))
        print_errors(b)
        for label in b.labels():
            count = sum(1 for s in b.samples if s.label == label)
            p50, p95 = ms(b.percentile(50, label)), ms(b.percentile(95, label))
            print(f"      {label:<26} {count:6d} req  p50 {p50:>9}  p95 {p95:>9}")
        p95_ms = b.percentile(95) * 1000
        goal = ""
        if clients == 50:
            passed = ratio >= GOAL_RATIO and p95_ms < GOAL_P95_MS and b.errors == 0
            goal = f"  (goal at 50 clients: >= {GOAL_RATIO}, p95 < {GOAL_P95_MS} ms, 0 errors) -> {verdict(passed)}"
        print(f"  ratio (b)/(a): {ratio:.3f}; (b) p95 {p95_ms:,.0f} ms, {b.errors} errors{goal}")
        cpu_ratio = server_cpu_ms(a, idle_rates) / server_cpu_ms(b, idle_rates)
        print(
            f"  ratio by server CPU per request (a)/(b): {cpu_ratio:.3f} (less sensitive to other work on the machine "
            "and to the load generator's share)"
        )
        print()


def large_price_request(port: int, runs: int, server_pids: list[int] | None = None) -> None:
    from bench import pricing as pricing_bench  # its functions: build_catalog, interleaved_medians
    from pricing.calculation import price_items
    from pricing.models import ProductVariant

    group_id, items, variant_ids = pricing_bench.build_catalog()
    email, password = bench_buyer(customer_group_id=group_id)
    close_connections()
    token = sign_in(port, email, password)
    request = loadgen.graphql_request("priceProducts ×500", PRICE_DOCUMENT, price_items_variables(items), token)

    def over_http() -> None:
        status, body = loadgen.send(HOST, port, request)
        problem = loadgen.failure(request, status, body)
        if problem:
            raise RuntimeError(problem)

    # The workers' CPU per request beside the wall time: on a shared machine the wall time moves with other work.
    server_pids = server_pids or []
    cpu_before = loadgen.processes_cpu_seconds(server_pids)
    # The three taken in turn (one of each, `runs` times), so that the ratios compare work that met the same load.
    (http_s, _), (engine_s, engine_cpu_s), (orm_s, _) = pricing_bench.interleaved_medians(
        runs,
        over_http,
        lambda: price_items(items=items, customer_group_id=group_id, currency_code="EUR"),
        lambda: list(ProductVariant.objects.filter(pk__in=variant_ids)),
    )
    # The server's CPU moves only with the HTTP calls (the other two run in this process).
    http_cpu_s = (loadgen.processes_cpu_seconds(server_pids) - cpu_before) / (runs + 1)  # + warm-up
    close_connections()
    print(f"500-item prices (bench/pricing.py's catalog and items, PostgreSQL, median of {runs}, no other load):")
    print(f"  priceProducts over HTTP (gunicorn)  {ms(http_s):>9}")
    print(f"  engine price_items (in-process)     {ms(engine_s):>9}")
    print(f"  bare ORM fetch of the 500 variants  {ms(orm_s):>9}")
    if server_pids:
        print(
            f"  CPU: gunicorn {http_cpu_s * 1000:.1f} ms per request (mean), engine {engine_cpu_s * 1000:.1f} ms "
            f"(median); HTTP / engine by CPU {http_cpu_s / engine_cpu_s:.1f}x"
        )
    http_ratio, engine_ratio = http_s / engine_s, engine_s / orm_s
    print(
        f"  HTTP / engine   {http_ratio:5.1f}x  (goal <= {GOAL_HTTP_PER_ENGINE:.0f}x) -> "
        f"{verdict(http_ratio <= GOAL_HTTP_PER_ENGINE)}"
    )
    print(
        f"  engine / ORM    {engine_ratio:5.1f}x  (goal <= {GOAL_ENGINE_PER_ORM:.0f}x) -> "
        f"{verdict(engine_ratio <= GOAL_ENGINE_PER_ORM)}"
    )
    print()


def browser_startup(base_url: str, token: str) -> None:
    """The signed-in start-up's API requests in headless Chromium (bench/startup.py's recorder and rounds)."""
    print("Start-up requests (headless Chromium, signed in as admin@acme.test, reloading /#/accountSettings):")
    try:
        import startup  # bench/startup.py
        from playwright.sync_api import sync_playwright

        if not startup.bundle.MANIFEST.is_file():
            print("  not measured: frontend/dist is not built (make frontend); bench/startup.py counts them too")
            return
        if not Path(startup.CHROMIUM).exists():
            print(f"  not measured: no Chromium at {startup.CHROMIUM}; bench/startup.py counts them too")
            return
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=startup.CHROMIUM, args=startup.CHROMIUM_ARGS, headless=True
            )
            try:
                context = browser.new_context()
                # The overlay keeps its token in sessionStorage (frontend/src/lib/storage.ts, B2B_TOKEN_STORAGE_KEY).
                context.add_init_script(f"window.sessionStorage.setItem('sf-B2BToken', {json.dumps(token)})")
                page = context.new_page()
                page.set_default_timeout(30_000)
                page.goto(f"{base_url}/#/accountSettings")
                page.get_by_test_id("user-summary").wait_for()
                page.wait_for_load_state("networkidle")
                recorder = startup.Recorder(base_url=base_url)
                recorder.start(page)
                page.reload()
                page.get_by_test_id("user-summary").wait_for()
                page.wait_for_load_state("networkidle")
                requests = recorder.stop(page)
            finally:
                browser.close()
    except Exception as exc:  # noqa: BLE001 (a figure missing, not a failed run)
        print(f"  not measured: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
        print("  (bench/startup.py, run by `make bench` too, counts them through the sign-in form)")
        return
    graphql = [r for r in requests if r.label.startswith("GraphQL")]
    rounds = max((r.round for r in requests), default=0)
    print(f"  GraphQL: {', '.join(r.label.removeprefix('GraphQL ') for r in graphql)}")
    others = [r.label for r in requests if not r.label.startswith("GraphQL")]
    if others:
        print(f"  REST: {', '.join(others)}")
    print(
        f"  {len(requests)} requests ({len(graphql)} GraphQL, {len(requests) - len(graphql)} REST) in {rounds} "
        f"round(s); GraphQL requests {len(graphql)} (goal {GOAL_STARTUP_REQUESTS}) -> "
        f"{verdict(len(graphql) <= GOAL_STARTUP_REQUESTS)}"
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="duration of each measurement (default 60)")
    parser.add_argument("--clients", default="10,50", help="concurrent clients, comma-separated (default 10,50)")
    parser.add_argument("--workers", type=int, default=README_WORKERS, help="gunicorn workers (default: one per core)")
    parser.add_argument("--runs", type=int, default=5, help="runs of the 500-item figures (median; default 5)")
    parser.add_argument("--postgres", default=DEFAULT_POSTGRES, help=f"PostgreSQL server (default {DEFAULT_POSTGRES})")
    parser.add_argument("--redis", default=DEFAULT_REDIS, help=f"Redis cache (default {DEFAULT_REDIS})")
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=None,
        help="experiment: the server's DATABASE_URL gets ?conn_max_age=N (persistent connections; default: as README)",
    )
    parser.add_argument(
        "--gunicorn-args", default="", help="experiment: more gunicorn arguments, e.g. '--threads 4' (default none)"
    )
    parser.add_argument("--no-browser", action="store_true", help="skip the start-up request count in Chromium")
    parser.add_argument(
        "--only", choices=("prices",), default=None, help="run only this part: prices (the 500-item figures)"
    )
    args = parser.parse_args()
    args.clients = [int(c) for c in args.clients.split(",") if c.strip()]
    return args


def main() -> int:
    args = parse_args()
    stop = threading.Event()

    def terminate(signum, frame):  # SIGTERM like Ctrl-C: the clean-up below runs
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background (SIGINT ignored)
    port = free_port()
    base_url = f"http://{HOST}:{port}"
    store = BenchStore(postgres=args.postgres, redis=args.redis, label="load")
    load = os.getloadavg()
    server: Server | None = None
    try:
        started = time.perf_counter()
        try:
            store.create(site_url=base_url)
        except Exception as exc:  # noqa: BLE001
            print(f"PostgreSQL at {args.postgres} is needed (README, Production): {exc}")
            return 1
        store.setup_django(site_url=base_url, collectstatic=not args.no_browser)
        mix_items = demo_price_items(20)
        close_connections()
        server_env = {**os.environ, **store.env}
        if args.conn_max_age is not None:
            server_env["DATABASE_URL"] += f"?conn_max_age={args.conn_max_age}"
        extra = shlex.split(args.gunicorn_args)
        server = Server(port=port, workers=args.workers, env=server_env, log=store.tmp / "gunicorn.log", extra=extra)
        server.start()
        persistent = "" if args.conn_max_age is None else f" (CONN_MAX_AGE {args.conn_max_age})"
        print(f"gunicorn portal.wsgi --workers {args.workers} {' '.join(extra) or '(sync)'} on {base_url}, DEBUG off")
        print(f"PostgreSQL database {store.db_name}{persistent}; Redis cache {args.redis} ({store.cache_prefix}:*)")
        print(
            f"{os.cpu_count()} cores; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before the run (other "
            f"work on the machine); set up in {time.perf_counter() - started:.0f} s"
        )
        print()
        if args.only == "prices":
            large_price_request(port, args.runs, server.pids())
            return 0
        token = sign_in(port, BUYER_EMAIL, DEMO_PASSWORD)
        bare = [loadgen.Request("bare view", "GET", "/bench/ping")]
        mix = startup_mix(token, mix_items)
        check(port, bare + mix)
        run_load(port, server, bare, mix, args, stop)
        large_price_request(port, args.runs, server.pids())
        if args.no_browser:
            print("Start-up requests: skipped (--no-browser); bench/startup.py counts them")
        else:
            browser_startup(base_url, token)
    except KeyboardInterrupt:
        stop.set()
        print("\nInterrupted: cleaning up.")
        return 130
    except Exception as exc:  # noqa: BLE001 (reported; the figures are not asserted, the clean-up runs)
        stop.set()
        print(f"The benchmark failed: {type(exc).__name__}: {exc}")
        if server is not None:
            print(server.log_tail())
        return 1
    finally:
        stop.set()
        if server is not None:
            server.stop()
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
