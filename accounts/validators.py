"""shell §5 input rules: a password has at least 7 characters with at least one digit and one letter; a phone number
has an optional country code and a 1-5 digit area and ends in 4 digits."""

import re

from django.core.exceptions import ValidationError

# shell §5: optional country code, a 1-5 digit area, ending in 4 digits (separators allowed).
PHONE_PATTERN = r"^\+?\d{0,3}[\s.-]?\(?\d{1,5}\)?[\s.-]?\d{1,4}[\s.-]?\d{4}$"
PASSWORD_RULE_MESSAGE = "Passwords must be at least 7 characters and contain both letters and numbers."


def password_meets_rule(password: str) -> bool:
    return len(password) >= 7 and bool(re.search(r"\d", password)) and bool(re.search(r"[A-Za-z]", password))


class PortalPasswordValidator:
    def validate(self, password: str, user=None) -> None:
        if not password_meets_rule(password):
            raise ValidationError(PASSWORD_RULE_MESSAGE, code="password_rule")

    def get_help_text(self) -> str:
        return PASSWORD_RULE_MESSAGE
