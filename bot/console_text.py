"""What the local console prints besides the bot's replies: its help (with the games and an example
from the registry) and where the numbering of saved pictures goes
on from an earlier session."""
from __future__ import annotations

import re
from pathlib import Path

import engine

_PICTURE_RE = re.compile(r"^game\d+-(\d+)")

HELP = """\
Commands (prefix each with the speaker's name, e.g. "alice: accept"; the prefix sticks):
  challenge <game> <opponent> [<opponent> ...] [option=value ...]
                       e.g. challenge {example}; "bot" (or bot:easy, bot:medium,
                       bot:hard) is a seat the bot plays: against it alone the game starts at once
  accept [#id]         accept the open challenge (and its board)
  decline [#id]        decline it (the challenger withdraws it)
  board <preset|layout>  propose another board for an open challenge (games with a board option)
  board [#game]        show the board of the game in this channel (or the last one here, or game N)
  move <move>          play a move; a bare move works too: "c3" or "R@c3"
  pick                 pick your move in steps instead (the move panel): numbered choices and a
                       picture in the boards folder; pick <n> chooses, back, cancel
  resign | abort       leave the game | call it off before the first move
  offer draw           offer a draw ("draw" alone is a move: drawing a tile, in games with a pile)
  takeback             ask to take back your last turn
  accept draw|takeback   accept the open offer; decline draw|takeback declines (or withdraws) it
  rematch [#game]      the last game here (or game N) again, seats rotated
  moves | export [#game]  the moves so far | the full record to keep
  hand                 your own tiles, in games with hidden hands
  games [mine] | rules [game]  running games (mine: with my finished ones) | a game's rules
                       and its legend picture (every tile, the owners, the last move)
  replay [#game]       an animated replay (GIF, saved in the boards folder) of the game here or #game
  browse [#game] [n]   the position after n moves (default: the last) of the game here or #game
  profile [name] [game]  ratings, record and a rating chart (challenges are rated
                       unless you add rated=no)
  leaderboard [game] [page]  the best rated players (leaderboard puzzles <game>: by puzzle rating)
  review [#game]       the AI's review of a finished game (here, or game N): a chart and the marked
                       turns, pictures in the boards folder; review record <file> reviews an export
  puzzle [game|daily]  a puzzle for you near your puzzle rating (daily: today's, the same for
                       everyone); solve <move> or solve <n> (a choice of its list), solve back,
                       give up (shows the solution)
  learn [game] [n]     lessons, only for you: your progress; a game's lessons (opens the
                       next one); lesson n. In a lesson: pick <n> (or just n), back,
                       a move typed (or try <move>), hint, then next, again or share;
                       stop closes it (meanwhile pick, back and a bare move are the lesson's)
  hint                 in a casual game or one against the bot, on your turn: the move the
                       bot would play for you, and why (3 per game)
  status               the console's games and challenges, the bot's queue, the last backup
  channel <name>       go to another channel (one running game per channel)
  challenge <game> [option=value ...] [seats=N]   with nobody named: anyone here may take a
                       seat (take [#id]); leave gives it up (the host withdraws); start: the host
                       starts it with those seated; games open lists them
  tournament create <game> <swiss|roundrobin|tables> [name="..."] [rounds=N] [move_hours=H]
                       [round_hours=H] [signup_hours=H] [deadline=loss|draw] [option=value ...]
  tournament join|leave|start|cancel|standings [#id], tournament bot <level> [#id]
                       each round's games get channels of their own (channel <name> goes there)
  settings [notify=mention|dm|digest] [zone=Europe/Berlin] [quiet=22-7|off] [digest=18]
                       [vacation=<days>|0]   how you are told it is your turn; a vacation stops
                       your clocks
  help | quit
Games: {games}. A game's options and notation: rules <game>."""


def help_text() -> str:
    """The console's help, with the games and an example challenge from the registry."""
    games = engine.games()
    widest = max(games, key=lambda d: d.max_players)
    opponents = " ".join(["bob", "carol", "dave"][: widest.max_players - 1])
    return HELP.format(games=", ".join(d.id for d in games), example=f"{widest.id} {opponents}")


def last_picture_number(folder: Path) -> int:
    """The highest number of a picture saved in ``folder`` by an earlier session (0 if none), so a
    new session never overwrites one."""
    numbers = [int(m.group(1)) for p in folder.glob("game*-*") if (m := _PICTURE_RE.match(p.name))]
    return max(numbers, default=0)

