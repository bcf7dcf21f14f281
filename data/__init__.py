"""Persistence: the aiosqlite store of games, seats and moves (see store.py)."""
from .store import GameRow, HistoryRow, Offer, RatingRow, Seat, Store, StoreError, Timer, WriteFailed

__all__ = ["GameRow", "HistoryRow", "Offer", "RatingRow", "Seat", "Store", "StoreError", "Timer", "WriteFailed"]
