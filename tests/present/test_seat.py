"""The seat (coachgym.present.seat): whole games for every ruleset under the default auto-play,
continue-to, hints that change nothing, stale and illegal choices that change nothing, exact save
and resume, and saves that were tampered with refused."""

from __future__ import annotations

import json

import pytest

from coachgym.core.engine import AWAY, HOME
from coachgym.core.errors import ConfigError, GameOverError, IllegalActionError, SavedGameError
from coachgym.present import kinds
from coachgym.present.seat import Seat, StaleDecisionError

RULESETS = ["valueadd", "statispro", "fuba", "fourthstreet"]


def trained_or_skip(ruleset: str) -> str:
    """The shipped trained coach, or a skip naming why it cannot play (a model saved for an older
    engine version is refused until it is retrained)."""
    from coachgym import rulesets
    from coachgym.core.errors import CoachgymError

    try:
        rulesets.get(ruleset).coach("trained")
    except CoachgymError as exc:
        pytest.skip(f"no trained {ruleset} coach to play: {exc}")
    return "trained"
# decisions a person makes in a full game under the default auto-play (the aim: about 60 or
# fewer in basketball, 150 or fewer in FUBA); measured with tools/seat_measure.py, docs/coach-seat.md
BUDGET = {"valueadd": 60, "statispro": 60, "fuba": 150, "fourthstreet": 60}


def play_out(seat: Seat, limit: int = 5000) -> int:
    """The person answers every decision with the book's choice; returns how many he made."""
    n = 0
    while not seat.over and n < limit:
        seat.choose(seat.book_choice, seat.number)
        n += 1
    return n


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_game_through_the_seat_with_the_default_auto_play(ruleset):
    made = []
    for seed, side in ((11, HOME), (12, AWAY)):
        seat = Seat.new(ruleset, side=side, opponent="by-the-book", seed=seed)
        assert seat.autoplay == {k.kind for k in kinds(ruleset) if k.matters}
        n = play_out(seat)
        assert seat.over and seat.pending() is None and seat.situation().over
        assert seat.number == n  # one number per decision put to the person
        made.append(n)
    assert sum(made) / len(made) <= BUDGET[ruleset] * 1.25, made  # two games: the mean over 20 is in the docs


def test_the_person_makes_exactly_the_auto_play_kinds_he_chose():
    every = [k.kind for k in kinds("statispro")]
    seat = Seat.new("statispro", opponent="random", seed=3, autoplay=every, routine=False)
    seen = set()
    while not seat.over:
        view = seat.pending()
        assert view.side == seat.side and view.kind in every
        seen.add(view.kind)
        seat.choose(seat.book_choice, seat.number)
    assert {"menu:set_piece", "menu:dead", "ballhandler"} <= seen
    only = Seat.new("statispro", opponent="random", seed=3, autoplay=["ballhandler"])
    while not only.over:
        assert only.pending_kind() == "ballhandler"
        only.choose(only.book_choice, only.number)


def test_unknown_auto_play_kinds_are_named():
    seat = Seat.new("statispro", opponent="random", seed=1)
    with pytest.raises(ConfigError, match="unknown auto-play kind 'shooting'"):
        seat.set_autoplay({"shooting"})
    with pytest.raises(ConfigError, match="continue to what"):
        seat.continue_to("lunch")


def test_leaving_a_kind_to_the_book_while_it_is_pending_plays_on():
    seat = Seat.new("statispro", opponent="by-the-book", seed=4)
    before = seat.number
    kind = seat.pending_kind()
    seat.set_autoplay(set(seat.autoplay) - {kind})
    assert seat.number > before or seat.over
    assert seat.pending_kind() != kind or seat.number > before


@pytest.mark.parametrize("ruleset", ["statispro", "valueadd"])
def test_continue_to_the_next_period_and_the_end(ruleset):
    seat = Seat.new(ruleset, opponent="by-the-book", seed=21)
    from coachgym.present.presenter import marks

    start = marks(seat.presenter, seat.view_game())
    seat.continue_to("period")
    if not seat.over:
        assert marks(seat.presenter, seat.view_game())["period"] > start["period"]
    dead = marks(seat.presenter, seat.view_game())["dead_ball"]
    if not seat.over:
        seat.continue_to("dead_ball")
        assert marks(seat.presenter, seat.view_game())["dead_ball"] > dead or seat.over
    if not seat.over:
        seat.continue_to("end")
    assert seat.over
    with pytest.raises(GameOverError):
        seat.continue_to("end")
    with pytest.raises(GameOverError):
        seat.choose(0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_hints_change_nothing(ruleset):
    a = Seat.new(ruleset, opponent="by-the-book", seed=31)
    b = Seat.new(ruleset, opponent="by-the-book", seed=31)
    for _ in range(12):
        if a.over:
            break
        h = a.hint()
        assert h.book is not None and h.book.action in a.game.decision.legal and h.book.label
        for o in h.trained:
            assert o.action in a.game.decision.legal and 0.0 <= o.probability <= 1.0 and o.label
        if h.trained:
            assert sum(o.probability for o in h.trained) <= 1.0001
        a.hint()  # twice: still nothing changes
        a.choose(a.book_choice, a.number)
        b.choose(b.book_choice, b.number)
    assert a.to_json() == b.to_json()


def test_the_hint_shows_the_trained_coachs_top_choices_with_probabilities():
    trained_or_skip("statispro")
    seat = Seat.new("statispro", opponent="by-the-book", seed=7)
    assert seat.pending_kind() == "menu:set_piece"
    h = seat.hint()
    assert h.trained and h.trained[0].probability > 0.5, h
    assert all(h.trained[i].probability >= h.trained[i + 1].probability for i in range(len(h.trained) - 1))


def test_a_stale_or_illegal_choice_is_named_and_changes_nothing():
    seat = Seat.new("statispro", opponent="by-the-book", seed=8)
    before = seat.to_json()
    legal = seat.game.decision.legal
    illegal = next(a for a in range(len(seat.game.actions)) if a not in legal)
    with pytest.raises(IllegalActionError, match=f"illegal action {illegal}"):
        seat.choose(illegal, seat.number)
    with pytest.raises(IllegalActionError, match="not in the action table"):
        seat.choose(10_000, seat.number)
    with pytest.raises(IllegalActionError):
        seat.choose("3", seat.number)  # type: ignore[arg-type]
    with pytest.raises(StaleDecisionError, match=f"decision {seat.number - 1} is no longer pending"):
        seat.choose(legal[0], seat.number - 1)
    assert seat.to_json() == before
    seat.choose(legal[0], seat.number)
    assert seat.to_json() != before


def test_new_events_are_what_happened_since_the_last_decision():
    seat = Seat.new("statispro", opponent="by-the-book", seed=9)
    first = seat.new_events()
    assert first and first[0].seq == 1
    seat.choose(seat.book_choice, seat.number)
    seat.choose(seat.book_choice, seat.number)
    new = seat.new_events()
    assert new and new[0].seq > first[-1].seq - 1
    assert [e.seq for e in new] == list(range(new[0].seq, new[0].seq + len(new)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_save_and_resume_continue_identically(ruleset, tmp_path):
    seat = Seat.new(ruleset, side=AWAY, opponent="by-the-book", seed=41)
    for _ in range(6):
        seat.choose(seat.book_choice, seat.number)
    seat.continue_to("dead_ball")
    path = tmp_path / "game.json"
    path.write_text(seat.to_json())
    again = Seat.from_json(path.read_text(), where=str(path))
    assert again.to_json() == seat.to_json()
    assert again.number == seat.number and again.autoplay == seat.autoplay and again.seed == seat.seed
    assert [e.seq for e in again.new_events()] == [e.seq for e in seat.new_events()]
    assert again.hint() == seat.hint()
    for s in (seat, again):
        for _ in range(10):
            if not s.over:
                s.choose(s.book_choice, s.number)
        s.continue_to("end")
    assert again.to_json() == seat.to_json()
    assert again.game.score == seat.game.score and again.over
    # a finished game saves and restores too
    assert Seat.from_json(seat.to_json()).to_json() == seat.to_json()


def test_an_uploaded_team_travels_inside_the_save(tmp_path):
    from importlib import resources

    data = json.loads(resources.files("coachgym.rules.statispro").joinpath("data/teams/knicks-1993.json").read_text())
    data["name"] = "Uploaded Knicks"
    seat = Seat.new("statispro", home=data, opponent="by-the-book", seed=5)
    seat.choose(seat.book_choice, seat.number)
    again = Seat.from_json(seat.to_json())
    assert again.situation().teams[HOME].name == "Uploaded Knicks"
    assert again.to_json() == seat.to_json()


def tamper(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_a_save_that_does_not_replay_is_refused():
    seat = Seat.new("statispro", opponent="by-the-book", seed=6)
    first_legal = seat.game.decision.legal
    for _ in range(8):
        seat.choose(seat.book_choice, seat.number)
    text = seat.to_json()
    person = next(i for i, (a, who) in enumerate(seat.history) if who == "p")

    def other_choice(d):
        # the person's first choice replaced by another legal one: the rest of the history no longer fits
        d["history"][person][0] = next(a for a in first_legal if a != d["history"][person][0])

    cases = {
        "does not replay to the saved state|is not legal there|is not what the": other_choice,
        "is not what the opponent": lambda d: d["history"].__setitem__(
            next(i for i, (a, w) in enumerate(d["history"]) if w == "o"),
            [next(a for a, w in d["history"] if w == "o") + 1, "o"]),
        r"field 'engine\.state\.pts\[0\]' differs": lambda d: d["engine"]["state"].__setitem__("pts", [99, 0]),
        r"field 'engine\.events\[3\]\.text' differs": lambda d: d["engine"]["events"][3].__setitem__("text", "edited"),
        "not a saved coachgym game": lambda d: d.pop("format"),
        "saved by another version of the seat": lambda d: d.__setitem__("version", 99),
        "engine version": lambda d: d.__setitem__("engine_version", -1),
        "field 'seed' is missing": lambda d: d.pop("seed"),
        "home team": lambda d: d["teams"][0].__setitem__("players", []),
        "unknown ruleset": lambda d: d.__setitem__("ruleset", "hockey"),
    }
    for message, change in cases.items():
        with pytest.raises(SavedGameError, match=message):
            Seat.from_json(tamper(text, change))
    with pytest.raises(SavedGameError, match="not valid JSON"):
        Seat.from_json("{not json")
    with pytest.raises(SavedGameError, match="not a saved coachgym game"):
        Seat.from_json("[1, 2, 3]")
    assert Seat.from_json(text).to_json() == text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_save_is_the_engines_json_set_in_as_it_is(ruleset):
    """``Seat.to_json`` is ``json.dumps(to_dict())`` (compact) with the engine's JSON text set in
    unparsed and its past events written once: the same text at every point of a game, whether the
    cache of written events is fresh, grown or from a copy."""
    seat = Seat.new(ruleset, opponent="by-the-book", seed=52)
    for n in range(40):
        if seat.over:
            break
        text = seat.to_json()
        assert text == json.dumps(seat.to_dict(), separators=(",", ":"))
        assert seat.game.to_json() == json.dumps(seat.game.to_dict(), separators=(",", ":"))
        if n % 10 == 9:
            assert Seat.from_json(text).to_json() == text
        seat.choose(seat.book_choice, seat.number)
    log = seat.game.log
    full = log.json_text()
    log.events = log.events[:5]  # a log whose list was replaced is written afresh
    assert log.json_text() == json.dumps(log.to_list(), separators=(",", ":")) and len(full) > len(log.json_text())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reading_the_game_between_decisions_keeps_saves_exact(ruleset):
    """Front ends read ``seat.game`` (box scores, the play-by-play) while the game goes on; reading
    a game changes nothing (tests/present/test_reading.py), so a save still replays exactly."""
    seat = Seat.new(ruleset, opponent="by-the-book", seed=51)
    for _ in range(15):
        if seat.over:
            break
        seat.game.box_score()
        seat.game.play_by_play()
        seat.situation()
        seat.to_json()
        seat.choose(seat.book_choice, seat.number)
    assert Seat.from_json(seat.to_json()).to_json() == seat.to_json()


@pytest.mark.parametrize("ruleset", ["statispro", "fourthstreet"])
def test_against_the_trained_coach_save_and_resume_continue_identically(ruleset):
    """The trained coach keeps an advisor (a by-the-book coach with its bookkeeping): a restored
    seat rebuilds it by replaying, and plays on exactly as the original."""
    seat = Seat.new(ruleset, opponent=trained_or_skip(ruleset), seed=43)
    for _ in range(8):
        seat.choose(seat.book_choice, seat.number)
    again = Seat.from_json(seat.to_json())
    for s in (seat, again):
        s.continue_to("end")
    assert again.to_json() == seat.to_json()


def test_when_no_trained_coach_can_play_the_hint_says_so(monkeypatch):
    from coachgym.core.errors import ModelMismatchError

    seat = Seat.new("statispro", opponent="by-the-book", seed=2)

    def refuse(*args, **kwargs):
        raise ModelMismatchError("model saved for engine version 0")

    monkeypatch.setattr(seat.rs, "coach", refuse)
    h = seat.hint()
    assert h.book is not None and h.trained == [] and "no trained coach: model saved for engine version 0" in h.note


def to_setup(seat: Seat) -> None:
    """The person answers with the book's choice until a setup is put to him."""
    while not seat.over and not seat.pending().finishes():
        seat.choose(seat.book_choice, seat.number)


def test_3_3_a_setup_is_finished_in_one_go_as_the_book_would_and_the_save_replays_it():
    seat = Seat.new("fuba", opponent="by-the-book", seed=1)
    step_by_step = Seat.new("fuba", opponent="by-the-book", seed=1)
    to_setup(seat)
    to_setup(step_by_step)
    view = seat.pending()
    assert view.kind == "setup" and view.default_action is None
    assert view.default_finish().finish == "book" and "as the book would" in view.default_finish().label
    number, start = seat.number, len(seat.history)
    seat.finish("book", number)
    # the same as answering every remaining placement with the book's choice, one by one
    while step_by_step.pending().kind == "setup":
        step_by_step.choose(step_by_step.book_choice, step_by_step.number)
    assert seat.game.to_json() == step_by_step.game.to_json()
    assert seat.number == number + 1 and seat.pending().kind != "setup"
    assert [who for _, who in seat.history[start:start + 10]] == ["b"] * 10  # the placements, as the book's
    assert Seat.from_json(seat.to_json()).to_json() == seat.to_json()


def test_3_3_finish_as_at_the_last_kick_off_places_the_rest_where_they_stood():
    seat = Seat.new("fuba", opponent="by-the-book", seed=2, routine=False)
    to_setup(seat)
    seat.finish("book", seat.number)
    while not seat.over:  # on to the next kick-off setup put to the person (routine answers are off)
        view = seat.pending()
        if view.kind == "setup" and len(view.finishes()) == 2 and seat.game.ctx["kind"] == "kickoff":
            break
        if view.finishes():
            seat.finish("book", seat.number)
        else:
            seat.choose(seat.book_choice, seat.number)
    assert not seat.over, "no second kick-off setup put to the person"
    side = seat.side
    last = next(e for e in reversed(seat.game.log.events) if e.kind == "setup" and e.data["setup"] == "kickoff")
    wanted = last.data["home" if side == HOME else "away"]
    seat.finish("routine", seat.number)
    now = next(e for e in reversed(seat.game.log.events) if e.kind == "setup" and e.data["setup"] == "kickoff")
    placed = now.data["home" if side == HOME else "away"]
    same = sum(1 for a, b in zip(placed, wanted) if a == b)
    assert same >= 9, (placed, wanted)  # (a piece the rules no longer allow there is placed by the book)
    assert any(who == "r" for _, who in seat.history) and Seat.from_json(seat.to_json()).to_json() == seat.to_json()


def test_finish_refuses_what_the_decision_does_not_offer_and_stale_numbers():
    seat = Seat.new("fuba", opponent="by-the-book", seed=1)
    before = seat.to_json()
    with pytest.raises(ConfigError, match="cannot be finished in one go"):
        seat.finish("book", seat.number)  # the formation card: one decision, no finish
    to_setup(seat)
    with pytest.raises(StaleDecisionError):
        seat.finish("book", seat.number - 1)
    with pytest.raises(ConfigError, match="offers 'book'"):
        seat.finish("magic", seat.number)
    assert seat.pending().kind == "setup"
    assert before != seat.to_json()  # (to_setup moved on; the refusals changed nothing since)


def test_the_hint_shows_no_full_bar_where_the_trained_coach_leaves_the_kind_to_the_book():
    trained_or_skip("fourthstreet")
    seat = Seat.new("fourthstreet", opponent="by-the-book", seed=5)  # the opening lineup window
    h = seat.hint()
    assert h.trained == [] and "leaves this kind of decision to the book: the book decides" in h.note
    assert h.book is not None and h.book.action == seat.book_choice


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_takes_back_the_last_decision_while_no_chance_came_since(ruleset, tmp_path):
    """Undo restores the seat exactly as it was before the person's last answer (the save's fields
    all equal) where no die was rolled or card drawn since; otherwise it refuses, saying why, and
    changes nothing. The undo point travels in the save."""
    from coachgym.present.seat import UndoError

    seat = Seat.new(ruleset, opponent="by-the-book", seed=8)
    with pytest.raises(UndoError, match="nothing to undo"):
        seat.undo()
    undone = refused = 0
    for i in range(60):
        if seat.over:
            break
        before, number = json.loads(seat.to_json()), seat.number
        seat.choose(seat.book_choice, seat.number)
        after = seat.to_json()
        reason = seat.can_undo()  # known at once in this process (the chance source was watched) ...
        # ... and the same after a reload (a reload replays the game from its start, so it is checked
        # at the first decision of each kind and every fourth one, not at all 60)
        reload = i % 4 == 0 or (refused if reason else undone) == 0
        if reload:
            assert Seat.from_json(after).can_undo() == reason
        if reason:
            with pytest.raises(UndoError, match="the game has moved on since your last decision"):
                seat.undo(seat.number)
            assert seat.to_json() == after  # refused: nothing changed
            refused += 1
            continue
        with pytest.raises(StaleDecisionError):
            seat.undo(seat.number + 1)
        resumed = [Seat.from_json(after)] if reload else []  # the undo point is saved with the game
        for r in resumed:
            r.undo()
        seat.undo(seat.number)
        for s in (seat, *resumed):
            now = json.loads(s.to_json())
            now.pop("undo"), before.pop("undo", None)
            assert now == before and s.number == number
        with pytest.raises(UndoError, match="nothing to undo"):
            seat.undo()
        seat.choose(seat.book_choice, seat.number)  # the same answer again: the game goes on as before
        assert seat.to_json() == after
        undone += 1
    assert undone >= 3 and refused >= 3


def test_enter_takes_the_books_choice_where_the_presenter_has_no_default():
    """A fouled-out man's replacement (Statis Pro, two steps: who comes out is given) has no "play
    on": Enter takes the book's choice, marked as the default and said to be the book's."""
    from coachgym.rules.statispro import actions as A
    from coachgym.rules.statispro.constants import FOULED_OUT, PF

    seat = Seat.new("statispro", opponent="by-the-book", seed=8)
    while not (seat.pending_kind() == "menu:dead"):
        seat.choose(seat.book_choice, seat.number)
    g = seat._game  # make one of the person's men foul out at this dead ball, as 6.5 would
    i = g.team_state[seat.side].lineup[1]
    g.team_state[seat.side].stats[i][PF] = 6
    g.team_state[seat.side].status[i] = FOULED_OUT
    g._dirty(seat.side)
    g.decision = g._next_decision() if hasattr(g, "_next_decision") else g.decision
    seat._view = None
    seat._book_choice = int(seat._book.choose(g, g.decision))
    view = seat.pending()
    assert A.PLAY_ON not in g.decision.legal and view.kind == "menu:replace"
    assert view.default_action == seat.book_choice and view.default_note == "the book's choice"
    assert len(view.groups[0].choices) == 1 and view.default_action in [c.action for c in view.choices()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_enter_default_is_always_a_choice_on_the_panel(ruleset):
    """Enter takes the marked default; where the presenter marks none, the book's choice (Seat.pending):
    that choice is always one of the panel's buttons (or a second step's), never a legal action the
    panel leaves out (FUBA's positioning at ball value 6, 4.5, once was)."""
    for seed, side in ((31, HOME), (22, AWAY)):  # (FUBA's seed 31: the book positions at ball value 6)
        seat = Seat.new(ruleset, side=side, opponent="by-the-book", seed=seed,
                        autoplay=[k.kind for k in kinds(ruleset)], routine=False)  # every decision the person's
        n = 0
        while not seat.over and n < 1500:
            view = seat.pending()
            if view.default_action is not None:
                shown = {c.action for g in view.groups for c in g.choices}
                shown |= {t.action for g in view.groups for c in g.choices for t in (c.then or ())}
                assert view.default_action in shown, (seed, view.title, view.default_action, view.default_note)
            seat.choose(seat.book_choice, seat.number)
            n += 1
