"""The Lifeboat bot's guesses of the others' secret Love and Hate from their public deeds, and
the choices they change (issue 25): a death that costs a rival his Love counts for the bot, its
guess of who leads uses them, a bird is wanted more when it leads, and it rests rather than
rows when a thirst would knock it out."""
import random

import pytest

from engine.lifeboat import bot as lbot
from engine.lifeboat.data import CHARACTERS
from engine.botplay import play_game
from tests.bots.test_cards import _choice, _lifeboat_action_turn

POUR = {"type": "pour", "seat": 2, "target": 4, "thirst": 0}


def _boat(game, seat, events=()):
    game.changed()
    return lbot.Boat(game.view(seat), list(events), random.Random(1))


def test_the_lifeboat_bot_reads_love_and_hate_from_pours_preservers_fights_and_mugs():
    game, seat = _lifeboat_action_turn()
    view = game.view(0)
    view["last_fight"] = None
    events = [POUR,
              {"type": "preserver_thrown", "seat": 3, "target": 1},
              {"type": "pour", "seat": 0, "target": 5, "thirst": 0},      # my own deed
              {"type": "mugged", "seat": 5, "target": 1, "card": "hand", "got": True},
              {"type": "fight_resolved", "winner": "defender",
               "sides": {"attacker": [1, 3], "defender": [2, 5]}}]
    loves, hates = lbot._beliefs(view, events, 0)
    assert loves == {2: {4: 1.0}, 3: {1: 1.0}, 5: {2: 0.5}}
    assert hates == {5: {1: 0.5}, 3: {2: 0.5}}


def test_a_death_that_costs_a_rival_his_love_is_worth_more_to_the_bot():
    game, seat = _lifeboat_action_turn()
    s = game.state
    rival, loved = [x for x in range(6) if x != seat
                    and s["chars"][x] not in (s["love"][seat], s["hate"][seat])][:2]
    pour = dict(POUR, seat=rival, target=loved)
    # Only the pour tells the bot anything of the rival's secrets (not the board's last
    # fight or last night's water).
    s.setdefault("last", {})["fight"] = None
    if s["last"].get("navigation"):
        s["last"]["navigation"]["water"] = []
    before = _boat(game, seat).stake(loved)
    after = _boat(game, seat, [pour]).stake(loved)
    survival = CHARACTERS[s["chars"][loved]]["survival"]
    assert after > before
    assert after - before == pytest.approx(lbot._BELIEF * survival)


def test_the_bot_guesses_a_rival_scores_his_love_when_it_saw_him_pour_for_him():
    game, seat = _lifeboat_action_turn()
    s = game.state
    rival, loved = [x for x in range(6) if x != seat][:2]
    for x in range(6):
        s["wounds"][x] = 0
    pour = dict(POUR, seat=rival, target=loved)
    # The rival leads (loot face up) and the Kid (survival 9), whom he loves by my guess, is
    # worth more than the average Love card: he leads by more.
    kid = s["chars"].index("kid")
    s["chars"][loved], s["chars"][kid] = "kid", s["chars"][loved]
    for pile in [s["prov_deck"]] + s["hand"] + s["up"]:
        for card in [c for c in pile if s["kinds"][c] in ("cash", "painting_3")]:
            pile.remove(card)
            s["up"][rival].append(card)
    assert _boat(game, seat, [pour]).standing() < _boat(game, seat).standing()


def test_a_bird_is_worth_more_to_a_bot_that_leads_than_to_one_behind():
    game, seat = _lifeboat_action_turn()
    boat = _boat(game, seat)
    bird = {"id": "x", "overboard": [], "thirsty": [], "fight_thirst": False,
            "row_thirst": False, "bird": 1}
    boat.view["birds"] = 0
    boat.view["me"]["provisional"] = {"total": 60}
    leading = boat.card_value(bird)
    boat.view["me"]["provisional"] = {"total": 0}
    behind = boat.card_value(bird)
    assert leading > lbot._BIRD > behind > 0


def test_the_bot_rests_instead_of_rowing_when_a_thirst_would_knock_it_out():
    game, seat = _lifeboat_action_turn()
    s = game.state
    if s["line"][-1] == seat:                       # not tonight's navigator
        s["line"][-1], s["line"][0] = s["line"][0], s["line"][-1]
    for kind_holder in (s["hand"][seat], s["up"][seat]):
        for card in [c for c in kind_holder if s["kinds"][c] in ("water", "medical_kit")]:
            kind_holder.remove(card)
            s["prov_deck"].append(card)
    for x in range(6):                              # nothing worth a mug aboard
        if x != seat:
            s["prov_deck"] += s["hand"][x] + s["up"][x]
            s["hand"][x], s["up"][x] = [], []
    size = CHARACTERS[s["chars"][seat]]["size"]
    s["wounds"][seat] = size - 1
    s["love"][seat] = s["hate"][seat] = s["chars"][seat]      # nobody else to help or harm
    assert _choice(game, seat) == {"type": "nothing"}
    s["wounds"][seat] = 0                           # well: it rows
    assert _choice(game, seat)["type"] == "row"


def test_a_bot_that_trails_takes_the_rescue_once_the_voyage_has_gone_on_too_long():
    """A lone rower who trails put the last seagull at the bottom of the deck every night and
    the game never ended; past _PATIENCE turns the rescue is wanted, more each turn."""
    game, seat = _lifeboat_action_turn()
    boat = _boat(game, seat)
    last = {"id": "x", "overboard": [], "thirsty": [], "fight_thirst": False,
            "row_thirst": False, "bird": 1}
    boat.view["birds"] = boat.view["birds_to_win"] - 1
    boat.view["me"]["provisional"] = {"total": 0}            # far behind
    boat.view["turn"] = 5
    assert boat.card_value(last) < 0
    boat.view["turn"] = lbot._PATIENCE + 3
    assert boat.card_value(last) >= 3
    boat.view["turn"] = lbot._PATIENCE + 6
    assert boat.card_value(last) >= 6



def _drafting_turn():
    """A 6-player Lifeboat game waiting for a drafter to keep one of the cards he received,
    and the drafter's seat."""
    for stop in range(0, 400, 3):
        game = play_game("lifeboat", 6, 7, ["bot"] * 6, max_actions=stop)
        for seat in game.waiting_for():
            if any(a["type"] == "pick" for a in game.legal_actions(seat)):
                return game, seat
    raise AssertionError("no draft found")


def _draft_choice(game, seat, kinds):
    """The kind the drafter keeps when he is offered one card of each of `kinds` and holds
    no water."""
    s = game.state
    d = s["draft"]
    s["prov_deck"] += d["cards"]
    d["cards"] = []
    piles = [s["prov_deck"], s["discard"]] + [p for x in range(6) if x != seat
                                               for p in (s["hand"][x], s["up"][x])]
    for kind in kinds:
        pile, card = next((p, c) for p in piles for c in p if s["kinds"][c] == kind)
        pile.remove(card)
        d["cards"].append(card)
    for card in [c for c in s["hand"][seat] if s["kinds"][c] == "water"]:
        s["hand"][seat].remove(card)
        s["prov_deck"].append(card)
    return _choice(game, seat)["card"]


def test_a_drafter_without_water_keeps_loot_and_a_strong_weapon_before_a_water(monkeypatch):
    """Water first when the drafter held none cost games (seeds 2500..2999, 9 points of 1000
    games won, paired): cash (not his doubled loot) and the knife come before it, a water
    still before a blackjack."""
    game, seat = _drafting_turn()
    s = game.state
    s["chars"][seat] = "first_mate"                # no doubled loot
    assert _draft_choice(game, seat, ["water", "cash"]) == "cash"
    assert _draft_choice(game, seat, ["water", "knife"]) == "knife"
    assert _draft_choice(game, seat, ["water", "blackjack"]) == "water"
    monkeypatch.setattr(lbot, "_DRAFT_WATER", 0.8)     # as before: water first
    assert _draft_choice(game, seat, ["water", "cash"]) == "water"
    assert _draft_choice(game, seat, ["water", "knife"]) == "water"
