"""Registration (issue 5; shell §3, §5, §7): accountFormFields, countries, companyCreate for guests, customerCreate,
customerSubscribersCreate, validation with field messages, auto-approval, the e-mails, and the registration
switches. A refused registration changes nothing."""

import pytest
from django.conf import settings
from django.core import mail

from accounts.models import (
    AccountFormField,
    AuditEvent,
    Company,
    CompanyMembership,
    CompanyStatus,
    MediaFile,
    NewsletterSubscriber,
    User,
)
from accounts.validators import PASSWORD_RULE_MESSAGE
from portal.models import StorefrontConfig
from tests.accounts.test_media_upload import pdf_bytes, png_bytes, upload
from tests.helpers import CUSTOMER_INFO, error_code

pytestmark = pytest.mark.django_db

COMPANY_CREATE = """
mutation Register($data: CompanyCreateInput!) {
  companyCreate(companyData: $data) { companyId companyStatus customerId autoApproved resubmitted }
}
"""
CUSTOMER_CREATE = """
mutation Personal($data: CustomerCreateInput!) { customerCreate(customerData: $data) { customerId email } }
"""
ACCOUNT_STATUS = """
{ customerInfo { userInfo { id role } companyInfo { id companyName status rejectionReason }
  accountStatus { orderCreationBlocked pricesHidden convertLinkVisible b2bRegistrationEnabled
                  b2cRegistrationEnabled } } }
"""
EMAIL_IN_USE = "An account with this email address already exists. Sign in, or reset your password."


def business(**overrides) -> dict:
    """A complete business registration by a guest (the demo store's required custom field included)."""
    customer = {
        "firstName": "Nora",
        "lastName": "Newlab",
        "email": "nora@newlab.test",
        "password": "Pipette42",
        "phoneNumber": "+1 617 555 0199",
        **overrides.pop("customer", {}),
    }
    return {
        "companyName": "New Lab Inc.",
        "companyEmail": "office@newlab.test",
        "companyPhoneNumber": "+1 (617) 555-0100",
        "country": "US",
        "addressLine1": "10 Discovery Way",
        "city": "Boston",
        "state": "MA",
        "zipCode": "02115",
        "extraFields": [{"fieldName": "institutionType", "fieldValue": "academic"}],
        "customer": customer,
        **overrides,
    }


def personal(**overrides) -> dict:
    return {
        "firstName": "Paul",
        "lastName": "Person",
        "email": "paul@home.test",
        "password": "Beaker123",
        "phoneNumber": "",
        **overrides,
    }


def set_config(key: str, value: str | None = None, **extra) -> None:
    entry = StorefrontConfig.objects.get(key=key)
    if value is not None:
        entry.value = value
    if extra:
        entry.extra_fields = {**entry.extra_fields, **extra}
    entry.save()


def snapshot() -> tuple:
    return (
        list(User.objects.order_by("pk").values_list("email", "password")),
        list(Company.objects.order_by("pk").values_list("name", "status")),
        CompanyMembership.objects.count(),
        NewsletterSubscriber.objects.count(),
        list(MediaFile.objects.values_list("pk", "company_id")),
    )


def fields_of(body: dict) -> dict:
    assert error_code(body) == "VALIDATION_ERROR", body
    return body["errors"][0]["extensions"]["fields"]


# --- form fields and countries -------------------------------------------------------------------------------------


def test_account_form_fields_of_the_business_form(demo_store, graphql):
    body = graphql(
        "{ accountFormFields(formType: 1) { fieldName fieldType labelName isRequired visible groupId custom "
        "valueConfigs } }"
    )

    fields = body["data"]["accountFormFields"]
    names = [f["fieldName"] for f in fields]
    assert names == [
        "firstName", "lastName", "email", "phoneNumber", "companyName", "companyEmail", "companyPhoneNumber",
        "institutionType", "taxId", "fileList", "country", "addressLine1", "addressLine2", "city", "state", "zipCode",
        "password",
    ]  # fmt: skip
    by_name = {f["fieldName"]: f for f in fields}
    assert by_name["institutionType"]["custom"] is True
    assert by_name["institutionType"]["fieldType"] == "dropdown"
    assert by_name["institutionType"]["valueConfigs"]["options"][0] == {
        "label": "Academic or research institute", "value": "academic",
    }  # fmt: skip
    assert by_name["fileList"]["valueConfigs"]["maxFiles"] == 3
    assert by_name["fileList"]["valueConfigs"]["maxSize"] == 3_000_000
    assert by_name["email"] == {
        "fieldName": "email", "fieldType": "email", "labelName": "Email address", "isRequired": True, "visible": True,
        "groupId": 1, "custom": False, "valueConfigs": {},
    }  # fmt: skip


def test_account_form_fields_of_the_personal_form_and_a_bad_form_type(demo_store, graphql):
    personal_form = graphql("{ accountFormFields(formType: 2) { fieldName groupId } }")["data"]["accountFormFields"]
    assert [f["fieldName"] for f in personal_form] == ["firstName", "lastName", "email", "phoneNumber", "password"]

    assert fields_of(graphql("{ accountFormFields(formType: 7) { fieldName } }")) == {
        "formType": ["Use 1 (business account) or 2 (personal account)."]
    }


def test_countries_with_states(demo_store, graphql):
    countries = graphql("{ countries { id countryName countryCode states { stateName stateCode } } }")["data"][
        "countries"
    ]

    assert len(countries) == 249
    by_code = {c["countryCode"]: c for c in countries}
    assert {"stateName": "Massachusetts", "stateCode": "MA"} in by_code["US"]["states"]
    assert len(by_code["CA"]["states"]) == 13
    assert len(by_code["AU"]["states"]) == 8
    assert len(by_code["DE"]["states"]) == 16
    assert {"stateName": "Guangdong", "stateCode": "GD"} in by_code["CN"]["states"]
    assert {"stateName": "Karnataka", "stateCode": "KA"} in by_code["IN"]["states"]
    assert by_code["FR"]["states"] == []
    assert by_code["DE"]["countryName"] == "Germany"


# --- business registration -----------------------------------------------------------------------------------------


def test_a_guest_registers_a_business_account_approved_at_once(
    demo_store, graphql, login, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(COMPANY_CREATE, {"data": business()})

    result = body["data"]["companyCreate"]
    company = Company.objects.get(name="New Lab Inc.")
    user = User.objects.get(email="nora@newlab.test")
    assert result == {
        "companyId": company.pk, "companyStatus": 1, "customerId": user.pk, "autoApproved": True,
        "resubmitted": False,
    }  # fmt: skip
    assert company.status == CompanyStatus.APPROVED
    assert company.applied_by == user
    assert company.extra_fields == {"institutionType": "academic"}
    assert (company.country_code, company.state, company.phone) == ("US", "MA", "+1 (617) 555-0100")
    assert CompanyMembership.objects.get(user=user).role == 0
    info = graphql(CUSTOMER_INFO, token=login("nora@newlab.test", "Pipette42"))["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 0
    assert info["companyInfo"] == {"id": company.pk, "companyName": "New Lab Inc.", "status": 1}
    assert [m.subject for m in mail.outbox] == ["Your business account is approved"]
    assert mail.outbox[0].to == ["nora@newlab.test"]
    assert list(AuditEvent.objects.filter(company=company).order_by("pk").values_list("action", flat=True)) == [
        "company_applied", "company_approved",
    ]  # fmt: skip


def test_with_auto_approval_off_the_company_is_pending_and_staff_are_told(
    demo_store, graphql, login, client, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    set_config("company_auto_approval", "0")
    file_id = upload(client, "certificate.pdf", pdf_bytes()).json()["data"]["id"]

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(COMPANY_CREATE, {"data": business(fileList=[file_id])})

    assert body["data"]["companyCreate"]["companyStatus"] == 0
    assert body["data"]["companyCreate"]["autoApproved"] is False
    company = Company.objects.get(name="New Lab Inc.")
    assert company.status == CompanyStatus.PENDING
    assert [f.original_name for f in company.attachments.all()] == ["certificate.pdf"]
    assert sorted((m.to[0], m.subject) for m in mail.outbox) == [
        ("nora@newlab.test", "We received your business account application"),
        (settings.STAFF_NOTIFICATION_EMAIL, "New business account to review: New Lab Inc."),
    ]
    staff_mail = next(m for m in mail.outbox if m.to == [settings.STAFF_NOTIFICATION_EMAIL])
    assert f"/admin/accounts/company/{company.pk}/change/" in staff_mail.body
    received = next(m for m in mail.outbox if m.to == ["nora@newlab.test"])
    assert "products, pricing and ordering will be enabled after approval" in received.body
    # The applicant signs in as an individual of a pending company: shell §8 pending tips.
    info = graphql(ACCOUNT_STATUS, token=login("nora@newlab.test", "Pipette42"))["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 99
    assert info["companyInfo"]["status"] == 0
    assert info["accountStatus"] == {
        "orderCreationBlocked": True, "pricesHidden": False, "convertLinkVisible": False,
        "b2bRegistrationEnabled": True, "b2cRegistrationEnabled": True,
    }  # fmt: skip


def test_pending_switches_follow_the_live_status_and_config(demo_store, graphql, login):
    from accounts.selectors import actor_for_user
    from pricing.calculation import prices_hidden_for
    from storefront.permissions import PENDING_ORDER_MESSAGE, purchase_refusal

    set_config("company_auto_approval", "0")
    set_config("block_pending_account_seeing_products_pricing", "1")
    graphql(COMPANY_CREATE, {"data": business()})
    user = User.objects.get(email="nora@newlab.test")
    token = login("nora@newlab.test", "Pipette42")

    status = graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]["accountStatus"]
    assert (status["orderCreationBlocked"], status["pricesHidden"]) == (True, True)
    assert purchase_refusal(actor_for_user(user)) == PENDING_ORDER_MESSAGE
    assert prices_hidden_for(actor_for_user(user)) is True

    set_config("block_pending_account_order_creation", "0")
    status = graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]["accountStatus"]
    assert (status["orderCreationBlocked"], status["pricesHidden"]) == (False, True)
    assert purchase_refusal(actor_for_user(user)) is None

    from accounts.services import company_approve

    company_approve(company_ids=[user.membership.company_id])
    status = graphql(ACCOUNT_STATUS, token=token)["data"]["customerInfo"]["accountStatus"]
    assert (status["orderCreationBlocked"], status["pricesHidden"]) == (False, False)
    assert prices_hidden_for(actor_for_user(User.objects.get(pk=user.pk))) is False


def test_the_newsletter_box_subscribes_the_applicant(demo_store, graphql):
    graphql(COMPANY_CREATE, {"data": business(customer={"acceptsMarketing": True})})

    assert list(NewsletterSubscriber.objects.values_list("email", "source")) == [("nora@newlab.test", "registration")]


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"customer": {"email": "admin@acme.test"}}, {"customer.email": [EMAIL_IN_USE]}),
        ({"customer": {"email": "ADMIN@Acme.test"}}, {"customer.email": [EMAIL_IN_USE]}),
        ({"customer": {"password": "abcdefgh"}}, {"customer.password": [PASSWORD_RULE_MESSAGE]}),
        ({"customer": {"password": "1234567"}}, {"customer.password": [PASSWORD_RULE_MESSAGE]}),
        ({"customer": {"password": "ab12"}}, {"customer.password": [PASSWORD_RULE_MESSAGE]}),
        ({"customer": {"phoneNumber": "call me"}}, {"customer.phoneNumber": ["Enter a valid phone number."]}),
        ({"companyPhoneNumber": "12"}, {"companyPhoneNumber": ["Enter a valid phone number."]}),
        ({"customer": {"email": "nora@newlab"}}, {"customer.email": ["Enter a valid email address."]}),
        ({"customer": {"email": "nora@newlab.c0m"}}, {"customer.email": ["Enter a valid email address."]}),
        ({"companyEmail": "office at newlab"}, {"companyEmail": ["Enter a valid email address."]}),
        ({"extraFields": []}, {"extraFields.institutionType": ["Institution type is required."]}),
        ({"extraFields": [{"fieldName": "institutionType", "fieldValue": "castle"}]},
         {"extraFields.institutionType": ["Choose one of the options for Institution type."]}),
        ({"extraFields": [{"fieldName": "institutionType", "fieldValue": "academic"},
                          {"fieldName": "secretFlag", "fieldValue": "1"}]},
         {"extraFields.secretFlag": ["Unknown field."]}),
        ({"companyName": "  "}, {"companyName": ["Company name is required."]}),
        ({"country": "Atlantis"}, {"country": ["Choose a country from the list."]}),
        ({"state": ""}, {"state": ["Choose a state or province from the list."]}),
        ({"state": "Bavaria"}, {"state": ["Choose a state or province from the list."]}),
        ({"zipCode": ""}, {"zipCode": ["ZIP / postal code is required."]}),
    ],
)  # fmt: skip
def test_invalid_registrations_are_refused_with_field_messages_and_change_nothing(
    demo_store, graphql, overrides, expected, django_capture_on_commit_callbacks
):
    before = snapshot()

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        body = graphql(COMPANY_CREATE, {"data": business(**overrides)})

    assert fields_of(body) == expected
    assert body["data"] is None
    assert snapshot() == before
    assert callbacks == [] and mail.outbox == []


def test_every_field_error_is_reported_at_once(demo_store, graphql):
    body = graphql(COMPANY_CREATE, {"data": business(customer={"password": "short", "phoneNumber": "x"}, city="")})

    assert set(fields_of(body)) == {"customer.password", "customer.phoneNumber", "city"}


def test_custom_number_and_date_fields_are_checked(demo_store, graphql):
    AccountFormField.objects.create(
        form_type=1, group=4, field_name="dockDoors", label="Loading docks", field_type="number", is_required=True
    )
    AccountFormField.objects.create(form_type=1, group=2, field_name="founded", label="Founded", field_type="date")
    data = business(
        addressExtraFields=[{"fieldName": "dockDoors", "fieldValue": "2a"}],
        userExtraFields=[{"fieldName": "founded", "fieldValue": "2024-13-01"}],
    )

    assert fields_of(graphql(COMPANY_CREATE, {"data": data})) == {
        "addressExtraFields.dockDoors": ["Loading docks must contain digits only."],
        "userExtraFields.founded": ["Enter a valid date (YYYY-MM-DD) for Founded."],
    }

    data["addressExtraFields"][0]["fieldValue"] = "2"
    data["userExtraFields"][0]["fieldValue"] = "1999-05-01"
    assert "errors" not in graphql(COMPANY_CREATE, {"data": data})
    assert Company.objects.get(name="New Lab Inc.").address_extra_fields == {"dockDoors": "2"}
    assert User.objects.get(email="nora@newlab.test").extra_fields == {"founded": "1999-05-01"}


def test_hidden_or_optional_built_in_fields_follow_the_admin_settings(demo_store, graphql):
    AccountFormField.objects.filter(form_type=1, field_name="companyPhoneNumber").update(is_required=False)
    AccountFormField.objects.filter(form_type=1, field_name="zipCode").update(visible=False)

    body = graphql(COMPANY_CREATE, {"data": business(companyPhoneNumber="", zipCode="")})

    assert "errors" not in body, body


def test_a_state_may_be_given_by_name(demo_store, graphql):
    graphql(COMPANY_CREATE, {"data": business(country="Germany", state="bayern", zipCode="80331")})

    company = Company.objects.get(name="New Lab Inc.")
    assert (company.country_code, company.state) == ("DE", "BY")


def test_attachments_must_be_the_applicants_own_recent_uploads(demo_store, graphql, client, settings, tmp_path):
    from accounts.services import b2b_token_issue
    from tests.factories.accounts import UserFactory

    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    someone = b2b_token_issue(user=UserFactory()).raw
    theirs = upload(client, "theirs.pdf", pdf_bytes(), token=someone).json()["data"]["id"]
    before = snapshot()

    foreign = graphql(COMPANY_CREATE, {"data": business(fileList=[theirs])})
    bogus = graphql(COMPANY_CREATE, {"data": business(fileList=["not-a-file"])})
    four = graphql(COMPANY_CREATE, {"data": business(fileList=[theirs] * 4)})

    assert fields_of(foreign) == {"fileList": ["This file is not available. Upload it again."]}
    assert fields_of(bogus) == {"fileList": ["This file is not available. Upload it again."]}
    assert fields_of(four) == {"fileList": ["Maximum allowed number of files exceeded. Only 3 allowed"]}
    assert snapshot() == before


def test_required_attachments(demo_store, graphql, client, settings, tmp_path):
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path)
    AccountFormField.objects.filter(form_type=1, field_name="fileList").update(is_required=True)

    assert fields_of(graphql(COMPANY_CREATE, {"data": business()})) == {"fileList": ["Attachments is required."]}

    upload_body = upload(client, "logo.png", png_bytes()).json()["data"]
    assert "errors" not in graphql(COMPANY_CREATE, {"data": business(fileList=[upload_body["id"]])})


def test_a_guest_must_give_the_new_account(demo_store, graphql):
    data = business()
    del data["customer"]

    assert fields_of(graphql(COMPANY_CREATE, {"data": data})) == {
        "customer": ["Give the contact details and password of the new account."]
    }


def test_a_guest_naming_a_customer_id_has_no_session(demo_store, graphql):
    body = graphql(COMPANY_CREATE, {"data": business(customerId=1)})

    assert error_code(body) == 40101
    assert not Company.objects.filter(name="New Lab Inc.").exists()


@pytest.mark.parametrize(
    ("email", "code"),
    [
        ("admin@acme.test", "ALREADY_IN_COMPANY"),
        ("junior@acme.test", "ALREADY_IN_COMPANY"),
        ("admin@pendingbio.test", "ALREADY_IN_COMPANY"),
        ("superadmin@demo.test", "PERMISSION_DENIED"),
    ],
)
def test_users_of_a_company_and_the_super_admin_cannot_apply(demo_store, graphql, login, email, code):
    data = business()
    del data["customer"]
    before = snapshot()

    body = graphql(COMPANY_CREATE, {"data": data}, token=login(email))

    assert error_code(body) == code
    assert snapshot() == before


def test_a_signed_in_customer_may_not_send_a_new_account(demo_store, graphql, login):
    body = graphql(COMPANY_CREATE, {"data": business()}, token=login("b2c@demo.test"))

    assert fields_of(body) == {"customer": ["You are signed in: apply with your account instead."]}


# --- the registration switches -------------------------------------------------------------------------------------


def test_business_registration_can_be_turned_off(demo_store, graphql, login):
    set_config("account_login_registration", b2b="0")
    before = snapshot()

    guest = graphql(COMPANY_CREATE, {"data": business()})
    data = business()
    del data["customer"]
    conversion = graphql(COMPANY_CREATE, {"data": data}, token=login("b2c@demo.test"))

    assert error_code(guest) == "REGISTRATION_DISABLED"
    assert error_code(conversion) == "REGISTRATION_DISABLED"
    assert snapshot() == before
    assert "errors" not in graphql(CUSTOMER_CREATE, {"data": personal()})


def test_personal_registration_can_be_turned_off(demo_store, graphql):
    set_config("account_login_registration", b2c="0")
    before = snapshot()

    body = graphql(CUSTOMER_CREATE, {"data": personal()})

    assert error_code(body) == "REGISTRATION_DISABLED"
    assert body["errors"][0]["message"] == "This store does not accept registrations of this account type."
    assert snapshot() == before
    assert "errors" not in graphql(COMPANY_CREATE, {"data": business()})


def test_registration_off_altogether(demo_store, graphql):
    set_config("account_login_registration", "0")

    assert error_code(graphql(CUSTOMER_CREATE, {"data": personal()})) == "REGISTRATION_DISABLED"
    assert error_code(graphql(COMPANY_CREATE, {"data": business()})) == "REGISTRATION_DISABLED"


# --- personal registration -----------------------------------------------------------------------------------------


def test_a_guest_registers_a_personal_account(demo_store, graphql, login):
    body = graphql(CUSTOMER_CREATE, {"data": personal(acceptsMarketing=True, phoneNumber="617-555-0123")})

    user = User.objects.get(email="paul@home.test")
    assert body["data"]["customerCreate"] == {"customerId": user.pk, "email": "paul@home.test"}
    assert (user.first_name, user.last_name, user.phone) == ("Paul", "Person", "617-555-0123")
    assert not CompanyMembership.objects.filter(user=user).exists()
    info = graphql(ACCOUNT_STATUS, token=login("paul@home.test", "Beaker123"))["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 99 and info["companyInfo"] is None
    assert info["accountStatus"]["convertLinkVisible"] is True
    assert NewsletterSubscriber.objects.get().user == user


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"email": "b2c@demo.test"}, {"email": [EMAIL_IN_USE]}),
        ({"password": "Abcdefgh"}, {"password": [PASSWORD_RULE_MESSAGE]}),
        ({"phoneNumber": "555"}, {"phoneNumber": ["Enter a valid phone number."]}),
        ({"firstName": ""}, {"firstName": ["First name is required."]}),
        ({"userExtraFields": [{"fieldName": "institutionType", "fieldValue": "academic"}]},
         {"userExtraFields.institutionType": ["Unknown field."]}),
    ],
)  # fmt: skip
def test_invalid_personal_registrations_change_nothing(demo_store, graphql, overrides, expected):
    before = snapshot()

    body = graphql(CUSTOMER_CREATE, {"data": personal(**overrides)})

    assert fields_of(body) == expected
    assert snapshot() == before


def test_a_password_like_the_email_is_refused(demo_store, graphql):
    body = graphql(CUSTOMER_CREATE, {"data": personal(email="chemist2024@home.test", password="chemist2024")})

    assert "password" in fields_of(body)


def test_registrations_are_rate_limited_per_address(demo_store, graphql):
    for i in range(20):
        graphql(CUSTOMER_CREATE, {"data": personal(email="b2c@demo.test", firstName=f"Probe {i}")})
    before = snapshot()

    body = graphql(CUSTOMER_CREATE, {"data": personal()})

    assert error_code(body) == "TOO_MANY_REQUESTS"
    assert snapshot() == before


# --- newsletter ----------------------------------------------------------------------------------------------------

SUBSCRIBE = """
mutation($data: CustomerSubscriberInput!) { customerSubscribersCreate(subscriberData: $data) { email subscribed } }
"""


def test_newsletter_subscription_is_stored_once(demo_store, graphql):
    first = graphql(SUBSCRIBE, {"data": {"email": "Reader@Example.test", "firstName": "Rea"}})
    again = graphql(SUBSCRIBE, {"data": {"email": "reader@example.test"}})

    assert first["data"]["customerSubscribersCreate"] == {"email": "reader@example.test", "subscribed": True}
    assert again["data"]["customerSubscribersCreate"] == {"email": "reader@example.test", "subscribed": True}
    assert list(NewsletterSubscriber.objects.values_list("email", "first_name")) == [("reader@example.test", "Rea")]


def test_newsletter_refuses_a_bad_address(demo_store, graphql):
    assert fields_of(graphql(SUBSCRIBE, {"data": {"email": "nope"}})) == {"email": ["Enter a valid email address."]}
    assert NewsletterSubscriber.objects.count() == 0


def test_the_staff_address_comes_from_settings():
    assert settings.STAFF_NOTIFICATION_EMAIL
