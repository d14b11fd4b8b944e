"""The episode flow of every env, unchanged: trajectory digests (tests/episode_digest.py: seeded episodes of
each ruleset's Gymnasium, PettingZoo AEC and parallel envs and of two academy scenarios per ruleset, Gymnasium
and AEC; every observation, mask, reward, end flag and info) against the digests recorded from the code
before the episode flow moved into one class (``coachgym.envs.episode.Episode``; recorded at commit 891b5b0
with ``python tests/episode_digest.py``). Never re-record them to make a change pass: a different digest is
a changed trajectory."""

from __future__ import annotations

import pytest

from coachgym import rulesets

from .episode_digest import academy_digests, ruleset_digests

pytest.importorskip("pettingzoo")

RECORDED = {
    "valueadd": {
        "gym":
            "11bbf012adc5b283b1cfa89fc02ff01f9526f9a56411174290cb00bcce64ebe2",
        "aec":
            "68c8ff4ce88f7a00f39662cdd6e0251030ac43ee2604db27e6d3d339a2617a3b",
        "parallel":
            "963018b1e2fb9e8cbafb21ae1edd33de19172a512c90b6ba6813b63070717dcb",
        "academy-gym valueadd-last9-down6":
            "0ff2dd3fb9d37eee02c3c3811ab24ff5d9d604029e4aa456e16951e69bd70115",
        "academy-aec valueadd-last9-down6":
            "245b742c4b2a232bd0eb830434ef6e4869a311f3ff8608d289e3a75bd4e4618a",
        "academy-gym valueadd-foul-trouble":
            "a192b95f0be1249172b13d0fe37bb17a1150f362b02e72a26c258aa31bbcda76",
        "academy-aec valueadd-foul-trouble":
            "cf7871572eb1b24765413210b061773b116522f9f99be58724a57859e8fbf0ca",
    },
    "statispro": {
        "gym":
            "0659796fbc2780f272b0685541ab06ea33375ca9f05021e9c45a294e2e6ebba4",
        "aec":
            "756094b105dd6367deb3695749f932854e6c07b65ca6dc2eebc244ec3f5c5386",
        "parallel":
            "b17fd4766d46983ac948b096b6a47df5a2da33d6117d66d130685c00cea13a17",
        "academy-gym statispro-down3-ball-last-minute":
            "a7f1fc2de59fd942d30fa21f07bc96cd7c5259d411308907701d4f607b5e0814",
        "academy-aec statispro-down3-ball-last-minute":
            "62d1dd90e74024d53d487e17c3f316ac944208dfa1e947840ffe50170ad85884",
        "academy-gym statispro-foul-trouble-half":
            "cb6f8759a0bb528f8dc33fc633d605b4f1e214a175b3059055696a8e7a7471e0",
        "academy-aec statispro-foul-trouble-half":
            "673d3b82562587ab605a46e677fbd42188e7936410dceae83fabc2fafc5457f0",
    },
    "fuba": {
        "gym":
            "9dad4bf70a2598d3a7d36428f8c2ca5564801aacad239706c7feda3a4a93cb3a",
        "aec":
            "a8feedef6618d6261b3225b34dbb6b0aa5d4b6838a54549b96df72a25cb8ca19",
        "parallel":
            "81597d43234b452c08a58a815097be0e2074ecd40c032480958977ffa6859e51",
        "academy-gym fuba-protect-1-0-last15":
            "8b81f891b0228a8b99ad3bd200f9d4cfc8c67d5b1b7e772e1f0e89797465aba7",
        "academy-aec fuba-protect-1-0-last15":
            "aff14229f53cd6d2be9e5e347b88b8d300783e6e9769621c2be8839e720b5f72",
        "academy-gym fuba-first-half":
            "a9f43f3abb51cc2a39064a42dcac7816e3158e8ab8f6ee0bbae98145de683604",
        "academy-aec fuba-first-half":
            "f5b2a69a7da3dafbcfca753ea7c895cd41be6216527a3ac7172785b3458984aa",
    },
    "fourthstreet": {
        "gym":
            "18742c795c9896fc8845e6878e51e6c8dd228f10e37112dd69149242024032da",
        "aec":
            "c4ca7d1f31c41d1296c6d3bc4e0f6a4d67acdfb9d95edc777e58b23537269ccb",
        "parallel":
            "6898bd2b5c6822a86cd9375e94a3955d498a356dccd84a9ad4c5ac9fb9015a0d",
        "academy-gym fourthstreet-down4-final2":
            "8b5c97fab095dddd8d5adafecd1c37c94d53fdbcdcd4771b927bcb89e0e76bf6",
        "academy-aec fourthstreet-down4-final2":
            "9265c82e824c1f6a22fec821cb1abd7f02bc03711f292a97f66192b70d9a8be7",
        "academy-gym fourthstreet-foul-trouble-half":
            "4f168b5c7f37d1c98ffde6341e9f857a109d4e62f52713f434291408bf3572ce",
        "academy-aec fourthstreet-foul-trouble-half":
            "ec2189d67036aaf3b42e1a33c6034a9118fb8dbbd4297d2fa77d40db6c8521a1",
    },
}


@pytest.mark.parametrize("name", list(RECORDED))
def test_the_episode_flow_gives_the_recorded_trajectories(name):
    from coachgym.envs import academy as A

    assert {rs.name for rs in rulesets.all_rulesets()} >= set(RECORDED)
    got = ruleset_digests(name)
    if name in A.RULESETS:
        got.update(academy_digests(name))
    assert got == RECORDED[name]
