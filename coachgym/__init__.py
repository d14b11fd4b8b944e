"""coachgym: tabletop sports games as reinforcement-learning environments where the agent coaches.

Rules engines live in ``coachgym.rules.<ruleset>`` (plain Python), Gymnasium and PettingZoo
adapters in ``coachgym.envs``, coaches in ``coachgym.agents``.
"""

__version__ = "0.1.0"

from .compiled import install_guard as _install_guard

_install_guard()  # compiled engines load only while their source is unchanged (coachgym/compiled.py)
