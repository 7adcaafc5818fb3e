import pytest

from portal import ratelimit


class Clock:
    """The sign-in delays' clock, moved by the test instead of sleeping."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(ratelimit, "now", fake)
    return fake
