"""Every number Iroh's evaluation and levels use, in one table (how it plays: docs/ai/iroh.md).

Scores are in *arms*: a held arm counts 1, a winning set 4. The win chance is a logistic function
of the difference of the two players' scores (``STEEPNESS``), kept inside (1 - ``ESTIMATE``,
``ESTIMATE``), below the certainties (``WON``, ``SURE``, ``FORCED``).
"""
from __future__ import annotations

# ----- the score of one player (strength.strength) ------------------------------------------------
SPARE = 0.2  # each further harmony on an arm (at most one counted)
ROBUST = 0.8  # each arm the player holds whatever single move the opponent makes
BORROWED = 0.25  # an arm held only with the opponent's White Lotus (it can move away at will)
POTENTIAL = 0.6  # an arm the cover does not hold: POTENTIAL * HALF ** (moves to a harmony there)
HALF = 0.5
UNREACHABLE = 8  # the moves counted for an arm no piece can reach
SLOTS = 3  # points across the midline looked at per end
MATERIAL = 0.04  # per nation piece on the board or in reserve
DEPLOYED = 0.08  # per nation piece on the board (one in reserve makes no harmony)
KEPT = 0.12  # per Rock or Knotweed in reserve (kept for when it breaks a set or opens a line)
CAP = 8  # harmonies per arm the cover search looks at

# ----- the win chance (knowledge.IrohKnowledge.judge) ---------------------------------------------
STEEPNESS = 1.1  # logistic slope of the strength difference
TEMPO = 0.15  # the player to move
THREAT = 1.6  # a winning set that the player to move may still break
REPEAT = 1.2  # a move back into a position this game has already seen (the player who made it)
WON = 0.97  # the player to move holds a winning set: proclaiming wins
SURE = 0.96  # the other player holds a winning set that no move breaks
FORCED = 0.95  # the player to move holds three arms no move breaks and can add a fourth that way
ESTIMATE = 0.94  # estimates stay inside (1 - ESTIMATE, ESTIMATE), below what is certain

# ----- what hard's horizon reads more (knowledge.IrohKnowledge.horizon) ---------------------------
HANGING = 1.0  # share of a capturable piece's material counted at the horizon for the player to move
END = 0.3  # more for a capturable piece that ends a harmony of the opponent's cover
HOARD = 0.3  # more per Rock or Knotweed in reserve at the horizon (kept for the end game)
DEPLOY = 0.3  # more per nation piece on the board at the horizon (pieces in reserve make no harmony)
LOCKED = 0.6  # at the horizon, less for a home point held by a Knotweed while pieces wait in reserve
CIRCLE = 0.5  # at the horizon, a position this game has seen is this much closer to a draw

# ----- the levels ---------------------------------------------------------------------------------
# The chance per turn that a level does not look at the opponent's harmonies (``overlooking``):
# a defender that sees every set can only lose to a fork, so without it easy was as hard to beat
# as hard (rules 2.5: seeing the opponent's harmonies is the player's own job).
OVERLOOK = {"easy": 0.6, "medium": 0.25}
# The chance that a level playing ``overlooking`` still sees a winning set of the opponent's: one
# just made (then it searches and breaks it) or one its own move would complete (it plays another
# move): medium builds as often as it overlooks but rarely misses a finished set.
NOTICE = {"easy": 0.0, "medium": 0.8}
