"""The classic ruleset's scripted policies: a registry like policies.REGISTRY, whose knobs live
in configs/classic/policies.toml under [<side>.<name>] and resolve like the main ruleset's
(`--ruleset classic --set policies.humans.expert.arm=0`)."""

from balance import codes
from policies.classic import experts, random_play
from policies.classic.dispatch import EXPERT_HUMANS, EXPERT_THINGS, IDLE, RANDOM
from policies.spec import PolicySpec

RANDOM_SUMMARY = "a random declaration each turn, for fuzzing"
REGISTRY: dict[tuple[int, str], PolicySpec] = {
    (codes.HUMANS, "idle"): PolicySpec(IDLE, codes.HUMANS, (), "declares nothing"),
    (codes.THINGS, "idle"): PolicySpec(IDLE, codes.THINGS, (), "declares nothing"),
    (codes.HUMANS, "random"): PolicySpec(RANDOM, codes.HUMANS, random_play.KNOBS, RANDOM_SUMMARY),
    (codes.THINGS, "random"): PolicySpec(RANDOM, codes.THINGS, random_play.KNOBS, RANDOM_SUMMARY),
    (codes.HUMANS, "expert"): PolicySpec(
        EXPERT_HUMANS,
        codes.HUMANS,
        experts.HUMAN_KNOBS,
        "keeps the generator running, arms, has the blood tested and announced, shoots and "
        "burns the Things it holds for such, fuels and flies the helicopter",
    ),
    (codes.THINGS, "expert"): PolicySpec(
        EXPERT_THINGS,
        codes.THINGS,
        experts.THING_KNOBS,
        "darkens and chills the station, infects, eats the food, pours out the fuel, lies "
        "about the blood, strikes when the humans are few and boards a ready helicopter",
    ),
}
