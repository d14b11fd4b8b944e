"""Each ruleset's observation is a declared spec (envs/observation.py): the encoder's layout, the env's
observation space, the shipped models' observation size and docs/envs.md all come from it, and the
values a played game gives stay in each field's declared range."""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.envs import env_class
from coachgym.envs.observation import ObservationSpec, ObsField

ROOT = Path(__file__).resolve().parents[1]
NAMES = [e.name for e in rulesets.entries()]


def _encoder(name: str):
    return env_class(rulesets.get(name).env_id).encoder


def _write_env_docs():
    spec = importlib.util.spec_from_file_location("write_env_docs", ROOT / "tools" / "write_env_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NAMES)
def test_the_encoders_layout_and_space_come_from_the_spec(name):
    enc = _encoder(name)
    spec = enc.spec
    assert isinstance(spec, ObservationSpec)
    assert enc.version == spec.version
    assert enc.layout.fields == [(f.name, f.length, f.meaning) for f in spec.fields]
    assert enc.layout.offsets == {f.name: spec.offset(f.name) for f in spec.fields}
    assert enc.size == spec.size == sum(f.length for f in spec.fields)
    env = env_class(rulesets.get(name).env_id)()
    assert env.observation_space.shape == (spec.size,)
    obs, _ = env.reset(seed=3)
    assert obs.shape == (spec.size,) and obs.dtype == np.float32


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_model_fits_the_spec(name):
    """coachgym/models/<name>.json was trained on this layout: its observation size and version."""
    meta = json.loads((ROOT / "coachgym" / "models" / f"{name}.json").read_text(encoding="utf-8"))
    spec = _encoder(name).spec
    assert (meta["observation_version"], meta["observation_size"]) == (spec.version, spec.size)


def test_the_layouts_are_the_ones_the_models_were_trained_on():
    """The four layouts field by field (name, offset, length): a change must come with a new version."""
    want = {
        "valueadd": (1, [("decision", 0, 11), ("game", 11, 12), ("own_team", 23, 4), ("opp_team", 27, 4),
                         ("own_court", 31, 20), ("opp_court", 51, 20), ("own_roster", 71, 360),
                         ("opp_roster", 431, 360), ("choice", 791, 5)]),
        "statispro": (1, [("decision", 0, 13), ("menu", 13, 5), ("game", 18, 24), ("via", 42, 6),
                          ("own_court", 48, 85), ("opp_court", 133, 85), ("own_roster", 218, 285),
                          ("opp_roster", 503, 285), ("choice", 788, 5)]),
        "fourthstreet": (3, [("decision", 0, 10), ("game", 10, 18), ("defense", 28, 28), ("zone_cover", 56, 22),
                             ("ball", 78, 16), ("own_roster", 94, 495), ("opp_roster", 589, 495)]),
    }
    for name, (version, fields) in want.items():
        spec = _encoder(name).spec
        assert spec.version == version
        assert [(f.name, spec.offset(f.name), f.length) for f in spec.fields] == fields, name
    fuba = _encoder("fuba").spec
    assert (fuba.version, fuba.size, len(fuba.fields), fuba.offset("setup")) == (1, 397, 24, 395)


@pytest.mark.parametrize("name", NAMES)
def test_played_observations_stay_in_the_declared_ranges(name):
    """Both coaches' observations over a game's first 120 decisions (random play against the coach by
    the book) are within each field's declared range."""
    enc = _encoder(name)
    spec = enc.spec
    low = np.concatenate([np.full(f.length, f.low) for f in spec.fields])
    high = np.concatenate([np.full(f.length, f.high) for f in spec.fields])
    env = env_class(rulesets.get(name).env_id)(max_decisions=120)
    obs, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    seen = 0
    while True:
        for o in (obs, np.clip(enc.encode(env.game, 1 - env.side), -1.0, 1.0)):
            if not ((o >= low) & (o <= high)).all():
                pytest.fail(f"{name}: {spec.out_of_range(o)}")
            seen += 1
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            break
    assert seen > 20


def test_docs_envs_md_is_the_specs_rendering():
    tool = _write_env_docs()
    text = (ROOT / "docs" / "envs.md").read_text(encoding="utf-8")
    assert tool.render() == text, "docs/envs.md is out of step with the observation specs: python tools/write_env_docs.py"
    for name in NAMES:
        spec = _encoder(name).spec
        assert spec.describe() in text
        assert f"observation version {spec.version}, {spec.size} floats" in text


def test_a_changed_spec_puts_the_docs_out_of_step(monkeypatch):
    """The check above sees a spec change: one field's meaning or range edited, the rendering differs."""
    tool = _write_env_docs()
    before = tool.render()
    enc = _encoder("valueadd")
    first = enc.spec.fields[0]
    for changed in (dataclasses.replace(first, meaning=first.meaning + " (edited)"),
                    dataclasses.replace(first, low=-1.0)):
        spec = ObservationSpec(enc.spec.version, (changed, *enc.spec.fields[1:]))
        monkeypatch.setattr(type(enc), "spec", spec)
        assert tool.render() != before
    monkeypatch.undo()
    assert tool.render() == before


def test_a_spec_refuses_bad_declarations():
    with pytest.raises(ValueError, match="duplicate observation field 'a'"):
        ObservationSpec(1, (ObsField("a", 1, "x"), ObsField("a", 2, "y")))
    with pytest.raises(ValueError, match="'b': length must be a positive integer"):
        ObsField("b", 0, "x")
    with pytest.raises(ValueError, match=r"'c': range \[-2.0, 1.0\] is not within"):
        ObsField("c", 1, "x", low=-2.0)
    with pytest.raises(ValueError, match=r"'d': range \[1.0, 0.0\]"):
        ObsField("d", 1, "x", low=1.0, high=0.0)
    with pytest.raises(ValueError, match="'e e': the name must be an identifier"):
        ObsField("e e", 1, "x")
    spec = ObservationSpec(2, (ObsField("a", 2, "x"), ObsField("b", 3, "y", low=-1.0)))
    assert (spec.size, spec.offset("b"), spec.end("b"), spec.names) == (5, 2, 5, ("a", "b"))
    with pytest.raises(KeyError, match="no observation field 'z'; the fields: a, b"):
        spec.offset("z")
    assert spec.out_of_range([0.0, 1.0, -1.0, 0.5, 1.0]) == []
    assert spec.out_of_range([0.0, -0.5, -1.0, 0.5, 1.0]) == ["a[1] = -0.5 not in [0.0, 1.0]"]


@pytest.mark.parametrize("name", NAMES)
def test_the_encoders_read_no_private_engine_state(name):
    """envs/<name>.py reads the engine through its public names only (no ``game._eff``,
    ``game._penalties``, ``g._penalty_level``)."""
    tree = ast.parse((ROOT / "envs" / f"{name}.py").read_text(encoding="utf-8"))
    private = sorted({node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                      and isinstance(node.value, ast.Name) and node.value.id in ("game", "g")
                      and node.attr.startswith("_")})
    assert private == []


def test_the_toy_starter_declares_its_spec_too():
    """The 'copy this' starter (tests/toy_freethrows) declares its observation the same way."""
    from tests.toy import toy_registered

    with toy_registered() as rs:
        enc = env_class(rs.env_id).encoder
        spec = enc.spec
        assert isinstance(spec, ObservationSpec) and enc.size == spec.size
        env = env_class(rs.env_id)()
        obs, info = env.reset(seed=2)
        rng = np.random.default_rng(2)
        while True:
            assert spec.out_of_range(obs) == []
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if term or trunc:
                break
