"""Command line: ``python -m bot`` (the Discord bot), ``python -m bot console``, ``python -m bot sync``."""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from .config import ConfigError, load_config

NO_TOKEN = """\
No Discord token is set, so the bot cannot connect to Discord.

To run it on Discord:
  1. Open https://discord.com/developers/applications, click "New Application", name it.
  2. In "Bot", click "Reset Token" and copy the token.
  3. Copy .env.example to .env and put the token after DISCORD_TOKEN=
  4. Invite the bot to your server (see "Run it on Discord" in README.md).
  5. Publish the slash commands: put your server's id after DEV_GUILD_ID= in .env (they appear
     there at once when the bot starts), or run "scripts/start sync" once to publish them to
     every server (Discord may take up to an hour to show them). Then run this again.

To play right now without Discord, use the local console:
  scripts/start console
(type "help" there; README.md has a whole three-player game to paste in).
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Pai Sho Bot")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="start the Discord bot (the default)")
    console = sub.add_parser("console", help="play in a local console, no Discord needed")
    console.add_argument("--db", default="var/console.db", help="database file (default var/console.db)")
    console.add_argument("--boards", default="boards", help="folder for board pictures (default boards/)")
    sub.add_parser("sync", help="publish the slash commands to every server (global sync) and exit")
    args = parser.parse_args(argv)

    try:
        config = load_config()
    except ConfigError as err:
        print(f"Configuration problem: {err}", file=sys.stderr)
        return 2
    configure_logging(config)

    if args.command == "console":
        return asyncio.run(_console(args.db, Path(args.boards), config))
    if config.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from .app import run_bot  # imported late: the console needs no Discord machinery
    return run_bot(config, sync_globally=args.command == "sync")


def configure_logging(config) -> None:
    """The bot's log at LOG_LEVEL; discord.py's own loggers at DISCORD_LOG_LEVEL (INFO by default),
    because at DEBUG they write interaction tokens and whole message payloads."""
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(config.log_level)
    logging.getLogger("discord").setLevel(config.discord_log_level)


async def _console(db_path: str, boards: Path, config) -> int:
    # imported late, like the Discord app above: a start loads only what its command needs
    from data import open_store

    from .console import run_console
    from .service import GameService

    logging.getLogger().setLevel(max(logging.WARNING, logging.getLogger().level))
    store = await open_store(config.database_url, db_path)
    try:
        service = GameService(store, challenge_ttl=config.challenge_ttl)
        await service.reload()
        try:
            await run_console(service, boards)
        finally:
            service.close()
    finally:
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
