"""Coaches: random and first-legal (``coachgym.core.coach``), by-the-book per ruleset. A person coaches
through ``coachgym.present.seat.Seat`` (the terminal: ``coachgym play``; the browser: ``coachgym serve``)."""
