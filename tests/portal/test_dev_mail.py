"""The demo's mail under `make run` (issue 36 item 8): the e-mails are written to var/mail/ and shown at /dev/mail/
(DEBUG with the file-based backend only), and their links are built on the address `make run` serves on, so that
`make run PORT=8001` mails links on 8001."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys

import pytest
from django.conf import settings as django_settings

from tests.accounts.test_users import CREATE, new_user

ROOT = django_settings.BASE_DIR
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
RESET = """
mutation($uid: String!, $token: String!, $password: String!) {
  resetPassword(uid: $uid, token: $token, newPassword: $password) { result { message } }
}
"""


def make_run_command(*arguments: str, **environment: str) -> str:
    """The command line `make run` starts the server with (make -n prints it and runs nothing)."""
    env = {key: value for key, value in os.environ.items() if key != "SITE_URL"} | environment
    printed = subprocess.run(
        ["make", "-n", "run", *arguments], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout
    return next(line for line in printed.splitlines() if "manage.py runserver" in line)


def test_make_run_builds_mailed_links_on_the_port_it_serves():
    assert make_run_command() == (
        "DEBUG=true SITE_URL='http://127.0.0.1:8000' .venv/bin/python manage.py runserver 127.0.0.1:8000"
    )
    assert "SITE_URL='http://127.0.0.1:8001' " in make_run_command("PORT=8001")
    assert make_run_command("PORT=8001").endswith("runserver 127.0.0.1:8001")
    # A server listening on every interface is reached on 127.0.0.1; an address given to make is kept.
    assert "SITE_URL='http://127.0.0.1:8002' " in make_run_command("HOST=0.0.0.0", "PORT=8002")
    assert "SITE_URL='https://demo.example.test' " in make_run_command(
        "PORT=8001", SITE_URL="https://demo.example.test"
    )


def settings_under(tmp_path, **environment: str) -> list[str]:
    """EMAIL_BACKEND and EMAIL_FILE_PATH as portal/settings.py reads them from this environment."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("EMAIL_") and key != "DEBUG"}
    env |= {"VAR_DIR": str(tmp_path), **environment}
    code = "import portal.settings as s; print(s.EMAIL_BACKEND); print(s.EMAIL_FILE_PATH)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()


def test_under_debug_without_a_mail_server_mail_is_written_to_var_mail(tmp_path):
    assert settings_under(tmp_path, DEBUG="true") == [FILE_BACKEND, str(tmp_path / "mail")]
    assert settings_under(tmp_path)[0] == "django.core.mail.backends.console.EmailBackend"
    smtp = "django.core.mail.backends.smtp.EmailBackend"
    assert settings_under(tmp_path, DEBUG="true", EMAIL_BACKEND=smtp)[0] == smtp


@pytest.fixture
def demo_mailbox(settings, tmp_path):
    """The server as `make run PORT=8001` starts it: DEBUG, mail written to files, links on 8001."""
    settings.DEBUG = True
    settings.EMAIL_BACKEND = FILE_BACKEND
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    settings.SITE_URL = "http://127.0.0.1:8001"
    return tmp_path / "mail"


def test_an_invitation_is_read_on_the_demo_mailbox_and_its_link_opens_on_the_chosen_port(
    demo_mailbox, demo_store, login, graphql, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        created = graphql(CREATE, {"data": new_user(email="nia.new@acme.test")}, token=login("admin@acme.test"))
    assert "errors" not in created, created

    assert len(list(demo_mailbox.iterdir())) == 1  # the file the README names the folder of
    page = client.get("/dev/mail/")

    assert page.status_code == 200
    text = page.content.decode()
    assert '<h2 id="mail-1">You have been added to Acme Labs</h2>' in text
    assert "<dt>To</dt><dd>nia.new@acme.test</dd>" in text
    links = re.findall(r'<a href="([^"]+)"', text)
    invitation = [html.unescape(link) for link in links if "/#/forgotpassword" in link]
    assert len(invitation) == 1
    match = re.fullmatch(
        r"http://127\.0\.0\.1:8001/#/forgotpassword\?uid=([\w-]+)&token=([\w-]+)&invited=1", invitation[0]
    )
    assert match, invitation
    assert all(link.startswith("http://127.0.0.1:8001/") for link in links if link.startswith("http"))
    # The link's uid and token set the first password: the newcomer can follow it through.
    uid, token = match.groups()
    answer = graphql(RESET, {"uid": uid, "token": token, "password": "Fresh-Pass-2026"})
    assert "errors" not in answer, answer


def test_an_empty_mailbox_says_how_to_fill_it(demo_mailbox, client):
    page = client.get("/dev/mail/")

    assert page.status_code == 200
    assert "No e-mail has been sent yet." in page.content.decode()
    assert page["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("debug", "backend"),
    [(False, FILE_BACKEND), (True, "django.core.mail.backends.locmem.EmailBackend"),
     (True, "django.core.mail.backends.smtp.EmailBackend")],
)  # fmt: skip
def test_the_mailbox_exists_only_under_debug_with_mail_written_to_files(settings, tmp_path, client, debug, backend):
    settings.DEBUG = debug
    settings.EMAIL_BACKEND = backend
    settings.EMAIL_FILE_PATH = str(tmp_path)

    assert client.get("/dev/mail/").status_code == 404
