"""A new game: characters, secret Love and Hate cards, positions, one provision each (§3)."""
from engine.errors import IllegalAction
from engine.lifeboat.data import CHARACTERS, NAVIGATION, START_ORDER, provision_kinds


def _removed(game):
    wanted = len(START_ORDER) - game.n
    chosen = game.options["removed_characters"]
    if chosen is None:
        return game.rng.sample(START_ORDER, wanted)
    if (not isinstance(chosen, list) or len(chosen) != wanted
            or any(c not in CHARACTERS for c in chosen) or len(set(chosen)) != wanted):
        raise IllegalAction(f"Name exactly {wanted} different characters to leave out.",
                            "bad_option", option="removed_characters")
    return list(chosen)


def _check_turn_limit(limit):
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise IllegalAction("The turn limit must be a positive number or none.",
                            "bad_option", option="turn_limit")


def setup(game):
    s = game.state
    n = game.n
    _check_turn_limit(game.options["turn_limit"])
    removed = _removed(game)
    in_play = [c for c in START_ORDER if c not in removed]
    chars = list(in_play)
    game.rng.shuffle(chars)
    love = list(in_play)
    game.rng.shuffle(love)
    hate = list(in_play)
    game.rng.shuffle(hate)
    s["removed"] = sorted(removed, key=START_ORDER.index)
    s["chars"] = chars
    s["love"] = love
    s["hate"] = hate
    s["line"] = [chars.index(c) for c in in_play]
    s["wounds"] = [0] * n
    s["gone"] = [False] * n
    s["kinds"] = provision_kinds(game.options["painting_values"])
    deck = list(range(len(s["kinds"])))
    game.rng.shuffle(deck)
    s["hand"] = [[] for _ in range(n)]
    s["up"] = [[] for _ in range(n)]
    for seat in s["line"]:
        s["hand"][seat].append(deck.pop(0))
    s["prov_deck"] = deck
    s["discard"] = []
    s["parasol_open"] = False
    nav = sorted(NAVIGATION)
    game.rng.shuffle(nav)
    s["nav_deck"] = nav
    s["row_stack"] = []
    s["birds"] = 0
    s["turn"] = 1
    s["rowed"] = [False] * n
    s["fought"] = [False] * n
    s["acted"] = [False] * n
    s["draft"] = None
    s["act"] = None
    s["fight"] = None
    s["trades"] = []
    s["nav"] = None
    s["window"] = None
    s["private"] = [[] for _ in range(n)]
    s["result"] = None
    s["last"] = {"navigation": None, "fight": None, "flare": None}
    s["phase"] = "provisions"
