"""The condition grammar: comparisons, and/or/not, chains, lists, arithmetic; types and errors."""

import pytest

from coachgym.strategy.conditions import BOOL, NUMBER, WORD, ConditionError, VariableType, parse

VARS = {"margin": VariableType(NUMBER), "minutes_left": VariableType(NUMBER), "final_two": VariableType(BOOL),
        "ball_half": VariableType(WORD, ("own", "centre", "opponent")), "period": VariableType(NUMBER)}


def check(text, **values):
    return parse(text, VARS)(values.__getitem__)


def test_comparisons_and_boolean_structure():
    assert check("margin <= -4 and minutes_left <= 2", margin=-4, minutes_left=2.0)
    assert not check("margin <= -4 and minutes_left <= 2", margin=-3, minutes_left=1)
    assert check("margin > 0 or final_two", margin=-1, final_two=True)
    assert check("not final_two", final_two=False)
    assert check("not (margin < 0 or final_two)", margin=0, final_two=False)
    assert check("margin != 3 and margin == -3", margin=-3)
    assert check("true")
    assert not check("false or false")


def test_precedence_and_binds_tighter_than_or():
    # a or (b and c): true when a holds alone
    assert check("margin > 0 or margin < -10 and final_two", margin=5, final_two=False)
    assert not check("(margin > 0 or margin < -10) and final_two", margin=5, final_two=False)


def test_chains_lists_and_arithmetic():
    assert check("-6 <= margin <= -3", margin=-4)
    assert not check("-6 <= margin <= -3", margin=-2)
    assert check("period in [3, 4]", period=4)
    assert check("period not in [1, 2]", period=3)
    assert check('ball_half in ["own", "centre"]', ball_half="centre")
    assert check("ball_half == 'own'", ball_half="own")
    assert check("margin + 4 == 0", margin=-4)
    assert check("minutes_left - 0.5 < 1", minutes_left=1.2)


def test_chained_plus_and_minus_each_keep_their_operands():
    # two or more + / - in one sum: each step adds its own operand (closures made in the parser's
    # loop once shared them, and this recursed for ever)
    assert check("margin - 3 + 1 < 0", margin=1)
    assert not check("margin - 3 + 1 < 0", margin=2)
    assert check("margin - 3 + 1 == -1", margin=1)
    assert check("margin + minutes_left - period - 1 == 2", margin=5, minutes_left=3, period=5)
    assert check("1 + margin - 2 + margin == 6", margin=3.5)


def test_variables_are_read_only_when_needed():
    read = []
    cond = parse("final_two and margin < 0", VARS)

    def env(name):
        read.append(name)
        return {"final_two": False, "margin": -3}[name]

    assert not cond(env)
    assert read == ["final_two"]  # 'and' stops at the first false part
    assert cond.variables == {"final_two", "margin"}


@pytest.mark.parametrize("text, column, words", [
    ("margn < 0", 1, "did you mean margin"),
    ("margin < 0 and", 15, "expected a number"),
    ("margin << 0", 9, "expected a number"),
    ("margin < 0 final_two", 12, "unexpected 'final_two'"),
    ("margin", 1, "not true/false"),
    ("final_two < 3", 1, "compares numbers"),
    ("margin == 'own'", 8, "like with like"),
    ('ball_half == "home"', 14, "is not one of 'own', 'centre', 'opponent'"),
    ("margin and final_two", 1, "joins true/false"),
    ("period in [margin]", 12, "not variables"),
    ("margin < 0 $", 12, "unexpected character '$'"),
    ("(margin < 0", 12, "expected ')'"),
    ("", 1, "empty"),
])
def test_errors_name_the_column(text, column, words):
    with pytest.raises(ConditionError) as err:
        parse(text, VARS)
    assert err.value.column == column
    assert words in err.value.message
