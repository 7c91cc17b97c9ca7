"""The refusal every seating service raises: a message for people, and the input at fault."""


class SeatingRefused(Exception):
    """A seating request that cannot be carried out; ``field`` names the input at fault."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
