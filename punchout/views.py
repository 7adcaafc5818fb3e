"""The doors of procurement systems (issue 39), outside GraphQL: cXML documents are XML posted server to server,
OCI's setup is the buyer's browser sent with a form or a query string, and the StartPage is a link the buyer's
browser opens. Every refusal is answered in the protocol's terms (a cXML Status, or a page), never as a 500."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth import login, logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.selectors import actor_for_user
from accounts.services import storefront_session_binding, storefront_session_tokens_revoke
from orders.models import Order
from portal import ratelimit
from portal.client_address import client_ip
from punchout import cxml, purchase_orders, selectors, services, transfer
from punchout.errors import PunchoutRefused
from punchout.models import DocumentDirection, PunchoutConnection, PunchoutOperation, PunchoutProtocol, PunchoutSession
from punchout.safexml import MAX_DOCUMENT_BYTES, DocumentRefused, document_parse
from storefront.cart_views import current_cart
from storefront.checkout_handoff import checkout_handoff_end, checkout_handoff_set
from storefront.permissions import storefront_actor
from storefront.services import CART_COOKIE
from storefront.views import base_context

logger = logging.getLogger("punchout")

PUNCHOUT_SESSION_KEY = "punchout_session"  # the Django session's punchout session id
# Refused credentials are counted per client address: after AUTH_FAILURES_LIMIT in AUTH_FAILURES_WINDOW seconds the
# address is refused (429) until the window passes, right secret or not, so that a shared secret cannot be guessed.
AUTH_FAILURES_SCOPE = "punchout-auth"
AUTH_FAILURES_LIMIT = 30
AUTH_FAILURES_WINDOW = 600
TOO_MANY = "Too many refused requests from this address: try again in ten minutes."


def _auth_failed(request: HttpRequest) -> None:
    ratelimit.record(AUTH_FAILURES_SCOPE, client_ip(request), window_seconds=AUTH_FAILURES_WINDOW)


def _auth_blocked(request: HttpRequest) -> bool:
    return ratelimit.is_limited(AUTH_FAILURES_SCOPE, client_ip(request), limit=AUTH_FAILURES_LIMIT)


CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30  # as the storefront's own cart cookie


def _cxml_answer(request: HttpRequest, status: int, text: str = "", start_url: str = "") -> HttpResponse:
    document = cxml.response_document(host=request.get_host(), status=status, text=text, start_url=start_url)
    return HttpResponse(document, status=status, content_type="text/xml; charset=utf-8")


def _body(request: HttpRequest) -> bytes:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    too_large = DocumentRefused(413, f"The document is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    if length > MAX_DOCUMENT_BYTES:
        raise too_large
    # Read from the stream, bounded here: `request.body` refuses anything over DATA_UPLOAD_MAX_MEMORY_SIZE (1 MB, the
    # API's limit), which would turn away a document between 1 and 2 MB as "larger than 2 MB".
    body = request.read(MAX_DOCUMENT_BYTES + 1)
    if len(body) > MAX_DOCUMENT_BYTES:
        raise too_large
    return body


def _parties_match(connection: PunchoutConnection, envelope: cxml.Envelope) -> bool:
    """The From and To credentials name the connection's parties (where the connection sets them)."""

    def named(credentials: tuple[cxml.Credential, ...], domain: str, identity: str) -> bool:
        if not identity:
            return True
        return any(c.identity == identity and (not domain or c.domain.lower() == domain.lower()) for c in credentials)

    return named(envelope.from_credentials, connection.from_domain, connection.from_identity) and named(
        envelope.to_credentials, connection.to_domain, connection.to_identity
    )


@csrf_exempt  # server to server: the request carries its credential in the document
@require_POST
def cxml_endpoint(request: HttpRequest) -> HttpResponse:
    """`POST /punchout/cxml/`: a procurement system's cXML request (PunchOutSetupRequest, OrderRequest)."""
    if _auth_blocked(request):
        return _cxml_answer(request, 429, TOO_MANY)
    try:
        body = _body(request)
        envelope = cxml.envelope_read(document_parse(body))
    except DocumentRefused as refused:
        return _cxml_answer(request, refused.status, refused.text)
    candidates = selectors.connections_for_sender(
        protocols=(PunchoutProtocol.CXML,), domain=envelope.sender.domain, identity=envelope.sender.identity
    )
    connection = next((c for c in candidates if _parties_match(c, envelope)), candidates[0] if candidates else None)
    if connection is None:  # nobody's: not kept (anyone can post), only counted in the server's log
        logger.info("cXML request from an unknown sender %r refused", envelope.sender.identity[:100])
        _auth_failed(request)
        return _cxml_answer(request, 401, "Unknown sender or wrong shared secret.")
    kind = envelope.request.tag[:60]
    text = body.decode("utf-8", "replace")

    def answer(status: int, message: str = "", *, session: PunchoutSession | None = None, start_url: str = ""):
        services.punchout_document_record(
            connection=connection, direction=DocumentDirection.IN, kind=kind, payload_id=envelope.payload_id,
            status_code=status, status_text=message, body=text, session=session,
        )  # fmt: skip
        response = _cxml_answer(request, status, message, start_url)
        services.punchout_document_record(
            connection=connection, direction=DocumentDirection.OUT, kind="Response", status_code=status,
            status_text=message, body=response.content.decode(), session=session,
        )  # fmt: skip
        return response

    if not selectors.secret_matches(connection, envelope.sender.shared_secret) or not _parties_match(
        connection, envelope
    ):
        _auth_failed(request)
        return answer(401, "Unknown sender or wrong shared secret.")
    if kind == "OrderRequest":
        try:
            purchase_order = purchase_orders.purchase_order_read(envelope.request)
            order = purchase_orders.punchout_order_create(
                connection=connection, order=purchase_order, payload_id=envelope.payload_id
            )
        except DocumentRefused as refused:
            return answer(refused.status, refused.text)
        if isinstance(order, Order):
            return answer(200, f"Order #{order.number} placed.")
        return answer(200, f"Purchase order received: it awaits approval (purchase request {order.pk}).")
    if kind != "PunchOutSetupRequest":
        return answer(400, f"{kind} is not accepted at this address.")
    try:
        setup = cxml.setup_request_read(envelope.request)
        session, token = services.punchout_session_open(
            connection=connection, setup=setup, payload_id=envelope.payload_id
        )
    except DocumentRefused as refused:
        return answer(refused.status, refused.text)
    start_url = request.build_absolute_uri(reverse("punchout:start", args=[token]))
    return answer(200, session=session, start_url=start_url)


def _signed_in(request: HttpRequest, session: PunchoutSession) -> HttpResponse:
    """Sign the browser in as the session's buyer and open the storefront with the session's cart."""
    if request.user.is_authenticated and request.user.pk != session.user_id:
        # The previous customer's portal tokens end with their storefront session (issue 12), before login() flushes it.
        storefront_session_tokens_revoke(binding=storefront_session_binding(session=request.session, create=False))
    login(request, session.user, backend="django.contrib.auth.backends.ModelBackend")
    request.session[PUNCHOUT_SESSION_KEY] = session.pk
    system = session.connection.get_system_display()
    if session.operation != PunchoutOperation.INSPECT:
        checkout_handoff_set(request, label=f"Transfer to {system}", action=reverse("punchout:transfer"))
    else:  # the requisition is shown, never ordered here nor sent back
        checkout_handoff_set(request, label=f"{system} opened this cart to look at only: it cannot be ordered here.")
    response = redirect("storefront:home")
    if session.items_in:  # edit, inspect: the requisition's lines come back into the cart
        for problem in transfer.punchout_cart_restore(session=session, actor=actor_for_user(session.user)):
            messages.warning(request, problem)
        response = redirect("storefront:cart")
    response.set_cookie(CART_COOKIE, str(session.cart_id), max_age=CART_COOKIE_MAX_AGE, httponly=True, samesite="Lax")
    response["Cache-Control"] = "no-store"
    return response


LINK_INVALID = "This PunchOut link is no longer valid"
CATALOG_REFUSED = "The catalog could not be opened"


def _invalid(request: HttpRequest, reason: str, status: int, heading: str = CATALOG_REFUSED) -> HttpResponse:
    context = base_context(request) | {"reason": reason, "heading": heading}
    return render(request, "punchout/start_invalid.html", context, status=status)


@never_cache
@require_GET
def start_page(request: HttpRequest, token: str) -> HttpResponse:
    """`GET /punchout/start/{token}/`: the StartPage of a setup response, once, within ten minutes."""
    session = services.punchout_session_start(token=token)
    if session is None:
        return _invalid(request, "It was used already, or it is more than ten minutes old.", 410, LINK_INVALID)
    return _signed_in(request, session)


OCI_EMAIL_FIELDS = ("EMAIL", "USER_EMAIL", "email")


@csrf_exempt  # the procurement system's page posts the buyer's browser here, with the connection's credentials
@never_cache
@require_http_methods(["GET", "POST"])
def oci_entry(request: HttpRequest) -> HttpResponse:
    """`GET or POST /punchout/oci/`: an OCI 4.0 / 5.0 catalog call (USERNAME, PASSWORD, HOOK_URL, and the buyer's
    e-mail address for a connection that signs buyers in by it)."""
    if _auth_blocked(request):
        return _invalid(request, TOO_MANY, 429)
    fields = request.POST if request.method == "POST" else request.GET
    username = fields.get("USERNAME", "")[:200]
    connection = selectors.oci_connection(username=username) if username else None
    if connection is None or not selectors.secret_matches(connection, fields.get("PASSWORD", "")[:200]):
        _auth_failed(request)
        return _invalid(request, "The procurement system's user name or password for this catalog is not right.", 401)
    values = {key: fields.get(key, "")[:500] for key in list(fields.keys())[:200]}
    email = next((values[name] for name in OCI_EMAIL_FIELDS if values.get(name)), "").strip()
    setup = cxml.SetupRequest(
        operation="create", buyer_cookie="", return_url=values.get("HOOK_URL", "").strip(), email=email,
        first_name=values.get("FIRSTNAME", ""), last_name=values.get("LASTNAME", ""), extrinsics=values,
    )  # fmt: skip
    body = "&".join(f"{k}={'****' if k == 'PASSWORD' else v}" for k, v in values.items())
    kind = f"{connection.get_protocol_display()} setup"  # "OCI 5.0 setup"
    try:
        if not setup.return_url:
            raise PunchoutRefused(400, "The request has no HOOK_URL to send the cart back to.")
        session, token = services.punchout_session_open(connection=connection, setup=setup, payload_id="")
    except PunchoutRefused as refused:
        services.punchout_document_record(
            connection=connection, direction=DocumentDirection.IN, kind=kind, status_code=refused.status,
            status_text=refused.text, body=body,
        )  # fmt: skip
        return _invalid(request, refused.text, refused.status)
    services.punchout_document_record(
        connection=connection, direction=DocumentDirection.IN, kind=kind, status_code=200, body=body, session=session
    )
    started = services.punchout_session_start(token=token)
    if started is None:  # the user was closed in between
        return _invalid(request, "The buyer's account cannot sign in.", 403)
    return _signed_in(request, started)


def _end_visit(request: HttpRequest) -> None:
    """The buyer goes back to the procurement system: this browser is signed out (a lab's shared computer must not
    stay signed in as them), and their portal tokens end with the storefront session (issue 12)."""
    storefront_session_tokens_revoke(binding=storefront_session_binding(session=request.session, create=False))
    logout(request)


@never_cache
@require_POST
def transfer_cart(request: HttpRequest) -> HttpResponse:
    """`POST /punchout/transfer/` (the cart page's “Transfer to …”, with its CSRF token): the cart goes back to the
    procurement system through the buyer's browser, which posts it to the session's return address."""
    session_id = request.session.get(PUNCHOUT_SESSION_KEY)
    session = selectors.session_of_buyer(session_id=session_id, user=request.user) if session_id else None
    if session is None:
        checkout_handoff_end(request)
        messages.error(request, "Your PunchOut session has ended. Start again from your procurement system.")
        return redirect("storefront:cart")
    actor = storefront_actor(request)
    try:
        sent = transfer.punchout_transfer(
            session=session, actor=actor, cart=current_cart(request), host=request.get_host()
        )
    except PunchoutRefused as refused:
        messages.error(request, refused.text)
        return redirect("storefront:cart")
    services.punchout_document_record(
        connection=session.connection, direction=DocumentDirection.OUT,
        kind="PunchOutOrderMessage" if session.connection.protocol == PunchoutProtocol.CXML else "OCI cart",
        status_code=200, body=sent.document, session=session,
    )  # fmt: skip
    _end_visit(request)
    context = {"transfer": sent, "system": session.connection.get_system_display()}
    response = render(request, "punchout/transfer.html", context)
    response.delete_cookie(CART_COOKIE)
    return response
