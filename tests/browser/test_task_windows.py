"""benchmarks/pages.py's per-update attribution (tests/browser/helpers.task_windows): which of a
trace's main-thread tasks are which update's. Pure Python over a made-up trace (no browser): the
figures "own, 1x / 4x" are sums of what this attributes, so a task counted twice, in the wrong
update, or from another thread would make them wrong without any page being slower."""
from tests.browser.helpers import task_windows

MAIN, OTHER = (1, 10), (1, 11)


def task(ts, dur, tdur=None, name="RunTask", thread=MAIN):
    e = {"ph": "X", "name": name, "ts": ts, "dur": dur, "pid": thread[0], "tid": thread[1]}
    if tdur is not None:
        e["tdur"] = tdur
    return e


def test_tasks_go_to_the_update_they_end_in():
    marks = [1000, 2000, 3000]          # two updates, then the end mark
    events = [
        task(500, 200, 150),            # before the first mark: no update's
        task(900, 400, 300),            # holds the first mark (the driver's task): update 0
        task(1400, 100, 90),            # update 0
        task(1950, 100, 80),            # straddles the second mark: ends in update 1, is its
        task(2500, 400, 100),           # update 1 (wall 400, thread 100: the thread waited)
        task(2950, 300, 200),           # ends after the end mark: no update's
        task(1500, 900, 900, thread=OTHER),   # another thread (the compositor): not counted
        {"ph": "I", "name": "TimeStamp", "ts": 1000, "pid": 1, "tid": 10},
    ]
    (w0, t0, n0), (w1, t1, n1) = task_windows(events, MAIN, marks)
    assert (round(w0, 3), round(t0, 3), n0) == (0.5, 0.39, 2)
    assert (round(w1, 3), round(t1, 3), n1) == (0.5, 0.18, 2)


def test_nested_events_count_once_in_their_task():
    events = [
        task(1100, 800, 700),                               # a task
        task(1100, 300, 250, name="FunctionCall"),          # its script, same start
        task(1200, 100, 100, name="v8.compile"),            # inside the script
        task(1500, 300, 300, name="Layout"),                # its layout
        task(2100, 200, name="RunTask"),                    # a task with no thread time: its wall
    ]
    [(wall, thread, n)] = task_windows(events, MAIN, [1000, 3000])
    assert (round(wall, 3), round(thread, 3), n) == (1.0, 0.9, 2)


def test_a_task_ending_on_a_mark_is_the_update_before():
    events = [task(1500, 500, 500), task(2000, 100, 100)]
    assert [w[2] for w in task_windows(events, MAIN, [1000, 2000, 3000])] == [1, 1]


def test_no_marks_no_windows():
    assert task_windows([task(0, 10)], MAIN, [5]) == []
