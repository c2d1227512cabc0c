"""Every card has a use (issue 25): the bots play each card and action in some situation a
person would. Each test sets up that situation on a seeded game (only the state the test
names is changed) and checks the bot's choice; without the behaviour the bot does something
else."""
import random

from engine.galerapagos import bot as gbot
from engine.lifeboat import bot as lbot
from engine.lifeboat.data import CHARACTERS
from engine.registry import new_game
from engine.botplay import play_game


def _lifeboat_action_turn():
    """A 6-player Lifeboat game waiting for a character's action (row, nothing, ...), the
    acting seat, and a card of each kind not in anyone's hand (the provisions deck)."""
    for stop in range(40, 400, 7):
        game = play_game("lifeboat", 6, 4, ["bot"] * 6, max_actions=stop)
        if game.state["trades"]:
            continue            # an open trade comes first: the bot answers it
        for seat in game.waiting_for():
            if any(a["type"] == "row" for a in game.legal_actions(seat)):
                return game, seat
    raise AssertionError("no action turn found")


def _give(s, seat, kind):
    """Move a card of `kind` from the provisions deck (or another hand) into `seat`'s hand."""
    for pile in [s["prov_deck"]] + [h for x, h in enumerate(s["hand"]) if x != seat]:
        for card in pile:
            if s["kinds"][card] == kind:
                pile.remove(card)
                s["hand"][seat].append(card)
                return card
    raise AssertionError(kind)


def _choice(game, seat):
    game.changed()
    return lbot.BOT.choose(game.view(seat), game.legal_actions(seat), [], random.Random(1))


def test_the_lifeboat_bot_wakes_its_unconscious_friend_with_his_own_medical_kit():
    game, seat = _lifeboat_action_turn()
    s = game.state
    friend = next(x for x in s["line"] if x != seat and s["chars"][x] != s["hate"][seat])
    s["love"][seat] = s["chars"][friend]
    s["wounds"][friend] = CHARACTERS[s["chars"][friend]]["size"]      # unconscious
    s["wounds"][seat] = 0
    _give(s, friend, "medical_kit")
    assert _choice(game, seat) == {"type": "medical_kit_his", "target": friend}
    # A stranger's kit stays with him when it is my enemy.
    s["love"][seat] = s["chars"][seat]
    s["hate"][seat] = s["chars"][friend]
    assert _choice(game, seat)["type"] != "medical_kit_his"


def test_the_lifeboat_bot_fires_the_flare_for_birds_when_the_rescue_is_near_and_suits_it():
    game, seat = _lifeboat_action_turn()
    s = game.state
    _give(s, seat, "flare_gun")
    enemy = next(x for x in s["line"] if x != seat)
    s["hate"][seat] = s["chars"][enemy]
    s["love"][seat] = s["chars"][seat]
    s["wounds"][enemy] = CHARACTERS[s["chars"][enemy]]["size"] + 1    # my enemy is dead
    s["birds"] = 2
    assert _choice(game, seat) == {"type": "flare"}
    # Far from the rescue, or with my enemy alive and myself well, the flare is kept.
    s["birds"] = 0
    assert _choice(game, seat)["type"] != "flare"
    s["birds"] = 2
    s["wounds"][enemy] = 0
    s["wounds"][seat] = 0
    assert _choice(game, seat)["type"] != "flare"


def _galerapagos_dawn():
    """A 6-castaway Galèrapagos game (bots) at its first dawn window (someone has died)."""
    bot = gbot.BOT
    game = new_game("galerapagos", [f"P{i}" for i in range(6)], seed=0)
    for step in range(3000):
        if (game.state.get("stage") or {}).get("kind") == "dawn":
            return game
        seat = game.waiting_for()[0]
        game.act(seat, bot.choose(game.view(seat), game.legal_actions(seat), [],
                                  random.Random(step)))
    raise AssertionError("no dawn")


def test_the_galerapagos_bot_brings_a_castaway_back_when_too_few_are_left_to_leave():
    """With fewer than half the table alive the group can never leave: the voodoo doll brings
    one back as soon as tonight's meal covers him too (not when it does not)."""
    game = _galerapagos_dawn()
    s = game.state
    me = game.waiting_for()[0]
    for seat, c in enumerate(s["castaways"]):
        if seat != me and len([x for x in s["castaways"] if x["alive"]]) > 2 and c["alive"]:
            c["alive"] = False
            s["stage"]["window"]["seats"].remove(seat)
    for pile in [s["deck"]] + [c["hand"] for c in s["castaways"]]:
        if "voodoo_doll" in pile:
            pile.remove("voodoo_doll")
    s["castaways"][me]["hand"] = ["voodoo_doll"]
    s["water"] = s["food"] = 3                          # two alive: the meal of three
    game.changed()
    choice = gbot.BOT.choose(game.view(me), game.legal_actions(me), [], random.Random(1))
    assert choice["type"] == "play" and choice["card"] == "voodoo_doll"
    s["water"] = 2
    game.changed()
    choice = gbot.BOT.choose(game.view(me), game.legal_actions(me), [], random.Random(1))
    assert choice.get("card") != "voodoo_doll"


def test_the_galerapagos_bot_brings_back_the_friend_who_gave_it_cards_when_food_allows():
    """Four of six alive, two dead: the one who gave it cards comes back first, when
    water and food cover tonight's meal and his travel rations; on a lean day nobody does."""
    game = _galerapagos_dawn()
    s = game.state
    me = game.waiting_for()[0]
    others = [x for x, c in enumerate(s["castaways"]) if x != me]
    for seat, c in enumerate(s["castaways"]):
        c["alive"] = seat not in others[:2]
        if not c["alive"] and seat in s["stage"]["window"]["seats"]:
            s["stage"]["window"]["seats"].remove(seat)
    friend, stranger = sorted(others[:2], reverse=True)    # the lower seat wins a plain tie
    for pile in [s["deck"]] + [c["hand"] for c in s["castaways"]]:
        if "voodoo_doll" in pile:
            pile.remove("voodoo_doll")
    s["castaways"][me]["hand"] = ["voodoo_doll"]
    s["castaways"][me]["records"].append(
        {"turn": 1, "kind": "received", "source": friend,
         "cards": ["car_key", "board_game", "lottery_ticket", "toilet_brush"]})
    s["water"] = s["food"] = 10                     # 2 x (4 alive + 1): meal and travel
    game.changed()
    choice = gbot.BOT.choose(game.view(me), game.legal_actions(me), [], random.Random(1))
    assert choice == {"type": "play", "card": "voodoo_doll", "target": friend}
    s["water"] = s["food"] = 6
    game.changed()
    choice = gbot.BOT.choose(game.view(me), game.legal_actions(me), [], random.Random(1))
    assert choice.get("card") != "voodoo_doll"


def test_the_lifeboat_bot_shows_its_unconscious_friends_life_preserver_for_him():
    game, seat = _lifeboat_action_turn()
    s = game.state
    friend = next(x for x in s["line"] if x != seat)
    s["love"][seat] = s["chars"][friend]
    s["wounds"][friend] = CHARACTERS[s["chars"][friend]]["size"]      # unconscious
    _give(s, friend, "life_preserver")
    assert _choice(game, seat) == {"type": "show_his", "target": friend}
    s["love"][seat] = s["chars"][seat]
    assert _choice(game, seat)["type"] != "show_his"
