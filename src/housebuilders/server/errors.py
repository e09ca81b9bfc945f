"""The one error of the web table: a request the server refuses."""

from __future__ import annotations


class ApiError(Exception):
    """A request the server refuses: an HTTP status, a message and the rule (if any)."""

    def __init__(
        self, status: int, error: str, rule: str | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(error)
        self.status, self.error, self.rule = status, error, rule
        self.retry_after = retry_after  # seconds, for a 429 or a 503
