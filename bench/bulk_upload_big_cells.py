"""Bulk upload of huge cells (issue 36 item 3): the 45 MB file of 45 one-megabyte SKU cells, validated by the Celery
job's code path with its process's peak memory at most 256 MB, and every poll of it answered in at most 1 MB.

    .venv/bin/python bench/bulk_upload_big_cells.py [CELLS]

Builds its own temporary SQLite database (migrated, with the demo store — `seed_demo`, as bench/bulk_upload.py does),
then writes the file in a temporary directory: a header line, then CELLS rows (default 45) of a one-megabyte SKU cell
and a quantity. Each measure runs in a fresh process:
- the validation: the upload by Acme Labs' senior buyer, stored as the Celery job finds it, and
  `pricing.bulk_upload.services.product_upload_run` — claim, stream the file, validate, write the error file, store
  the result; its peak memory (VmHWM) beside the memory Django and the app take before it;
- the polls: GET /api/v2/products/upload/{id} with the buyer's bearer token, as the overlay polls — a pending upload,
  then the done one twenty times — the largest answer, and how much the web process grew meanwhile.
Prints the figures beside their goals. The temporary directory is removed afterwards. Not part of `make test`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(REPO_ROOT)

from bench.bulk_upload import BUYER, _peak_mb, configure  # noqa: E402  (the repository root first, as above)

MEGABYTE = 1024 * 1024
GOAL_PEAK_MB = 256
GOAL_ANSWER_BYTES = MEGABYTE
POLLS = 20


def build_file(path: Path, cells: int) -> int:
    """The issue's file: `cells` rows of a one-megabyte SKU cell each (a row per megabyte)."""
    with open(path, "wb") as handle:
        handle.write(b"sku,qty\n")
        for number in range(cells):
            handle.write(b"%d" % number + b"A" * (MEGABYTE - 12) + b",1\n")
    return cells


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def server_validation(path: Path, tmp: Path) -> dict:
    """The Celery job's path on a stored upload, in a fresh process on the database the parent built."""
    configure(tmp, migrate=False)
    from django.core.files import File

    from accounts.models import User
    from accounts.selectors import actor_for_user
    from pricing.bulk_upload import services
    from pricing.models import BulkUpload

    buyer = actor_for_user(User.objects.get(email=BUYER))
    upload = BulkUpload.objects.create(
        user=buyer.user, company=buyer.b2b_company, channel_id=1, file_name=path.name, file_size=path.stat().st_size
    )
    with open(path, "rb") as handle:
        upload.source.save(f"{services.STORAGE_FOLDER}/{upload.key}/upload.csv", File(handle), save=True)
    before_mb = _peak_mb()
    start, wall = time.process_time(), time.perf_counter()
    assert services.product_upload_run(upload_id=upload.pk)
    seconds, wall = time.process_time() - start, time.perf_counter() - wall
    upload.refresh_from_db()
    assert upload.status == "done", (upload.status, upload.failure_message)
    return {
        "key": upload.key,
        "rows": upload.row_count,
        "errors": upload.error_count,
        "seconds": seconds,
        "wall": wall,
        "peak_mb": _peak_mb(),
        "peak_before_mb": before_mb,
        "result_bytes": len(json.dumps(upload.result)),
        "error_file_bytes": upload.error_file.size,
    }


def polls(key: str, tmp: Path) -> dict:
    """The overlay's polls through the REST edge, with the buyer's bearer token, in a fresh process."""
    configure(tmp, migrate=False)
    from django.test import Client

    from accounts.models import User
    from accounts.selectors import actor_for_user
    from accounts.services import b2b_token_issue
    from pricing.models import BulkUpload

    client = Client()
    buyer = actor_for_user(User.objects.get(email=BUYER))
    # The buyer's bearer token as sign-in issues it (the sign-in itself is not what is measured).
    headers = {"HTTP_AUTHORIZATION": f"Bearer {b2b_token_issue(user=buyer.user).raw}"}
    pending = BulkUpload.objects.create(user=buyer.user, company=buyer.b2b_company, channel_id=1, file_name="x.csv")
    sizes = []
    response = client.get(f"/api/v2/products/upload/{pending.key}", **headers)
    assert response.status_code == 200, response.content[:300]
    sizes.append(len(response.content))
    first = client.get(f"/api/v2/products/upload/{key}", **headers)
    assert first.status_code == 200 and first.json()["data"]["status"] == "done", first.content[:300]
    rss_before = _rss_mb()
    for _ in range(POLLS):
        response = client.get(f"/api/v2/products/upload/{key}", **headers)
        assert response.status_code == 200
        sizes.append(len(response.content))
    return {"largest": max(sizes), "polls": len(sizes), "grew_mb": _rss_mb() - rss_before, "peak_mb": _peak_mb()}


def _child(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, *args], check=True, capture_output=True, text=True, env=os.environ.copy()
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--server":
        print(json.dumps(server_validation(Path(sys.argv[2]), Path(sys.argv[3]))))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--polls":
        print(json.dumps(polls(sys.argv[2], Path(sys.argv[3]))))
        return
    cells = int(sys.argv[1]) if len(sys.argv) > 1 else 45
    tmp = Path(tempfile.mkdtemp(prefix="bulk-upload-big-cells-bench-"))
    try:
        configure(tmp)
        from django.core.management import call_command

        call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
        path = tmp / "big-cells.csv"
        rows = build_file(path, cells)
        server = _child("--server", str(path), str(tmp))
        web = _child("--polls", server["key"], str(tmp))
        assert server["rows"] == server["errors"] == rows, server
        peak_ok = server["peak_mb"] <= GOAL_PEAK_MB
        answer_ok = web["largest"] <= GOAL_ANSWER_BYTES
        table = [
            ("file", f"{path.stat().st_size / MEGABYTE:.1f} MB, {rows} rows of a 1 MB SKU cell (SQLite, demo catalog)"),
            (
                "validation (the Celery job's path)",
                f"{server['seconds']:.2f} s CPU ({server['wall']:.2f} s wall), {server['errors']} error rows",
            ),
            (
                "peak memory of the validating process",
                f"{server['peak_mb']:.0f} MB (goal ≤ {GOAL_PEAK_MB} MB; Django and the app loaded: "
                f"{server['peak_before_mb']:.0f} MB)",
            ),
            (
                "largest poll answer",
                f"{web['largest'] / 1024:.1f} kB over {web['polls']} polls "
                f"(goal ≤ {GOAL_ANSWER_BYTES / MEGABYTE:g} MB)",
            ),
            ("web process growth over the polls", f"{web['grew_mb']:+.1f} MB (peak {web['peak_mb']:.0f} MB)"),
            (
                "stored result, error file",
                f"{server['result_bytes'] / 1024:.1f} kB, {server['error_file_bytes'] / 1024:.1f} kB",
            ),
        ]
        width = max(len(label) for label, _ in table)
        for label, value in table:
            print(f"{label:<{width}} : {value}")
        if not (peak_ok and answer_ok):
            print("NOTE: a goal was missed on this machine (see above).")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
