"""A registered policy's description, shared by the registries of both rulesets."""

from typing import NamedTuple


class PolicySpec(NamedTuple):
    """A registered policy: its dispatch id, the side it plays and its knob names, in order."""

    policy_id: int
    side: int
    knobs: tuple[str, ...]
    summary: str
