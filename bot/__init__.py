"""The application: configuration, the game service, the local console and the Discord bot.

``python -m bot`` starts the Discord bot, ``python -m bot console`` the local console.
"""
