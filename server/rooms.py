"""Rooms and the people in them: codes, players, tokens, the host, colours, seats, presence.

A room's lasting part (everything but its live connections and lock) round-trips through
`to_record` / `from_record`, which is what the store keeps. Lobby operations live here; anything
that creates or changes a game goes through server.play.

Frozen rooms (issue 13: an idle stored room stays under 100 KB). A game's state is a tree of
small dicts and lists: about 20 KB of Python objects for Lifeboats, 180 KB for a late
Galèrapagos at 12 (each seat's private records only grow), and the recent log as much again
for Lifeboats. A room nobody uses needs none of it as objects: `freeze()` keeps the game and the
log as one zlib-compressed JSON blob (2-5 KB) and the first reader of `room.game` or `room.log`
thaws them (0.2 ms for Lifeboats, 0.7 ms for a late Galèrapagos), so server.play, views, bots
and timers read them as before. Rooms are loaded frozen at start (server.app.load_room) and
frozen again by the sweeper once no screen has been connected and nothing has happened for
`Config.freeze_seconds`. zlib, from the standard library: zstd level 1 is a little faster and
smaller here (measured on a 34 KB Galèrapagos record: 66 us and 4.7 KB, zlib level 1 110 us and
5.3 KB), but freezing happens once per idle spell, off every action's path, and zstd is in the
standard library only from Python 3.14.
"""
import random
import secrets
import threading
import zlib
from dataclasses import dataclass, field
from typing import Optional

import orjson

import engine
from engine.base import copy_data
from server import names, stories
from server.errors import ServerError
from server.store import raw_json

# No I, L or O: they read as 1 and 0 on a TV across the room.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
CODE_TRIES = 50       # random draws before a new room is refused (with 1,000 rooms of 279,841
                      # codes, 50 collisions in a row has odds of about 1e-150)
NAME_MAX = 20
LOG_KEEP = 50
# Every colour has its own letter, shown with it, so colour-blind players can tell seats apart.
# The first six are Lifeboats' player colours in its seat order (red, yellow, green, blue,
# purple, white, the same hues as its board): a game gives seat i the i-th colour (see
# colour_by_seat), so the page header and the boats on the board agree.
PALETTE = [
    ("#d7263d", "R"), ("#f2c230", "Y"), ("#2f9e5b", "G"), ("#2f6fd6", "B"),
    ("#8447b5", "P"), ("#f6f2e8", "W"), ("#ee7a1b", "O"), ("#42d4f4", "C"),
    ("#f032e6", "M"), ("#bfef45", "L"), ("#fabed4", "K"), ("#469990", "T"),
    ("#9a6324", "N"), ("#800000", "A"), ("#000075", "V"), ("#808000", "D"),
    ("#a9a9a9", "S"),
]
MAX_PLAYERS = len(PALETTE)
TABLE = "table"


@dataclass
class Player:
    id: str
    name: str
    token: Optional[str]          # None for bots: nobody can connect as a bot
    colour: str
    letter: str
    seat: Optional[int] = None
    bot: bool = False
    bot_playing: bool = False     # a bot plays this human's seat

    def record(self):
        return dict(self.__dict__)

    @property
    def bot_plays(self):
        """True when the server, not a phone, takes this player's decisions."""
        return self.bot or self.bot_playing


@dataclass
class Connection:
    """What one socket is, decided once from its `auth` at connect (never from its sid)."""
    role: str                      # "table" or "phone"
    player: Optional[str] = None   # a phone's player id; None for a visitor
    host: bool = False             # a table that presented the host token
    address: Optional[str] = None  # the client address it connects from (visitor caps)


@dataclass
class Room:
    code: str
    host_token: str
    host: str = TABLE              # TABLE, or the id of the hosting phone player
    players: list = field(default_factory=list)
    selected: Optional[dict] = None
    status: str = "lobby"          # lobby | playing | over
    game_id: Optional[str] = None
    options: dict = field(default_factory=dict)
    seed: int = 0
    version: int = 0
    match: int = 0                 # games started in this room: +1 at every start or rematch
    deadline: Optional[dict] = None   # {"seat", "at"}: a running countdown (server.timers)
    next_player: int = 1
    next_bot: int = 1
    touched: float = 0.0
    games_played: int = 0          # games started in this room (server.stories numbers them)
    # Live only, never stored:
    connections: dict = field(default_factory=dict)   # sid -> Connection
    creator: Optional[str] = None  # the address of the table that created it (room limits)
    lock: object = field(default_factory=threading.RLock)
    # Read and set through the `game` and `log` properties, which thaw a frozen room:
    _game: object = field(default=None, repr=False)   # the engine game while status != lobby
    _log: list = field(default_factory=list, repr=False)   # recent public events
    # The current game's story (server.stories: seed, options, players, every accepted
    # action): a dict nobody changes in place (each action makes a new one), frozen with
    # the game.
    _story: Optional[dict] = field(default=None, repr=False)
    _frozen: Optional[bytes] = field(default=None, repr=False)   # game and log, see freeze()

    # -- the game, live or frozen --------------------------------------------------------
    @property
    def game(self):
        if self._frozen is not None:
            self.thaw()
        return self._game

    @game.setter
    def game(self, game):
        self.thaw()
        self._game = game

    @property
    def log(self):
        if self._frozen is not None:
            self.thaw()
        return self._log

    @log.setter
    def log(self, log):
        self.thaw()
        self._log = log

    @property
    def story(self):
        if self._frozen is not None:
            self.thaw()
        return self._story

    @story.setter
    def story(self, story):
        self.thaw()
        self._story = story

    @property
    def frozen(self):
        return self._frozen is not None

    def freeze(self):
        """Keep the game and the log as compressed JSON instead of objects (a lobby with no
        log has nothing to freeze)."""
        with self.lock:
            if self._frozen is None and (self._game is not None or self._log or self._story):
                game = self._game.to_dict(copy=False) if self._game is not None else None
                blob = zlib.compress(orjson.dumps(
                    {"game": game, "log": self._log, "story": self._story},
                    default=raw_json), 1)
                self._frozen, self._game, self._log, self._story = blob, None, [], None

    def thaw(self):
        """The game and the log as objects again (a no-op on a live room). Under the lock, so
        two readers never build two games."""
        if self._frozen is None:
            return
        with self.lock:
            if self._frozen is not None:
                parts = orjson.loads(zlib.decompress(self._frozen))
                game = engine.load_game(parts["game"]) if parts["game"] else None
                self._game, self._log, self._frozen = game, parts["log"], None
                self._story = stories.live_form(parts.get("story"))

    # -- lookups ------------------------------------------------------------------------
    def player(self, player_id):
        return next((p for p in self.players if p.id == player_id), None)

    def player_by_token(self, token):
        if not token:
            return None
        # As bytes: compare_digest raises TypeError on a str that is not ASCII.
        return next((p for p in self.players
                     if p.token and secrets.compare_digest(p.token.encode(), token.encode())), None)

    def seated(self):
        """Players in seat order."""
        return sorted((p for p in self.players if p.seat is not None), key=lambda p: p.seat)

    def owner_of(self, seat):
        return next((p for p in self.players if p.seat == seat), None)

    def connected(self, player_id):
        return any(c.player == player_id for c in self.connections.values())

    def sids_of(self, player_id):
        return [sid for sid, c in self.connections.items() if c.player == player_id]

    def is_host(self, sid):
        c = self.connections.get(sid)
        if c is None:
            return False
        return c.host if c.role == TABLE else (c.player is not None and c.player == self.host)

    # -- the stored form ------------------------------------------------------------------
    def to_record(self, game=True):
        """game=False leaves the game out (None): for a caller that saves it another way."""
        return {
            "code": self.code, "host_token": self.host_token, "host": self.host,
            "players": [p.record() for p in self.players], "selected": self.selected,
            "status": self.status, "game_id": self.game_id, "options": self.options,
            "seed": self.seed, "match": self.match, "game": self.game.to_dict() if self.game and game else None,
            # The countdown is a copy: timers change it in place (a hold), and a failed
            # request's rollback restores from this record.
            "version": self.version, "log": self.log, "deadline": copy_data(self.deadline),
            "next_player": self.next_player, "next_bot": self.next_bot,
            "touched": self.touched,
            # server.stories: the number of games so far and the current one's story
            # (not copied: a story is never changed in place).
            "games_played": self.games_played, "story": self.story,
        }

    def restore(self, record):
        """Put back a state taken with to_record (live connections are kept)."""
        fresh = from_record(record)
        for name in record:
            setattr(self, name, getattr(fresh, name))


def from_record(record):
    fields = dict(record)
    fields["players"] = [Player(**p) for p in record["players"]]
    game, fields["_log"] = fields.pop("game"), fields.pop("log")
    # absent from records before issue 23
    fields["_story"] = stories.live_form(fields.pop("story", None))
    fields["_game"] = engine.load_game(game) if game else None
    return Room(**fields)


class Registry:
    """The open rooms by code. Codes are matched ignoring case."""

    def __init__(self, rng=None):
        self.rooms = {}
        self.lock = threading.Lock()
        self.rng = rng or random.SystemRandom()
        # The prefixes a new code may start with (hosted mode: those of the shards this
        # process owns, server.shards); None: any code.
        self.code_prefixes = None

    def get(self, code):
        if not isinstance(code, str):
            return None
        return self.rooms.get(code.strip().upper())

    def add(self, room):
        with self.lock:
            self.rooms[room.code] = room

    def create(self, now, creator=None, max_rooms=None, per_creator=None):
        """A new room with a free code, or `server_full` / `too_many_rooms`. Gives up after
        CODE_TRIES draws instead of looping for ever under the lock."""
        with self.lock:
            if max_rooms is not None and len(self.rooms) >= max_rooms:
                raise ServerError("server_full")
            if per_creator is not None and creator is not None and sum(
                    1 for r in self.rooms.values() if r.creator == creator) >= per_creator:
                raise ServerError("too_many_rooms", max=per_creator)
            prefixes = self.code_prefixes() if self.code_prefixes else None
            if prefixes is not None and not prefixes:
                raise ServerError("server_full")
            for _ in range(CODE_TRIES):
                prefix = self.rng.choice(prefixes) if prefixes else ""
                code = prefix + "".join(self.rng.choice(CODE_LETTERS)
                                        for _ in range(CODE_LENGTH - len(prefix)))
                if code not in self.rooms:
                    break
            else:
                raise ServerError("server_full")
            room = Room(code=code, host_token=secrets.token_urlsafe(24),
                        seed=self.rng.randrange(2 ** 31), touched=now, creator=creator)
            self.rooms[code] = room
            return room

    def remove(self, code):
        with self.lock:
            return self.rooms.pop(code, None)

    def all(self):
        with self.lock:
            return list(self.rooms.values())


# -- public form --------------------------------------------------------------------------
def public_player(room, p):
    return {"id": p.id, "name": p.name, "colour": p.colour, "letter": p.letter,
            "seat": p.seat, "connected": p.bot or room.connected(p.id), "bot": p.bot,
            "host": room.host == p.id, "bot_playing": p.bot_playing}


# -- names and people ------------------------------------------------------------------------
def clean_name(room, name, exclude=None):
    """The cleaned name (server.names), or the refusal: empty, too long, taken (ignoring
    case), or confusable with the name of someone else in the room."""
    name = names.clean(name)
    if not name:
        raise ServerError("name_empty")
    if len(name) > NAME_MAX:
        raise ServerError("name_too_long", max=NAME_MAX)
    others = [p for p in room.players if p is not exclude]
    if any(names.same(p.name, name) for p in others):
        raise ServerError("name_taken", name=name)
    like = next((p for p in others if names.confusable(p.name, name)), None)
    if like is not None:
        raise ServerError("name_confusable", name=name, other=like.name)
    return name


def _new_player(room, name, bot):
    used = {p.letter for p in room.players}
    free = [(c, l) for c, l in PALETTE if l not in used]
    if not free:
        raise ServerError("room_full", max=MAX_PLAYERS)
    colour, letter = free[0]
    player = Player(id=f"p{room.next_player}", name=name,
                    token=None if bot else secrets.token_urlsafe(24),
                    colour=colour, letter=letter, bot=bot)
    room.next_player += 1
    return player


def colour_by_seat(room):
    """Seat i wears PALETTE[i] for the whole game (everyone in the room is seated at start)."""
    for player in room.players:
        if player.seat is not None:
            player.colour, player.letter = PALETTE[player.seat]


def join(room, sid, name):
    conn = room.connections[sid]
    if conn.role != "phone":
        raise ServerError("bad_payload", reason="role")
    if conn.player is not None:
        raise ServerError("already_joined")
    name = clean_name(room, name)
    player = _new_player(room, name, bot=False)
    room.players.append(player)
    conn.player = player.id
    # The first phone hosts beside the TV, so the game can be run from the sofa.
    if room.host == TABLE or room.player(room.host) is None:
        room.host = player.id
    return player


def rename(room, player, name):
    player.name = clean_name(room, name, exclude=player)


def new_bot(room, lang="en"):
    """A bot player with a shipwreck name no one has (server.bots.bot_name), else "Bot <n>"."""
    from server.bots import bot_name
    name = bot_name(room, lang)
    if name is not None:
        room.next_bot += 1
    while name is None:
        name = f"Bot {room.next_bot}"
        room.next_bot += 1
        if any(names.same(p.name, name) or names.confusable(p.name, name)
               for p in room.players):
            name = None
    player = _new_player(room, name, bot=True)
    room.players.append(player)
    return player


def remove(room, player):
    """Take a player out of the room (lobby, or a seatless player during a game)."""
    room.players.remove(player)
    for conn in room.connections.values():
        if conn.player == player.id:
            conn.player = None
    if room.host == player.id:
        # The hosting phone is gone: the next human in lobby order hosts.
        room.host = next((p.id for p in room.players if not p.bot), TABLE)


def kick(room, player):
    """The player's token stops working; during a game a new bot takes their seat."""
    seat = player.seat if room.status != "lobby" else None
    if seat is not None and player.bot:
        raise ServerError("not_in_lobby")
    remove(room, player)      # first, so a full room has a colour free for the stand-in
    if seat is not None:
        new_bot(room).seat = seat


def require_lobby(room):
    if room.status != "lobby":
        raise ServerError("not_in_lobby")


def require_playing(room):
    if room.status == "lobby":
        raise ServerError("not_playing")


def find_player(room, player_id):
    player = room.player(player_id)
    if player is None:
        raise ServerError("unknown_player", player=player_id)
    return player


# -- seats during a game ------------------------------------------------------------------------
def bot_replace(room, player):
    require_playing(room)
    if player.seat is None:
        raise ServerError("no_seat", player=player.id)
    if not player.bot:
        player.bot_playing = True


def take_back(room, player):
    require_playing(room)
    if player.seat is None:
        raise ServerError("no_seat")
    if not player.bot_playing:
        raise ServerError("seat_not_bot", player=player.id)
    player.bot_playing = False


def give_seat(room, giver, taker):
    """Hand a seat a bot plays (a bot's, or an absent or bot-replaced human's) to a seatless
    human. A bot left without a seat has nothing to do in the room and goes."""
    require_playing(room)
    if giver.seat is None:
        raise ServerError("no_seat", player=giver.id)
    if not (giver.bot_plays or not room.connected(giver.id)):
        raise ServerError("seat_not_bot", player=giver.id)
    if taker.bot:
        raise ServerError("unknown_player", player=taker.id)
    if taker.seat is not None:
        raise ServerError("has_seat", player=taker.id)
    taker.seat, giver.seat = giver.seat, None
    # The seat's colour goes with it (colour_by_seat); the giver wears the taker's old one.
    (taker.colour, taker.letter), (giver.colour, giver.letter) = \
        (giver.colour, giver.letter), (taker.colour, taker.letter)
    giver.bot_playing = False
    if giver.bot:
        remove(room, giver)


def clear_seats(room):
    for p in room.players:
        p.seat = None
        p.bot_playing = False


def push_log(room, events):
    room.log = (room.log + list(events))[-LOG_KEEP:]
