from django.apps import AppConfig


class QuotesConfig(AppConfig):
    name = "quotes"
    verbose_name = "Quotes"

    def ready(self) -> None:
        # shell §7 createdByUser: accounts answers it, but may not import quotes (ARCHITECTURE §3).
        from accounts.selectors import created_by_source_register
        from orders.permissions import ADD_TO_QUOTE, order_action_register
        from quotes.selectors import quote_creator_ids
        from quotes.services import order_lines_quotable_by

        created_by_source_register("quotes", quote_creator_ids)
        # issue 17 OrderDetail.canAddToQuote: orders asks, but may not import quotes (ARCHITECTURE §3).
        order_action_register(ADD_TO_QUOTE, order_lines_quotable_by)
