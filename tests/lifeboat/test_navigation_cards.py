"""§2.3: each of the 24 navigation cards resolved, checked against the spec's own table."""
import pytest

from tests.lifeboat.helpers import C, F, K, L, M, S, fresh, navigate_with

LETTER = {"L": L, "S": S, "C": C, "M": M, "F": F, "K": K}
EVERYONE = set(range(6))

# id: overboard, thirsty, fight icon, oar icon, bird (copied from the spec's table, not the data)
TABLE = {
    "nav01": ("M", "CM", 0, 1, 0), "nav02": ("K", "-K", 0, 1, 0),
    "nav03": ("K", "-L", 1, 1, 1), "nav04": ("*", "*", 1, 0, 0),
    "nav05": ("C", "M", 1, 0, 1), "nav06": ("S", "CS", 0, 0, 0),
    "nav07": ("", "", 0, 0, 1), "nav08": ("S", "CK", 0, 1, 1),
    "nav09": ("C", "F", 0, 0, 0), "nav10": ("L", "*", 0, 1, -1),
    "nav11": ("K", "-L", 1, 0, 0), "nav12": ("M", "L", 0, 0, 0),
    "nav13": ("*", "*", 1, 1, 1), "nav14": ("F", "CMS", 0, 0, 1),
    "nav15": ("S", "CMF", 1, 1, 0), "nav16": ("F", "CMK", 0, 1, 0),
    "nav17": ("M", "CF", 1, 1, 0), "nav18": ("F", "CML", 1, 0, 0),
    "nav19": ("F", "CMFS", 1, 1, 0), "nav20": ("K", "CMFL", 0, 0, 0),
    "nav21": ("M", "K", 1, 0, 1), "nav22": ("S", "CL", 1, 0, 0),
    "nav23": ("C", "S", 1, 1, 0), "nav24": ("C", "C", 0, 0, 0),
}


def who(code):
    if code == "*":
        return set(EVERYONE)
    if code.startswith("-"):
        return EVERYONE - {LETTER[code[1]]}
    return {LETTER[ch] for ch in code}


def test_table_totals_match_the_spec():
    assert sum(1 for v in TABLE.values() if v[4] == 1) == 7
    assert sum(1 for v in TABLE.values() if v[4] == -1) == 1
    assert sum(v[2] for v in TABLE.values()) == 12 and sum(v[3] for v in TABLE.values()) == 11


@pytest.mark.parametrize("card", sorted(TABLE))
def test_each_navigation_card(card):
    over, thirsty, fight_icon, oar_icon, bird = TABLE[card]
    g = fresh()
    g.state["birds"] = 1
    rowed, fought = {L, C}, {S, C}
    ev = navigate_with(g, card, rowed=rowed, fought=fought)
    while g.state["phase"] in ("rescue", "thirst"):
        ev += g.act(g.waiting_for()[0], {"type": "done"})
    revealed = next(e for e in ev if e["type"] == "navigation_card")
    assert revealed["card"] == card and g.state["birds"] == 1 + bird
    water = next(e for e in ev if e["type"] == "overboard")["seats"]
    assert set(water) == who(over)
    thirst = next(e for e in ev if e["type"] == "thirst")["thirst"]
    for x in range(6):
        expected = (oar_icon and x in rowed) + (fight_icon and x in fought) + (x in who(thirsty))
        assert thirst[x] == expected, (card, x)
        fall = 1 if x in who(over) and x != F else 0
        assert g.state["wounds"][x] == fall + expected, (card, x)
    assert g.state["nav_deck"][-1] == card            # resolved card to the bottom
    assert not any(g.state["rowed"]) and not any(g.state["fought"])
    assert g.state["turn"] == 2


def test_names_of_characters_not_in_play_are_ignored():
    g = fresh(n=4)          # Frenchy and the Kid removed
    ev = navigate_with(g, "nav16")      # Frenchy overboard; C, M, K thirsty
    assert next(e for e in ev if e["type"] == "overboard")["seats"] == []
    assert next(e for e in ev if e["type"] == "thirst")["thirst"] == [0, 0, 1, 1]
