"""A closed-loop HTTP load generator: N client threads, each sending its next request as soon as its last one is
answered, for a fixed time (threads and http.client: the virtualenv has neither httpx nor aiohttp).

Each client opens a connection per request (gunicorn's sync workers close the connection after each answer). A
request counts when it is answered before the time is up; requests still running then are awaited and left out.
An error is a connection failure, an HTTP status other than 200, or a GraphQL answer with `errors`.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import threading
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Request:
    label: str
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    graphql: bool = False


def graphql_request(label: str, query: str, variables: dict | None = None, token: str | None = None) -> Request:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    return Request(label=label, method="POST", path="/graphql", body=body, headers=headers, graphql=True)


def send(host: str, port: int, request: Request, timeout: float = 120.0) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(request.method, request.path, body=request.body, headers=request.headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def failure(request: Request, status: int, body: bytes) -> str | None:
    """Why an answer is an error, or None."""
    if status != 200:
        return f"HTTP {status}: {body[:200]!r}"
    if request.graphql and b'"errors"' in body:
        errors = json.loads(body).get("errors")
        if errors:
            return f"GraphQL errors: {json.dumps(errors)[:300]}"
    return None


@dataclass
class Sample:
    label: str
    seconds: float
    error: str | None


@dataclass
class PhaseResult:
    clients: int
    seconds: float
    samples: list[Sample]
    client_cpu_s: float
    server_cpu_s: float | None
    services_cpu_s: dict[str, float]  # PostgreSQL and Redis, whole servers (other databases' work included)
    machine_busy: float | None  # share of all cores busy during the phase (every process on the machine)

    @property
    def ok(self) -> list[Sample]:
        return [s for s in self.samples if s.error is None]

    @property
    def errors(self) -> int:
        return sum(1 for s in self.samples if s.error is not None)

    @property
    def rps(self) -> float:
        return len(self.samples) / self.seconds

    def percentile(self, p: float, label: str | None = None) -> float:
        values = sorted(s.seconds for s in self.samples if label is None or s.label == label)
        if not values:
            return float("nan")
        if len(values) == 1:
            return values[0]
        return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]

    def labels(self) -> list[str]:
        return list(dict.fromkeys(s.label for s in self.samples))


def run_phase(
    host: str,
    port: int,
    requests: list[Request],
    *,
    clients: int,
    seconds: float,
    server_pids: list[int] | None = None,
    services: dict[str, int] | None = None,
    stop: threading.Event | None = None,
) -> PhaseResult:
    """`clients` threads for `seconds`; client k goes round `requests` starting at position k (so at any time the
    clients together send the whole mix)."""
    stop = stop or threading.Event()
    samples: list[Sample] = []
    lock = threading.Lock()
    start_barrier = threading.Barrier(clients + 1)
    deadline = [0.0]

    def client(k: int) -> None:
        mine: list[Sample] = []
        position = k % len(requests)
        start_barrier.wait()
        while not stop.is_set():
            request = requests[position]
            position = (position + 1) % len(requests)
            started = time.perf_counter()
            if started >= deadline[0]:
                break
            try:
                status, body = send(host, port, request)
                error = failure(request, status, body)
            except (OSError, http.client.HTTPException, ValueError) as exc:
                error = f"{type(exc).__name__}: {exc}"
            finished = time.perf_counter()
            if finished <= deadline[0]:
                mine.append(Sample(request.label, finished - started, error))
        with lock:
            samples.extend(mine)

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    for thread in threads:
        thread.start()
    cpu_before = time.process_time()
    server_before = processes_cpu_seconds(server_pids) if server_pids else None
    services = services or {}
    services_before = {name: tree_cpu_seconds(pid) for name, pid in services.items()}
    machine_before = machine_cpu()
    deadline[0] = time.perf_counter() + seconds
    start_barrier.wait()
    while any(thread.is_alive() for thread in threads):
        for thread in threads:
            thread.join(timeout=0.5)
        if stop.is_set():
            break
    server_after = processes_cpu_seconds(server_pids) if server_pids else None
    services_after = {name: tree_cpu_seconds(pid) for name, pid in services.items()}
    machine_after = machine_cpu()
    busy = None
    if machine_before and machine_after:
        total = machine_after[0] - machine_before[0]
        busy = (machine_after[1] - machine_before[1]) / total if total else None
    return PhaseResult(
        clients=clients,
        seconds=seconds,
        samples=samples,
        client_cpu_s=time.process_time() - cpu_before,
        server_cpu_s=(server_after - server_before) if server_before is not None else None,
        services_cpu_s={name: services_after[name] - services_before[name] for name in services},
        machine_busy=busy,
    )


# --- CPU accounting from /proc (Linux) --------------------------------------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # fields from the state on (the name may hold spaces)


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(int(entry))
            if fields and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def processes_cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of the processes (utime + stime), in seconds."""
    total = 0
    for pid in pids:
        fields = _stat_fields(pid)
        if fields:
            total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


def tree_cpu_seconds(root: int) -> float:
    """CPU time of a process, its finished children (cutime, cstime: PostgreSQL's backends of closed connections)
    and its live children, in seconds: the difference of two readings is what the tree used in between."""
    fields = _stat_fields(root)
    if not fields:
        return 0.0
    total = sum(int(v) for v in fields[11:15])
    for child in children_of(root):
        child_fields = _stat_fields(child)
        if child_fields:
            total += int(child_fields[11]) + int(child_fields[12])
    return total / CLOCK_TICKS


def service_root(name: str) -> int | None:
    """The first process named `name` (comm) whose parent has another name: PostgreSQL's postmaster, redis-server."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as f:
                if f.read().strip() != name:
                    continue
            with open(f"/proc/{_stat_fields(int(entry))[1]}/comm") as f:
                if f.read().strip() != name:
                    return int(entry)
        except (OSError, TypeError):
            continue
    return None


def service_pids() -> dict[str, int]:
    """The PostgreSQL and Redis servers on this machine (their root processes), by name: the services whose CPU a
    load phase reports."""
    roots = (("PostgreSQL", service_root("postgres")), ("Redis", service_root("redis-server")))
    return {name: pid for name, pid in roots if pid}


def machine_cpu() -> tuple[int, int] | None:
    """(all jiffies, busy jiffies) of the machine since boot, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return sum(values[:8]), sum(values[:8]) - idle
