from django.apps import AppConfig


class QuotesConfig(AppConfig):
    name = "quotes"
    verbose_name = "Quotes"

    def ready(self) -> None:
        # shell §7 createdByUser: accounts answers it, but may not import quotes (ARCHITECTURE §3).
        from accounts.selectors import created_by_source_register
        from quotes.selectors import quote_creator_ids

        created_by_source_register("quotes", quote_creator_ids)
