"""Persistence: the aiosqlite store of games, seats and moves (see store.py)."""
from .store import GameRow, Seat, Store, StoreError, Timer

__all__ = ["GameRow", "Seat", "Store", "StoreError", "Timer"]
