"""PunchOut (issue 39): a company's procurement system (SAP Ariba, Coupa, Jaggaer, Oracle iProcurement, SAP SRM/S4)
opens the storefront for one of its buyers, takes the cart back, and later sends the purchase order.

A `PunchoutConnection` is one procurement system of one company, set up by the supplier's staff in Django admin;
a `PunchoutSession` is one buyer's visit that it opened; a `PunchoutDocument` is every document received or sent,
kept 90 days for the staff (secrets masked)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.models import CompanyRole


class PunchoutProtocol(models.TextChoices):
    CXML = "cxml", "cXML 1.2"
    OCI4 = "oci4", "OCI 4.0"
    OCI5 = "oci5", "OCI 5.0"


class ProcurementSystem(models.TextChoices):
    """The buyer's system: its name is on the Transfer button, and its dialect decides a few details."""

    ARIBA = "ariba", "SAP Ariba"
    COUPA = "coupa", "Coupa"
    JAGGAER = "jaggaer", "Jaggaer"
    ORACLE = "oracle", "Oracle iProcurement"
    SAP_OCI = "sap", "SAP SRM / S/4HANA"
    OTHER = "other", "Procurement system"


class PunchoutUserMode(models.TextChoices):
    FIXED = "fixed", "Always the connection's user"
    BY_EMAIL = "email", "The buyer's e-mail address (created on first use)"


class PunchoutConnection(models.Model):
    company = models.ForeignKey("accounts.Company", on_delete=models.CASCADE, related_name="punchout_connections")
    name = models.CharField(max_length=200, help_text="For the staff, e.g. “University of Leeds — Ariba”.")
    system = models.CharField(max_length=10, choices=ProcurementSystem.choices, default=ProcurementSystem.OTHER)
    protocol = models.CharField(max_length=5, choices=PunchoutProtocol.choices, default=PunchoutProtocol.CXML)
    is_active = models.BooleanField(default=True)
    # cXML Header: who sends (From, Sender) and to whom (To). OCI: the sender identity is the USERNAME.
    from_domain = models.CharField(max_length=100, blank=True, help_text="cXML From Credential domain, e.g. NetworkId.")
    from_identity = models.CharField(max_length=200, blank=True, help_text="cXML From Identity, e.g. AN01000000001.")
    to_domain = models.CharField(max_length=100, blank=True, help_text="cXML To Credential domain (the supplier's).")
    to_identity = models.CharField(max_length=200, blank=True, help_text="cXML To Identity (the supplier's).")
    sender_domain = models.CharField(max_length=100, blank=True, help_text="cXML Sender Credential domain.")
    sender_identity = models.CharField(
        max_length=200, help_text="cXML Sender Identity; for OCI the USERNAME the procurement system sends."
    )
    secret_hash = models.CharField(
        max_length=200, blank=True, editable=False,
        help_text="The shared secret (cXML SharedSecret, OCI PASSWORD), salted and hashed: never shown again.",
    )  # fmt: skip
    return_origins = models.TextField(
        blank=True,
        help_text="Where the cart may be sent back: one origin a line (https://host[:port]). A BrowserFormPost URL "
        "or HOOK_URL elsewhere is refused.",
    )
    user_mode = models.CharField(max_length=5, choices=PunchoutUserMode.choices, default=PunchoutUserMode.BY_EMAIL)
    fixed_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The company's user every session signs in as (“Always the connection's user”).",
    )  # fmt: skip
    new_user_role = models.IntegerField(
        choices=CompanyRole.choices[:3], default=CompanyRole.SENIOR_BUYER,
        help_text="The role of a user created on first use (by e-mail). The procurement system approves their "
        "orders, so a senior buyer (who may buy) is the default; a junior buyer can buy only while the store lets "
        "juniors place orders.",
    )  # fmt: skip
    cost_centre_fields = models.CharField(
        max_length=500, blank=True, default="CostCenter, CostCentre, GrantCode",
        help_text="Extrinsic (cXML) or form (OCI) fields whose value is the buyer's cost centre or grant code, in "
        "order of preference, comma-separated. It goes on the order and its invoices.",
    )  # fmt: skip
    # Where order confirmations, ship notices and invoices go (cXML), and the credential they carry.
    documents_url = models.URLField(blank=True, help_text="The procurement system's cXML endpoint for documents.")
    documents_secret = models.CharField(
        max_length=200, blank=True,
        help_text="The SharedSecret our documents carry (kept readable: it is sent; never shown in the logs).",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            # One network (SAP Ariba's) sends for many buyers: the From credential tells its connections apart.
            models.UniqueConstraint(
                fields=["sender_domain", "sender_identity", "from_domain", "from_identity", "protocol"],
                name="punchout_connection_sender_unique",
            )
        ]

    def __str__(self) -> str:
        return self.name


class PunchoutOperation(models.TextChoices):
    CREATE = "create", "Create"
    EDIT = "edit", "Edit"
    INSPECT = "inspect", "Inspect"


class PunchoutSession(models.Model):
    """One buyer's visit from the procurement system: who, for which company, where the cart goes back."""

    connection = models.ForeignKey(PunchoutConnection, on_delete=models.CASCADE, related_name="sessions")
    company = models.ForeignKey("accounts.Company", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    operation = models.CharField(max_length=7, choices=PunchoutOperation.choices, default=PunchoutOperation.CREATE)
    buyer_cookie = models.CharField(max_length=500, blank=True)
    return_url = models.URLField(max_length=2000)
    payload_id = models.CharField(max_length=250, blank=True, help_text="The setup request's payloadID (cXML).")
    cost_centre = models.CharField(max_length=60, blank=True)
    # The setup's ItemOut lines (edit, inspect): [{"part": SupplierPartID, "aux": SupplierPartAuxiliaryID, "qty": …}].
    items_in = models.JSONField(default=list, blank=True)
    cart = models.ForeignKey(
        "storefront.Cart", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The cart the session fills (made when the buyer arrives).",
    )  # fmt: skip
    start_token_hash = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)
    start_expires_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    transferred_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["connection", "payload_id"],
                condition=~models.Q(payload_id=""),
                name="punchout_session_payload_unique",
            )
        ]

    def __str__(self) -> str:
        return f"PunchOut session {self.pk} ({self.user_id})"


class DocumentDirection(models.TextChoices):
    IN = "in", "Received"
    OUT = "out", "Sent"


class PunchoutDocument(models.Model):
    """A document received or sent, as it went, with its secrets masked (kept 90 days)."""

    connection = models.ForeignKey(PunchoutConnection, on_delete=models.CASCADE, related_name="documents")
    session = models.ForeignKey(PunchoutSession, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    direction = models.CharField(max_length=3, choices=DocumentDirection.choices)
    kind = models.CharField(max_length=60, help_text="e.g. PunchOutSetupRequest, OCI setup, PunchOutOrderMessage.")
    payload_id = models.CharField(max_length=250, blank=True)
    status_code = models.PositiveSmallIntegerField(help_text="The answer's status (cXML Status code or HTTP).")
    status_text = models.CharField(max_length=500, blank=True)
    body = models.TextField(blank=True, help_text="The document, secrets replaced by ****.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_direction_display()} {self.kind} {self.status_code}"


class PunchoutTransferLine(models.Model):
    """A line of a cart sent back to the procurement system, as sent: its key is the SupplierPartAuxiliaryID (cXML)
    or NEW_ITEM-EXT_PRODUCT_ID (OCI) the procurement system keeps, so that an edit restores the line with its
    options and a purchase order is matched to what was transferred, at the price transferred."""

    session = models.ForeignKey(PunchoutSession, on_delete=models.CASCADE, related_name="transfer_lines")
    position = models.PositiveIntegerField()
    key = models.CharField(max_length=40, unique=True)
    product = models.ForeignKey("pricing.Product", on_delete=models.PROTECT, related_name="+")
    variant = models.ForeignKey(
        "pricing.ProductVariant", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    options = models.JSONField(
        default=list, blank=True, help_text="[[option_id, value], …] as the cart line held them."
    )
    sku = models.CharField(max_length=64)
    name = models.CharField(max_length=500)
    quantity = models.PositiveIntegerField()
    unit_price = models.DecimalField(max_digits=12, decimal_places=2)
    unit_tax = models.DecimalField(max_digits=12, decimal_places=2)
    currency_code = models.CharField(max_length=3)
    quote = models.ForeignKey("quotes.Quote", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="punchout_transfer_line_position_unique")
        ]

    def __str__(self) -> str:
        return f"{self.key}: {self.quantity} × {self.sku}"


class PunchoutPurchaseOrder(models.Model):
    """A purchase order (cXML OrderRequest) received and placed as an order, or held for the company's approvers as a
    purchase request (issue 41: its order follows the last approval); its payloadID and PO number are received once
    per connection (a repeat is answered 409)."""

    connection = models.ForeignKey(PunchoutConnection, on_delete=models.CASCADE, related_name="purchase_orders")
    payload_id = models.CharField(max_length=250)
    po_number = models.CharField(max_length=60)
    order = models.OneToOneField("orders.Order", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    purchase_request = models.OneToOneField(
        "approvals.PurchaseRequest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    line_numbers = models.JSONField(
        default=list, blank=True, help_text="The purchase order's lineNumber of each order line, in the order's order."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "purchase order"
        constraints = [
            models.UniqueConstraint(fields=["connection", "payload_id"], name="punchout_po_payload_unique"),
            models.UniqueConstraint(fields=["connection", "po_number"], name="punchout_po_number_unique"),
        ]

    def __str__(self) -> str:
        return f"PO {self.po_number}"


class OutboundKind(models.TextChoices):
    CONFIRMATION = "confirmation", "Order confirmation (ConfirmationRequest)"
    SHIP_NOTICE = "ship_notice", "Ship notice (ShipNoticeRequest)"
    INVOICE = "invoice", "Invoice (InvoiceDetailRequest)"


class OutboundState(models.TextChoices):
    PENDING = "pending", "Waiting"
    SENDING = "sending", "Sending"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class PunchoutOutbound(models.Model):
    """A document owed to a procurement system about a purchase order: its confirmation, a shipment's ship notice, an
    invoice. A Celery task claims it, posts it, retries with backoff and logs each attempt; a worker killed while
    sending leaves it "sending" with the time it was claimed, taken again once that is stale."""

    purchase_order = models.ForeignKey(PunchoutPurchaseOrder, on_delete=models.CASCADE, related_name="outbound")
    kind = models.CharField(max_length=12, choices=OutboundKind.choices)
    object_id = models.PositiveBigIntegerField(help_text="The order, shipment or invoice the document is about.")
    state = models.CharField(max_length=7, choices=OutboundState.choices, default=OutboundState.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "outbound document"
        constraints = [
            models.UniqueConstraint(fields=["purchase_order", "kind", "object_id"], name="punchout_outbound_once")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.object_id}: {self.get_state_display()}"
