""""Everyone says done" windows, shared by every game that has them.

Lifeboat's fights, rescue and thirst, Galèrapagos' dawn/shortage/evening windows: a set of
seats is asked; each may act any number of times and then says done; any action other than
"done" clears every mark, so everybody gets another chance to answer it. The window closes
when every asked seat is done with no change since.

A window dict: {"kind": str, "seats": [seat], "done": [seat]}, kept inside the game state.
"""


def new_window(kind, seats, **extra):
    window = {"kind": kind, "seats": sorted(set(seats)), "done": []}
    window.update(extra)
    return window


def waiting(window):
    return [s for s in window["seats"] if s not in window["done"]]


def is_closed(window):
    return not waiting(window)


def mark_done(window, seat):
    if seat in window["seats"] and seat not in window["done"]:
        window["done"].append(seat)
        window["done"].sort()


def changed(window):
    """Something happened that others may want to answer: clear every done mark."""
    window["done"] = []


def remove_seat(window, seat):
    """A seat that can no longer answer (dead, unconscious) stops being waited for."""
    if seat in window["seats"]:
        window["seats"].remove(seat)
    if seat in window["done"]:
        window["done"].remove(seat)


def add_seat(window, seat):
    if seat not in window["seats"]:
        window["seats"].append(seat)
        window["seats"].sort()


def public_view(window):
    return {"kind": window["kind"], "seats": list(window["seats"]),
            "done": list(window["done"])}
