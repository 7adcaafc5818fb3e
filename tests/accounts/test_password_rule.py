import pytest
from django.core.exceptions import ValidationError

from accounts.validators import PASSWORD_RULE_MESSAGE, PortalPasswordValidator


@pytest.mark.parametrize("password", ["Demo1234", "abc1234", "1234567a"])
def test_password_with_seven_characters_a_letter_and_a_digit_is_accepted(password):
    PortalPasswordValidator().validate(password)


@pytest.mark.parametrize("password", ["abc123", "abcdefgh", "12345678", ""])
def test_password_breaking_the_rule_is_refused(password):
    with pytest.raises(ValidationError) as excinfo:
        PortalPasswordValidator().validate(password)
    assert excinfo.value.messages == [PASSWORD_RULE_MESSAGE]
