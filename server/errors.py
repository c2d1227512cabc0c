"""The one error a player's request can end in: a code the pages translate, its params, and
an English fallback message (docs/protocol.md, "Error codes")."""

MESSAGES = {
    "bad_payload": "That request is malformed.",
    "unknown_room": "There is no such room.",
    "not_joined": "Join the room first.",
    "already_joined": "You have already joined this room.",
    "name_empty": "Please choose a name.",
    "name_too_long": "A name has at most {max} characters.",
    "name_taken": "The name {name} is already taken.",
    "name_confusable": "The name {name} looks too much like {other}, who is already here.",
    "not_host": "Only the host can do that.",
    "not_in_lobby": "That is only possible in the lobby.",
    "not_playing": "No game is being played.",
    "unknown_game": "There is no game called {game}.",
    "bad_options": "The options are not valid.",
    "unknown_option": "Unknown option: {option}.",
    "bad_option": "Bad value for option {option}.",
    "option_range": "The option {option} must be a whole number from {min} to {max}.",
    "player_count": "This game needs {min} to {max} players (there are {count}).",
    "unknown_player": "There is no such player.",
    "no_seat": "You have no seat in this game.",
    "has_seat": "That player already has a seat.",
    "bot_playing": "A bot is playing your seat; take it back first.",
    "stale_version": "The game has moved on; here is the current state.",
    "illegal_action": "{message}",
    "seat_not_bot": "That seat is not played by a bot.",
    "room_full": "The room is full.",
    "no_countdown": "No countdown is running that you could hold.",
    "too_many_rooms": "This device already has {max} rooms open; use one of them, or wait a few minutes.",
    "server_full": "The server has too many rooms open; try again in a few minutes.",
    "too_many_visitors": "Too many phones are waiting to join this room; try again in a moment.",
    "rate_limited": "Too many requests at once: slow down a little.",
    "room_moved": "This room is moving to another server; nothing was changed. Try again in a moment.",
    "internal": "Something went wrong on the server; nothing was changed.",
    # issue 23: replays, history, export and import (server.stories)
    "unknown_story": "This room has no game number {number}.",
    "game_in_progress": "Game {number} is still being played: its story is told once it is over.",
    "bad_game_file": "This is not a game file this server can replay ({reason}).",
}


class ServerError(Exception):
    """A refused request. Raised before anything changes (or after rolling back)."""

    def __init__(self, code, **params):
        assert code in MESSAGES, code
        self.code = code
        self.params = params
        self.message = MESSAGES[code].format_map(_Lenient(params))
        super().__init__(f"{code}: {self.message}")

    def to_dict(self):
        return {"code": self.code, "params": self.params, "message": self.message}

    @classmethod
    def from_illegal(cls, exc, **extra):
        """An engine.IllegalAction as a server error. The engine's lobby-level refusals (game,
        options, player count) keep their code; a refused move is `illegal_action`."""
        params = {**exc.params, **extra}
        if exc.code in ENGINE_LOBBY_CODES:
            return cls(exc.code, **params)
        return cls("illegal_action", message=exc.message, engine_code=exc.code, **params)


# Codes engine.registry raises that the protocol forwards as they are.
ENGINE_LOBBY_CODES = frozenset(
    {"unknown_game", "bad_options", "unknown_option", "bad_option", "player_count"})


class _Lenient(dict):
    """format_map helper: a missing param shows as its name instead of raising."""

    def __missing__(self, key):
        return "{" + key + "}"
