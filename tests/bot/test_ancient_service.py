"""Ancient Pai Sho through the service and the console: hands stay private, the seed stays secret."""
from __future__ import annotations

import pytest

import rendering
from bot.console import ConsoleSession
from bot.service import UserError
from engine.ancient.tiles import NAMES
from tests.helpers import ALICE, BOB, CAROL, looker

CH = 600


async def start(service):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="ancient")
    started = await service.accept(BOB, channel_id=CH)
    row, game = service.game_in(CH)
    return started, row, game


def hand_words(game, seat: int) -> set[str]:
    return {NAMES[c] for c in game.hands[seat]} | set(game.hands[seat])


async def test_hands_are_private_and_the_seed_is_secret_until_the_end(service):
    started, row, game = await start(service)
    assert "Your tiles are private: see them with the hand command." in started.text
    assert "chooses who plays first (choose first or choose second)." in started.text
    assert started.private == game.hand_text(1) and started.private_image  # bob accepted: bob's hand
    chooser = row.seats[game.to_move]
    person = ALICE if chooser.user_id == ALICE.id else BOB
    reply = await service.move(CH, person, "choose first")
    assert reply.private == game.hand_text(row.seat_of(person.id))
    row, game = service.game_in(CH)
    mover = ALICE if row.seats[game.to_move].user_id == ALICE.id else BOB
    seat = row.seat_of(mover.id)
    top = game.piles[seat][0]
    reply = await service.move(CH, mover, "draw")
    assert reply.private.startswith(f"You drew a {NAMES[top]}. Your hand (6/5): ")
    assert NAMES[top] not in reply.text and "drew a tile and must discard one" in reply.text
    _, game = service.game_in(CH)
    other = 1 - seat
    export = (await service.export(channel_id=CH)).text
    assert '[Seed "hidden until the game is over"]' in export and str(row.seed) not in export
    assert "P1 hand" not in export and "P2 pile" not in export  # the position tag is the public one
    board = (await service.board(CH)).text
    for word in hand_words(game, other) | hand_words(game, seat):
        assert f" {word} " not in f" {board} "
    with pytest.raises(UserError, match="^Discard a tile first"):
        await service.move(CH, mover, "Ja@i5")
    discard = game.hands[seat][0]
    reply = await service.move(CH, mover, f"discard {discard}")
    assert f"played draw,discard {discard}." in reply.text
    row, game = service.game_in(CH)
    assert row.moves[-1] == f"draw,discard {discard}" and game.record[-1] == row.moves[-1]
    mine = await service.hand(CH, mover)
    assert mine.text == "" and mine.private == game.hand_text(seat)
    with pytest.raises(UserError, match="You are not playing in this game."):
        await service.hand(CH, CAROL)
    await service.resign(CH, ALICE)
    finished = await service.export(game_id=row.id, viewer=looker(ALICE, guild_id=None))
    assert f'[Seed "{row.seed}"]' in finished.text


async def test_a_completed_draw_survives_a_restart_as_one_entry(db_path, clock):
    from bot.service import GameService
    from data import Store
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    _, row, game = await start(service)
    chooser = ALICE if row.seats[game.to_move].user_id == ALICE.id else BOB
    await service.move(CH, chooser, "choose first")
    row, game = service.game_in(CH)
    for _ in range(2):  # the first player draws until the hand overflows, then discards
        mover = ALICE if row.seats[game.to_move].user_id == ALICE.id else BOB
        await service.move(CH, mover, "draw")
        row, game = service.game_in(CH)
        if game.pending:
            await service.move(CH, mover, f"discard {game.hands[game.to_move][0]}")
            row, game = service.game_in(CH)
    before = game.position()
    await store.close()
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await service.reload()
    row, game = service.game_in(CH)
    assert game.position() == before and row.moves == game.record
    await store.close()


def test_the_board_picture_shows_no_hand():
    import engine
    a = engine.load("ancient", "to_move: P1; P1: Rh i9; P2: Ro m9; P1 hand: Ja Ja; P2 hand: WL Wh")
    b = engine.load("ancient", "to_move: P1; P1: Rh i9; P2: Ro m9; P1 hand: Ch Rk; P2 hand: Bo Kn")
    assert rendering.render(a) == rendering.render(b)  # same sizes, different tiles: the same picture
    assert rendering.render_hand(a, 0) != rendering.render_hand(b, 0)


async def test_console_shows_whose_eyes_a_hand_is_for(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    await session.handle("alice: challenge ancient bob")
    out = await session.handle("bob: accept")
    assert any(line.startswith("(only bob sees) Your hand (5/5): ") for line in out)
    out = await session.handle("alice: hand")
    assert out[0].startswith("(only alice sees) Your hand (5/5): ")
    assert any("hand-alice.png" in line for line in out)


async def test_new_ancient_games_are_dealt_from_a_stored_128_bit_secret(store, clock):
    """The seed the bot stores for a new Ancient game is 2**128 plus a secret drawn with the system's
    cryptographic source (no seeded generator): it round-trips exactly, and no two games share a
    deal. Trying every 31-bit seed, as the old deal allowed, reproduces none of them."""
    from bot.service import GameService
    from engine.paisho.rng import KEYED
    service = GameService(store, clock=clock)  # the default: random.SystemRandom
    seeds, deals = [], set()
    for n in range(4):
        await service.challenge(guild_id=1, channel_id=CH + n, challenger=ALICE, opponents=[BOB], variant="ancient")
        await service.accept(BOB, channel_id=CH + n)
        row, game = service.game_in(CH + n)
        assert (await store.get_game(row.id)).seed == row.seed == game.seed
        seeds.append(row.seed)
        deals.add((tuple(game.hands[0]), tuple(game.piles[0][:10]), tuple(game.piles[1][:10])))
    assert all(KEYED <= s < 2 * KEYED for s in seeds) and len(set(seeds)) == 4 and len(deals) == 4
    import engine  # a scan over small seeds (the old deal's whole space, cut short) finds no match
    assert all(engine.new_game("ancient", seed=s).piles[0][:10] != game.piles[0][:10] for s in range(2000))
