"""Schema migrations, applied in order at start-up; PRAGMA user_version counts those applied
(in PostgreSQL, the table schema_version).

Append new steps at the end; never edit a step that has shipped. Keep the SQL portable
(plain tables, indexes and partial indexes that PostgreSQL also has): each step is written in
SQLite's words and ``for_postgres`` says it in PostgreSQL's (INTEGER -> BIGINT, so Discord's
snowflakes fit; REAL -> DOUBLE PRECISION for timestamps; a table's ``id INTEGER PRIMARY KEY``
-> an identity column). A step is an SQL script, or, where SQL cannot say it, an async function
of the SQLite connection (run in the step's transaction): such a step only converts data that
SQLite stores of an earlier version, so PostgreSQL, whose store came after it, has nothing to
convert and skips it.
"""
from __future__ import annotations

import json
import random
import re
from collections.abc import Awaitable, Callable

import aiosqlite

Step = str | Callable[[aiosqlite.Connection], Awaitable[None]]


async def keep_random_first_seats(db: aiosqlite.Connection) -> None:
    """Games that began with the option ``first: random`` keep the seat that began them.

    That seat used to be ``random.Random(seed).randrange(seats)``; the random choice now comes from
    the seeded SplitMix64 generator (engine.options.first_seat), which draws differently. Every game
    that has begun gets the seat it had written into its options as ``seat1``..``seat4`` (a value
    the option keeps but never offers), so it replays as it was played; open challenges keep
    ``random`` and draw with SplitMix64 when they begin (docs/decisions.md).
    """
    async with db.execute(
            "SELECT id, options, seed, (SELECT COUNT(*) FROM seats WHERE seats.game_id = games.id) "
            "FROM games WHERE status IN ('running', 'finished', 'aborted')") as cursor:
        rows = list(await cursor.fetchall())
    for game_id, text, seed, seats in rows:
        options = json.loads(text)
        if options.get("first") != "random" or seats < 1:
            continue
        options["first"] = f"seat{random.Random(seed).randrange(seats) + 1}"
        cursor = await db.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(options), game_id))
        await cursor.close()


MIGRATIONS: list[Step] = [
    # 1: games, their seats and their moves
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        variant     TEXT    NOT NULL,
        options     TEXT    NOT NULL,          -- JSON object, as the engine takes it
        seed        INTEGER NOT NULL,
        guild_id    INTEGER,                   -- NULL outside a server (console, DMs)
        channel_id  INTEGER NOT NULL,          -- where the game plays (or the challenge was made)
        status      TEXT    NOT NULL,          -- challenge|running|finished|aborted|declined|expired
        result      TEXT,                      -- JSON outcome once finished
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        expires_at  REAL                       -- a challenge's expiry time
    );
    CREATE UNIQUE INDEX one_running_game_per_channel ON games (channel_id) WHERE status = 'running';
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        name      TEXT    NOT NULL,
        accepted  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE moves (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        move       TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    """,
    # 2: per-game timers (reminder and deadline of the player to move) and per-server settings
    """
    CREATE TABLE timers (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,             -- the player to move
        remind_at   REAL    NOT NULL,
        deadline_at REAL    NOT NULL,
        reminded    INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX timers_by_deadline ON timers (deadline_at);
    CREATE TABLE guild_settings (
        guild_id       INTEGER PRIMARY KEY,
        move_deadline  REAL    NOT NULL,          -- seconds per move before a timeout
        reminder_after REAL    NOT NULL           -- seconds before the player to move is reminded
    );
    """,
    # 3: ratings (one per player per game), their history, and whether a game is rated
    """
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE ratings (
        user_id     INTEGER NOT NULL,
        variant     TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        games       INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        draws       INTEGER NOT NULL,
        losses      INTEGER NOT NULL,
        best        REAL    NOT NULL,          -- best displayed rating so far
        last_played REAL    NOT NULL,
        PRIMARY KEY (user_id, variant)
    );
    CREATE TABLE rating_history (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        user_id     INTEGER NOT NULL,
        variant     TEXT    NOT NULL,
        guild_id    INTEGER,
        result      TEXT    NOT NULL,          -- win | draw | loss
        before      REAL    NOT NULL,          -- displayed rating before and after
        after       REAL    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        at          REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX rating_history_by_user ON rating_history (user_id, variant, at);
    CREATE INDEX rating_history_by_guild ON rating_history (guild_id, variant);
    """,
    # 4: where a challenge was made, by whom, and its message (edited when it closes), and the
    # open offers of a running game (a draw, a takeback), at most one of each kind per game
    """
    ALTER TABLE games ADD COLUMN lobby_id INTEGER;
    ALTER TABLE games ADD COLUMN message_id INTEGER;
    ALTER TABLE games ADD COLUMN challenger_id INTEGER;
    CREATE INDEX games_by_channel ON games (channel_id, id);
    CREATE INDEX games_by_lobby ON games (lobby_id);
    CREATE TABLE offers (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind       TEXT    NOT NULL,          -- draw | takeback
        seat       INTEGER NOT NULL,          -- who asked
        ply        INTEGER NOT NULL,          -- the record's length when asked
        accepted   TEXT    NOT NULL,          -- JSON list of the seats that agreed (the asker first)
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, kind)
    );
    """,
    # 5: seats played by the bot (its AI level; NULL for a person)
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    """,
    # 6: a game begun with a random first player keeps the seat Python's random.Random gave it
    keep_random_first_seats,
    # 7: seeds too large for a 64-bit integer (the 128-bit secrets that deal hidden tiles), as
    # decimal digits; NULL when the seed column holds the seed
    """
    ALTER TABLE games ADD COLUMN big_seed TEXT;
    """,
    # 8: a player's own user name beside their name in the game's server (a nickname), for what is
    # shown outside that server; and chores the bot does once at its next start: 'rerate' replays
    # the rating history (a draw whose scores differed had been rated as a win)
    """
    ALTER TABLE seats ADD COLUMN account TEXT;
    CREATE TABLE chores (name TEXT PRIMARY KEY);
    INSERT INTO chores (name) VALUES ('rerate');
    """,
    # 9: what the players have been shown: ``posted`` counts the record entries whose message went
    # out (-1: not even the start), so a turn saved just before a stop is announced after it; and
    # the thread made for a game being started (``pending_channel``), removed if the start failed
    """
    ALTER TABLE games ADD COLUMN posted INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET posted = (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id);
    ALTER TABLE games ADD COLUMN pending_channel INTEGER;
    """,
    # 10: playing together (issue 41). A game's own time per move (a tournament's; NULL: the
    # server's), the tournament it belongs to, and for an open challenge the most seats it fills.
    # Tournaments with their entrants and each round's pairings (a game, a bye or a forfeit, with
    # the points once decided); the role a server names for organisers. Each player's notification
    # settings, their vacations (clocks stopped), and turn notices held back by quiet hours.
    """
    ALTER TABLE games ADD COLUMN tournament_id INTEGER;
    ALTER TABLE games ADD COLUMN move_seconds REAL;
    ALTER TABLE games ADD COLUMN open_seats INTEGER;
    CREATE INDEX games_by_tournament ON games (tournament_id);
    CREATE TABLE tournaments (
        id            INTEGER PRIMARY KEY,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,          -- where it is announced (its games get threads here)
        message_id    INTEGER,                   -- the announcement (Join / Leave buttons)
        organiser_id  INTEGER NOT NULL,
        name          TEXT    NOT NULL,
        variant       TEXT    NOT NULL,
        options       TEXT    NOT NULL,          -- JSON, as the engine takes them
        format        TEXT    NOT NULL,          -- roundrobin | swiss | tables
        rounds        INTEGER NOT NULL,          -- planned rounds (a round robin's: set at the start)
        rated         INTEGER NOT NULL,
        move_seconds  REAL    NOT NULL,
        round_seconds REAL    NOT NULL,
        adjudication  TEXT    NOT NULL,          -- at a round's deadline: loss (the player to move) | draw
        status        TEXT    NOT NULL,          -- signup | running | finished | cancelled
        signup_until  REAL    NOT NULL,
        round_no      INTEGER NOT NULL DEFAULT 0,
        round_ends    REAL,
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL
    );
    CREATE INDEX tournaments_by_status ON tournaments (status);
    CREATE TABLE entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id       INTEGER NOT NULL,          -- the bot: a negative id, with its level
        name          TEXT    NOT NULL,
        account       TEXT,
        level         TEXT,
        number        INTEGER,                   -- starting number, given at the start
        withdrawn     INTEGER,                   -- left after this many rounds (NULL: still in)
        joined_at     REAL    NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE pairings (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round_no      INTEGER NOT NULL,
        board         INTEGER NOT NULL,          -- 1, 2, ... in the round (byes and forfeits last)
        kind          TEXT    NOT NULL,          -- game | bye | forfeit
        players       TEXT    NOT NULL,          -- JSON: the entrants' user ids in seat order
        channel_id    INTEGER,                   -- the thread made for the game (before the game exists)
        game_id       INTEGER,
        points        TEXT,                      -- JSON: each player's points, once decided
        PRIMARY KEY (tournament_id, round_no, board)
    );
    CREATE INDEX pairings_by_game ON pairings (game_id);
    CREATE TABLE organiser_roles (
        guild_id INTEGER PRIMARY KEY,
        role_id  INTEGER NOT NULL
    );
    CREATE TABLE player_settings (
        user_id     INTEGER PRIMARY KEY,
        notify      TEXT    NOT NULL DEFAULT 'mention',   -- mention | dm | digest
        zone        TEXT    NOT NULL DEFAULT 'UTC',       -- IANA time zone of the hours below
        quiet_from  INTEGER,                              -- quiet hours: from this hour to quiet_to
        quiet_to    INTEGER,
        digest_hour INTEGER NOT NULL DEFAULT 18,
        digest_at   REAL,                                 -- when the next digest is due
        dm_failed   INTEGER NOT NULL DEFAULT 0            -- a DM was refused: tell them (once)
    );
    CREATE TABLE vacations (
        user_id INTEGER NOT NULL,
        starts  REAL    NOT NULL,
        ends    REAL    NOT NULL,
        PRIMARY KEY (user_id, starts)
    );
    CREATE TABLE held_notices (
        user_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply     INTEGER NOT NULL,                         -- the turn it tells of
        due_at  REAL    NOT NULL,                         -- the end of the player's quiet hours
        PRIMARY KEY (user_id, game_id)
    );
    """,
    # 11: learning: the hints each player of a game has used (``seats.hints``), and each user's
    # progress in the lessons of each game: the best stars of a finished lesson, and the attempt
    # under way (the moves the lesson accepted, the wrong tries), from which its position is rebuilt
    """
    ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE lesson_progress (
        user_id    INTEGER NOT NULL,
        variant    TEXT    NOT NULL,
        lesson     TEXT    NOT NULL,          -- the lesson's id: its file name without .toml
        stars      INTEGER NOT NULL DEFAULT 0, -- the best finish (1-3), 0: never finished
        moves      TEXT    NOT NULL DEFAULT '[]', -- the attempt under way: its accepted moves (JSON)
        tries      INTEGER NOT NULL DEFAULT 0, -- ... and its wrong tries (a hint counts as one)
        updated_at REAL    NOT NULL,
        PRIMARY KEY (user_id, variant, lesson)
    );
    """,
    # 12: puzzles and reviews (issue 40): each player's puzzle rating and streak per game, each
    # puzzle's own rating (once someone tried it), every attempt (at most one open per player and
    # slot: a game, or the daily puzzle), the servers' daily post, and the reviews of finished games
    """
    CREATE TABLE puzzle_players (
        user_id     INTEGER NOT NULL,
        variant     TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        attempts    INTEGER NOT NULL,
        solved      INTEGER NOT NULL,
        streak      INTEGER NOT NULL,          -- puzzles solved in a row, now
        best_streak INTEGER NOT NULL,
        best        REAL    NOT NULL,          -- best displayed puzzle rating so far
        last_at     REAL    NOT NULL,
        PRIMARY KEY (user_id, variant)
    );
    CREATE TABLE puzzle_ratings (
        puzzle_id   TEXT    PRIMARY KEY,
        variant     TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        attempts    INTEGER NOT NULL,
        solved      INTEGER NOT NULL
    );
    CREATE TABLE puzzle_attempts (
        id          INTEGER PRIMARY KEY,
        user_id     INTEGER NOT NULL,
        puzzle_id   TEXT    NOT NULL,
        variant     TEXT    NOT NULL,
        slot        TEXT    NOT NULL,          -- the game's id, or 'daily'
        day         TEXT,                      -- the daily puzzle's day (YYYY-MM-DD, UTC)
        guild_id    INTEGER,                   -- where it was asked (NULL: a direct message, the console)
        rated       INTEGER NOT NULL,          -- the player's first attempt at this puzzle
        progress    INTEGER NOT NULL,          -- entries of the solution played
        status      TEXT    NOT NULL,          -- open | solved | failed
        started_at  REAL    NOT NULL,
        ended_at    REAL,
        before      REAL,                      -- the displayed puzzle rating before and after
        after       REAL
    );
    CREATE UNIQUE INDEX one_open_puzzle ON puzzle_attempts (user_id, slot) WHERE status = 'open';
    CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id, puzzle_id);
    CREATE INDEX puzzle_attempts_by_guild ON puzzle_attempts (guild_id, variant);
    CREATE TABLE daily_puzzles (
        guild_id    INTEGER PRIMARY KEY,
        channel_id  INTEGER NOT NULL,
        hour        INTEGER NOT NULL,          -- UTC
        last_day    TEXT,                      -- the last day posted
        set_at      REAL    NOT NULL
    );
    CREATE TABLE reviews (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version     TEXT    NOT NULL,          -- what the review was made with (its budget)
        data        TEXT    NOT NULL,          -- JSON: the evaluation per turn, the marked turns
        created_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    """,
]


_POSTGRES_WORDS = [
    (re.compile(r"\bid(\s+)INTEGER PRIMARY KEY\b"), r"id\1BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
]


def for_postgres(script: str) -> str:
    """A migration step (SQLite's words) as PostgreSQL runs it."""
    for pattern, words in _POSTGRES_WORDS:
        script = pattern.sub(words, script)
    return script


def statements(script: str) -> list[str]:
    """A step's statements, one by one (the steps hold no ';' inside a statement)."""
    return [s for s in script.split(";") if s.strip()]
