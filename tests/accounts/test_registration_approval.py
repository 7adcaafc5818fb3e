"""Company approval in Django admin (with a reason), the applicant's e-mails, resubmission after a rejection,
sign-in refusal for inactive and deleted companies, and the B2C → B2B conversion of b2c@demo.test (issue 5)."""

import pytest
from django.core import mail

from accounts.models import AuditEvent, Company, CompanyMembership, CompanyStatus, MediaFile, User
from accounts.services import company_approve, company_reject, company_status_set
from tests.accounts.test_media_upload import pdf_bytes, png_bytes, upload
from tests.accounts.test_registration import ACCOUNT_STATUS, COMPANY_CREATE, business, fields_of, set_config
from tests.helpers import CUSTOMER_INFO, LOGIN, error_code, rest_refusal

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/accounts/company/"


def application(**overrides) -> dict:
    """companyCreate input of a signed-in applicant (no `customer`)."""
    data = business(**overrides)
    del data["customer"]
    return data


@pytest.fixture
def staff(client):
    assert client.login(username="staff@demo.test", password="Demo1234")
    return client


@pytest.fixture
def pending_application(demo_store, graphql):
    """A guest's business application waiting for staff (auto-approval off)."""
    set_config("company_auto_approval", "0")
    graphql(COMPANY_CREATE, {"data": business()})
    mail.outbox.clear()
    return Company.objects.get(name="New Lab Inc.")


# --- approval and rejection in Django admin ------------------------------------------------------------------------


def test_staff_approve_in_admin_and_the_applicant_is_emailed(
    pending_application, staff, graphql, login, django_capture_on_commit_callbacks
):
    token = login("nora@newlab.test", "Pipette42")
    assert graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]["userInfo"]["role"] == 99

    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(
            CHANGELIST, {"action": "set_status_approved", "_selected_action": [pending_application.pk]}, follow=True
        )

    assert "1 company set to “Approved”." in response.content.decode()
    pending_application.refresh_from_db()
    assert pending_application.status == CompanyStatus.APPROVED
    assert pending_application.reviewed_at is not None
    assert [(m.to, m.subject) for m in mail.outbox] == [(["nora@newlab.test"], "Your business account is approved")]
    # The applicant gets B2B menus at once: role 0 with the admin's permissions.
    info = graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 0 and info["companyInfo"]["status"] == 1
    event = AuditEvent.objects.get(action="company_approved", company=pending_application)
    assert event.actor.email == "staff@demo.test"


def test_rejecting_asks_for_a_reason_first(pending_application, staff, django_capture_on_commit_callbacks):
    form = staff.post(CHANGELIST, {"action": "set_status_rejected", "_selected_action": [pending_application.pk]})

    page = form.content.decode()
    assert form.status_code == 200
    assert "Reason for the applicant" in page and "New Lab Inc." in page
    pending_application.refresh_from_db()
    assert pending_application.status == CompanyStatus.PENDING

    empty = staff.post(
        CHANGELIST,
        {"action": "set_status_rejected", "_selected_action": [pending_application.pk], "apply": "1", "reason": " "},
    )
    assert "This field is required." in empty.content.decode()
    pending_application.refresh_from_db()
    assert pending_application.status == CompanyStatus.PENDING and mail.outbox == []

    with django_capture_on_commit_callbacks(execute=True):
        done = staff.post(
            CHANGELIST,
            {"action": "set_status_rejected", "_selected_action": [pending_application.pk], "apply": "1",
             "reason": "Please attach proof of registration."},
            follow=True,
        )  # fmt: skip

    assert "1 company set to “Rejected”." in done.content.decode()
    pending_application.refresh_from_db()
    assert pending_application.status == CompanyStatus.REJECTED
    assert pending_application.rejection_reason == "Please attach proof of registration."
    [message] = mail.outbox
    assert message.to == ["nora@newlab.test"]
    assert message.subject == "Your business account application"
    assert "Reason: Please attach proof of registration." in message.body
    assert "resubmit" in message.body


def test_a_rejected_applicant_sees_the_reason_and_resubmits(
    pending_application, graphql, login, client, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    company_reject(company_ids=[pending_application.pk], reason="Attach a certificate.")
    token = login("nora@newlab.test", "Pipette42")

    info = graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]
    assert info["companyInfo"] == {
        "id": pending_application.pk, "companyName": "New Lab Inc.", "status": 2,
        "rejectionReason": "Attach a certificate.",
    }  # fmt: skip
    assert info["accountStatus"]["convertLinkVisible"] is False

    file_id = upload(client, "certificate.pdf", pdf_bytes(), token=token).json()["data"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(
            COMPANY_CREATE, {"data": application(companyName="New Lab LLC", fileList=[file_id])}, token=token
        )

    assert body["data"]["companyCreate"] == {
        "companyId": pending_application.pk, "companyStatus": 0,
        "customerId": User.objects.get(email="nora@newlab.test").pk, "autoApproved": False, "resubmitted": True,
    }  # fmt: skip
    pending_application.refresh_from_db()
    assert (pending_application.name, pending_application.status) == ("New Lab LLC", CompanyStatus.PENDING)
    assert pending_application.rejection_reason == ""
    assert [f.original_name for f in pending_application.attachments.all()] == ["certificate.pdf"]
    assert Company.objects.count() == 10  # the demo's nine and this one: no new company
    assert sorted(m.subject for m in mail.outbox) == [
        "New business account to review: New Lab LLC",
        "We received your business account application",
    ]
    assert AuditEvent.objects.filter(action="company_resubmitted", company=pending_application).count() == 1


def test_a_resubmission_waits_for_staff_even_with_auto_approval_on(pending_application, graphql, login):
    company_reject(company_ids=[pending_application.pk], reason="Incomplete.")
    set_config("company_auto_approval", "1")
    token = login("nora@newlab.test", "Pipette42")

    body = graphql(COMPANY_CREATE, {"data": application()}, token=token)

    assert body["data"]["companyCreate"]["companyStatus"] == 0


def test_only_the_rejected_companys_admin_may_resubmit(demo_store, graphql, login):
    before = Company.objects.get(name="Rejected Chem").name

    admin = graphql(COMPANY_CREATE, {"data": application(companyName="Rejected Chem 2")},
                    token=login("admin@rejectedchem.test"))  # fmt: skip
    pending = graphql(COMPANY_CREATE, {"data": application()}, token=login("admin@pendingbio.test"))

    assert admin["data"]["companyCreate"]["resubmitted"] is True
    assert error_code(pending) == "ALREADY_IN_COMPANY"
    assert Company.objects.get(pk=admin["data"]["companyCreate"]["companyId"]).name != before


def test_an_invalid_resubmission_changes_nothing(demo_store, graphql, login):
    company = Company.objects.get(name="Rejected Chem")

    body = graphql(COMPANY_CREATE, {"data": application(companyEmail="bad")}, token=login("admin@rejectedchem.test"))

    assert fields_of(body) == {"companyEmail": ["Enter a valid email address."]}
    company.refresh_from_db()
    assert company.status == CompanyStatus.REJECTED and company.name == "Rejected Chem"


def test_company_status_set_still_dispatches(demo_store):
    pending = Company.objects.get(name="Pending Bio")

    assert company_status_set(company_ids=[pending.pk], status=CompanyStatus.INACTIVE) == 1
    assert company_status_set(company_ids=[pending.pk], status=CompanyStatus.INACTIVE) == 0
    with pytest.raises(Exception, match="reason"):
        company_status_set(company_ids=[pending.pk], status=CompanyStatus.REJECTED)
    assert AuditEvent.objects.filter(action="company_status_changed", company=pending).count() == 1


def test_staff_download_an_attachment_and_nobody_else_can(pending_application, staff, client, settings, tmp_path):
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    media_id = upload(client, "logo.png", png_bytes()).json()["data"]["id"]
    MediaFile.objects.filter(pk=media_id).update(company=pending_application)
    url = f"/admin/accounts/company/{pending_application.pk}/attachments/{media_id}/"

    change_page = staff.get(f"/admin/accounts/company/{pending_application.pk}/change/").content.decode()
    response = staff.get(url)

    assert url in change_page and "logo.png" in change_page
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == png_bytes()
    assert 'filename="logo.png"' in response["Content-Disposition"]
    staff.logout()
    assert staff.get(url).status_code == 302  # to the admin login
    assert staff.get(f"/media/attachments/companyAttachedFile/{media_id}.png").status_code == 404


def test_role_changes_in_admin_are_audited(demo_store, staff):
    membership = CompanyMembership.objects.get(user__email="junior@acme.test")

    staff.post(
        f"/admin/accounts/companymembership/{membership.pk}/change/",
        {"user": membership.user_id, "company": membership.company_id, "role": 1},
    )

    membership.refresh_from_db()
    assert membership.role == 1
    event = AuditEvent.objects.get(action="membership_role_changed")
    assert event.summary == "junior@acme.test: Junior buyer → Senior buyer"
    assert event.company == membership.company and event.actor.email == "staff@demo.test"


def test_custom_fields_are_checked_in_admin(demo_store, staff):
    response = staff.post(
        "/admin/accounts/accountformfield/add/",
        {"form_type": 1, "group": 3, "field_name": "labType", "label": "Lab type", "field_type": "dropdown",
         "is_required": "on", "visible": "on", "value_configs": "{}", "order": 60},
    )  # fmt: skip

    assert "A dropdown needs options" in response.content.decode()
    essential = staff.get("/admin/accounts/accountformfield/?q=email").content.decode()
    assert "Email address" in essential


# --- inactive and deleted companies -------------------------------------------------------------------------------


@pytest.mark.parametrize("status", [CompanyStatus.INACTIVE, CompanyStatus.DELETED])
def test_users_of_inactive_or_deleted_companies_cannot_sign_in(demo_store, graphql, client, status):
    company_status_set(company_ids=[Company.objects.get(name="Acme Labs").pk], status=status)

    body = graphql(LOGIN, {"email": "admin@acme.test", "password": "Demo1234"})
    storefront = client.post("/login/", {"email": "admin@acme.test", "password": "Demo1234"},
                             HTTP_ACCEPT="application/json")  # fmt: skip

    assert error_code(body) == "COMPANY_INACTIVE"
    assert body["errors"][0]["message"] == (
        "Your company's account is not active, so you cannot sign in. Please contact us."
    )
    assert rest_refusal(storefront, 403)["extensions"]["code"] == "COMPANY_INACTIVE"  # 400 before issue 23
    # A wrong password still says only that.
    assert error_code(graphql(LOGIN, {"email": "admin@acme.test", "password": "wrong"})) == "INVALID_CREDENTIALS"
    # Other companies are not affected.
    assert "errors" not in graphql(LOGIN, {"email": "admin@globex.test", "password": "Demo1234"})


# --- B2C → B2B conversion -----------------------------------------------------------------------------------------


def test_b2c_customer_converts_to_a_business_account(
    demo_store, graphql, login, client, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    set_config("company_auto_approval", "0")
    ivy = User.objects.get(email="b2c@demo.test")
    token = login("b2c@demo.test")
    assert graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]["accountStatus"]["convertLinkVisible"] is True
    client.force_login(ivy)
    assert 'href="/#/registeredbctob2b"' in client.get("/").content.decode()

    file_id = upload(client, "licence.pdf", pdf_bytes(), token=token).json()["data"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(
            COMPANY_CREATE,
            {"data": application(companyName="Ivy Biotech", customerId=ivy.pk, fileList=[file_id],
                                 userExtraFields=[])},
            token=token,
        )  # fmt: skip

    result = body["data"]["companyCreate"]
    assert result["customerId"] == ivy.pk and result["companyStatus"] == 0
    company = Company.objects.get(pk=result["companyId"])
    assert company.applied_by == ivy and company.attachments.count() == 1
    assert User.objects.filter(email="b2c@demo.test").count() == 1
    info = graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]
    assert info["userInfo"] == {"id": ivy.pk, "role": 99}  # pending: still an individual
    assert info["companyInfo"]["status"] == 0
    assert info["accountStatus"]["convertLinkVisible"] is False
    assert "Convert to a business account" not in client.get("/").content.decode()
    assert sorted(m.subject for m in mail.outbox) == [
        "New business account to review: Ivy Biotech", "We received your business account application",
    ]  # fmt: skip

    company_approve(company_ids=[company.pk])

    info = graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]
    assert info["userInfo"]["id"] == ivy.pk and info["userInfo"]["role"] == 0
    assert info["companyInfo"] == {"id": company.pk, "companyName": "Ivy Biotech", "status": 1}
    assert CompanyMembership.objects.get(user=ivy).role == 0


def test_the_convert_link_needs_b2b_registration_and_no_company(demo_store, client, graphql, login):
    ivy = User.objects.get(email="b2c@demo.test")
    client.force_login(ivy)
    set_config("account_login_registration", b2b="0")

    assert "Convert to a business account" not in client.get("/").content.decode()
    status = graphql(ACCOUNT_STATUS, token=login("b2c@demo.test"))["data"]["customerInfo"]["accountStatus"]
    assert status["convertLinkVisible"] is False and status["b2bRegistrationEnabled"] is False

    set_config("account_login_registration", b2b="1")
    for email in ("admin@acme.test", "admin@pendingbio.test", "superadmin@demo.test"):
        client.force_login(User.objects.get(email=email))
        assert "Convert to a business account" not in client.get("/").content.decode()
    client.logout()
    assert "Convert to a business account" not in client.get("/").content.decode()


def test_essential_fields_stay_required_even_from_the_list(demo_store, staff):
    from accounts.models import AccountFormField

    email = AccountFormField.objects.get(form_type=2, field_name="email")
    phone = AccountFormField.objects.get(form_type=2, field_name="phoneNumber")
    rows = [email, phone]
    data = {"form-TOTAL_FORMS": 2, "form-INITIAL_FORMS": 2, "_save": "Save"}
    for i, field in enumerate(rows):
        data.update({f"form-{i}-id": field.pk, f"form-{i}-order": field.order, f"form-{i}-visible": "on"})
    data["form-1-is_required"] = "on"  # the phone becomes required; the e-mail would become optional

    response = staff.post("/admin/accounts/accountformfield/?form_type__exact=2&group__exact=1", data)

    assert "This field is essential" in response.content.decode()
    email.refresh_from_db()
    phone.refresh_from_db()
    assert email.is_required is True and phone.is_required is False

    change = staff.post(
        f"/admin/accounts/accountformfield/{email.pk}/change/",
        {"label": "E-mail", "is_required": "", "visible": "on", "value_configs": "{}", "order": 30},
    )
    assert "This field is essential" in change.content.decode()
