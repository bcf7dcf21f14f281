"""The local console's terminal: lines read with editing and history (readline) or from a pipe,
in daemon threads so that a stop never waits for input, and Discord's Markdown shown as plain text."""
from __future__ import annotations

import asyncio
import codecs
import os
import re
import sys
import threading
from collections.abc import Awaitable, Callable


def terminal_text(markdown: str) -> str:
    """A text written in Discord's Markdown as a terminal shows it: no ** or backticks, headings as
    plain lines, links as their words and address."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", markdown)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"\1 (\2)", text)
    return re.sub(r"(?m)^#{1,6}[ \t]+", "", text)  # a heading has a space after its marks; "#1" is no heading


def in_daemon_thread(read: Callable[[], str | None]) -> asyncio.Future[str | None]:
    """``read()`` in a daemon thread of its own: a stop never waits for input that may never come
    (a thread of asyncio's pool would hold up the end of the program until a line is typed)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str | None] = loop.create_future()

    def settle(value: str | None) -> None:
        if not future.done():
            future.set_result(value)

    def run() -> None:
        value = read()
        try:
            loop.call_soon_threadsafe(settle, value)
        except RuntimeError:  # the console has ended meanwhile
            pass
    threading.Thread(target=run, name="console-input", daemon=True).start()
    return future


def read_line(prompt: str) -> asyncio.Future[str | None]:
    """One line typed at the terminal, with line editing and history (readline, where Python has
    it); None at the end of input."""
    def read() -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None
    return in_daemon_thread(read)


def piped_lines() -> Callable[[], Awaitable[str | None]]:
    """Lines of standard input that is not a terminal (a pipe, a file), None at its end. They are
    read from the file descriptor itself (os.read): a daemon thread stopped inside sys.stdin would
    hold its lock when the program ends."""
    decoder = codecs.getincrementaldecoder(sys.stdin.encoding or "utf-8")(errors="replace")
    pending: list[str] = []
    buffer = [""]

    def read() -> str | None:
        while not pending:
            try:
                chunk = os.read(sys.stdin.fileno(), 65536)
            except (OSError, ValueError):
                chunk = b""
            buffer[0] += decoder.decode(chunk, final=not chunk)
            *complete, buffer[0] = buffer[0].split("\n")
            pending.extend(line + "\n" for line in complete)
            if not chunk:
                if buffer[0]:
                    pending.append(buffer[0])
                    buffer[0] = ""
                if not pending:
                    return None
        return pending.pop(0)
    return lambda: in_daemon_thread(read)


async def unless_stopped(reading: Awaitable[str | None], stop: asyncio.Event) -> str | None:
    """What ``reading`` gives, or None as soon as ``stop`` is set."""
    getting, stopping = asyncio.ensure_future(reading), asyncio.ensure_future(stop.wait())
    await asyncio.wait((getting, stopping), return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if getting.done():
        return getting.result()
    getting.cancel()
    return None
