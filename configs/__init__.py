"""Training configurations, one YAML file per ruleset and algorithm (installed as coachgym.configs)."""
