"""Issue 38 Must 4: a statement prepared on a kept connection is planned for its own parameters on every execution.

After five executions PostgreSQL may settle on a prepared statement's generic plan, made without the parameters'
values for an average company; for a company far bigger than the average (150,000 orders of 200,000) it joined every
one of its rows before the sort (the invoices list 92 ms -> 1.2 s, an orders search 0.4 ms -> 1.3 s, from the sixth
request on, until the web process restarted). portal.settings sets `plan_cache_mode = force_custom_plan` for the
connections that prepare statements: the statement is still parsed once, and each plan is made with the statistics
of the moment, so data that grows under a running server is planned for as it is now (bench/scale.py --only grow
shows the figures holding without a restart).
"""

import pytest
from django.db import connection

from accounts.models import Company

pytestmark = pytest.mark.django_db


@pytest.fixture
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements and their plans are PostgreSQL's")


def test_the_connection_plans_each_execution_for_its_parameters(postgresql):
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("force_custom_plan",)


def test_a_statement_run_more_than_the_prepare_threshold_is_prepared_and_never_given_a_generic_plan(postgresql):
    with connection.cursor():
        threshold = connection.connection.prepare_threshold
    assert threshold is not None  # the test settings prepare statements, as production's do
    for company_id in range(1, threshold + 12):
        list(Company.objects.filter(pk=company_id).values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")
        everything = cursor.fetchall()
    # Under PostgreSQL's default (`auto`) this statement gets its generic plan from the sixth execution on.
    plans = [
        plan
        for statement, *plan in everything
        if 'FROM "accounts_company" WHERE "accounts_company"."id" = $1' in statement
    ]
    assert len(plans) == 1  # prepared
    generic, custom = plans[0]
    assert generic == 0 and custom >= 10
