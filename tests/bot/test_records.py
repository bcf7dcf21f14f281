"""Exported records read back exactly: any name (quotes, backslashes, colons, brackets, other
scripts, 5,000 characters) and any option survive the round trip, the moves replay to the same
position; an export of the first format (tag values not escaped) still reads; damaged records are
refused with what is wrong."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from bot.records import export_text, parse_export
from data import GameRow, Seat

MOVES = ["R@a1", "R@e5", "R@a5", "R@e1"]  # corners of square5: no Ring pushes another


def row_of(names: list[str], options: dict, moves: list[str] = MOVES, status: str = "finished") -> GameRow:
    seats = [Seat(i, 10 + i, name, True) for i, name in enumerate(names)]
    return GameRow(id=12, variant="pauso", options=options, seed=7, guild_id=1, channel_id=5, status=status,
                   result=None, created_at=0, updated_at=0, expires_at=None, seats=seats, moves=list(moves),
                   move_seats=[i % len(names) for i in range(len(moves))])


def game_of(row: GameRow) -> engine.Game:
    return engine.replay(row.variant, row.moves, players=len(row.seats), seed=row.seed, options=row.options)


names = st.text(min_size=1, max_size=40).filter(lambda n: n.strip() and "\n" not in n and "\r" not in n)


@settings(max_examples=80, deadline=None)
@given(first=names, second=names, colours=st.sampled_from(["PA", "AP", "MA"]))
def test_any_names_and_options_round_trip(first, second, colours):
    row = row_of([first, second], {"board": "square5", "rings": 4, "colours": colours})
    parsed = parse_export(export_text(row, game_of(row)))
    assert parsed["record"] == MOVES and parsed["options"] == row.options and parsed["players"] == 2
    assert parsed["names"] == [first, second] and parsed["seed"] == 7 and parsed["game_id"] == 12
    again = engine.replay("pauso", parsed["record"], players=2, seed=parsed["seed"], options=parsed["options"])
    assert again.position_layout() == game_of(row).position_layout()


def test_a_long_unusual_name_and_a_colon_in_it():
    name = 'é"\\: ] [x "y"' * 400
    row = row_of([name, "bob: the builder"], {"board": "square5", "rings": 4})
    text = export_text(row, game_of(row))
    assert "2. bob: the builder: R@e5" in text
    parsed = parse_export(text)
    assert parsed["names"] == [name, "bob: the builder"] and parsed["record"] == MOVES


def test_an_export_of_the_first_format_still_reads():
    old = "\n".join([
        '[Game "PAUSO"]', '[Variant "pauso"]', '[GameId "3"]', '[Seed "7"]',
        '[Options "{"board": "square4", "rings": 4}"]', '[Seat1 "alice | Periwinkle"]', '[Seat2 "bob | Apricot"]',
        '[Status "finished"]', '', '1. alice: R@c3', '2. bob: R@b2'])
    parsed = parse_export(old)
    assert parsed["options"] == {"board": "square4", "rings": 4} and parsed["record"] == ["R@c3", "R@b2"]
    assert parsed["names"] == ["alice", "bob"] and parsed["game_id"] == 3


@pytest.mark.parametrize("text, words", [
    ('[Game "PAUSO"]\n\n1. alice: R@c3', 'no [Variant "..."] line'),
    ('[Variant "pauso"]\n[Seed "x"]', "Options or Seed line is damaged"),
    ('[Variant "pauso"]\n[Options "[1, 2]"]', "Options line is damaged"),
    ('[Variant "pauso"]\n1. alice: R@c3\n3. bob: R@b2', "move 2 was expected next"),
    ('[Variant "pauso"]\nhello there', "I can't read the record line 'hello there'."),
    ('[Variant "ancient"]\n[Seed "hidden until the game is over"]', "record's seed is hidden"),
])
def test_damaged_records_are_refused_with_what_is_wrong(text, words):
    with pytest.raises(ValueError) as refused:
        parse_export(text)
    assert words.lower() in str(refused.value).lower()


def test_the_options_are_written_as_json_that_reads_back():
    row = row_of(["alice", "bob"], {"board": "5o/o+o+o/5o/o-o-o/5o", "rings": 4})
    text = export_text(row, game_of(row))
    line = next(line for line in text.splitlines() if line.startswith("[Options "))
    assert json.loads(line[len('[Options "'):-2].replace('\\"', '"')) == row.options
