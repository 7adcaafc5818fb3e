import contextlib

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import AuditEvent, Company, CompanyMembership, CompanyRole, User
from portal.cache import CacheUnavailable
from portal.mail import MAIL_TASK_OPTIONS

EMAIL_CLAIM_SECONDS = 7 * 24 * 3600


def _email_claim(claim: str) -> bool:
    """Whether this delivery of a task sends its e-mail (the first one does). While the cache is down (the task then
    runs in the web process that sent it, the broker being the same Redis: portal.celery) nothing can be claimed:
    the e-mail is sent, at worst twice, never not at all."""
    try:
        return cache.add(claim, 1, timeout=EMAIL_CLAIM_SECONDS)
    except CacheUnavailable:
        return True


def _email_claim_release(claim: str) -> None:
    with contextlib.suppress(CacheUnavailable):
        cache.delete(claim)


@shared_task(**MAIL_TASK_OPTIONS)
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


COMPANY_EMAILS = {
    # kind: (subject, template); the applicant gets all but staff_review.
    "received": ("We received your business account application", "accounts/email/company_received.txt"),
    "approved": ("Your business account is approved", "accounts/email/company_approved.txt"),
    "rejected": ("Your business account application", "accounts/email/company_rejected.txt"),
    "staff_review": ("New business account to review: {company}", "accounts/email/company_staff_review.txt"),
}


def company_applicant(company: Company) -> User | None:
    """Who hears about the application: the user who applied, else the company's first admin."""
    if company.applied_by_id and company.applied_by is not None and company.applied_by.is_active:
        return company.applied_by
    membership = (
        CompanyMembership.objects.select_related("user")
        .filter(company=company, role=CompanyRole.ADMIN, user__is_active=True)
        .order_by("created_at", "pk")
        .first()
    )
    return membership.user if membership else None


def _site_url() -> str:
    from portal.models import Channel

    channel = Channel.objects.order_by("channel_id").first()
    urls = channel.urls if channel is not None else []
    return (urls[0] if urls else "").rstrip("/")


@shared_task(**MAIL_TASK_OPTIONS)
def company_email_send(event_id: int, kind: str) -> None:
    """The e-mail of one company decision (an audit event): received, approved or rejected (with the reason given
    at that time) to the applicant, or a review request to staff. Sent once per event and kind, even when the task
    is delivered twice; released again if sending fails, so the retry sends it."""
    event = AuditEvent.objects.select_related("company", "company__applied_by").filter(pk=event_id).first()
    if event is None or event.company is None or kind not in COMPANY_EMAILS:
        return
    company = event.company
    if kind == "staff_review":
        recipient = settings.STAFF_NOTIFICATION_EMAIL
        user = None
    else:
        user = company_applicant(company)
        recipient = user.email if user else company.email
    if not recipient:
        return
    claim = f"company-email:{event_id}:{kind}"
    if not _email_claim(claim):
        return
    subject, template = COMPANY_EMAILS[kind]
    context = {
        "company": company,
        "user": user,
        "reason": (event.changes or {}).get("reason", ""),
        "site_url": _site_url(),
        "admin_url": _site_url() + reverse("admin:accounts_company_change", args=[company.pk]),
    }
    try:
        send_mail(
            subject=subject.format(company=company.name),
            message=render_to_string(template, context),
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[recipient],
        )
    except Exception:
        _email_claim_release(claim)
        raise


@shared_task
def media_purge_stale() -> int:
    """Delete uploads never attached to an application (schedule it daily with Celery beat)."""
    from accounts.services import media_purge_stale as purge

    return purge()


@shared_task(**MAIL_TASK_OPTIONS)
def user_invitation_send(event_id: int) -> None:
    """The invitation of a user added to a company (issue 16), for one audit event (the user added, or the invitation
    sent again): a link to choose a first password, or, for an account that has one, a word that it now works for
    the company. Sent once per event even when the task is delivered twice; released again if sending fails, so the
    retry sends it. Nobody is written to who has left the company meanwhile."""
    from accounts.services.users import invitation_link  # the services enqueue this task: import them late

    event = AuditEvent.objects.select_related("company", "actor").filter(pk=event_id).first()
    if event is None or event.company is None or event.object_type != "accounts.user":
        return
    membership = (
        CompanyMembership.objects.select_related("user", "custom_role")
        .filter(company=event.company, user_id=event.object_id, user__is_active=True)
        .first()
    )
    if membership is None:
        return
    claim = f"user-invitation:{event_id}"
    if not _email_claim(claim):
        return
    user = membership.user
    # A super admin masquerading as the company adds users for it: the e-mail names the company, not them.
    inviter = event.actor if event.actor is not None and event.masquerade_session_id is None else None
    context = {
        "user": user,
        "company": event.company,
        "role_name": membership.role_name,
        "inviter": (inviter.get_full_name() or inviter.email) if inviter else "",
        "link": "" if user.has_usable_password() else invitation_link(user),
        "sign_in_url": f"{settings.SITE_URL}/#/login",
    }
    try:
        send_mail(
            subject=f"You have been added to {event.company.name}",
            message=render_to_string("accounts/email/user_invitation.txt", context),
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[user.email],
        )
    except Exception:
        _email_claim_release(claim)
        raise
