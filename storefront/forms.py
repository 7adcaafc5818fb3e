from collections.abc import Sequence

from django import forms

from accounts.countries import country_find, postal_address_lines
from accounts.models import Address
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
    return f"{text} (default)" if address.is_default_shipping else text


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
    country_code = forms.ChoiceField(
        label="Country",
        choices=[("US", "United States"), ("CA", "Canada"), ("GB", "United Kingdom"), ("DE", "Germany"),
                 ("FR", "France"), ("NL", "Netherlands"), ("IT", "Italy"), ("ES", "Spain"), ("CN", "China")],
    )  # fmt: skip
    phone = forms.CharField(max_length=40, required=False)
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
        self, *args, payment_methods: list[tuple[str, str]], saved_addresses: Sequence[Address] = (), **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.saved_addresses = {str(address.pk): address for address in saved_addresses}
        if self.saved_addresses:
            self.fields["saved_address"].choices = [
                *((key, saved_address_choice_label(address)) for key, address in self.saved_addresses.items()),
                (NEW_ADDRESS, "A new address"),
            ]
            # A saved address may be in a country the form does not list yet.
            country = self.fields["country_code"]
            known = {code for code, _ in country.choices}
            extra = {}
            for address in saved_addresses:
                if address.country_code not in known and address.country_code not in extra:
                    found = country_find(address.country_code)
                    extra[address.country_code] = found.country_name if found else address.country_code
            country.choices = [*country.choices, *extra.items()]
            chosen = self.saved_addresses.get(self.data.get("saved_address", NEW_ADDRESS)) if self.is_bound else None
            if chosen is not None:
                # The book's address is what is ordered, whatever the fields say (a browser without the page's
                # script does not fill them when the choice changes).
                self.data = self.data.copy()
                for key, value in saved_address_values(chosen).items():
                    self.data[key] = value  # replaces (a QueryDict's update() would append)
        else:
            del self.fields["saved_address"]
        self.fields["payment_method"].choices = payment_methods
        if len(payment_methods) == 1:
            self.fields["payment_method"].initial = payment_methods[0][0]
        if "purchase_order" not in dict(payment_methods):
            del self.fields["po_number"]

    def clean(self):
        data = super().clean()
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
        """The order's address; a saved one also keeps its id, as the quote draft's addressId does."""
        address = {key: self.cleaned_data.get(key, "") for key in ADDRESS_FIELDS}
        chosen = self.chosen_address()
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
        data = super().clean()
        problems = card_problems(
            number=data.get("card_number") or "", expiry=data.get("card_expiry") or "", cvc=data.get("card_cvc") or ""
        )
        for field, message in problems.items():
            if field not in self.errors:
                self.add_error(field, message)
        return data

    def card(self) -> Card:
        return card_from(self.cleaned_data)
