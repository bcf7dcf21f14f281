"""The console with the board pages on: every board it shows comes with a link for the speaker
(and the player it notifies); the link opens the game in a browser, a move played there by taps
is printed in the console like any turn, and the console's own moves reach the page live."""
from __future__ import annotations

import re

from bot.console import run_console
from engine import steps
from tests.web.pages import open_page, shows, tap_move

LINK = re.compile(r"^\[board page for (\w+): (http://127\.0\.0\.1:\d+/join/\S+)\]$")


async def test_the_consoles_link_opens_the_board_and_both_ways_follow(site, browser, tmp_path):
    out: list[str] = []
    await run_console(site.service, tmp_path, iter(["alice: challenge quaterno bob", "bob: accept"]), out.append,
                      web=site.server)
    assert out[1] == f"Board pages at {site.server.url}: every board shown comes with a link to play it in a browser."
    links = [LINK.match(line).groups() for line in out if LINK.match(line)]
    started = out.index(next(line for line in out if line.startswith("Game #1 of Quaterno begins")))
    assert [name for name, _ in links[-2:]] == ["bob", "alice"]  # the speaker, and the player to move
    assert all(LINK.match(line) for line in out[started + 3:started + 5])
    alice = await open_page(browser, dict(links)["alice"])
    game = site.game(1)
    move = game.legal_moves()[0]
    await tap_move(alice, game, move)
    await alice.wait_for_selector("main[data-turn='theirs']")
    played = out.index("(played on the board page)")
    assert out[played + 1].startswith(f"alice played {game.copy().play(move)}.")
    assert any(LINK.match(line) and line.startswith("[board page for bob:") for line in out[played:])
    reply = site.game(1).legal_moves()[0]
    await run_console(site.service, tmp_path, iter([f"bob: {reply}"]), out.append, web=site.server)
    await shows(alice, steps.version(site.game(1)))  # bob's move, typed in the console, on alice's page
    assert (await alice.inner_text("#last")).startswith(f"bob played {reply}")
