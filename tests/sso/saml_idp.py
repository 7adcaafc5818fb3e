"""A real SAML 2.0 identity provider for the SSO tests, built on pysaml2's `saml2.server.Server`: it reads the
AuthnRequest our service provider (allauth / python3-saml) sends and answers with a Response and Assertion it signs
with its own key through the xmlsec1 program (apt: xmlsec1). Only configuration is ours; the protocol is pysaml2's."""

from __future__ import annotations

import base64
import datetime as dt
import shutil
from pathlib import Path
from unittest import mock

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
