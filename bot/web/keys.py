"""WEB_KEY, the key that signs the board pages' links and sessions: from the environment (or
.env), else made on the first start with WEB_PORT set and written to the .env file, where the
log says it went. A key that cannot be written is used for this run only (links and sessions then
end with the process), and the log says so."""
from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger(__name__)
MIN_LENGTH = 32


def web_key(env_file: str | os.PathLike[str] = ".env") -> str:
    """The key to sign with: WEB_KEY, or a new one appended to ``env_file`` (created readable by
    this user only when it does not exist) and put in the environment."""
    given = os.environ.get("WEB_KEY", "").strip()
    if len(given) >= MIN_LENGTH:  # bot.config refuses a shorter one
        return given
    key = secrets.token_urlsafe(32)
    path = Path(env_file)
    try:
        new = not path.exists()
        with open(path, "a", encoding="utf-8") as out:
            if not new and path.stat().st_size and not path.read_text(encoding="utf-8").endswith("\n"):
                out.write("\n")
            out.write("# The key that signs the board pages' links (made by the bot; keep it secret).\n")
            out.write(f"WEB_KEY={key}\n")
        if new:
            path.chmod(0o600)
        log.warning("WEB_KEY was not set: made a new key and wrote it to %s (keep that file private)",
                    path.resolve())
    except OSError as err:
        log.warning("WEB_KEY was not set and %s could not be written (%s): using a key for this run only, so "
                    "board links and sessions end when the bot stops. Set WEB_KEY in .env to keep them.",
                    path, err)
    os.environ["WEB_KEY"] = key
    return key
