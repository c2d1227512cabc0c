"""The story of each game of a room (issue 23): kept while it is played, replayed once it is
finished, exported and imported.

A story is the engine contract's own data: the game id, its options, its seed, its players in
seat order and every accepted action with its seat and time. The engines are deterministic, so
`new_game(seed, options)` followed by every action is the game again, move for move, secrets
included (tests/contract checks determinism). Nothing else is needed to replay a game.

Where stories live:
- The current game's story is part of the room's record (`Room.story`), written with the game
  on every accepted action, in the same write (server.play.commit): an action a screen has seen
  is in the story, and a refused request rolls the story back with the room (play.guarded).
  A story is never changed in place: each action makes a new dict, so a record taken before a
  request still holds the story of that moment. While a game is on, its actions are kept as
  the bytes of their JSON array (`RawJson`), not as objects: 45 bytes an action instead of
  about 400 (300 Lifeboats actions: 14 KB instead of 125 KB of a connected room's memory), and
  the store embeds them in the record as they are (server.store.encode), with no encoding per
  save.
- When the room moves on (a rematch, a new game, back to the lobby), the story goes to the
  store's archive of the room (`Store.save_story`), at most ARCHIVE_KEEP games per room; the
  oldest go first. Closing the room (idle sweep) deletes its archive with it: a room code may
  be given again to other people.

Secrecy: a story holds every secret of its game. It is read only through `finished_story`,
which refuses a game still being played (`game_in_progress`), and only for a room that is open
(the caller found it by its code). Everything computed from it (frames, "my game", exports)
comes from a finished story.
"""
import threading
from collections import OrderedDict

import orjson

import engine
from engine.base import copy_data
from server import validate
from server.errors import ServerError
from server.store import RawJson

FORMAT = "castaways.game"
FORMAT_VERSION = 1
ARCHIVE_KEEP = 30          # finished games a room keeps (its evening); older ones are deleted
IMPORT_MAX_ACTIONS = 20_000
SNAPSHOT_EVERY = 20        # a replay keeps a copy of the state every this many steps
CURSORS_KEEP = 8           # replays kept ready (the last ones watched)


# -- the forms of a story ---------------------------------------------------------------------
def actions_of(story):
    """A story's actions as a list of [seat, ms, action], whatever form it is kept in."""
    actions = story["actions"]
    if isinstance(actions, RawJson):
        return orjson.loads(bytes(actions))     # orjson reads plain bytes only
    if isinstance(actions, (bytes, bytearray, memoryview)):
        return orjson.loads(actions)
    return actions


def live_form(story):
    """The story as a room keeps it: its actions as RawJson (from a record or a freeze)."""
    if story is None or isinstance(story["actions"], RawJson):
        return story
    actions = story["actions"]
    return {**story, "actions": RawJson(actions if isinstance(actions, bytes) else orjson.dumps(actions))}


def readable(story):
    """The story with its actions as a list, for reading (replay, export, archive)."""
    return None if story is None else {**story, "actions": actions_of(story)}


# -- while a game is played (server.play calls these) ---------------------------------------
def begin(room, game, seed, players, now):
    """The story of the game that starts now (server.play._new_game)."""
    room.games_played += 1
    room.story = {
        "number": room.games_played, "game": game.INFO.id, "options": dict(game.options),
        "seed": seed, "players": [_player(p) for p in players],
        "started": now, "finished": None, "status": "playing", "result": None,
        "count": 0, "actions": RawJson(b"[]"),
    }


def _player(p):
    return {"name": p.name, "bot": bool(p.bot), "colour": p.colour, "letter": p.letter}


def record(room, seat, action, now):
    """An accepted action (server.play.act), with its time in ms since the game started."""
    story = room.story
    if story is None:
        return
    entry = orjson.dumps([seat, max(0, int(round((now - story["started"]) * 1000))), action])
    actions = story["actions"]
    actions = RawJson(actions[:-1] + (b"," if len(actions) > 2 else b"") + entry + b"]")
    story = {**story, "actions": actions, "count": story.get("count", 0) + 1}
    if room.game.over:
        story.update(status="over", finished=now, result=room.game.result())
    room.story = story


def archive(hub, room):
    """The current story to the room's archive (a new game starts, or back to the lobby). A
    game stopped before its end is kept as `ended`."""
    story = readable(room.story)
    if story is None:
        return
    if story["status"] == "playing":
        story = {**story, "status": "ended", "finished": hub.now()}
    hub.store.save_story(room.code, story, keep=ARCHIVE_KEEP)
    room.story = None


# -- reading ------------------------------------------------------------------------------------
def summary(story):
    return {"number": story["number"], "game": story["game"], "players": story["players"],
            "started": story["started"], "finished": story["finished"],
            "status": story["status"],
            "actions": story["count"] if "count" in story else len(actions_of(story)),
            "result": story["result"] if story["status"] == "over" else None}


def listing(hub, room):
    """The room's games, newest first: the archive and the current game (in progress: its
    number, game and players only)."""
    current = room.story
    stored = [s for s in hub.store.stories(room.code)
              if current is None or s["number"] != current["number"]]
    games = ([summary(current)] if current else []) + stored
    return sorted(games, key=lambda s: -s["number"])


def finished_story(hub, room, number):
    """The story of game `number` of the room, refused while that game is being played."""
    current = room.story
    if current is not None and current["number"] == number:
        story = readable(current)
    else:
        story = hub.store.story(room.code, number)
    if story is None:
        raise ServerError("unknown_story", number=number)
    if story["status"] == "playing":
        raise ServerError("game_in_progress", number=number)
    return story


def delete(hub, room, number):
    story = finished_story(hub, room, number)
    if room.story is not None and room.story["number"] == number:
        room.story = None
    hub.store.delete_story(room.code, story["number"])
    CURSORS.forget(room.code, number)


# -- replay -------------------------------------------------------------------------------------
class Cursor:
    """A game replayed from a story, kept at one step; going back starts from the nearest
    snapshot (every SNAPSHOT_EVERY steps, taken as it passes)."""

    def __init__(self, story):
        self.story = story
        self.lock = threading.Lock()
        self.snapshots = {}
        self.events_at = {}     # step -> the events of its action, as they were seen
        self._turns = None
        self._start()

    def _start(self):
        story = self.story
        self.game = engine.new_game(story["game"], [p["name"] for p in story["players"]],
                                    seed=story["seed"], options=story["options"])
        self.step, self.events = 0, []
        self.snapshots[0] = self.game.to_dict()

    def goto(self, step):
        if step < self.step or (step == self.step and step and not self.events):
            base = max(s for s in self.snapshots if s <= max(step - 1, 0))
            self.game = engine.load_game(self.snapshots[base])
            self.step, self.events = base, []
            if step == 0:
                return
        while self.step < step:
            seat, _, action = self.story["actions"][self.step]
            self.events = self.game.act(seat, copy_data(action))
            self.step += 1
            self.events_at[self.step] = self.events
            if self.step % SNAPSHOT_EVERY == 0 and self.step not in self.snapshots:
                self.snapshots[self.step] = self.game.to_dict()

    def turns(self):
        """[[turn, first step], ...]: where each turn of the game begins (the table view's
        `turn`, which every game has), for "jump to a turn". One pass over the game, kept."""
        if self._turns is None:
            game = engine.load_game(self.snapshots[0])
            turns, last = [], None
            for step in range(len(self.story["actions"]) + 1):
                if step:
                    seat, _, action = self.story["actions"][step - 1]
                    game.act(seat, copy_data(action))
                turn = game.view(None).get("turn")
                if isinstance(turn, int) and turn != last:
                    turns.append([turn, step])
                    last = turn
            self._turns = turns
        return self._turns

    def recent(self, step, keep=None):
        """The events of the steps up to `step`, the last RECONNECT_EVENTS of them."""
        from server.views import RECONNECT_EVENTS
        keep = keep or RECONNECT_EVENTS
        out = []
        while step > 0 and len(out) < keep and step in self.events_at:
            out[:0] = self.events_at[step]
            step -= 1
        return out[-keep:]

    def frame(self, step):
        """Everything a replay screen shows at `step` (0 = the setup, n = after the n-th
        action): the table's view, every seat's view, the action of that step and its events."""
        actions = self.story["actions"]
        step = max(0, min(step, len(actions)))
        self.goto(step)
        game = self.game
        seat, at, action = actions[step - 1] if step else (None, 0, None)
        n = len(self.story["players"])
        return {
            "number": self.story["number"], "game": self.story["game"],
            "step": step, "steps": len(actions), "seat": seat, "at": at, "action": action,
            "events": copy_data(self.events) if step else [],
            # What a screen joining now would get as its log (server.views.send_game).
            "recent": copy_data(self.recent(step)),
            "table": game.view(None), "views": [game.view(s) for s in range(n)],
            "waiting_for": game.waiting_for(), "over": game.over,
            "result": game.result() if game.over else None,
            "turns": self.turns(),
        }


class Cursors:
    """The replays kept ready, the last watched first out of the way last."""

    def __init__(self, keep=CURSORS_KEEP):
        self.keep = keep
        self.lock = threading.Lock()
        self.items = OrderedDict()

    def get(self, code, story):
        key = (code, story["number"], story["started"], len(story["actions"]))
        with self.lock:
            cursor = self.items.pop(key, None) or Cursor(story)
            self.items[key] = cursor
            while len(self.items) > self.keep:
                self.items.popitem(last=False)
        return cursor

    def forget(self, code, number):
        with self.lock:
            for key in [k for k in self.items if k[:2] == (code, number)]:
                del self.items[key]


CURSORS = Cursors()


def frame(hub, room, number, step):
    story = finished_story(hub, room, number)
    cursor = CURSORS.get(room.code, story)
    with cursor.lock:
        return cursor.frame(step)


def my_game(hub, room, number, seat):
    """One seat's game ("my game"): its own actions, and the others' actions aimed at it (a
    vote, a target, a gift), each with its step."""
    story = finished_story(hub, room, number)
    if not (isinstance(seat, int) and 0 <= seat < len(story["players"])):
        raise ServerError("no_seat")
    mine, at_me = [], []
    for step, (who, at, action) in enumerate(story["actions"], start=1):
        item = {"step": step, "seat": who, "at": at, "action": action}
        if who == seat:
            mine.append(item)
        elif _aims_at(action, seat):
            at_me.append(item)
    return {"number": story["number"], "game": story["game"], "seat": seat,
            "players": story["players"], "mine": mine, "against": at_me,
            "status": story["status"], "result": story["result"]}


AIM_KEYS = ("target", "to", "seat", "player", "victim")


def _aims_at(action, seat):
    return any(type(action.get(k)) is int and action.get(k) == seat for k in AIM_KEYS)


# -- export and import ------------------------------------------------------------------------
def export(story):
    """The versioned file of a finished game (docs/replay.md)."""
    return {
        "format": FORMAT, "version": FORMAT_VERSION,
        "game": story["game"], "options": story["options"], "seed": story["seed"],
        "players": [{"name": p["name"], "bot": p["bot"]} for p in story["players"]],
        "started": story["started"], "finished": story["finished"],
        "status": story["status"], "result": story["result"],
        "actions": [{"seat": seat, "at": at, "action": action}
                    for seat, at, action in story["actions"]],
    }


def bad_file(reason):
    return ServerError("bad_game_file", reason=reason)


def import_story(hub, room, data, now):
    """A file made by `export` (here or on another server), checked by replaying it: every
    action must be legal in turn and the end must be the one the file states. Added to the
    room's games as the next number."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad_file("format")
    if data.get("version") != FORMAT_VERSION:
        raise bad_file("version")
    game_id, seed, options = data.get("game"), data.get("seed"), data.get("options")
    if game_id not in engine.GAMES:
        raise bad_file("game")
    if type(seed) is not int or not isinstance(options, dict):
        raise bad_file("seed")
    players, actions = data.get("players"), data.get("actions")
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and 0 < len(p["name"]) <= 40
            for p in players):
        raise bad_file("players")
    if not isinstance(actions, list) or len(actions) > IMPORT_MAX_ACTIONS:
        raise bad_file("actions")
    try:
        game = engine.new_game(game_id, [p["name"] for p in players], seed=seed,
                               options=options)
    except engine.IllegalAction:
        raise bad_file("options") from None
    entries = []
    for item in actions:
        if not (isinstance(item, dict) and type(item.get("seat")) is int
                and type(item.get("at", 0)) is int and isinstance(item.get("action"), dict)
                and validate._check_json(item["action"], 0)):
            raise bad_file("actions")
        try:
            game.act(item["seat"], copy_data(item["action"]))
        except engine.IllegalAction:
            raise ServerError("bad_game_file", reason="illegal_action",
                              step=len(entries) + 1) from None
        entries.append([item["seat"], item.get("at", 0), copy_data(item["action"])])
    status = "over" if game.over else "ended"
    result = game.result() if game.over else None
    if data.get("status") != status or data.get("result") != result:
        raise bad_file("result")
    started = data.get("started") if isinstance(data.get("started"), (int, float)) else now
    finished = data.get("finished") if isinstance(data.get("finished"), (int, float)) else now
    room.games_played += 1
    story = {
        "number": room.games_played, "game": game_id, "options": dict(game.options),
        "seed": seed, "players": [_imported_player(p, i) for i, p in enumerate(players)],
        "started": started, "finished": finished, "status": status, "result": result,
        "actions": entries, "imported": True,
    }
    hub.store.save_story(room.code, story, keep=ARCHIVE_KEEP)
    return story


def _imported_player(p, seat):
    from server.rooms import PALETTE
    colour, letter = PALETTE[seat % len(PALETTE)]
    return {"name": p["name"], "bot": bool(p.get("bot")), "colour": colour, "letter": letter}
