"""Write coachgym/core/option_help.json: each ruleset's rule options' explanations, taken from the
comments of its options dataclass (``coachgym options <ruleset>`` and the web form read the file, not
the source, at run time: coachgym/core/describe.py).

    python tools/option_help.py          # rewrite coachgym/core/option_help.json
    python tools/option_help.py --check  # exit 1 if it is out of date (tests/core/test_option_help.py)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coachgym import rulesets  # noqa: E402
from coachgym.core import describe  # noqa: E402


def current() -> str:
    """The file's text as the sources say it should be."""
    body = {}
    for rs in rulesets.all_rulesets():
        body[describe._key(rs.options_cls)] = describe.option_help_from_source(rs.options_cls)
    return json.dumps(dict(sorted(body.items())), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = current()
    if "--check" in argv:
        if not describe.OPTION_HELP.exists() or describe.OPTION_HELP.read_text(encoding="utf-8") != text:
            print(f"{describe.OPTION_HELP.relative_to(ROOT)} is out of date: python tools/option_help.py", file=sys.stderr)
            return 1
        return 0
    describe.OPTION_HELP.write_text(text, encoding="utf-8")
    print(f"wrote {describe.OPTION_HELP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
