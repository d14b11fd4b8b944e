"""FUBA team files (data/teams/*.json). FUBA's pieces are anonymous, so a team is a name, a short
name and (A12) its chosen and reserve skills. Every bundled team is fictional."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.errors import TeamFileError
from ...core.parsing import team_file_header

SCHEMA = "coachgym.fuba.team/1"


@dataclass
class FubaTeam:
    name: str
    short: str
    fictional: bool = True
    skills: list[str] = field(default_factory=list)
    reserve_skills: list[str] = field(default_factory=list)
    # A13 6-5 / 6-6 new talent won in earlier matches of a league or tournament ("can be used in the
    # remaining matches"): match skills on top of A12's half (each is also in ``skills``)
    talent: list[str] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        """1.1: a goalkeeper and ten outfield players (anonymous pieces)."""
        return ["goalkeeper"] + [f"outfield player {i}" for i in range(1, 11)]

    def to_dict(self) -> dict[str, Any]:
        out = {"schema": SCHEMA, "name": self.name, "short": self.short, "fictional": self.fictional,
               "skills": list(self.skills), "reserve_skills": list(self.reserve_skills)}
        if self.talent:
            out["talent"] = list(self.talent)
        return out


def parse_team(data: Any, path: str) -> FubaTeam:
    name, fictional, _ = team_file_header(data, path, SCHEMA)
    short = data.get("short", name[:3].upper())
    if not isinstance(short, str) or not 1 <= len(short) <= 4:
        raise TeamFileError(path, "short", "must be a string of 1-4 characters")
    skills = data.get("skills", [])
    reserve = data.get("reserve_skills", [])
    from .board import SKILLS
    for fname, val in (("skills", skills), ("reserve_skills", reserve)):
        if not isinstance(val, list) or not all(isinstance(s, str) for s in val):
            raise TeamFileError(path, fname, "must be a list of skill names")
        for skill in val:
            if skill not in SKILLS:
                raise TeamFileError(path, fname, f"unknown skill {skill!r}; A12 skills: {', '.join(SKILLS)}")
    talent = data.get("talent", [])
    if not isinstance(talent, list) or not all(isinstance(s, str) for s in talent):
        raise TeamFileError(path, "talent", "must be a list of skill names")
    for skill in talent:
        if skill not in skills:
            raise TeamFileError(path, "talent", f"new talent {skill!r} must also be one of 'skills' (A13: it plays)")
    return FubaTeam(name, short, fictional, list(skills), list(reserve), list(talent))
