"""The caller's own account settings (name, phone, password)."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.errors import AccountFieldCode
from accounts.models import User
from accounts.services.passwords import password_change
from accounts.validators import PHONE_PATTERN
from portal.errors import field_errors


@transaction.atomic
def account_settings_update(
    *,
    user: User,
    first_name: str,
    last_name: str,
    phone: str,
    current_password: str | None,
    new_password: str | None,
    keep_token: str,
) -> User:
    errors: dict[str, list[ValidationError]] = {}
    if not first_name.strip():
        errors["firstName"] = [ValidationError("First name is required.", code=AccountFieldCode.REQUIRED)]
    if not last_name.strip():
        errors["lastName"] = [ValidationError("Last name is required.", code=AccountFieldCode.REQUIRED)]
    if phone.strip() and not re.match(PHONE_PATTERN, phone.strip()):
        errors["phoneNumber"] = [ValidationError("Enter a valid phone number.", code=AccountFieldCode.INVALID_PHONE)]
    if errors:
        raise field_errors(errors)
    user.first_name, user.last_name, user.phone = first_name.strip(), last_name.strip(), phone.strip()
    user.save(update_fields=["first_name", "last_name", "phone"])
    if new_password:
        password_change(
            user=user, current_password=current_password or "", new_password=new_password, keep_token=keep_token
        )
    return user
