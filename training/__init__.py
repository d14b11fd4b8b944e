"""Training AI coaches with stable-baselines3 / sb3-contrib (the ``train`` extra).

``coachgym train <ruleset> --config configs/<ruleset>/maskable_ppo.yaml``. Importing this package
does not import torch; ``training.train`` and ``training.coach`` do when they load a model.
"""
