"""Thin discord.py adapters: each slash command or button turns an Interaction into one call
on the game service and its Reply into a Discord message (see replies.py)."""
