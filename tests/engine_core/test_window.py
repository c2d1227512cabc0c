from engine import window as w


def test_window_closes_when_all_done_and_any_change_reopens_it():
    win = w.new_window("fight", [2, 0, 1])
    assert w.waiting(win) == [0, 1, 2]
    w.mark_done(win, 0)
    w.mark_done(win, 1)
    assert w.waiting(win) == [2] and not w.is_closed(win)
    w.changed(win)
    assert w.waiting(win) == [0, 1, 2]
    for s in (0, 1, 2):
        w.mark_done(win, s)
    assert w.is_closed(win)
    assert w.public_view(win) == {"kind": "fight", "seats": [0, 1, 2], "done": [0, 1, 2]}


def test_seats_come_and_go_and_strangers_are_ignored():
    win = w.new_window("thirst", [0, 1])
    w.mark_done(win, 5)
    assert win["done"] == []
    w.mark_done(win, 0)
    w.remove_seat(win, 1)
    assert w.is_closed(win)
    w.add_seat(win, 3)
    assert w.waiting(win) == [3]
    w.remove_seat(win, 0)
    assert win["done"] == []
