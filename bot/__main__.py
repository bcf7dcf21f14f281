"""Command line: ``python -m bot`` (the Discord bot), ``python -m bot console``, ``python -m bot sync``,
and the operator's commands ``backup``, ``restore`` and ``copy-to`` (bot/backup.py, bot/restore.py,
bot/copy_to.py)."""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import time
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
    backup = sub.add_parser("backup", help="a checked copy of the SQLite database, safe while the bot runs")
    backup.add_argument("path", nargs="?", help="the new file (or a folder for a dated file); default: a dated "
                        "file in BACKUP_DIR, else in backups/ beside the database")
    restore = sub.add_parser("restore", help="put a backup back (stop the bot first); the database as it was "
                             "is kept beside it")
    restore.add_argument("path", help="the backup file")
    copy = sub.add_parser("copy-to", help="copy the SQLite database into an empty PostgreSQL database "
                          "(stop the bot first)")
    copy.add_argument("url", help="postgresql://USER:PASSWORD@HOST/DATABASE")
    for tool in (backup, restore, copy):
        tool.add_argument("--db", help="the SQLite file (default: DATABASE_PATH from .env, else var/paisho.db)")
    args = parser.parse_args(argv)

    try:
        config = load_config()
    except ConfigError as err:
        print(f"Configuration problem: {err}", file=sys.stderr)
        return 2
    configure_logging(config)

    if args.command == "console":
        return asyncio.run(_console(args.db, Path(args.boards), config))
    if args.command in ("backup", "restore", "copy-to"):
        logging.getLogger().setLevel(max(logging.WARNING, logging.getLogger().level))  # the report says it all
        return _tool(args, config)
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


def _tool(args: argparse.Namespace, config) -> int:
    """backup, restore or copy-to: prints what was done (or why not) and returns the exit status."""
    # imported late, like the Discord app: a start loads only what its command needs
    from .backup import BackupError, resolve_target, size_words, take
    from .copy_to import CopyRefused, copy_to, report
    from .restore import restore

    database = args.db or config.database_path
    if config.database_url and not args.db and args.command != "copy-to":
        print("The bot uses PostgreSQL (DATABASE_URL), so back it up and restore it with pg_dump and pg_restore "
              "(README, 'Backups'); backup and restore here are for the SQLite file.", file=sys.stderr)
        return 1
    try:
        if args.command == "backup":
            target = resolve_target(database, args.path, config.backup_dir, time.time())
            snapshot = take(database, target)
            print(f"Backed up {database} to {target} ({size_words(snapshot.size)}) and checked the copy: "
                  f"{snapshot.described()}.")
        elif args.command == "restore":
            print(restore(database, args.path).described())
        else:
            copied, seconds = asyncio.run(copy_to(database, args.url))
            print(report(database, args.url, copied, seconds))
    except (BackupError, CopyRefused) as err:
        print(err, file=sys.stderr)
        return 1
    return 0


async def _console(db_path: str, boards: Path, config) -> int:
    # imported late, like the Discord app: a start loads only what its command needs
    from .console import run_console
    from .operations import Operations, StartupError, open_database
    from .service import GameService

    logging.getLogger().setLevel(max(logging.WARNING, logging.getLogger().level))
    try:
        store = await open_database(config, db_path)
    except StartupError as err:
        print(f"The console could not start: {err}", file=sys.stderr)
        return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)  # the command in progress finishes first
        except (NotImplementedError, RuntimeError):  # pragma: no cover - no signals here (Windows)
            pass
    try:
        service = GameService(store, challenge_ttl=config.challenge_ttl)
        ops = Operations(config, service, database_path=db_path)
        try:
            await service.reload()
            await ops.start()
            if ops.server is not None:
                print(f"Health and metrics: http://{ops.server.host}:{ops.server.port}/healthz and /metrics")
            await run_console(service, boards, stop=stop, ops=ops)
            await ops.finish_turns()
        except StartupError as err:
            print(f"The console could not start: {err}", file=sys.stderr)
            return 1
        finally:
            service.close()
            await ops.stop()
    finally:
        await store.close()
    if stop.is_set():
        print("Stopped: the last command was finished and everything is saved.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
