"""Errors that are the user's to fix: the CLI prints them as one line and exits non-zero."""


class UserError(Exception):
    """Bad input, a missing store, a mismatched config: a one-line message, no traceback."""


class StoreDamaged(UserError):
    """A store that cannot be read as it is (a missing or corrupt file); `hopgraph check` says what is wrong."""


class StoreBusy(UserError):
    """Another process is writing the same store (`hopgraph index` holds its writer lock)."""
