"""A fake procurement system for the punchout tests (issue 39 Done when 1): a real HTTP server on a free local port,
not a mock of our code. It takes what a procurement system takes from a supplier — the buyer's browser posting the
cart back (`/return`, a form: cXML's `cxml-urlencoded` or OCI's NEW_ITEM-* fields) and the supplier's server posting
documents (`/cxml`: ConfirmationRequest, ShipNoticeRequest, InvoiceDetailRequest) — keeps each, and answers as such
a system does (an HTML page; a cXML Response whose status the test may set, one answer at a time)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl
from xml.sax.saxutils import escape

import pytest
from defusedxml.ElementTree import fromstring

CXML_ANSWER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">
<cXML payloadID="fake.{n}@procure.test" timestamp="2026-12-05T12:00:00+00:00"><Response>
<Status code="{code}" text="{text}"/></Response></cXML>"""


@dataclass
class Received:
    path: str
    content_type: str
    body: bytes

    @property
    def form(self) -> list[tuple[str, str]]:
        return parse_qsl(self.body.decode(), keep_blank_values=True)

    def cxml(self):
        """The document as an element: the posted cXML, or a form's cxml-urlencoded field."""
        if self.content_type.startswith("application/x-www-form-urlencoded"):
            text = dict(self.form)["cxml-urlencoded"]
        else:
            text = self.body.decode()
        return fromstring(text.encode(), forbid_dtd=False)


@dataclass
class FakeProcurementSystem:
    """Start with `start()`, stop with `stop()`; `url` is its origin. `answers` are the cXML status codes of the next
    documents, one each (200 once they run out)."""

    received: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    @property
    def url(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def documents(self, kind: str) -> list:
        """The cXML documents received at /cxml whose request is `kind` (e.g. ShipNoticeRequest)."""
        found = []
        for item in list(self.received):
            if item.path == "/cxml":
                root = item.cxml()
                if root.find(f"Request/{kind}") is not None:
                    found.append(root)
        return found

    def returns(self) -> list[Received]:
        return [item for item in list(self.received) if item.path.startswith("/return")]

    def wait_for(self, predicate, timeout: float = 60.0) -> None:
        """Until `predicate()` holds (a document arrives from another thread); fails after `timeout` seconds."""
        with self.arrived:
            assert self.arrived.wait_for(predicate, timeout=timeout), "the fake procurement system received nothing"

    def start(self) -> FakeProcurementSystem:
        system = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                item = Received(self.path, self.headers.get("Content-Type", ""), self.rfile.read(length))
                # Kept before the answer: whoever waited for the answer then finds the document here.
                with system.arrived:
                    system.received.append(item)
                    system.arrived.notify_all()
                if self.path.startswith("/return"):
                    lines = "".join(f"<li>{escape(n)}: {escape(v[:80])}</li>" for n, v in item.form)
                    self._answer(200, "text/html", f"<!doctype html><title>Requisition</title><h1>Cart received"
                                 f"</h1><ul>{lines}</ul>")  # fmt: skip
                else:
                    with system.lock:
                        code = system.answers.pop(0) if system.answers else 200
                    text = "OK" if code < 300 else "Internal Server Error" if code >= 500 else "Bad Request"
                    self._answer(code, "text/xml", CXML_ANSWER.format(n=len(system.received), code=code, text=text))

            def _answer(self, status: int, content_type: str, body: str) -> None:
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", f"{content_type}; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def procurement():
    """A fake procurement system serving for the test (tests/conftest.py makes it every test's fixture)."""
    system = FakeProcurementSystem().start()
    yield system
    system.stop()
