import pytest

from tests.shoppinglists.support import caller_token, lists_build


@pytest.fixture
def world(ethanol):
    """The demo accounts with Acme's, Globex's and the individual customer's lists (support.lists_build)."""
    return lists_build(ethanol)


@pytest.fixture
def token_of(demo_store, login, graphql):
    return lambda caller: caller_token(caller, login=login, graphql=graphql)
