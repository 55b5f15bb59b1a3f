"""Errors that are the user's to fix: the CLI prints them as one line and exits non-zero."""


class UserError(Exception):
    """Bad input, a missing store, a mismatched config: a one-line message, no traceback."""
