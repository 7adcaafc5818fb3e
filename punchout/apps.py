from django.apps import AppConfig


class PunchoutConfig(AppConfig):
    name = "punchout"
    verbose_name = "PunchOut (procurement systems)"
