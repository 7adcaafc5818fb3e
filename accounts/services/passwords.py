"""Passwords: the reset link and its confirmation, and the change from account settings."""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from accounts.errors import AccountErrorCode, AccountFieldCode
from accounts.models import B2BToken, MasqueradeSession, User
from accounts.selectors import token_hash
from accounts.services.masquerade import _masquerades_close
from accounts.services.sign_in import b2b_tokens_revoke_all, password_refusal
from accounts.tasks import password_reset_email_send
from portal import ratelimit
from portal.errors import Refused, field_errors

RESET_REQUEST_LIMIT = 5


def password_reset_request(*, request, email: str, reset_url_base: str) -> None:
    """Send a reset link if the account exists. The caller always says the same thing (no enumeration)."""
    email = email.strip().lower()
    # Issue 40: an address of a company that requires single sign-on gets no password (SSO_REQUIRED: the address's
    # domain says so, whoever asks); a member of such a company under another address gets no link either, silently.
    password_refusal(email=email)
    if ratelimit.record("reset-email", email, window_seconds=3600) > RESET_REQUEST_LIMIT:
        return
    user = User.objects.filter(email__iexact=email, is_active=True).first()
    if user is None:
        return
    try:
        password_refusal(email=email, user=user)
    except Refused:
        return
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    link = f"{reset_url_base}#/forgotpassword?uid={uid}&token={token}"
    transaction.on_commit(lambda: password_reset_email_send.delay(user.pk, link))


def _user_for_reset(uid: str, token: str) -> User:
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid)), is_active=True)
    except (ValueError, TypeError, OverflowError, User.DoesNotExist) as exc:
        raise ValidationError(
            AccountErrorCode.INVALID_RESET_LINK.label, code=AccountErrorCode.INVALID_RESET_LINK
        ) from exc
    if not default_token_generator.check_token(user, token):
        raise ValidationError(AccountErrorCode.INVALID_RESET_LINK.label, code=AccountErrorCode.INVALID_RESET_LINK)
    return user


def password_reset_link_valid(*, uid: str, token: str) -> bool:
    """Whether the link still sets a password (issue 36 item 14: a used or expired invitation or reset link says so
    before its form is filled in). It checks what the confirmation checks and changes nothing; a link's token is
    single-use because it is bound to the password it replaces."""
    try:
        _user_for_reset(uid, token)
    except ValidationError:
        return False
    return True


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, new_password: str) -> User:
    user = _user_for_reset(uid, token)
    try:
        password_validation.validate_password(new_password, user)
    except ValidationError as exc:
        raise field_errors({"password": exc.error_list}) from exc  # with the validators' codes
    user.set_password(new_password)
    user.force_password_reset = False
    user.save(update_fields=["password", "force_password_reset"])
    # A new password ends every session: a stolen token stops working.
    b2b_tokens_revoke_all(user=user)
    return user


@transaction.atomic
def password_change(*, user: User, current_password: str, new_password: str, keep_token: str) -> None:
    if not user.check_password(current_password):
        wrong = ValidationError(
            AccountFieldCode.WRONG_CURRENT_PASSWORD.label, code=AccountFieldCode.WRONG_CURRENT_PASSWORD
        )
        raise field_errors({"currentPassword": [wrong]})
    try:
        password_validation.validate_password(new_password, user)
    except ValidationError as exc:
        raise field_errors({"newPassword": exc.error_list}) from exc
    user.set_password(new_password)
    user.save(update_fields=["password"])
    # Other sessions end; the one that changed the password stays signed in.
    others = B2BToken.objects.filter(user=user, revoked_at__isnull=True).exclude(key_hash=token_hash(keep_token))
    _masquerades_close(
        MasqueradeSession.objects.filter(token__in=others, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.SIGNED_OUT,
    )
    others.update(revoked_at=timezone.now())
