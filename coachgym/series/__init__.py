"""Series of games beyond one pairing: seasons and tournaments with the rulesets' carry-over rules
(``competition``, ``schedule``, ``carryover``, ``tables``) and coach ratings (``ratings``). Games
run through the match runner (``coachgym.core.runner``) on any backend; results live in the SQLite
store (``coachgym.store``). User documentation: docs/series.md."""
