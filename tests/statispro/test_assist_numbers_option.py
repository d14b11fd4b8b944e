"""The season option ``assist_numbers`` (4.4: the Assist # of a pass mapped through a table of
``data/assist_numbers.json``; docs/rules/statis-pro-basketball.md, "Season option: the Assist # range (4.4)")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coachgym.core.chance import ScriptedSource
from coachgym.core.errors import ConfigError
from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.constants import R_AST

DATA = Path(__file__).resolve().parents[2] / "coachgym" / "rules" / "statispro" / "data"
TABLE = "from-1"


def _map() -> dict[int, int]:
    return {int(k): v for k, v in json.loads((DATA / "assist_numbers.json").read_text())["tables"][TABLE]["map"].items()}


def _pass(ast: int, options: dict | None):
    g = RULESET.new_game("knicks-1993", "bulls-1993", source=ScriptedSource([]), options=options)
    g.opening = 0
    g.off, g.ballhandler, g.passes, g.limit = 0, 0, 1, 3
    g._complete_pass(1, 30, ast, "advance")
    return g


def test_4_4_option_off_keeps_the_printed_assist_numbers():
    assert RULESET.parse_options(None).assist_numbers == K.PRINTED
    for ast in (0, 2, 7, 12):
        assert _pass(ast, None).assist_no == ast
    a = RULESET.new_game("knicks-1993", "bulls-1993", seed=5)
    b = RULESET.new_game("knicks-1993", "bulls-1993", seed=5, options={"assist_numbers": "printed"})
    for g in (a, b):
        play_game(g, RULESET.coach("by-the-book", seed=1), RULESET.coach("by-the-book", seed=2), seed=5)
    assert a.to_dict() == b.to_dict()


def test_4_4_option_on_plays_the_mapped_assist_number_of_the_data_file():
    m = _map()
    printed = sorted({getattr(c, s)[3] for c in K.DECK for s in ("action", "advance", "press")
                      if getattr(c, s)[0] == K.P_PASS and getattr(c, s)[3]})
    assert sorted(m) == printed == list(range(2, 13))  # every printed Assist # of a pass is mapped
    assert m == {n: n - 1 for n in printed}  # from-1: Assist #s 1-11
    for ast in printed:
        assert _pass(ast, {"assist_numbers": TABLE}).assist_no == m[ast]
    assert _pass(0, {"assist_numbers": TABLE}).assist_no == 0  # no Assist #: none played


def test_4_4_a_ballhandler_qualifies_on_an_assist_number_up_to_his_assist():
    """Printed, an ASSIST of a qualifies on the Assist #s up to a; with from-1, on the printed #s up to a + 1."""
    g = _pass(6, {"assist_numbers": TABLE})  # printed 6, played 5
    e = list(g.eff(0)[1])
    e[R_AST] = 5
    assert g._may_decline_shot(e, att=99, dt_target=False)  # 5.1's exception: he qualified (4.4)
    printed = _pass(6, None)
    assert not printed._final_minutes()
    assert not printed._may_decline_shot(e, att=99, dt_target=False)  # 5 < 6: he must shoot (5.1)


def test_bad_assist_numbers_value_is_one_clear_error_naming_the_option():
    with pytest.raises(ConfigError, match=r"option 'assist_numbers' must be one of printed, from-1 .*got 'x'"):
        RULESET.new_game("knicks-1993", "bulls-1993", seed=1, options={"assist_numbers": "x"})


def test_a_table_must_map_every_printed_assist_number(monkeypatch):
    class Fake:
        def read_text(self, encoding: str = "utf-8") -> str:
            return json.dumps({"tables": {"short": {"map": {"2": 1}}}})

    monkeypatch.setattr(K, "_data", lambda name: Fake())
    with pytest.raises(K.DeckError, match="table short: 'map' must send each printed Assist # 2-12"):
        K.load_assist_number_tables()
