"""Bot players: a bot (or a bot standing in for a human) answers whenever the game waits for its
seat, through server.play like a phone. What it plays is the game's own bot
(`engine.registry.bot_for`: the random bot for a game without one), fed only what that seat's
phone receives: its view, its legal actions and the public log.
In a game window (server.timers: Galèrapagos' dawn, shortage, zero and evening windows) the
random fallback says "ready" at once, so no bot holds a window open (a game's own bot paces
its "ready" as a quick tap).

Bots of a room take turns one at a time, lowest seat first, each choice seeded by the room's
seed, the version and the seat: a game between bots is the same every time for a given room
seed, whatever the thread scheduling. The choice is made when the turn is scheduled; the bot
then waits its pace (the game bot's human-like think time, varied and scaled by `bot_delay`,
counted from when the seat was first asked) and plays it if nothing happened meanwhile. A
dropped turn is no loss: the change that happened scheduled a newer one.

Each bot player has a mind (engine.bot: a one-way digest of the room seed and the player's id,
so it tells nothing about the decks), given to the game's bot on its random source; a bot
keeps it for every game of the room. A bot is named from the game's `bot_names` (bot_name).
"""
import random

from engine.bot import RANDOM, mind_number
from engine.registry import bot_for
from server import play, timers
from server.hub import log


class MindRandom(random.Random):
    """A seeded random source that carries a bot's mind (engine.bot: `rng.mind`). It lives
    here, where bots are given their random source: engine/ keeps no global random."""

    def __init__(self, seed, mind):
        super().__init__(seed)
        self.mind = mind


def wake(hub, room):
    """Schedule the next bot turn if the game waits for a bot-played seat (under the lock)."""
    key = (room.code, room.version)
    seat = _next_seat(room)
    _note_asked(hub, room)
    if seat is not None and key not in hub.bot_turns:
        action, seconds = decide(room, seat)
        if action is None:
            return
        asked = hub.bot_asked.get((room.code, seat), hub.now())
        delay = max(0.0, seconds * hub.config.bot_delay - (hub.now() - asked))
        hub.bot_turns.add(key)
        hub.socketio.start_background_task(_turn, hub, *key, seat, action, delay)


def _note_asked(hub, room):
    """When each bot seat began to be waited for: a bot answering late in a row of bots does
    not add its whole pause to the others' (a table's bots vote in about one human pause)."""
    waiting = set(room.game.waiting_for()) if room.status == "playing" else set()
    for key in [k for k in hub.bot_asked if k[0] == room.code and k[1] not in waiting]:
        del hub.bot_asked[key]
    for seat in waiting:
        hub.bot_asked.setdefault((room.code, seat), hub.now())


def _next_seat(room):
    if room.status != "playing":
        return None
    return next((seat for seat in room.game.waiting_for()
                 if (owner := room.owner_of(seat)) is not None and owner.bot_plays), None)


def decide(room, seat):
    """(action, think seconds at bot delay 1) for `seat` now, or (None, 0) with nothing to do."""
    legal = room.game.legal_actions(seat)
    if not legal:
        return None, 0.0
    owner = room.owner_of(seat)
    # The bot's mind: drawn once from the room seed and the bot player (engine.bot).
    rng = MindRandom(f"{room.seed}:{room.version}:{seat}",
                     mind_number(room.seed, owner.id if owner is not None else seat))
    bot = bot_for(room.game_id)
    view = room.game.view(seat)
    ready = timers.window_ready(room)
    if bot is RANDOM and ready in legal:
        return ready, 0.0                    # the random fallback never holds a window open
    action = bot.choose(view, legal, list(room.log), rng)
    return action, bot.pace(view, legal, action) * rng.uniform(0.7, 1.3)


def choose(room, seat):
    """The bot's action for `seat` now, or None when it has nothing to do."""
    return decide(room, seat)[0]


def _turn(hub, code, version, seat, action, delay):
    hub.socketio.sleep(delay)
    hub.bot_turns.discard((code, version))
    room = hub.rooms.get(code)
    if room is None:
        return
    try:
        with play.guarded(room, hub.store):
            if room.version != version or _next_seat(room) != seat:
                return
            play.act(hub, room, seat, version, action)
    except Exception:
        log.exception("bot turn failed in room %s (seat %s, version %s)", code, seat, version)


def bot_name(room, lang="en"):
    """A shipwreck name for a new bot, from the selected game's data file (any game's while
    none is selected), in the language of the screen that added it, never one already at the
    table (nor one people would mistake for it); "Bot <n>" once the list runs out."""
    from engine.registry import BUILTIN
    from server import names
    games = [room.selected["game"]] if room.selected else list(BUILTIN)
    pool = []
    for game_id in games:
        data = _game_data(game_id)
        for name in (data.get("bot_names") or {}).get(lang if lang == "fr" else "en", []):
            if name not in pool:
                pool.append(name)
    free = [n for n in pool if not any(names.same(p.name, n) or names.confusable(p.name, n)
                                       for p in room.players)]
    if not free:
        return None
    return random.Random(f"{room.seed}:name:{room.next_bot}").choice(free)


def _game_data(game_id):
    import importlib
    try:
        return importlib.import_module(f"engine.{game_id}.data").DATA
    except (ImportError, AttributeError):
        return {}
