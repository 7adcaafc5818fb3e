from django import forms

from storefront.models import ContactRequest


class ContactRequestForm(forms.ModelForm):
    class Meta:
        model = ContactRequest
        fields = ["name", "email", "organisation", "topic", "message"]
        labels = {"email": "E-mail", "organisation": "Organisation (optional)", "message": "Your question"}
        widgets = {"message": forms.Textarea(attrs={"rows": 5, "maxlength": 5000})}
