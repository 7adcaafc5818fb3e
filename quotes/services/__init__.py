"""Writes of the quotes app (HackSoft services), one module per concern: enablement, the draft (resolving what
is added, and its writes), revisions, submission, messages and files, the supplier's side, checkout and expiry
(business §3–§5, ARCHITECTURE §8 quote lifecycle).

Callers use `from quotes import services; services.x` as before: every public name of the modules is re-exported
here. Patch a name where it is used (`quotes.services.drafts.x`), not here."""

from quotes.services.checkout import (
    NO_LONGER_AVAILABLE_MESSAGE,
    quote_checkout_check,
    quote_for_checkout,
    quote_mark_ordered,
    quote_order_check,
)
from quotes.services.drafts import (
    ADDRESS_FIELDS,
    CONTACT_LIMITS,
    EMAIL_PATTERN,
    MAX_DRAFT_LINES,
    MAX_LINES_PER_CALL,
    MAX_NOTE_LENGTH,
    DraftResult,
    attachments_delete,
    quote_draft_add_lines,
    quote_draft_attachment_add,
    quote_draft_attachment_remove,
    quote_draft_claim,
    quote_draft_clear,
    quote_draft_remove_line,
    quote_draft_update,
    quote_draft_update_line,
)
from quotes.services.enablement import (
    GUEST_SUBMISSIONS_PER_HOUR,
    GUEST_UPLOADS_PER_HOUR,
    NOT_QUOTABLE_MESSAGE,
    quote_building_check,
)
from quotes.services.expiry import GUEST_DRAFT_LIFETIME_DAYS, quote_drafts_purge, quotes_due_for_reminder, quotes_expire
from quotes.services.lines import MAX_OPTIONS_PER_LINE, DraftLineRequest, ResolvedLine, resolve_draft_lines
from quotes.services.messages import MAX_MESSAGE_LENGTH, quote_attachment_add, quote_message_create
from quotes.services.order_lines import order_lines_quotable_by, order_lines_to_quote_draft
from quotes.services.revisions import quote_snapshot, quote_totals_refresh, revision_changes
from quotes.services.staff import LineChange, quote_send_back
from quotes.services.submit import QUOTE_VALIDITY_DAYS, SubmitResult, quote_from_draft, quote_submit

__all__ = [
    "GUEST_SUBMISSIONS_PER_HOUR",
    "GUEST_UPLOADS_PER_HOUR",
    "NOT_QUOTABLE_MESSAGE",
    "quote_building_check",
    "MAX_OPTIONS_PER_LINE",
    "DraftLineRequest",
    "ResolvedLine",
    "resolve_draft_lines",
    "MAX_DRAFT_LINES",
    "MAX_LINES_PER_CALL",
    "EMAIL_PATTERN",
    "DraftResult",
    "quote_draft_add_lines",
    "quote_draft_update_line",
    "quote_draft_remove_line",
    "quote_draft_clear",
    "ADDRESS_FIELDS",
    "CONTACT_LIMITS",
    "MAX_NOTE_LENGTH",
    "quote_draft_update",
    "quote_draft_attachment_add",
    "quote_draft_attachment_remove",
    "attachments_delete",
    "quote_draft_claim",
    "quote_snapshot",
    "revision_changes",
    "quote_totals_refresh",
    "QUOTE_VALIDITY_DAYS",
    "SubmitResult",
    "quote_submit",
    "quote_from_draft",
    "MAX_MESSAGE_LENGTH",
    "quote_message_create",
    "quote_attachment_add",
    "order_lines_to_quote_draft",
    "order_lines_quotable_by",
    "LineChange",
    "quote_send_back",
    "NO_LONGER_AVAILABLE_MESSAGE",
    "quote_checkout_check",
    "quote_for_checkout",
    "quote_order_check",
    "quote_mark_ordered",
    "GUEST_DRAFT_LIFETIME_DAYS",
    "quotes_expire",
    "quote_drafts_purge",
    "quotes_due_for_reminder",
]
