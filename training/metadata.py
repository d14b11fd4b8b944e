"""What a trained model was trained on, saved beside it, and checked before it coaches.

A model is only meaningful with the exact observation layout and action table it was trained on;
loading it for another ruleset, engine version, observation version or action table is refused with
a :class:`ModelMismatchError` that names the field.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .. import __version__, rulesets
from ..core.errors import ModelMismatchError

METADATA_SCHEMA = "coachgym.model/1"


def action_table_hash(ruleset: str) -> str:
    rs = rulesets.get(ruleset)
    text = "\n".join(f"{a.index}|{a.kind}|{a.label}" for a in rs.actions)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def env_fingerprint(ruleset: str) -> dict[str, Any]:
    from ..envs import env_class

    rs = rulesets.get(ruleset)
    encoder = env_class(rs.env_id).encoder
    return {
        "ruleset": rs.name,
        "env_id": rs.env_id,
        "engine_version": rs.version,
        "observation_version": encoder.version,
        "observation_size": encoder.size,
        "action_count": len(rs.actions),
        "action_table_hash": action_table_hash(rs.name),
    }


def build(ruleset: str, *, config: dict, seed: int, steps: int, rule_options: dict, evaluation: list | None = None,
          note: str = "") -> dict:
    return {
        "schema": METADATA_SCHEMA,
        "coachgym_version": __version__,
        **env_fingerprint(ruleset),
        "rule_options": rule_options,
        "config": config,
        "seed": seed,
        "steps": steps,
        "evaluation": evaluation or [],
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "note": note,
    }


def metadata_path(model_path: str | Path) -> Path:
    p = Path(model_path)
    return p.with_name(p.name[:-4] + ".json") if p.name.endswith(".zip") else p.with_suffix(".json")


def save(model_path: str | Path, meta: dict) -> Path:
    path = metadata_path(model_path)
    path.write_text(json.dumps(meta, indent=2) + "\n")
    return path


def load(model_path: str | Path) -> dict:
    path = metadata_path(model_path)
    from ..core import jsontext

    if not path.is_file():
        raise ModelMismatchError(f"{path}: the model's metadata file is missing; "
                                 "a coachgym model is saved as NAME.zip with NAME.json beside it")
    try:
        meta = jsontext.load_file(path, "a model's metadata (JSON)")
    except jsontext.FileProblem as exc:
        raise ModelMismatchError(f"{path}: the model's metadata cannot be used: {exc.problem}") from None
    if not isinstance(meta, dict):
        raise ModelMismatchError(f"{path}: the model's metadata is not a JSON object")
    if meta.get("schema") != METADATA_SCHEMA:
        raise ModelMismatchError(f"{path}: schema {meta.get('schema')!r} is not {METADATA_SCHEMA!r}")
    return meta


def check(meta: dict, ruleset: str, where: str = "model", rule_options: dict | None = None) -> None:
    """Refuse a model saved for another ruleset, engine, observation layout or action table."""
    current = env_fingerprint(ruleset)
    for key in ("ruleset", "engine_version", "observation_version", "observation_size", "action_count",
                "action_table_hash"):
        if meta.get(key) != current[key]:
            raise ModelMismatchError(
                f"{where}: saved for {key} {meta.get(key)!r}, but the installed {current['ruleset']} env has "
                f"{current[key]!r}; retrain the model (or install the coachgym version it was trained with, "
                f"{meta.get('coachgym_version')})")
    if rule_options is not None and meta.get("rule_options", {}) != rule_options:
        raise ModelMismatchError(f"{where}: trained with rule options {meta.get('rule_options')} but asked to coach "
                                 f"with {rule_options}")
