import pytest

from engine import IllegalAction
from engine import ballot as b


def test_votes_are_secret_until_revealed():
    ballot = b.new_ballot("leak", [2, 0, 1], ["red", "blue"])
    assert ballot["voters"] == [0, 1, 2]
    b.cast(ballot, 1, "red")
    public = b.public_view(ballot)
    assert public["voted"] == [1]
    assert "votes" not in public and "tally" not in public
    assert "red" not in str({k: v for k, v in public.items() if k != "options"})
    assert b.seat_view(ballot, 1)["my_vote"] == "red"
    assert b.seat_view(ballot, 0)["my_vote"] is None
    assert "others" not in b.seat_view(ballot, 0)
    b.cast(ballot, 0, "blue")
    b.cast(ballot, 2, "red")
    assert b.complete(ballot) and b.waiting(ballot) == []
    b.reveal(ballot)
    public = b.public_view(ballot)
    assert public["votes"] == [[0, "blue"], [1, "red"], [2, "red"]]
    assert public["tally"] == [["red", 2], ["blue", 1]]


def test_a_vote_cannot_be_changed_or_cast_by_a_non_voter():
    ballot = b.new_ballot("move", [0, 1], ["a", "b"])
    b.cast(ballot, 0, "a")
    with pytest.raises(IllegalAction) as err:
        b.cast(ballot, 0, "b")
    assert err.value.code == "already_voted"
    with pytest.raises(IllegalAction) as err:
        b.cast(ballot, 5, "a")
    assert err.value.code == "not_a_voter"
    with pytest.raises(IllegalAction) as err:
        b.cast(ballot, 1, "c")
    assert err.value.code == "bad_choice"
    assert ballot["votes"] == ["a", None]


def test_weights_extra_tokens_and_ties():
    ballot = b.new_ballot("eject", [0, 1, 2], ["red", "blue"], weights={0: 2, 1: 1, 2: 1})
    b.cast(ballot, 0, "red")
    b.cast(ballot, 1, "blue", allowed=["hat"])
    b.cast(ballot, 2, "hat", allowed=["hat"])
    assert b.tally(ballot, ignore=["hat"]) == [("red", 2), ("blue", 1)]
    assert b.leaders(ballot, ignore=["hat"]) == ["red"]
    assert b.weight_of(ballot, 0) == 2 and b.weight_of(ballot, 9) == 0
    tie = b.new_ballot("t", [0, 1], ["x", "y"])
    b.cast(tie, 0, "x")
    b.cast(tie, 1, "y")
    assert b.leaders(tie) == ["x", "y"]
    empty = b.new_ballot("t", [], ["x", "y"])
    assert b.complete(empty) and b.leaders(empty) == ["x", "y"]


def test_the_last_voter_waits_then_sees_the_others():
    ballot = b.new_ballot("sacrifice", [0, 1, 2], [0, 1, 2], last=1)
    assert b.waiting(ballot) == [0, 2]
    with pytest.raises(IllegalAction):
        b.cast(ballot, 1, 0)
    b.cast(ballot, 0, 2)
    assert "others" not in b.seat_view(ballot, 1)
    b.cast(ballot, 2, 0)
    assert b.waiting(ballot) == [1]
    assert b.seat_view(ballot, 1)["others"] == [[0, 2], [2, 0]]
    assert "others" not in b.seat_view(ballot, 0)
    b.cast(ballot, 1, 0)
    assert b.complete(ballot)


def test_a_last_voter_who_does_not_vote_is_ignored():
    ballot = b.new_ballot("s", [0, 1], ["a"], last=7)
    assert ballot["last"] is None and b.waiting(ballot) == [0, 1]


def test_a_weights_list_follows_its_voters_into_seat_order():
    ballot = b.new_ballot("eject", [2, 0], ["red", "blue"], weights=[3, 1])
    assert ballot["voters"] == [0, 2]
    assert b.weight_of(ballot, 2) == 3 and b.weight_of(ballot, 0) == 1
