"""Persistence: the store of games, seats, moves and ratings, behind one interface (interface.py)
with two databases: SQLite (store.py, the embedded default) and PostgreSQL (postgres.py, for
several processes); ``open_store`` picks one from the configuration."""
from .interface import GameStore, open_store
from .puzzle_rows import DAILY, AttemptRow, DailyPost, PuzzleEnd, PuzzlePlayerRow, PuzzleRatingRow
from .rows import (
    KEEP,
    GameRow,
    HistoryRow,
    LessonRow,
    Offer,
    RatingRow,
    RatingUpdate,
    Seat,
    StoreError,
    Timer,
    TurnTimer,
    WriteFailed,
)
from .store import Store

__all__ = ["DAILY", "AttemptRow", "DailyPost", "PuzzleEnd", "PuzzlePlayerRow", "PuzzleRatingRow",
           "GameRow", "GameStore", "HistoryRow", "KEEP", "LessonRow", "Offer", "RatingRow", "RatingUpdate", "Seat",
           "Store", "StoreError", "Timer", "TurnTimer", "WriteFailed", "open_store"]
