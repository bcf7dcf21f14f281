"""The move panel's pictures (rendering.panel) and the geometry every renderer exposes: a point's
pixel is where the picture draws it; each option's key is drawn where its touch target says, in
yellow, large enough to read on a phone (390 px wide), a region of the board enlarged; tiles of
the hand or reserve are in the tray; a game without a geometry gets every option in the tray."""
from __future__ import annotations

import json
import random

import pytest
from PIL import Image

import engine
import rendering
from engine import steps
from engine.steps import GROUP
from rendering import panel
from rendering.style import HIGHLIGHT, WIDTH
from tests.rendering.pixels import decode, near
from tests.toy import nim

PHONE = 390
PLAYERS = {"pauso": 3}


def mid_game(variant: str, plies: int = 24, seed: int = 2) -> engine.Game:
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed)
    while len(game.record) < plies and game.outcome is None:
        game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_each_renderer_says_where_it_draws_every_point(variant):
    game = mid_game(variant)
    view = game.view()
    geo = rendering.geometry_of(view, ["alice", "bob", "carol"][:game.players])
    img = decode(rendering.render_view(view, ["alice", "bob", "carol"][:game.players]))
    assert img.size == (geo.width, geo.height) and geo.top > 100
    assert json.loads(json.dumps(geo.to_dict()))["points"]
    for tile in view.tiles:  # every tile is drawn round its point: not the background there
        x, y = geo.xy(tile.at)
        assert geo.locate(tile.at) == (x, y)
        assert not near(img.getpixel((x, y + round(geo.spacing * 0.25))), (43, 45, 49), 6), tile


def draw(game: engine.Game, path: str) -> tuple[steps.Step, Image.Image, panel.PanelGeometry]:
    step = steps.walk(game, path)
    view = game.view()
    if step.done:
        after = game.copy()
        after.play(step.move)
        view = after.view()
    png, geo = panel.panel(view, step)
    img = decode(png)
    assert img.size == (WIDTH, geo.height) and geo.width == WIDTH
    assert len(png) < 200_000
    return step, img, geo


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_every_option_has_a_yellow_key_where_its_target_is(variant):
    game = mid_game(variant)
    rng = random.Random(1)
    step = steps.walk(game, "")
    while not step.done:
        step, img, geo = draw(game, step.path)
        keys = {t.key for t in geo.targets}
        assert keys == {o.key for o in step.options}  # every option can be touched
        json.loads(json.dumps(geo.to_dict()))
        for target in geo.targets:
            x0, y0, x1, y1 = target.box
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            option = step.option(target.key)
            if option.kind == GROUP and option.area is not None:  # a region: its key's disc on its middle line
                inside = [img.getpixel((x, cy)) for x in range(x0 + 12, x1 - 12)]
                assert sum(near(pixel, HIGHLIGHT, 30) for pixel in inside) >= 12
                continue
            if option.points and (y1 - y0) < 100:  # a key on the board: a yellow disc at least 8 px on a phone
                assert (x1 - x0) * PHONE / WIDTH >= 8
                assert near(img.getpixel((cx - (x1 - x0) // 3, cy)), HIGHLIGHT, 30), (variant, option)
        step = steps.walk(game, step.path + rng.choice(step.options).key.lower())


def test_a_region_is_enlarged_so_that_its_keys_read_on_a_phone():
    game = engine.new_game("kutai", seed=1)
    game.play("DMa@i9")
    regions = steps.walk(game, steps.path_of(game, "NCh@c9")[:2])
    assert all(o.kind == GROUP or len(o.points) == 1 for o in regions.options)
    whole = rendering.geometry_of(game.view())
    first = next(o for o in regions.options if o.kind == GROUP)
    step, img, geo = draw(game, regions.path + first.key.lower())
    spacing = min(abs(a[1][0] - b[1][0]) for a in geo.points for b in geo.points if a[0][1] == b[0][1] and a != b)
    assert spacing >= 2.5 * whole.spacing  # a point's neighbour is 2.5 times as far as on the board
    radius = min(t.box[2] - t.box[0] for t in geo.targets) / 2
    assert radius * PHONE / WIDTH >= 14  # a key 28 px wide on a phone


def test_the_hand_and_the_words_go_in_the_tray():
    game = mid_game("ancient", plies=6, seed=3)
    while game.to_move is None or game.pending or game.phase != "play":
        game.play(game.random_move(random.Random(1)))
    step, img, geo = draw(game, "")
    hand = set(game.hands[game.to_move])
    assert {o.tile for o in step.options if o.tile} <= hand
    board_bottom = max(y for _, (x, y) in geo.points) if geo.points else 0
    for option in step.options:  # none of them is on the board: all in the tray, under it
        target = next(t for t in geo.targets if t.key == option.key)
        assert target.box[1] > board_bottom


def test_the_picture_of_a_whole_move_is_the_position_after_it():
    game = engine.new_game("pauso", players=2, seed=1, options={"board": "square4"})
    path = steps.path_of(game, "R@b2")
    step, img, geo = draw(game, path)
    assert step.done and not geo.targets
    x, y = dict(geo.points)[(1, 1)]
    assert not near(img.getpixel((x, y)), (243, 235, 221), 10)  # the Ring stands on b2 now


def test_a_game_without_a_geometry_shows_every_option_in_the_tray():
    nim.install()
    try:
        game = engine.new_game("nim", options={"stones": 9})
        step, img, geo = draw(game, "")
        assert [t.key for t in geo.targets] == ["A", "B", "C"] and geo.points == ()
    finally:
        nim.uninstall()


def test_an_enlarged_cut_puts_each_tile_where_its_key_ring_is():
    """A few options close together are enlarged at most MAX_ZOOM times: the cut is then widened to
    the picture's width at that zoom, so the tiles and the marks placed on them stay together."""
    game = engine.load("basic", "P1: Ja k6, Li m8\nP2: Ro e12\nreserve P1: Ja 0, Li 0, WJ 2, Ro 0, Ch 0, Rh 0")
    step = steps.walk(game, "")
    drawn = rendering.picture_of(game.view())
    geo = rendering.geometry_of(game.view())
    _, _, zoom, box = panel._board(drawn.image, geo, step, game.view())
    assert zoom == pytest.approx(panel.MAX_ZOOM, rel=0.02)  # a small group of points: enlarged to the most
    assert (box[2] - box[0]) * zoom == pytest.approx(WIDTH)  # the cut fills the width at exactly that zoom
