"""coachgym: tabletop sports games as reinforcement-learning environments where the agent coaches.

Rules engines live in ``coachgym.rules.<ruleset>`` (plain Python), Gymnasium and PettingZoo
adapters in ``coachgym.envs``, coaches in ``coachgym.agents``.
"""

__version__ = "0.1.0"
