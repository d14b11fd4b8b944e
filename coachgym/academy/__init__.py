"""The academy's tools: building the start positions, the reference scores and the evaluation
protocol (docs/academy.md). The environments themselves are ``coachgym.envs.academy``."""
