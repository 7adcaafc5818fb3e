from django.apps import AppConfig


class SsoConfig(AppConfig):
    name = "sso"
    verbose_name = "Single sign-on (identity providers)"

    def ready(self) -> None:
        # A company that requires single sign-on refuses passwords for its users: accounts' password doors (sign-in,
        # password reset) ask, and may not import sso (ARCHITECTURE §3), so sso contributes its check here.
        from accounts.services.sign_in import password_refusal_register
        from sso.services import sso_password_refusal

        password_refusal_register(sso_password_refusal)
