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


def rest_refusal(response, status: int) -> dict:
    """A REST edge's refusal in the API's one shape (docs/api.md "REST edges"): checks the shape and the HTTP status,
    and returns the error (`message`, `extensions`)."""
    import json

    assert response["Content-Type"] == "application/json", response.content[:300]
    body = json.loads(response.content)
    assert response.status_code == status, body
    [error] = body["errors"]
    assert body == {"code": status, "message": error["message"], "data": None, "errors": [error]}
    assert error["message"] and "code" in error["extensions"]
    return error
