from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string

from accounts.models import User


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def password_reset_email_send(user_id: int, link: str) -> None:
    """E-mail a password reset link. Resending is harmless: every link stays valid until the password changes."""
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return
    send_mail(
        subject="Reset your password",
        message=render_to_string("accounts/email/password_reset.txt", {"user": user, "link": link}),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[user.email],
    )
