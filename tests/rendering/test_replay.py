"""Animated replays: for a whole scripted game of every kind the GIF decodes, has the start and one
frame per move, one size, the last move marked, the first and last frames held, and stays small;
the frames written one by one decode to exactly the pictures drawn; a hidden hand never shows;
the step-through's position is the game's picture at that move."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import engine
import rendering
from rendering import replay
from rendering.style import palette, quantize
from tests.rendering.pixels import decode
from tests.toy import nim

# options that keep a whole random game short
SHORT = {"basic": {"max_turns": 30}, "ancient": {"max_turns": 30}, "iroh": {"max_turns": 30},
         "kutai": {"target": 20}, "quaterno": {"move_limit": 50}, "pauso": {"rings": 4}}
PLAYERS = {"pauso": 3}


def whole_game(variant: str, seed: int = 1) -> engine.Game:
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed, options=SHORT[variant])
    while game.outcome is None:
        game.play(game.random_move(rng))
    return game


def frames(gif: bytes) -> list[tuple[Image.Image, int]]:
    img = Image.open(io.BytesIO(gif))
    out = []
    for i in range(img.n_frames):
        img.seek(i)
        out.append((img.convert("RGB"), img.info["duration"]))
    return out


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_a_whole_game_replays_as_a_small_gif_with_one_frame_per_move(variant):
    game = whole_game(variant)
    names = ["alice", "bob", "carol"][: game.players]
    gif = replay.replay_gif(variant, game.players, 1, SHORT[variant], game.record, names)
    shown = frames(gif)
    assert len(shown) == len(game.record) + 1  # the start and every move
    assert {f.size for f, _ in shown} == {shown[0][0].size} and shown[0][0].width == replay.GIF_WIDTH
    durations = [d for _, d in shown]
    assert durations[0] == durations[-1] == replay.HOLD_MS and set(durations[1:-1]) <= {replay.FRAME_MS}
    assert len(gif) < 20_000 + 8_000 * len(shown)  # far under Discord's 10 MiB: a 120-move game well under 1 MB
    for (before, _), (after, _) in zip(shown, shown[1:]):  # every move changes the picture
        assert before.tobytes() != after.tobytes()


def test_the_frames_written_one_by_one_are_the_pictures_drawn():
    pictures = [Image.new("RGB", (60, 40), (43, 45, 49)) for _ in range(4)]
    pictures[1].paste((255, 214, 10), (5, 5, 15, 15))
    pictures[2].paste((255, 214, 10), (5, 5, 15, 15))  # the same as the one before
    pictures[3].paste((86, 126, 230), (40, 20, 58, 38))
    writer = replay.GifWriter()
    quantized = [quantize(p) for p in pictures]
    for q in quantized:
        writer.add(q, 500)
    shown = frames(writer.finish())
    assert len(shown) == 4
    for (frame, _), q in zip(shown, quantized):
        assert frame.tobytes() == q.convert("RGB").tobytes()
    assert palette((), ()).info["entries"] < 256  # the transparent entry stays free


def test_the_last_move_is_marked_and_captioned_on_each_frame():
    game = engine.replay("pauso", ["c1", "c2", "b1"], options={"board": "round5", "rings": 4})
    gif = replay.replay_gif("pauso", 2, 0, {"board": "round5", "rings": 4}, game.record, ["alice", "bob"],
                            width=rendering.style.WIDTH)
    shown = frames(gif)
    drawn = rendering.picture_of(game.view(), ["alice", "bob"])
    assert drawn is not None
    last, _ = shown[-1]
    # below the caption the last frame is the game's own picture (the last move framed in yellow)
    below = (0, replay.TITLE_BAND, last.width, last.height)
    expected = decode(drawn.png())
    assert last.crop(below).tobytes() == expected.crop(below).tobytes()
    assert replay.caption(3, 3, "R@b1", 0, ["alice", "bob"]) == "Move 3/3: alice played R@b1"
    assert replay.caption(2, 3, "resign 2", None, ["alice", "bob"]) == "Move 2/3: bob resigned"
    assert replay.caption(0, 3, None, None, ["alice", "bob"]) == "Start \u00b7 3 moves"


def test_a_replay_never_looks_at_a_hidden_hand(monkeypatch):
    game = whole_game("ancient")

    def peek(self, seat):
        raise AssertionError("a replay asked for a hand")

    monkeypatch.setattr(type(game), "hand_view", peek)
    gif = replay.replay_gif("ancient", 2, 1, SHORT["ancient"], game.record, ["alice", "bob"])
    assert len(frames(gif)) == len(game.record) + 1


@pytest.mark.parametrize("ply", [0, 1, 5])
def test_a_position_is_the_games_picture_after_that_many_moves(ply):
    game = whole_game("kutai")
    png = replay.position_png("kutai", 2, 1, SHORT["kutai"], game.record, ["alice", "bob"], ply)
    then = engine.replay("kutai", game.record[:ply], seed=1, options=SHORT["kutai"])
    assert png == rendering.render(then, ["alice", "bob"])
    with pytest.raises(ValueError, match="no position"):
        replay.position_png("kutai", 2, 1, SHORT["kutai"], game.record, ["alice", "bob"], len(game.record) + 1)


def test_a_game_with_only_a_png_renderer_replays_too():
    nim.install()
    try:
        game = engine.replay("nim", ["3", "2", "1"], options={"stones": 6})
        gif = replay.replay_gif("nim", 2, 0, {"stones": 6}, game.record, ["alice", "bob"])
        shown = frames(gif)
        assert len(shown) == 4 and shown[0][0].width == replay.GIF_WIDTH
    finally:
        nim.uninstall()
