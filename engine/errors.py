"""The one exception the engine contract lets a game raise at a player."""


class IllegalAction(Exception):
    """An action refused: the game state is left exactly as it was.

    `message` is plain English a player can read; `code` and `params` let a page
    translate it (the server forwards all three).
    """

    def __init__(self, message, code="illegal_action", **params):
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params
