"""The turn's public memory: what the TV must be able to redraw after a reload.

`state["turn_log"]`: this turn's action outcomes, one record per action, oldest first.
`state["ballots"]`: this turn's decided votes (revealed ballots, and sacrifices decided without
a ballot), each followed to its end: tie-break, the named castaway's last chance, the death.
Both are reset when a turn starts. Everything here is public: a search is a count, never a card.
"""
from engine import ballot as ballots


def reset(g):
    g.state["turn_log"] = []
    g.state["ballots"] = []


def _log(g, key):
    # Games saved before these keys existed get them on first use.
    return g.state.setdefault(key, [])


# -- action outcomes ------------------------------------------------------------------------
def action(g, event):
    """Keep an action's public event (fish, collect_water, wood, search) as a record."""
    record = {"kind": event["type"]}
    record.update((k, v) for k, v in event.items() if k != "type")
    if record["kind"] == "wood":
        record["bite"] = "pending" if record["bitten"] else None
    if record["kind"] == "search":
        record["cards"] = 1
    _log(g, "turn_log").append(record)


def bite_answered(g, seat, answer):
    """The snake bite of `seat`'s last wood gamble ends: "antivenom" or "sick"."""
    for record in reversed(_log(g, "turn_log")):
        if record["kind"] == "wood" and record["seat"] == seat and record["bite"] == "pending":
            record["bite"] = answer
            return


# -- votes ----------------------------------------------------------------------------------
def _holder(g):
    """The dict that owns the current vote's record pointer: the sacrifice vote, or the
    departure stage."""
    stage = g.state["stage"]
    if stage is None:
        return None
    if stage.get("vote") is not None:
        return stage["vote"]
    if stage["kind"] == "departure":
        return stage
    return None


def current(g, holder=None):
    holder = holder if holder is not None else _holder(g)
    if holder is None or holder.get("record") is None:
        return None
    return _log(g, "ballots")[holder["record"]]


def open_record(g, holder, kind, ballot=None, candidates=None):
    """A vote reaches its first public decision: a reveal, or a sacrifice decided without a
    ballot (a single candidate, or nobody to vote)."""
    stage = g.state["stage"]
    record = {"kind": kind, "resource": stage.get("resource"), "candidates": candidates,
              "ballot": ballots.public_view(ballot) if ballot is not None else None,
              "tied": None, "chooser": None, "named": None, "why": None, "leave": None,
              "saved_by": None, "shots": [], "deaths": [], "outcome": "open"}
    log = _log(g, "ballots")
    log.append(record)
    holder["record"] = len(log) - 1
    return record


def update(g, holder=None, **fields):
    record = current(g, holder)
    if record is not None:
        record.update(fields)


def shot(g, shooter, target, result):
    record = current(g)
    if record is not None:
        record["shots"].append({"seat": shooter, "target": target, "result": result})


def shot_answered(g, target, result):
    for record in reversed(_log(g, "ballots")):
        for entry in record["shots"]:
            if entry["target"] == target and entry["result"] == "pending":
                entry["result"] = result
                return


def deaths(g, holder, seats):
    """Deaths void the vote; the named castaway's own death settles it."""
    record = current(g, holder)
    if record is None:
        return
    record["deaths"] += list(seats)
    named = record["named"]
    record["outcome"] = "dead" if named is not None and named in seats else "cancelled"
