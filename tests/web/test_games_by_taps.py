"""Whole games on two phone-sized pages, by taps alone: a round-board Pai Sho game (Basic),
Quaterno and PAUSO. Each move is picked on the mover's page (a tile's point on the board or a tile
off it, where it goes, any further part), in at most the move panel's presses, and played with
Play it through the service; the other page shows it live. A spectator's page follows too. The
first paint and the time an opponent's move takes to show on the other page are printed."""
from __future__ import annotations

import random
import statistics

import pytest

from bot.console import stable_id
from tests.engine.examples import T_Q8
from tests.web.pages import open_page, play_and_watch

GAMES = {  # game: (options, the moves (None: random legal moves, seeded))
    "basic": ({"target_points": 30, "max_turns": 4}, None),
    "quaterno": (None, [m for m, _ in T_Q8]),
    "pauso": ({"board": "square4", "rings": 4}, None),
}


def report(capsys, site, variant: str) -> None:
    with capsys.disabled():
        paint, live = site.timings.get("paint", []), site.timings.get("live", [])
        print(f"\n[web {variant}] first paint {max(paint):.0f} ms (slowest of {len(paint)} pages); "
              f"an opponent's move shown on the other page after {statistics.median(live) * 1000:.0f} ms median, "
              f"{max(live) * 1000:.0f} ms at most ({len(live)} updates: each move on the opponent's and a spectator's page); "
              f"{sum(site.timings['taps']):.0f} taps for {len(site.timings['taps'])} moves, where the move panel "
              f"takes {sum(site.timings['presses']):.0f} presses")


@pytest.mark.parametrize("variant", list(GAMES))
async def test_a_whole_game_by_taps_on_two_phones(site, browser, capsys, variant):
    options, moves = GAMES[variant]
    game_id = await site.start(variant, ["alice", "bob"], options)
    row, _ = site.service.running.loaded(game_id)
    pages = {}
    for name in ("alice", "bob"):
        page = await open_page(browser, site.link(name, game_id))
        site.note("paint", float(await page.get_attribute("main", "data-first-paint")))
        pages[row.seat_of(page_user(name))] = page
    spectator = await open_page(browser, site.link("carol", game_id))
    assert await spectator.inner_text("#who") == "Watching as carol"
    assert await spectator.locator(".mark, .option").count() == 0  # nothing to pick for a spectator
    rng = random.Random(7)
    played = 0
    while site.service.running.loaded(game_id) is not None:
        game = site.game(game_id)
        move = moves[played] if moves else game.copy().random_move(rng)
        await play_and_watch(site, game_id, pages | {-1: spectator}, move)
        played += 1
    assert moves is None or played == len(moves)
    for page in (*pages.values(), spectator):
        assert (await page.inner_text("#status")).startswith("Game over")
        assert await page.locator("#moves li").count() == played
        assert page.problems == []  # no script error, nothing the Content-Security-Policy refused
    report(capsys, site, variant)


def page_user(name: str) -> int:
    return stable_id("user", name)
