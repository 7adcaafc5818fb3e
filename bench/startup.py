"""Portal start-up requests (issue 3; shell §4 and ARCHITECTURE §6: the start-up data comes in one parallel round).

    .venv/bin/python bench/startup.py

Starts Django's development server on a free port with a temporary SQLite database holding the demo store
(`migrate`, `seed_demo`), opens `/#/login` in headless Chromium as a guest, signs in as admin@acme.test through
the overlay, then reloads `/#/accountSettings` and records every request the portal makes to the API while it
starts (GraphQL operations, the customer JWT, translation sets). For each start-up it prints how many requests
there were, how many rounds they formed — a request belongs to the round after the latest request that had
finished before it was sent — and how long the first screen took; then the loader's size (bench/bundle.py).
Needs the built overlay (`make frontend`) and Chromium. Removes its server and files when done.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: bench/bundle.py imports as `bundle`.
import bundle

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
EMAIL = "admin@acme.test"
PASSWORD = "Demo1234"  # accounts/demo.py
API_PATHS = ("/graphql", "/customer/current.jwt", "/storefront/translation/")


@dataclass
class ApiRequest:
    label: str
    sent: int
    done: int | None = None
    round: int = 1


@dataclass
class Recorder:
    """API requests in the order the browser reports them; `seq` orders sends and completions on one clock."""

    base_url: str
    requests: dict[object, ApiRequest] = field(default_factory=dict)
    seq: int = 0

    def _is_api(self, url: str) -> bool:
        return url.startswith(self.base_url) and any(path in url for path in API_PATHS)

    def on_request(self, request) -> None:
        if not self._is_api(request.url):
            return
        self.seq += 1
        self.requests[request] = ApiRequest(label=describe(request, self.base_url), sent=self.seq)

    def on_finished(self, request) -> None:
        if request in self.requests:
            self.seq += 1
            self.requests[request].done = self.seq

    def start(self, page) -> None:
        self.requests.clear()
        page.on("request", self.on_request)
        page.on("requestfinished", self.on_finished)
        page.on("requestfailed", self.on_finished)

    def stop(self, page) -> list[ApiRequest]:
        page.remove_listener("request", self.on_request)
        page.remove_listener("requestfinished", self.on_finished)
        page.remove_listener("requestfailed", self.on_finished)
        # Requests of the storefront page or of the opened page itself are not the portal's start-up.
        ordered = sorted((r for r in self.requests.values() if r.label not in PAGE_REQUESTS), key=lambda r: r.sent)
        for request in ordered:
            earlier = [q.round for q in ordered if q.done is not None and q.done < request.sent]
            request.round = 1 + max(earlier, default=0)
        return ordered


# The loader's quote-button state on every storefront page (issue 6) and the account page's masquerade audit for a
# company admin (issue 5) are not start-up requests.
PAGE_REQUESTS = {"GraphQL StorefrontQuoteState", "GraphQL CompanyMasqueradeSessions"}


def describe(request, base_url: str) -> str:
    if "/graphql" in request.url:
        query = json.loads(request.post_data or "{}").get("query", "")
        match = re.search(r"\b(?:query|mutation)\s+(\w+)", query)
        return f"GraphQL {match.group(1) if match else '?'}"
    return f"{request.method} {request.url.removeprefix(base_url).split('?')[0]}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def wait_until_up(url: str, server: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with code {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 (our own local server)
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer {url} within {timeout:.0f} s")


def report(title: str, requests: list[ApiRequest], first_screen_ms: float) -> None:
    rounds = max((r.round for r in requests), default=0)
    graphql = sum(1 for r in requests if r.label.startswith("GraphQL"))
    print(title)
    for request in requests:
        print(f"  round {request.round}  {request.label}")
    print(f"  requests: {len(requests)} ({graphql} GraphQL, {len(requests) - graphql} REST)")
    print(f"  parallel rounds: {rounds}")
    print(f"  first screen after: {first_screen_ms:.0f} ms")
    print()


def measure(base_url: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page()
            page.set_default_timeout(20_000)
            root = page.locator("#b2b-portal-root")
            recorder = Recorder(base_url=base_url)

            recorder.start(page)
            started = time.perf_counter()
            page.goto(f"{base_url}/#/login")
            expect(page.get_by_role("button", name="SIGN IN")).to_be_visible()
            guest_ms = (time.perf_counter() - started) * 1000
            page.wait_for_load_state("networkidle")
            report("Guest opening /#/login:", recorder.stop(page), guest_ms)

            page.get_by_label("Email").fill(EMAIL)
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="SIGN IN").click()
            expect(page.get_by_role("heading", name="My orders")).to_be_visible()  # the signed-in landing page
            page.goto(f"{base_url}/#/accountSettings")
            expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
            page.wait_for_load_state("networkidle")

            recorder.start(page)
            started = time.perf_counter()
            page.reload()
            expect(root.get_by_test_id("user-summary")).to_be_visible()
            signed_in_ms = (time.perf_counter() - started) * 1000
            page.wait_for_load_state("networkidle")
            report(f"Signed in ({EMAIL}), reloading /#/accountSettings:", recorder.stop(page), signed_in_ms)
        finally:
            browser.close()


def loader_size() -> None:
    manifest = json.loads(bundle.MANIFEST.read_text())
    files = bundle.static_closure(manifest, bundle.loader_key(manifest))
    gz = sum(bundle.gzip_size(bundle.DIST / name) for name in files)
    raw = sum((bundle.DIST / name).stat().st_size for name in files)
    target = bundle.LOADER_TARGET_KB
    verdict = "PASS" if gz / 1000 <= target else "FAIL"
    print(f"Loader: {raw / 1000:.1f} kB raw, {gz / 1000:.1f} kB gzip (target <= {target:.0f} kB) -> {verdict}")


def main() -> int:
    if not bundle.MANIFEST.is_file():
        print("frontend/dist is not built: run `make frontend` first.")
        return 1
    if not Path(CHROMIUM).exists():
        print(f"Chromium not found at {CHROMIUM} (set CHROMIUM=...).")
        return 1

    workdir = Path(tempfile.mkdtemp(prefix="portal-startup-bench-"))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "portal.settings",
        "VAR_DIR": str(workdir),
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
        "REDIS_URL": "",
        "DEBUG": "true",
        "PYTHONUNBUFFERED": "1",
    }
    server: subprocess.Popen | None = None
    try:
        started = time.perf_counter()
        manage(env, "migrate", "--no-input")
        manage(env, "seed_demo", "--site-url", base_url)
        server = subprocess.Popen(
            [PYTHON, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until_up(base_url + "/", server)
        print(f"Demo store on {base_url} (temporary database), ready after {time.perf_counter() - started:.1f} s")
        print()
        measure(base_url)
        loader_size()
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
