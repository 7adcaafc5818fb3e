from django.apps import AppConfig


class PunchoutConfig(AppConfig):
    name = "punchout"
    verbose_name = "PunchOut (procurement systems)"

    def ready(self) -> None:
        # Ship notices and invoices go to the procurement system that sent the purchase order: orders and invoices
        # tell their listeners, and may not import punchout (ARCHITECTURE §3).
        from approvals.services.requests import placed_listener_register
        from invoices.services.issue import invoice_issued_listener_register
        from orders.services import shipment_listener_register
        from punchout import outbound

        shipment_listener_register(outbound.shipment_recorded)
        invoice_issued_listener_register(outbound.invoice_issued)
        placed_listener_register(outbound.request_placed)
