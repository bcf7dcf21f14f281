"""Ratings with openskill's Plackett-Luce model, shown on a familiar 1500-based scale.

Scale: 1500 + 40 x (mu - 25). Two established, equal players (sigma about 1.8) move about
10 points per game. A rating is provisional ("1500?") while sigma is above 5 (a new player's is
8.3; about 20 close games, fewer decisive ones), and sigma grows again while a player does not
play (an established player is provisional again after about a year away).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
SCALE, CENTRE = 40.0, 1500.0
PROVISIONAL_SIGMA = 5.0
DRIFT_PER_DAY = 0.06  # sigma^2 added per day without a rated game
DAY = 86400.0


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA


def display(mu: float) -> float:
    return CENTRE + SCALE * (mu - START_MU)


def shown_value(value: float, sigma: float) -> str:
    """A displayed rating: ``1538`` or, while uncertain, ``1538?``."""
    return f"{round(value)}{'?' if sigma > PROVISIONAL_SIGMA else ''}"


def after_inactivity(skill: Skill, idle_seconds: float) -> Skill:
    """Uncertainty grows with time away (never beyond a new player's)."""
    days = max(0.0, idle_seconds) / DAY
    return Skill(skill.mu, min(START_SIGMA, math.sqrt(skill.sigma ** 2 + DRIFT_PER_DAY * days)))


def ranks(players: int, winners: Sequence[int], scores: Sequence[float] | None,
          left: Sequence[int]) -> list[int]:
    """Finishing places (1 = best) from an outcome: the winners share 1st whatever their scores
    (a draw, where every player still in is a winner, ranks them equal), then the others by score
    (equal scores share a place), players who left the game last."""
    def key(seat: int) -> tuple:
        if seat in winners:
            return (False, seat in left, 0)
        return (True, seat in left, -(scores[seat] if scores else 0))
    order = sorted(range(players), key=key)
    places, last_key, place = [0] * players, None, 0
    for i, seat in enumerate(order):
        if key(seat) != last_key:
            place, last_key = i + 1, key(seat)
        places[seat] = place
    return places


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """New skills after one game (one player per seat, ``places`` as from ``ranks``)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=list(places))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


R = TypeVar("R")


def board_lines(standing: Sequence[tuple[float, float, R]], settled: Callable[[int, int, R], str],
                provisional: Callable[[float, float, R], str], name: Callable[[R], str]) -> list[tuple[str, str]]:
    """A leaderboard as (section, line) from each entry's (shown rating, sigma, row): established
    ratings first, best first, equal ratings sharing a place (``settled(place, rating, row)``),
    then the provisional ones in a section of their own (``provisional(rating, sigma, row)``);
    ties in order of ``name``."""
    firm = sorted((p for p in standing if p[1] <= PROVISIONAL_SIGMA), key=lambda p: (-p[0], name(p[2])))
    unsure = sorted((p for p in standing if p[1] > PROVISIONAL_SIGMA), key=lambda p: (-p[0], name(p[2])))
    lines: list[tuple[str, str]] = []
    place, last = 0, None
    for i, (value, _sigma, row) in enumerate(firm):
        if round(value) != last:
            place, last = i + 1, round(value)
        lines.append(("", settled(place, round(value), row)))
    lines += [("Provisional", provisional(value, sigma, row)) for value, sigma, row in unsure]
    return lines
