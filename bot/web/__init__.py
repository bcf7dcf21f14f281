"""The board you touch: every game in a web page served by the bot itself (aiohttp, in the bot's
own process), opened from Discord with a private signed link, or inside Discord as an Activity.

    links.py     signed links and sessions (WEB_KEY): who a page is for, until when, used once
    keys.py      WEB_KEY: read from the environment, made on the first start and written to .env
    boards.py    what a page reads and does, through the game service (the same calls as /move)
    live.py      the pages watching each game, told when it changes (WebSocket)
    guard.py     rate limits and the security headers (a strict Content-Security-Policy)
    activity.py  the Activity: Discord's OAuth2 code exchange, the user, the instance and its game
    server.py    the aiohttp application: routes, start and stop

The page itself is plain HTML, CSS and JavaScript modules in web/static (no build step); the
Embedded App SDK comes from npm into web/node_modules (scripts/start installs it from the lock
file) and is served as it is.
"""
