"""Evaluation: simulation summaries, speed benchmarks, statistics for comparing coaches."""
