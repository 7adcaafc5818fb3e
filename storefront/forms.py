from datetime import date

from django import forms

from storefront.models import ContactRequest


class ContactRequestForm(forms.ModelForm):
    class Meta:
        model = ContactRequest
        fields = ["name", "email", "organisation", "topic", "message"]
        labels = {"email": "E-mail", "organisation": "Organisation (optional)", "message": "Your question"}
        widgets = {"message": forms.Textarea(attrs={"rows": 5, "maxlength": 5000})}


# The test card method (ARCHITECTURE §8) takes no real payment; these numbers are declined, as a real
# processor would, so that the failure path can be tried too.
DECLINED_TEST_CARDS = frozenset({"4000000000000002", "4000000000009995"})


def _luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number][::-1]
    total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits))
    return total % 10 == 0


class CheckoutForm(forms.Form):
    email = forms.EmailField(label="E-mail")
    first_name = forms.CharField(max_length=100)
    last_name = forms.CharField(max_length=100)
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
    card_number = forms.CharField(label="Card number", max_length=23, required=False)
    card_expiry = forms.CharField(label="Expiry (MM/YY)", max_length=5, required=False)
    card_cvc = forms.CharField(label="CVC", max_length=4, required=False)
    customer_message = forms.CharField(
        label="Comments for our team (optional)", widget=forms.Textarea(attrs={"rows": 3}), max_length=2000,
        required=False,
    )  # fmt: skip

    def __init__(self, *args, payment_methods: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["payment_method"].choices = payment_methods
        if len(payment_methods) == 1:
            self.fields["payment_method"].initial = payment_methods[0][0]
        if "purchase_order" not in dict(payment_methods):
            del self.fields["po_number"]

    def clean(self):
        data = super().clean()
        if data.get("payment_method") == "test_card":
            number = "".join((data.get("card_number") or "").split())
            if not (number.isdigit() and 13 <= len(number) <= 19 and _luhn_ok(number)):
                self.add_error("card_number", "Enter a valid card number.")
            elif number in DECLINED_TEST_CARDS:
                self.add_error("card_number", "Your card was declined. Use another card or another payment method.")
            expiry = data.get("card_expiry") or ""
            try:
                month, year = (int(part) for part in expiry.split("/"))
                valid_expiry = 1 <= month <= 12 and (2000 + year, month) >= (date.today().year, date.today().month)
            except ValueError:
                valid_expiry = False
            if not valid_expiry:
                self.add_error("card_expiry", "Enter a future expiry date as MM/YY.")
            if not (data.get("card_cvc") or "").isdigit() or len(data.get("card_cvc") or "") not in (3, 4):
                self.add_error("card_cvc", "Enter the 3 or 4 digits on the back of the card.")
        elif data.get("payment_method") == "purchase_order" and not (data.get("po_number") or "").strip():
            self.add_error("po_number", "Enter your purchase order number.")
        return data

    def address(self) -> dict:
        keys = ["first_name", "last_name", "company", "address_line1", "address_line2", "city", "state", "zip_code",
                "country_code", "phone"]  # fmt: skip
        return {key: self.cleaned_data.get(key, "") for key in keys}
