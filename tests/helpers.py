"""Small helpers shared by the tests."""

LOGIN = """
mutation Login($email: String!, $password: String!) {
  login(loginData: {email: $email, password: $password, channelId: 1}) {
    result { token loginType permissions { code permissionLevel } }
  }
}
"""

CUSTOMER_INFO = """
{ customerInfo { userType userInfo { id role companyRoleName firstName lastName email phoneNumber }
                 companyInfo { id companyName status } permissions { code permissionLevel } } }
"""


def error_code(body: dict):
    """The `extensions.code` of the first error."""
    return body["errors"][0]["extensions"]["code"]


def pdf_text(content: bytes) -> str:
    """The text of a PDF's pages, as a reader would copy it."""
    from io import BytesIO

    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(BytesIO(content)).pages)
