"""Who sees which invoices (shell §6 "Invoices view": get_invoices, get_invoice_detail, get_invoice_pdf,
export_invoices, get_invoice_payments_history; "Pay invoice": pay_invoice).

A permission is a code with a level (accounts.permissions): level 2 reaches every invoice of the company the caller
works in (and of the units below it, for an admin or a member granted them: issue 40), level 1 the invoices of the
orders they placed in it (Invoice.customer). Invoices are a company's documents: only callers working in an approved
company (its users, a super admin masquerading as it) hold these codes. An individual (B2C) customer, a guest, a user
of a pending company and a super admin who is not masquerading hold none — the overlay sends roles 4, 99 and 100
who open an invoice link to sign in (shell §2 login flag 7)."""

from __future__ import annotations

from accounts.permissions import Code
from accounts.selectors import Actor

GET_INVOICES = Code.GET_INVOICES.value
GET_INVOICE_DETAIL = Code.GET_INVOICE_DETAIL.value
GET_INVOICE_PDF = Code.GET_INVOICE_PDF.value
EXPORT_INVOICES = Code.EXPORT_INVOICES.value
GET_INVOICE_PAYMENTS_HISTORY = Code.GET_INVOICE_PAYMENTS_HISTORY.value
PAY_INVOICE = Code.PAY_INVOICE.value

OWN, COMPANY = 1, 2


def invoice_scope_level(actor: Actor, code: str) -> int:
    """0: no access; 1: the invoices of the orders the actor placed in their company; 2: every invoice of it."""
    if actor.user is None or actor.b2b_company is None:
        return 0
    return min(actor.level(code), COMPANY)


def can_pay_invoices(actor: Actor) -> bool:
    """The caller may pay invoices (shell §6 "Pay invoice"): pay_invoice while working in a company."""
    return invoice_scope_level(actor, PAY_INVOICE) >= OWN


def can_view_order_of(actor: Actor, order_company_id: int | None, order_placed_by_id: int | None) -> bool:
    """business §6: the order link from an invoice needs order permission — get_order_detail at level 2 for any order
    of the company (and of the units below it the caller's company-wide permissions reach: issue 40), at level 1 for
    the orders the caller placed in it (as orders.selectors scopes `order(id)`)."""
    company = actor.b2b_company
    if actor.user is None or company is None or order_company_id is None:
        return False
    level = actor.level(Code.GET_ORDER_DETAIL.value)
    if level >= 2:
        return actor.reaches_company(order_company_id)
    return level >= 1 and order_company_id == company.pk and order_placed_by_id == actor.user.pk
