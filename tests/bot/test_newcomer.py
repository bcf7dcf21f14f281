"""What a newcomer trips over (issue 36): refusals quote the move as typed; Basic, Ancient and Iroh
read full tile names as Quaterno does; a discard's private note does not repeat the draw; the
console keeps its picture numbers across sessions, reads lines with editing, and shows the rules
without Markdown; no doubled brackets or Discord words in the console."""
from __future__ import annotations

import engine
from bot.console import ConsoleSession, last_picture_number
from bot.terminal import terminal_text


def refused(game, text: str) -> str:
    try:
        game.copy().play(text)
    except engine.IllegalMove as err:
        return str(err)
    raise AssertionError(f"{text!r} was accepted")


def test_a_refusal_quotes_the_move_as_typed():
    basic = engine.new_game("basic", seed=2)
    basic.play("choose place")
    assert refused(basic, "Ro  k11 ").startswith('I can\'t read "Ro k11".')
    assert refused(basic, "Rok11").startswith('I can\'t read "Rok11".')
    quaterno = engine.new_game("quaterno")
    assert "Fa c1" in refused(quaterno, "Fa c1")


def test_full_tile_names_are_read_as_their_codes():
    basic = engine.new_game("basic", seed=2)
    basic.play("choose place")
    for typed in ("Rose@i17", "rose @ i17", "RO@i17"):  # a port: refused for the same reason
        assert refused(basic, typed) == refused(basic, "Ro@i17")
    assert basic.copy().play("Rose@e1") == "Ro@e1"
    assert basic.copy().play("Jasmine@e1") == "Ja@e1"
    assert basic.copy().play("White Jade@e1") == "WJ@e1"
    iroh = engine.new_game("iroh")
    rock = next(m for m in iroh.legal_moves() if m.startswith("Rk@"))
    assert iroh.copy().play("Rock@" + rock[3:]) == rock
    assert refused(iroh, "WhiteLotus@e1").startswith("I can't read")  # never brought in


def test_after_a_discard_the_private_note_says_the_discard_not_the_draw_again():
    game = engine.new_game("ancient", seed=5, options={"hand_size": 1})
    game.play("choose first" if game.to_move == 0 else "choose second")
    seat = game.to_move
    top = game.piles[seat][0]
    game.play("draw")
    assert game.private_note(seat).startswith("You drew a ")
    game.play(f"discard {top}")
    assert game.private_note(seat).startswith("You discarded a ") and "drew" not in game.private_note(seat)
    again = engine.new_game("ancient", seed=5, options={"hand_size": 1})
    again.play("choose first" if again.to_move == 0 else "choose second")
    kept = again.hands[again.to_move][0]
    again.play(f"draw,discard {kept}")
    assert again.private_note(seat).startswith("You drew a ") and "and discarded a" in again.private_note(seat)


async def test_console_picture_numbers_go_on_from_an_earlier_session(service, tmp_path):
    first = ConsoleSession(service, tmp_path)
    await first.handle("alice: challenge pauso bob rings=4")
    saved = sorted(p.name for p in tmp_path.glob("*.png"))
    assert saved == ["game1-001.png"] and last_picture_number(tmp_path) == 1
    second = ConsoleSession(service, tmp_path)  # the console started again on the same folder
    await second.handle("bob: accept")
    assert sorted(p.name for p in tmp_path.glob("*.png"))[0] == "game1-001.png"
    assert len(list(tmp_path.glob("*.png"))) == 2 and (tmp_path / "game1-002.png").exists()


async def test_console_rules_and_offers_read_as_plain_text(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    rules, legend = await session.handle("alice: rules pauso")
    assert "**" not in rules and "`" not in rules and "Options" in rules
    assert legend.startswith("[legend (each tile, the owners, the last move): ")  # its picture, saved
    assert terminal_text("**Bold** `R@c3` [site](https://x.example)") == "Bold R@c3 site (https://x.example)"
    assert terminal_text("## Heading\n#1 PAUSO by ann") == "Heading\n#1 PAUSO by ann"  # a game number stays
    out = await session.handle("alice: challenge pauso bot:hard rings=4")
    assert "bot (hard, Apricot)" in out[0] and ") (" not in " ".join(out)
    assert not any("/" + word in " ".join(out) for word in ("draw", "board", "move", "takeback"))


async def test_a_console_started_again_names_the_players_it_notifies(service, tmp_path):
    first = ConsoleSession(service, tmp_path)
    await first.handle("alice: challenge pauso bob rings=4")
    await first.handle("bob: accept")
    again = ConsoleSession(service, tmp_path)  # a new session: nobody has spoken yet
    out = await again.handle("alice: c1")
    assert "(notifies: bob)" in out


async def test_the_console_shows_every_reply_as_plain_text_and_names_no_slash_command(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    out = await session.handle("alice: tournament create pauso swiss rounds=2")
    out += await session.handle("alice: puzzle pauso")
    out += await session.handle("alice: give up")
    out += await session.handle("alice: learn basic 99")
    shown = "\n".join(out)
    assert "**" not in shown and "`" not in shown
    assert "/puzzle" not in shown and "/learn" not in shown and "puzzle command" in shown
