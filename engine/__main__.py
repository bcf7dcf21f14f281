"""``python -m engine options``: print the README's table of every game's options, derived from
the games' descriptors (the README keeps a copy between its options markers; a test compares)."""
from __future__ import annotations

import sys

from . import registry


def main(argv: list[str]) -> int:
    if argv != ["options"]:
        print("usage: python -m engine options", file=sys.stderr)
        return 2
    print(registry.options_table())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
