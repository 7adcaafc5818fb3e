import copy
from collections.abc import Sequence
from typing import cast

from django import forms
from django.forms.utils import pretty_name

from accounts.countries import country_find, country_list, postal_address_lines, state_find
from accounts.models import Address
from accounts.selectors import address_is_book_default
from storefront.models import ContactRequest
from storefront.payments import DECLINED_MESSAGE, Card, card_declined, card_digits, card_problems
from storefront.services import COST_CENTRE_MAX_LENGTH, cost_centre_problem


class ContactRequestForm(forms.ModelForm):
    class Meta:
        model = ContactRequest
        fields = ["name", "email", "organisation", "topic", "message"]
        labels = {"email": "E-mail", "organisation": "Organisation (optional)", "message": "Your question"}
        widgets = {"message": forms.Textarea(attrs={"rows": 5, "maxlength": 5000})}


COST_CENTRE_LABEL = "Grant or cost-centre code (optional)"


def card_from(data: dict) -> Card:
    return Card(
        number=card_digits(data.get("card_number") or ""), expiry=data.get("card_expiry") or "",
        cvc=data.get("card_cvc") or "",
    )  # fmt: skip


def validate_cost_centre(value: str) -> None:
    problem = cost_centre_problem(value)
    if problem:
        raise forms.ValidationError(problem, code="invalid")


def cost_centre_field() -> forms.CharField:
    return forms.CharField(
        label=COST_CENTRE_LABEL, max_length=COST_CENTRE_MAX_LENGTH, required=False,
        validators=[validate_cost_centre],
        help_text="Carried on the order and its invoices, for your accounts payable department.",
    )  # fmt: skip


# The checkout form's address fields, and what a saved address (issue 16) puts in each.
ADDRESS_FIELDS = ["first_name", "last_name", "company", "address_line1", "address_line2", "city", "state", "zip_code",
                  "country_code", "phone"]  # fmt: skip
NEW_ADDRESS = ""
# The fields an address typed into the form needs (as the address book's).
REQUIRED_ADDRESS_FIELDS = ("first_name", "last_name", "address_line1", "city", "zip_code", "country_code")
BILLING_PREFIX = "billing_"
BILLING_SAME, BILLING_OTHER = "same", "other"


def country_choices() -> list[tuple[str, str]]:
    """Every country of the store's list (as the address book offers), by name (issue 36 item 14: not 9 of 250)."""
    countries = sorted(country_list(), key=lambda country: country.country_name)
    return [("", "Choose a country"), *((country.country_code, country.country_name) for country in countries)]


def states_by_country() -> dict[str, list[list[str]]]:
    """The states of each country that has a list: what the page offers in the state field and the form checks."""
    return {
        country.country_code: [[state.state_code, state.state_name] for state in country.states]
        for country in country_list()
        if country.states
    }


def saved_address_values(address: Address) -> dict[str, str]:
    """A saved address as the checkout form's address fields."""
    return {
        "first_name": address.first_name, "last_name": address.last_name, "company": address.company_name,
        "address_line1": address.address_line1, "address_line2": address.address_line2, "city": address.city,
        "state": address.state, "zip_code": address.zip_code, "country_code": address.country_code,
        "phone": address.phone,
    }  # fmt: skip


def saved_address_choice_label(address: Address) -> str:
    """One line that tells the saved addresses apart: the label (else the name), the street and the city line (the
    fields below show the rest)."""
    place = postal_address_lines(
        street=address.address_line1, street2=address.address_line2, city=address.city, state=address.state,
        postcode=address.zip_code, country=address.country_code,
    )[:-1]  # fmt: skip
    title = address.label or f"{address.first_name} {address.last_name}".strip()
    text = f"{title} — {', '.join(place)}"
    return f"{text} (default)" if address_is_book_default(address, "shipping") else text


class CheckoutForm(forms.Form):
    # Offered to a signed-in customer with saved shipping addresses (issue 16); absent otherwise.
    saved_address = forms.ChoiceField(
        label="Ship to", required=False,
        help_text="Choose a saved address, or “A new address” to type another one below.",
    )  # fmt: skip
    email = forms.EmailField(label="E-mail")
    # As long as the address book's names (api.md "Address book": 150).
    first_name = forms.CharField(max_length=150)
    last_name = forms.CharField(max_length=150)
    company = forms.CharField(max_length=200, required=False)
    address_line1 = forms.CharField(label="Address", max_length=200)
    address_line2 = forms.CharField(label="Apartment, suite, building (optional)", max_length=200, required=False)
    city = forms.CharField(max_length=100)
    state = forms.CharField(label="State / region", max_length=100, required=False)
    zip_code = forms.CharField(label="ZIP / postal code", max_length=20)
    country_code = forms.ChoiceField(label="Country", choices=country_choices)
    phone = forms.CharField(max_length=40, required=False)
    # Issue 36 item 14: the invoice goes to the shipping address, or to another (a saved billing address or typed).
    billing = forms.ChoiceField(
        label="Send the invoice to", widget=forms.RadioSelect, required=False, initial=BILLING_SAME,
        choices=[(BILLING_SAME, "Same as the shipping address"), (BILLING_OTHER, "A different billing address")],
    )  # fmt: skip
    billing_saved_address = forms.ChoiceField(
        label="Bill to", required=False,
        help_text="Choose a saved billing address, or “A new address” to type another one below.",
    )  # fmt: skip
    payment_method = forms.ChoiceField(widget=forms.RadioSelect)
    po_number = forms.CharField(label="PO number", max_length=60, required=False)
    cost_centre = cost_centre_field()
    card_number = forms.CharField(label="Card number", max_length=23, required=False)
    card_expiry = forms.CharField(label="Expiry (MM/YY)", max_length=5, required=False)
    card_cvc = forms.CharField(label="CVC", max_length=4, required=False)
    customer_message = forms.CharField(
        label="Comments for our team (optional)", widget=forms.Textarea(attrs={"rows": 3}), max_length=2000,
        required=False,
    )  # fmt: skip

    def __init__(
        self,
        *args,
        payment_methods: list[tuple[str, str]],
        saved_addresses: Sequence[Address] = (),
        saved_billing_addresses: Sequence[Address] = (),
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        # The billing address's fields: the shipping ones, optional until "A different billing address" is chosen.
        for name in ADDRESS_FIELDS:
            field = copy.deepcopy(self.fields[name])
            field.required = False
            # Named apart from the shipping field ("Billing city"), for a screen reader and anyone reading the page.
            label = field.label or pretty_name(name)
            field.label = f"Billing {label if label.startswith('ZIP') else label[0].lower() + label[1:]}"
            self.fields[BILLING_PREFIX + name] = field
        self.saved_addresses = {str(address.pk): address for address in saved_addresses}
        self.saved_billing_addresses = {str(address.pk): address for address in saved_billing_addresses}
        self._offer_saved("saved_address", self.saved_addresses, prefix="")
        self._offer_saved("billing_saved_address", self.saved_billing_addresses, prefix=BILLING_PREFIX)
        cast(forms.ChoiceField, self.fields["payment_method"]).choices = payment_methods  # declared above
        if len(payment_methods) == 1:
            self.fields["payment_method"].initial = payment_methods[0][0]
        if "purchase_order" not in dict(payment_methods):
            del self.fields["po_number"]

    def _offer_saved(self, field_name: str, saved: dict[str, Address], *, prefix: str) -> None:
        if not saved:
            del self.fields[field_name]
            return
        cast(forms.ChoiceField, self.fields[field_name]).choices = [  # the saved-address choices declared above
            *((key, saved_address_choice_label(address)) for key, address in saved.items()),
            (NEW_ADDRESS, "A new address"),
        ]
        chosen = saved.get(self.data.get(field_name, NEW_ADDRESS)) if self.is_bound else None
        if chosen is not None:
            # The book's address is what is ordered, whatever the fields say (a browser without the page's script
            # does not fill them when the choice changes).
            assert isinstance(self.data, dict)  # request.POST (a QueryDict) or a dict
            data = self.data.copy()
            for key, value in saved_address_values(chosen).items():
                data[prefix + key] = value  # replaces (a QueryDict's update() would append)
            self.data = data

    def bills_elsewhere(self) -> bool:
        return self.cleaned_data.get("billing") == BILLING_OTHER

    def _check_typed_address(self, data: dict, prefix: str, *, required: bool) -> None:
        """A typed address's required fields (the billing one's only when used) and its state: one of the
        country's where it has a list (stored as its code), as the address book checks it."""
        if required:
            for name in REQUIRED_ADDRESS_FIELDS:
                if not (data.get(prefix + name) or "").strip() and prefix + name not in self.errors:
                    self.add_error(prefix + name, forms.ValidationError("This field is required.", code="required"))
        country = country_find(data.get(prefix + "country_code") or "")
        if country is None or not country.states or prefix + "state" in self.errors:
            return
        state = state_find(country, data.get(prefix + "state") or "")
        if state is None:
            message = f"Choose a state or province of {country.country_name}."
            self.add_error(prefix + "state", forms.ValidationError(message, code="invalid_choice"))
        else:
            data[prefix + "state"] = state.state_code

    def clean(self):
        super().clean()
        data = self.cleaned_data
        # A saved address is the book's, checked when it was saved; a typed one is checked here.
        if not self.saved_addresses.get(data.get("saved_address") or NEW_ADDRESS):
            self._check_typed_address(data, "", required=False)
        if data.get("billing") == BILLING_OTHER and not self.saved_billing_addresses.get(
            data.get("billing_saved_address") or NEW_ADDRESS
        ):
            self._check_typed_address(data, BILLING_PREFIX, required=True)
        if data.get("payment_method") == "test_card":
            problems = card_problems(
                number=data.get("card_number") or "", expiry=data.get("card_expiry") or "",
                cvc=data.get("card_cvc") or "",
            )  # fmt: skip
            for field, message in problems.items():
                self.add_error(field, message)
            if not problems and card_declined(self.card()):
                # The order checkout refuses a declined test card before the order is placed (nothing is charged).
                self.add_error("card_number", DECLINED_MESSAGE)
        elif data.get("payment_method") == "purchase_order" and not (data.get("po_number") or "").strip():
            self.add_error("po_number", "Enter your purchase order number.")
        return data

    def card(self) -> Card:
        return card_from(self.cleaned_data)

    def chosen_address(self) -> Address | None:
        """The saved address the customer ships to, or None for an address typed into the form."""
        return self.saved_addresses.get(self.cleaned_data.get("saved_address") or NEW_ADDRESS)

    def address(self) -> dict:
        """The order's shipping address; a saved one also keeps its id, as the quote draft's addressId does."""
        address = {key: self.cleaned_data.get(key, "") for key in ADDRESS_FIELDS}
        chosen = self.chosen_address()
        if chosen is not None:
            address["address_id"] = chosen.pk
        return address

    def billing_address(self) -> dict:
        """The order's billing address: the shipping address, or the different one given (a saved one keeps its
        id)."""
        if not self.bills_elsewhere():
            return self.address()
        address = {key: self.cleaned_data.get(BILLING_PREFIX + key, "") for key in ADDRESS_FIELDS}
        chosen = self.saved_billing_addresses.get(self.cleaned_data.get("billing_saved_address") or NEW_ADDRESS)
        if chosen is not None:
            address["address_id"] = chosen.pk
        return address


class InvoicePaymentForm(forms.Form):
    """The invoice checkout (issue 20): the test card only (never a purchase order for an invoice), no shipping.
    A declined card is the charge's answer (storefront.payments), not the form's."""

    payer_name = forms.CharField(label="Name on card", max_length=150)
    card_number = forms.CharField(label="Card number", max_length=23)
    card_expiry = forms.CharField(label="Expiry (MM/YY)", max_length=5)
    card_cvc = forms.CharField(label="CVC", max_length=4)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        problems = card_problems(
            number=data.get("card_number") or "", expiry=data.get("card_expiry") or "", cvc=data.get("card_cvc") or ""
        )
        for field, message in problems.items():
            if field not in self.errors:
                self.add_error(field, message)
        return data

    def card(self) -> Card:
        return card_from(self.cleaned_data)
