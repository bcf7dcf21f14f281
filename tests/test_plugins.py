"""Each game is one declared plug-in (issue 16): nothing outside a game's own package names it,
every option is offered and shown from the game's declaration, and the README's table is current."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from bot.options import suggest_options
from engine import registry
from tests.helpers import ALICE, BOB, CAROL, DAVE

ROOT = Path(__file__).resolve().parent.parent
IDS = re.compile(r"\b(" + "|".join(engine.VARIANT_IDS) + r")\b", re.IGNORECASE)


@pytest.mark.parametrize("folder", ["bot", "cogs", "data"])
def test_no_game_is_named_outside_its_own_package(folder):
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted((ROOT / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if IDS.search(line.replace("Pai Sho Bot", ""))]
    assert found == []


def test_the_readme_table_of_options_is_made_from_the_descriptors():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- options:start -->")[1].split("<!-- options:end -->")[0].strip()
    assert table == registry.options_table()


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_every_option_is_offered_by_autocomplete(variant):
    offered = {o.partition("=")[0] for o in suggest_options(variant, "")}
    level = {"level"} if engine.info(variant).ai is not None else set()  # the bot's level, for games it plays
    assert offered == {o.name for o in engine.info(variant).options} | level
    for option in engine.info(variant).options:
        values = suggest_options(variant, f"{option.name}=")
        assert values and all(v.startswith(f"{option.name}=") for v in values)


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
async def test_every_option_is_shown_in_the_challenge(service, variant):
    info = engine.info(variant)
    opponents = [BOB, CAROL, DAVE][: info.max_players - 1]
    reply = await service.challenge(guild_id=1, channel_id=7, challenger=ALICE, opponents=opponents,
                                    variant=variant)
    for option in info.options:
        assert f"{option.name} " in reply.text, option.name


def test_a_flag_option_has_one_default():
    auto = engine.info("iroh").option("auto_proclaim")
    assert auto.default is False and engine.new_game("iroh").options["auto_proclaim"] is False
    assert "default false" in auto.describe() and "False" not in registry.options_table()


def test_the_rules_summary_says_where_the_full_rules_are(service):
    for variant in engine.VARIANT_IDS:
        text = service.rules(variant).text
        assert f"docs/rules/{variant}.md" in text
        assert (ROOT / "docs" / "rules" / f"{variant}.md").is_file()
        for option in engine.info(variant).options:
            assert f"`{option.name}`" in text
