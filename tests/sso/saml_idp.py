"""A real SAML 2.0 identity provider for the SSO tests, built on pysaml2's `saml2.server.Server`: it reads the
AuthnRequest our service provider (allauth / python3-saml) sends and answers with a Response and Assertion it signs
with its own key through the xmlsec1 program (apt: xmlsec1). Only configuration is ours; the protocol is pysaml2's.
SamlIdPServer serves it over HTTP for the browser tests (tests/e2e/test_institution_sso.py)."""

from __future__ import annotations

import base64
import datetime as dt
import html
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from unittest import mock
from urllib.parse import parse_qs, urlsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT, saml
from saml2.assertion import Policy
from saml2.config import IdPConfig
from saml2.metadata import create_metadata_string
from saml2.saml import NAME_FORMAT_URI, NAMEID_FORMAT_PERSISTENT
from saml2.server import Server
from saml2.xmldsig import DIGEST_SHA256, SIG_RSA_SHA256

XMLSEC1 = shutil.which("xmlsec1")


def key_and_cert(common_name: str) -> tuple[bytes, bytes]:
    """A self-signed RSA-2048 key and certificate."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=365))
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return key_pem, cert.public_bytes(serialization.Encoding.PEM)


def cert_body(cert_pem: str) -> str:
    """The certificate as metadata and python3-saml carry it: base64 without the PEM lines."""
    return "".join(line for line in cert_pem.strip().splitlines() if "CERTIFICATE" not in line)


class SamlIdP:
    """One identity provider: its entity ID, sign-in URL, key and certificate, and the service providers it knows (by
    their metadata)."""

    def __init__(self, *, entity_id: str, sso_url: str, workdir: Path, keys: tuple[bytes, bytes] | None = None):
        self.entity_id, self.sso_url, self.workdir = entity_id, sso_url, workdir
        key_pem, cert_pem = keys or key_and_cert(entity_id)
        self.keys = (key_pem, cert_pem)
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "idp.key").write_bytes(key_pem)
        (workdir / "idp.crt").write_bytes(cert_pem)
        self.cert_pem = cert_pem.decode()
        self.server: Server | None = None

    def trust(self, *sp_metadata: str) -> None:
        """Know these service providers (their metadata XML), as an IdP's administrator registers them."""
        assert XMLSEC1, "pysaml2 signs with the xmlsec1 program (apt-get install xmlsec1)"
        config = IdPConfig()
        config.load(
            {
                "entityid": self.entity_id,
                "xmlsec_binary": XMLSEC1,
                "key_file": str(self.workdir / "idp.key"),
                "cert_file": str(self.workdir / "idp.crt"),
                "metadata": {"inline": list(sp_metadata)},
                "allow_unknown_attributes": True,
                "service": {
                    "idp": {
                        "endpoints": {
                            "single_sign_on_service": [
                                (self.sso_url, BINDING_HTTP_REDIRECT),
                                (self.sso_url, BINDING_HTTP_POST),
                            ]
                        },
                        "name_id_format": [NAMEID_FORMAT_PERSISTENT],
                        "want_authn_requests_signed": False,
                        "policy": {
                            "default": {
                                "lifetime": {"minutes": 5},
                                "attribute_restrictions": None,
                                "name_form": NAME_FORMAT_URI,
                            }
                        },
                    }
                },
            }
        )
        self.server = Server(config=config)

    @property
    def metadata_xml(self) -> str:
        assert self.server is not None
        return create_metadata_string(None, config=self.server.config, valid=24 * 365).decode()

    def respond(
        self,
        saml_request: str,
        identity: dict[str, list[str]],
        *,
        name_id: str,
        audience: str | None = None,
        lifetime: dict | None = None,
        sign_response: bool = True,
        sign_assertion: bool = True,
    ) -> str:
        """The base64 SAMLResponse answering an AuthnRequest (HTTP-Redirect binding): `identity` by friendly name
        (mail, givenName, sn, isMemberOf → their urn:oid names), signed with SHA-256 (python3-saml refuses SHA-1)."""
        assert self.server is not None
        request = self.server.parse_authn_request(saml_request, BINDING_HTTP_REDIRECT).message
        kwargs = {
            "identity": identity,
            "in_response_to": request.id,
            "destination": request.assertion_consumer_service_url,
            "sp_entity_id": audience or request.issuer.text,
            "name_id": saml.NameID(format=NAMEID_FORMAT_PERSISTENT, text=name_id),
            "authn": {"class_ref": saml.AUTHN_PASSWORD_PROTECTED, "authn_auth": self.entity_id},
            "sign_response": sign_response,
            "sign_assertion": sign_assertion,
            "sign_alg": SIG_RSA_SHA256,
            "digest_alg": DIGEST_SHA256,
        }
        if lifetime is not None:  # {"minutes": -10}: an assertion that expired before it was sent
            with mock.patch.object(Policy, "get_lifetime", return_value=lifetime):
                response = self.server.create_authn_response(**kwargs)
        else:
            response = self.server.create_authn_response(**kwargs)
        return base64.b64encode(str(response).encode()).decode()

    def assertion_consumer_service(self, saml_request: str) -> str:
        """Where the AuthnRequest asks the answer to be posted (our ACS)."""
        assert self.server is not None
        request = self.server.parse_authn_request(saml_request, BINDING_HTTP_REDIRECT).message
        return request.assertion_consumer_service_url


# --- over HTTP, for the browser ------------------------------------------------------------------------------------

_AUTO_POST = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Northfield sign-in</title></head>
<body>
  <main>
    <h1>Signed in as {who}</h1>
    <form method="post" action="{acs}">
      <input type="hidden" name="SAMLResponse" value="{saml_response}">
      <input type="hidden" name="RelayState" value="{relay_state}">
      <button type="submit">Continue</button>
    </form>
  </main>
  <script>document.forms[0].submit();</script>
</body>
</html>"""


class SamlIdPServer:
    """The identity provider's single sign-on endpoint over HTTP on a free port of this machine, in a thread, for the
    browser tests: a GET with an AuthnRequest (HTTP-Redirect binding) is answered, for the one person signed in at
    the provider (`identity`, `name_id`), with a page that posts the signed SAMLResponse and the RelayState to the
    service provider's ACS (HTTP-POST binding), as an identity provider with a live session does. `sso_url` is known
    once it listens, so that the service provider can be configured with it; `idp.trust()` comes after."""

    PATH = "/saml/sso"

    def __init__(self, *, entity_id: str, workdir: Path, identity: dict[str, list[str]], name_id: str):
        self.identity, self.name_id = identity, name_id
        self.answered: list[str] = []  # the ACS addresses posted to, one per sign-in
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.sso_url = f"http://localhost:{self.http.server_address[1]}{self.PATH}"
        self.idp = SamlIdP(entity_id=entity_id, sso_url=self.sso_url, workdir=workdir)
        self._thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def __enter__(self) -> SamlIdPServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.http.shutdown()
        self.http.server_close()
        self._thread.join()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        idp_server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 — http.server's name
                url = urlsplit(self.path)
                query = parse_qs(url.query)
                if url.path != idp_server.PATH or "SAMLRequest" not in query:
                    self.send_error(404)
                    return
                saml_request = query["SAMLRequest"][0]
                acs = idp_server.idp.assertion_consumer_service(saml_request)
                saml_response = idp_server.idp.respond(saml_request, idp_server.identity, name_id=idp_server.name_id)
                idp_server.answered.append(acs)
                body = _AUTO_POST.format(
                    who=html.escape(idp_server.identity["mail"][0]),
                    acs=html.escape(acs),
                    saml_response=saml_response,
                    relay_state=html.escape(query.get("RelayState", [""])[0]),
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):  # noqa: A002 — quiet: the test's output is the browser's
                pass

        return Handler
