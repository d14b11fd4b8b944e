"""Rules engines, one package per ruleset. Plain Python: no Gymnasium, no torch."""
