"""The three ballots' shared procedure (§5): negotiation, secret votes with captain's hats,
the reveal, and the resolution (majority, start player's tie-break, lone captain, cancelled
hats, every voter a hat). The secret votes themselves live in an engine.ballot dict.

Functions that can settle a ballot return its reveal record (with "outcome" set) once it is
settled, and None while a player still has to decide; the caller then applies the outcome."""
from engine import ballot as ballots
from engine.lifeboats.data import edition_rule

HAT = "hat"


def open_ballot(g, kind, voters, options, weights, ev, boat=None, round_=1):
    """Start the talk; only the start player is waited for, to call the vote (§5.1.1)."""
    s = g.state
    s["ballot"] = ballots.new_ballot(kind, voters, options, weights, boat=boat, round=round_)
    s["step"], s["actor"], s["tied"] = "negotiate", s["start"], []
    b = s["ballot"]
    ev.append({"type": "ballot_opened", "kind": kind, "boat": boat, "round": round_,
               "options": list(b["options"]), "voters": list(b["voters"]),
               "weights": list(b["weights"]),
               "negotiation_seconds": g.options["negotiation_seconds"]})


def call_vote(g, ev):
    s = g.state
    s["step"], s["actor"] = "vote", None
    ev.append({"type": "vote_called", "seat": s["start"], "kind": s["ballot"]["kind"]})


def vote_actions(g, seat):
    s = g.state
    b = s["ballot"]
    if seat not in ballots.waiting(b):
        return []
    choices = list(b["options"]) + ([HAT] if s["hats"][seat] > 0 else [])
    return [{"type": "vote", "choice": c} for c in choices]


def cast(g, seat, choice, ev):
    s = g.state
    b = s["ballot"]
    ballots.cast(b, seat, choice, allowed=[HAT])
    # Public: the table shows that this seat has voted, never what.
    ev.append({"type": "voted", "seat": seat, "kind": b["kind"]})
    if ballots.complete(b):
        return _reveal(g, ev)
    return None


def _reveal(g, ev):
    s = g.state
    b = s["ballot"]
    ballots.reveal(b)
    hat_voters = [v for v, c in zip(b["voters"], b["votes"]) if c == HAT]
    for v in hat_voters:
        s["hats"][v] -= 1  # spent whatever happens next (D7, E7)
    record = {
        "kind": b["kind"], "boat": b["boat"], "round": b["round"], "turn": s["turn"],
        "options": list(b["options"]),
        "votes": [{"seat": v, "choice": c, "weight": w}
                  for v, c, w in zip(b["voters"], b["votes"], b["weights"])],
        "tally": [[o, n] for o, n in ballots.tally(b, ignore=(HAT,))],
        "hats": hat_voters,
        "hats_cancelled": len(hat_voters) >= 2,
        "resolution": None, "tied": [], "decided_by": None, "outcome": None,
    }
    top = ballots.leaders(b, ignore=(HAT,))
    if len(hat_voters) == 1:
        record["resolution"] = "captain"
    elif len(hat_voters) == len(b["voters"]):
        record["resolution"] = ("revote" if edition_rule(g.options, "all_hats") == "revote"
                                else "all_hats")
        record["tied"] = list(b["options"]) if record["resolution"] == "all_hats" else []
    else:
        record["resolution"] = "majority" if len(top) == 1 else "tie_break"
        record["tied"] = top if len(top) > 1 else []
    s["last_reveal"] = record
    ev.append(dict(record, type="ballot_revealed"))

    if record["resolution"] == "captain":
        s["step"], s["actor"] = "captain", hat_voters[0]
        return None
    if record["resolution"] == "revote":
        # E8: back to negotiation, hats already spent stay spent.
        ev.append({"type": "ballot_restarted", "kind": b["kind"], "boat": b["boat"],
                   "round": b["round"] + 1})
        open_ballot(g, b["kind"], b["voters"], b["options"], b["weights"], ev,
                    boat=b["boat"], round_=b["round"] + 1)
        return None
    if record["resolution"] == "majority":
        return _decide(s, record, top[0], None, ev)
    s["step"], s["actor"], s["tied"] = "break_tie", s["start"], list(record["tied"])
    return None


def captain_actions(g):
    return [{"type": "captain", "choice": c} for c in g.state["ballot"]["options"]]


def break_tie_actions(g):
    return [{"type": "break_tie", "choice": c} for c in g.state["tied"]]


def decide(g, seat, choice, ev):
    """The captain's or the start player's pick after the reveal."""
    s = g.state
    return _decide(s, s["last_reveal"], choice, seat, ev)


def _decide(s, record, choice, seat, ev):
    record.update(outcome=choice, decided_by=seat)
    s["ballot"], s["tied"], s["actor"] = None, [], None
    ev.append({"type": "outcome", "kind": record["kind"], "boat": record["boat"],
               "choice": choice, "resolution": record["resolution"], "decided_by": seat,
               "hats_cancelled": record["hats_cancelled"], "tied": list(record["tied"])})
    return record


def unheld(kind, choice, ev, boat=None):
    """E4: a ballot with one option is not held; its outcome is only logged."""
    ev.append({"type": "outcome", "kind": kind, "boat": boat, "choice": choice,
               "resolution": "single_option", "decided_by": None, "hats_cancelled": False,
               "tied": []})
