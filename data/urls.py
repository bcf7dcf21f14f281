"""Database URLs: whether one names PostgreSQL, and how logs and messages show one (no password)."""
from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def masked_url(url: str) -> str:
    """A database URL as logs and messages may show it: any password, in the user part or in the
    query string (``?password=...``), replaced by ``***``. A URL that cannot be read is not shown."""
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. an unclosed [ of an IPv6 address
        return "(a database URL that cannot be read)"
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, host = netloc.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        netloc = f"{user}{':***' if colon else ''}@{host}"
    query = "&".join(f"{key}=***" if key.lower() in SECRET_PARAMS else f"{key}={value}" if value or eq else key
                     for key, eq, value in (item.partition("=") for item in parts.query.split("&") if item))
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


SECRET_PARAMS = {"password", "sslpassword", "passfile"}


def is_postgres(url: str | None) -> bool:
    return bool(url) and str(url).startswith(("postgresql://", "postgres://"))
