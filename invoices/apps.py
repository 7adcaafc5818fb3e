from django.apps import AppConfig


class InvoicesConfig(AppConfig):
    name = "invoices"
    verbose_name = "Invoices"
