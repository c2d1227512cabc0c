"""Fights (§4.4): sides, weapons, the flare gun, one done-window, defender wins ties."""
from engine import window as windows
from engine.lifeboat import board, memory
from engine.lifeboat.data import PROVISIONS, WEAPONS, weapon_bonus

SIDES = ("attacker", "defender")


def start(s, attacker, defender, kind, card=None):
    """`kind` is what the fight is about (swap or mug) and `card` the mugged card, if any."""
    s["fight"] = {"attacker": attacker, "defender": defender, "sides": [[attacker], [defender]],
                  "fired": [], "played": [], "kind": kind, "card": card,
                  "window": windows.new_window("fight", board.conscious_seats(s))}


def participants(f):
    return f["sides"][0] + f["sides"][1]


def strength(s, f, side):
    total = 0
    for seat in f["sides"][side]:
        total += board.size(s, seat)
        total += sum(weapon_bonus(board.kind(s, c)) for c in s["up"][seat]
                     if board.kind(s, c) in WEAPONS)
    total += sum(PROVISIONS[s["kinds"][c]]["weapon_bonus"] for seat, c in f["fired"]
                 if seat in f["sides"][side])
    return total


def weapons(s, f):
    """The face-up weapons counting for each participant, in side order."""
    return [{"seat": seat, "cards": sorted(board.kind(s, c) for c in s["up"][seat]
                                           if board.kind(s, c) in WEAPONS)}
            for seat in participants(f)]


def public(s, f):
    return {"attacker": f["attacker"], "defender": f["defender"],
            "kind": f.get("kind"), "card": f.get("card"),
            "sides": {SIDES[i]: list(f["sides"][i]) for i in (0, 1)},
            "strength": {SIDES[i]: strength(s, f, i) for i in (0, 1)},
            "weapons": weapons(s, f),
            "played": [dict(p) for p in f.get("played", [])],
            "fired": [seat for seat, _ in f["fired"]],
            "window": windows.public_view(f["window"])}


def waiting(s):
    return windows.waiting(s["fight"]["window"])


def legal(s, seat):
    f = s["fight"]
    if seat not in f["window"]["seats"]:
        return []
    acts = []
    if seat in participants(f):
        acts += [{"type": "weapon", "card": k} for k in board.hand_kinds(s, seat) if k in WEAPONS]
        if board.holds_kind(s, seat, "flare_gun"):
            acts.append({"type": "fire_flare"})
    else:
        acts += [{"type": "join", "side": side} for side in SIDES]
    if seat in windows.waiting(f["window"]):
        acts.append({"type": "done"})
    return acts


def apply(s, seat, action, ev):
    """Returns None while the fight goes on, else whether the attacker's side won."""
    f = s["fight"]
    t = action["type"]
    if t == "join":
        f["sides"][SIDES.index(action["side"])].append(seat)
        ev.append({"type": "fight_join", "seat": seat, "side": action["side"]})
    elif t == "weapon":
        card = board.first_of(s, s["hand"][seat], action["card"])
        board.show(s, seat, card)
        f.setdefault("played", []).append({"seat": seat, "card": action["card"]})
        ev.append({"type": "fight_weapon", "seat": seat, "card": action["card"]})
    elif t == "fire_flare":
        card = board.take_any(s, seat, "flare_gun")
        board.remove(s, seat, card)
        f["fired"].append([seat, card])
        ev.append({"type": "fight_flare", "seat": seat})
    if t == "done":
        windows.mark_done(f["window"], seat)
        ev.append({"type": "done", "seat": seat, "window": "fight"})
        if windows.is_closed(f["window"]):
            return resolve(s, ev)
        return None
    windows.changed(f["window"])
    ev.append(fight_state_event(s))
    return None


def fight_state_event(s):
    return dict(public(s, s["fight"]), type="fight_state")


def resolve(s, ev):
    f = s["fight"]
    power = [strength(s, f, 0), strength(s, f, 1)]
    attacker_won = power[0] > power[1]
    losers = f["sides"][1] if attacker_won else f["sides"][0]
    for seat in losers:
        board.wound(s, seat)
    for seat in participants(f):
        s["fought"][seat] = True
    for _, card in f["fired"]:
        s["discard"].append(card)
    result = {"winner": "attacker" if attacker_won else "defender",
              "strength": {"attacker": power[0], "defender": power[1]},
              "sides": {SIDES[i]: list(f["sides"][i]) for i in (0, 1)},
              "wounded": [{"seat": x, "wounds": s["wounds"][x], "state": board.state_name(s, x)}
                          for x in sorted(losers)]}
    ev.append(dict(result, type="fight_resolved"))
    memory.fight(s, dict(result, turn=s["turn"], attacker=f["attacker"], defender=f["defender"],
                         kind=f.get("kind"), card=f.get("card"), weapons=weapons(s, f),
                         played=[dict(p) for p in f.get("played", [])],
                         fired=[seat for seat, _ in f["fired"]]))
    s["fight"] = None
    return attacker_won
