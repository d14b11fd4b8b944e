"""The terminal seat (coachgym play / coachgym replay) as a person meets it: real keystrokes through a
pseudo-terminal (pexpect), every screen within 40 lines and the terminal's width, a whole game
played through the terminal with auto-play, save, resume and replay."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pexpect
import pytest

from coachgym.present.seat import Seat
from coachgym.present.terminal import CLEAR, Terminal

HEIGHT, WIDTH = 40, 100
PROMPT = r"q quit > "
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def screens_of(text: str) -> list[list[str]]:
    """The screens a terminal drew (each starts with the clear-screen code), as visible lines."""
    out = []
    for chunk in text.split(CLEAR)[1:]:
        lines = ANSI.sub("", chunk.replace("\r\n", "\n")).split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        out.append(lines)
    return out


def assert_fits(screens: list[list[str]]) -> None:
    assert screens
    for lines in screens:
        # the screen plus its prompt line (the prompt ends the last line)
        assert len(lines) <= HEIGHT, f"{len(lines)} lines:\n" + "\n".join(lines)
        assert max(len(x) for x in lines) <= WIDTH + 60, max(lines, key=len)  # the prompt may be long; screens not
        assert max(len(x) for x in lines[:-1]) <= WIDTH, max(lines[:-1], key=len)


class Keys(io.StringIO):
    """Input for a Terminal that answers whatever is asked: "1" (the first option, or into the first
    list), then again; at the end of the game Enter and "n"."""

    def readline(self, *args):
        return "1\n"


@pytest.mark.parametrize("ruleset", ["valueadd", "statispro", "fuba", "fourthstreet"])
def test_every_screen_of_a_whole_game_fits_in_40_lines(ruleset):
    seat = Seat.new(ruleset, opponent="by-the-book", seed=17)
    out = io.StringIO()
    Terminal(seat, Keys(), out, width=WIDTH, height=HEIGHT, clear=True).run()
    assert seat.over
    screens = screens_of(out.getvalue())
    assert len(screens) > 20
    assert_fits(screens)
    text = out.getvalue()
    assert "Seed 17" in text and "Box score" in text and "TOTAL" in text
    assert "roster player" not in text


def spawn(args: list[str], cwd: Path) -> pexpect.spawn:
    # Python's Ctrl-C handler first: a test run started as a background job ignores SIGINT, and the
    # child would inherit that (as in tests/interrupt.py); a person's terminal never does
    code = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from coachgym.cli import run; run()"
    child = pexpect.spawn(sys.executable, ["-c", code, *args], cwd=str(cwd),
                          encoding="utf-8", dimensions=(HEIGHT, WIDTH), timeout=60,
                          env={"TERM": "xterm", "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
                               "PATH": "/usr/bin:/bin", "HOME": str(cwd)})
    child.logfile_read = io.StringIO()
    return child


def test_play_through_a_pseudo_terminal_hint_help_box_submenus_save_and_continue_to_the_end(tmp_path):
    child = spawn(["play", "statispro", "--seed", "12", "--opponent", "by-the-book"], tmp_path)
    child.expect("Seed 12")
    child.expect(PROMPT)
    assert "Your decision: Start of the 1st quarter" in child.before and "New York Knicks (you)" in child.before
    child.sendline("h")
    child.expect("the book: Play on")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Help - Statis Pro Basketball")
    child.expect("FAC: Fast Action Card")
    child.sendline("q")
    child.expect(PROMPT)
    child.sendline("? PD")
    child.expect("Primary Defender")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("b")
    child.expect("Box score")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("2")  # PG John Starks > (the first step lists the five men on the floor)
    child.expect("Who goes in for John Starks at PG")
    child.expect(PROMPT)
    # the men who may go in are numbered by their roster number (Pierce Thornbury is the 6th man):
    # a number names the same man whatever the list's order
    assert re.search(r"\b6\. Pierce Thornbury", ANSI.sub("", child.before))
    child.sendline("0")
    child.expect(PROMPT)
    child.sendline("7")  # Position shift >: the shifts folded behind one choice
    child.expect("Which two trade positions")
    child.expect(PROMPT)
    child.sendline("0")
    child.expect(PROMPT)
    child.sendline("banana")
    child.expect("'banana': type a number")
    child.expect(PROMPT)
    child.sendline("")  # Enter: play on
    child.expect(PROMPT)
    child.sendline("s")
    child.expect(r"saved to (coachgym-statispro-12\.json)")
    saved = tmp_path / "coachgym-statispro-12.json"
    assert saved.exists()
    child.expect(PROMPT)
    child.sendline("ce")
    child.expect(r"(New York Knicks|Chicago Bulls) win \d+-\d+")
    child.expect("Enter for the box score")
    child.sendline("")
    child.expect("Box score")
    child.sendline("")
    child.expect("Save the finished game")
    child.sendline("y")
    child.expect(r"saved to (coachgym-statispro-12-final\.json)")
    child.expect(pexpect.EOF)
    assert_fits(screens_of(child.logfile_read.getvalue()))
    # the finished game did not overwrite the save made during it
    assert not Seat.from_json(saved.read_text()).over
    assert Seat.from_json((tmp_path / "coachgym-statispro-12-final.json").read_text()).over
    saved = tmp_path / "coachgym-statispro-12-final.json"

    # the finished game replays event by event
    rep = spawn(["replay", str(saved), "--all"], tmp_path)
    rep.expect(r"win \d+-\d+")
    rep.expect("TOTAL")
    rep.expect(pexpect.EOF)
    rep = spawn(["replay", str(saved)], tmp_path)
    rep.expect(r"replay, event 1 of (\d+)")
    total = int(rep.match.group(1))
    rep.expect("Enter next")
    rep.sendline("")
    rep.expect("event 2 of")
    rep.sendline("j 100")
    rep.expect("event 100 of")
    rep.sendline("p")
    rep.expect("event 99 of")
    rep.sendline("t")  # the next period
    rep.expect(r"Period start \d+ of")  # the play that closes quarter 1 or opens quarter 2 (Replay.jumps)
    before = ANSI.sub("", rep.before)
    assert "> End of period 1" in before or "> == Quarter 2 ==" in before, before[-300:]
    rep.sendline("g")  # the next score
    rep.expect(r"Score change \d+ of")
    rep.sendline("m")  # the next of my decisions: none after the first quarter (the rest went to "ce")
    rep.expect("No next of your decisions")
    rep.sendline("M")  # the previous one
    rep.expect(r"Your decision 1 of 1")  # (Enter at the first decision; the rest to the end by "ce")
    rep.sendline("j 1")
    rep.expect("event 1 of")
    rep.sendline("w")  # the next big swing of the win chance (the end-of-game page's swings)
    rep.expect(r"A big swing: your chance to win went from \d+% to \d+%")
    rep.expect(r"Big swing 1 of \d+")
    rep.sendline("W")
    rep.expect("No previous big swing")
    rep.sendline("b")  # the box score (b means the box score in play and in replay)
    rep.expect("Box score")
    rep.sendline("")
    rep.sendline("e")
    rep.expect(f"event {total} of {total}")
    rep.expect("Enter next")
    rep.sendline("q")
    rep.expect(pexpect.EOF)
    assert_fits(screens_of(rep.logfile_read.getvalue()))


def test_a_whole_game_played_through_the_terminal_with_auto_play_after_resuming(tmp_path):
    seat = Seat.new("statispro", opponent="by-the-book", seed=23)
    seat.choose(seat.book_choice, seat.number)
    saved = tmp_path / "mid.json"
    saved.write_text(seat.to_json())
    child = spawn(["play", "--resume", str(saved)], tmp_path)
    child.expect("Seed 23")
    decisions = 0
    while True:
        i = child.expect([PROMPT, "Enter for the box score", "Save the finished game", pexpect.EOF], timeout=60)
        if i == 0:
            # Enter where the screen has a default ("play on"), else the first option
            child.sendline("" if "Enter = " in child.before.splitlines()[-1] + child.after else "1")
            decisions += 1
        elif i == 1:
            child.sendline("")
            child.expect("Box score")
            child.sendline("")
        elif i == 2:
            child.sendline("n")
        else:
            break
        assert decisions < 400
    text = child.logfile_read.getvalue()
    assert re.search(r"(New York Knicks|Chicago Bulls) win \d+-\d+", text)
    assert decisions > 20
    assert_fits(screens_of(text))


def test_quitting_offers_to_save_and_a_bad_resume_file_is_named(tmp_path):
    child = spawn(["play", "fuba", "--seed", "5"], tmp_path)
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"Save the game before quitting\? \[Y/n")
    child.sendline("")
    child.expect("saved to coachgym-fuba-5.json")
    child.expect(pexpect.EOF)
    resumed = spawn(["play", "--resume", "coachgym-fuba-5.json"], tmp_path)
    resumed.expect("Seed 5")
    resumed.expect(PROMPT)
    resumed.sendline("q")
    resumed.sendline("n")
    resumed.expect("Game abandoned")
    (tmp_path / "bad.json").write_text('{"format": "coachgym.seat", "version": 1}')
    bad = spawn(["play", "--resume", "bad.json"], tmp_path)
    bad.expect("bad.json: field 'ruleset' is missing")
    bad.expect(pexpect.EOF)
    bad.close()
    assert bad.exitstatus != 0


def test_3_3_enter_at_a_setup_places_the_rest_as_the_book_would(tmp_path):
    """A FUBA kick-off setup asks piece by piece; Enter takes its default, the rest of the setup in
    one go, and the next screen is the match going on (no "No default here")."""
    child = spawn(["play", "fuba", "--seed", "1", "--opponent", "by-the-book"], tmp_path)
    child.expect(PROMPT)
    assert "choose your formation card" in child.before
    child.sendline("1")  # 4-4-2
    child.expect(PROMPT)
    while "set up for the kick-off" not in child.before:  # (the kick-off choice, where the roll gives one)
        child.sendline("1")
        child.expect(PROMPT)
    screen = ANSI.sub("", child.before)
    assert "Place the other 10 players as the book would  *" in screen
    assert "Enter = Place the other 10 players as the book would" in screen
    child.sendline("")
    child.expect(PROMPT)
    after = ANSI.sub("", child.before)
    assert "set up for the kick-off" not in after and "No default here" not in after
    child.sendline("l")  # the last plays: the setup was completed
    child.expect("Enter to go back > ")
    assert "Kick-off setup done" in ANSI.sub("", child.before)
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("q")
    child.sendline("n")
    child.expect("Game abandoned")


def spawn_sized(args: list[str], cwd: Path, rows: int, cols: int, **env) -> pexpect.spawn:
    # Python's Ctrl-C handler first: a test run started as a background job ignores SIGINT, and the
    # child would inherit that (as in tests/interrupt.py); a person's terminal never does
    code = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from coachgym.cli import run; run()"
    child = pexpect.spawn(sys.executable, ["-c", code, *args], cwd=str(cwd),
                          encoding="utf-8", dimensions=(rows, cols), timeout=60,
                          env={"TERM": "xterm", "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
                               "PATH": "/usr/bin:/bin", "HOME": str(cwd), **env})
    child.logfile_read = io.StringIO()
    return child


@pytest.mark.parametrize("ruleset", ["statispro", "fuba"])
def test_in_80x24_the_title_score_and_your_team_stay_on_screen(tmp_path, ruleset):
    """The terminal's own size is read: every screen fits 24 lines and 80 columns with the title, the
    score and your team at the top (so nothing the person needs scrolls away)."""
    child = spawn_sized(["play", ruleset, "--seed", "12", "--opponent", "by-the-book"], tmp_path, 24, 80)
    for _ in range(12):
        child.expect(PROMPT)
        child.sendline("")
    child.expect(PROMPT)
    child.sendline("q")
    child.sendline("n")
    child.expect(pexpect.EOF)
    screens = screens_of(child.logfile_read.getvalue())
    assert len(screens) >= 12
    mine = "New York Knicks (you)" if ruleset == "statispro" else "Blue FC (you)"
    for lines in screens:
        end = max(i for i, x in enumerate(lines) if "q quit > " in x)
        lines = lines[:end + 1]  # (what the last screen's "q" printed after it)
        assert len(lines) <= 24, "\n".join(lines)
        assert max(len(x) for x in lines[:-1]) <= 80, max(lines[:-1], key=len)
        assert lines[0].startswith("Statis Pro Basketball" if ruleset == "statispro" else "FUBA")
        assert " - " in lines[1] and any(x.startswith(mine) for x in lines[2:8]), "\n".join(lines)
        assert "q quit > " in lines[-1]


def test_the_fuba_board_is_drawn_in_text_and_forced_lines_are_not_repeated(tmp_path):
    seat = Seat.new("fuba", opponent="by-the-book", seed=12)
    for _ in range(30):
        seat.choose(seat.book_choice, seat.number)
    out = io.StringIO()
    term = Terminal(seat, io.StringIO("q\nn\n"), out, width=100, height=40)
    term.run()
    screen = out.getvalue()
    assert "|H-PA" in screen and "A-PA" in screen and "H-NC" in screen and "+-----" in screen
    sit = seat.situation()
    ball = next(a for a in sit.board if a.ball)
    if ball.id.endswith("K"):  # a corner-kick spot: listed under the board with its pieces
        assert re.search(rf"{re.escape(ball.name)}: [^;\n]*\*", screen)
    else:  # the ball's area is marked
        assert re.search(rf"\|{re.escape(ball.id)}[^|]*\*", screen)
    for area in sit.board[:13]:  # every piece of the area counted under its team's letter
        for side, letter in ((0, "B"), (1, "Y")):
            n = sum(1 for p in area.pieces if p["side"] == side)
            if n:
                assert re.search(rf"\|{re.escape(area.id)} [^|]*{letter}{n}", screen), (area.id, letter, n)
    feed = screen.split("since your last decision")[-1]
    lines = [x.strip() for x in feed.splitlines() if "can only go to" in x]
    assert len(lines) == len(set(lines))  # a forced line once per feed
    assert "Positioning (0% chance)" not in screen


def test_no_escape_codes_to_a_pipe_or_with_no_color(tmp_path):
    seat = Seat.new("valueadd", opponent="by-the-book", seed=3)
    out = io.StringIO()  # not a terminal: no escape codes at all
    Terminal(seat, io.StringIO("h\nb\n\nq\nn\n"), out).run()
    assert "\x1b" not in out.getvalue() and "Hint:" in out.getvalue()
    child = spawn_sized(["play", "valueadd", "--seed", "3", "--opponent", "by-the-book"], tmp_path, 40, 100, NO_COLOR="1")
    child.expect(PROMPT)
    child.sendline("q")
    child.sendline("n")
    child.expect(pexpect.EOF)
    assert "\x1b" not in child.logfile_read.getvalue()
    with_colour = spawn_sized(["play", "valueadd", "--seed", "3", "--opponent", "by-the-book"], tmp_path, 40, 100)
    with_colour.expect(PROMPT)
    assert "\x1b[1m" in with_colour.logfile_read.getvalue()  # (a terminal without NO_COLOR: bold)
    with_colour.sendline("q")
    with_colour.sendline("n")
    with_colour.expect(pexpect.EOF)


def test_ctrl_c_saves_the_game_then_offers_to_play_on_and_save_is_named(tmp_path):
    child = spawn_sized(["play", "statispro", "--seed", "4", "--opponent", "by-the-book", "--save", "mine.json"],
                        tmp_path, 40, 100)
    child.expect(PROMPT)
    child.sendline("")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"Interrupted\. saved to mine\.json")
    first = Seat.from_json((tmp_path / "mine.json").read_text())
    assert not first.over and first.number >= 2
    child.expect("r to play on")
    child.sendline("r")  # back to the game, where it was
    child.expect(PROMPT)
    child.sendintr()
    child.expect("r to play on")
    child.sendline("copy.json")  # saved there too, then quit
    child.expect("saved to copy.json")
    child.expect(pexpect.EOF)
    assert Seat.from_json((tmp_path / "copy.json").read_text()).number == first.number
    assert not (tmp_path / "coachgym-statispro-4.json").exists()


def test_u_takes_back_the_last_decision_until_dice_are_rolled(tmp_path):
    """A substitution at the opening set piece is taken back with u (no card drawn since); after play
    on, the FAC drawn since make undo refuse, saying why."""
    seat = Seat.new("statispro", opponent="by-the-book", seed=6)
    view = seat.pending()
    sub = next(g for g in view.groups if g.id == "substitution").choices[0].then[0]
    keys = f"2\n{sub.shortcut}\nu\n\nu\nq\nn\n"
    out = io.StringIO()
    Terminal(seat, io.StringIO(keys), out, width=100, height=40).run()
    text = out.getvalue()
    assert "Your last decision was taken back: decide again." in text
    assert "Cannot undo: the game has moved on since your last decision (a card was drawn)" in text
    replaced = sub.label.split(" (")[0]
    assert not any(f"{replaced} replaces" in e.text for e in seat.view_game().log.events)  # the substitution undone
