"""Coaches: random and first-legal (``coachgym.core.coach``), by-the-book per ruleset, human (terminal)."""
