"""Errors the host shows to users as they are: polite, specific, and nothing changed."""


class ServiceError(Exception):
    """A refused request. The message is written for the person who made it."""


class StaleError(ServiceError):
    """The request was made against an older version of the game (an old button)."""
