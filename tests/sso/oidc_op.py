"""The test OpenID Provider (node-oidc-provider, tests/sso/op/op.mjs) as a process of this machine: started on a free
port with the clients it knows, awaited by its ready line, ended with the block. The SSO tests (tests/sso/conftest.py,
clients of http://testserver) and the browser journey (tests/e2e/test_institution_sso.py, clients of the live server)
each start their own."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

OP_DIR = Path(__file__).parent / "op"
CLIENT_SECRET = "client-secret-of-the-test-op"


@dataclass
class OpenIDProvider:
    issuer: str
    accounts_file: Path

    def accounts(self, **claims_by_login: dict) -> None:
        """Who may sign in at the provider, with which claims (email, given_name, family_name, groups)."""
        self.accounts_file.write_text(json.dumps(claims_by_login))


def op_client(client_id: str, site: str) -> dict:
    """A client of the provider: one of our providers (its slug), with its callback address on `site`."""
    return {
        "client_id": client_id,
        "client_secret": CLIENT_SECRET,
        "redirect_uris": [f"{site}/sso/oidc/{client_id}/login/callback/"],
    }


@contextmanager
def openid_provider_running(clients: list[dict], workdir: Path) -> Iterator[OpenIDProvider]:
    """The provider listening, with these clients (op_client) and nobody to sign in yet (OpenIDProvider.accounts)."""
    node = shutil.which("node")
    if node is None or not (OP_DIR / "node_modules" / "oidc-provider").is_dir():
        pytest.fail("The test OpenID Provider needs Node.js and `npm ci` in tests/sso/op (make install does it).")
    accounts_file = workdir / "accounts.json"
    accounts_file.write_text("{}")
    process = subprocess.Popen(  # noqa: S603 — a fixed program of the repository
        [node, "op.mjs"],
        cwd=OP_DIR,
        env={"PATH": "/usr/bin:/bin", "CLIENTS": json.dumps(clients), "ACCOUNTS_FILE": str(accounts_file)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        issuer = None
        seen = []
        for line in process.stdout:  # blocks until the provider listens (or the process ends)
            seen.append(line)
            if line.startswith("OP_READY "):
                issuer = line.split()[1]
                break
        if issuer is None:
            process.wait()
            pytest.fail("The test OpenID Provider did not start:\n" + "".join(seen))
        # Keep reading what it prints, so that its output never fills the pipe.
        threading.Thread(target=lambda: [None for _ in process.stdout or ()], daemon=True).start()
        yield OpenIDProvider(issuer=issuer, accounts_file=accounts_file)
    finally:
        process.terminate()
        process.wait()
