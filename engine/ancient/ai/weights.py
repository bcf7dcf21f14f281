"""Every number Ancient's candidates, evaluation and levels use, in one table (how it plays:
docs/ai/ancient.md). Values are win chances (0 to 1) unless a comment says otherwise."""
from __future__ import annotations

# ----- how near the target is (candidates.danger, the evaluation) ----------------------------------
# Chance that the player to move makes the count exact this turn, by the distance to the target.
EXACT_CHANCE = {0: 0.95, 1: 0.9, 2: 0.75, 3: 0.5, 4: 0.3, 5: 0.15}
FAR = 0.08  # the same from further away
NO_HAND = 0.25  # an empty hand cannot place, so cannot change the board this turn

# ----- the candidate turns (candidates.candidates, scoring) ---------------------------------------
PER_COUNT = 1  # placements kept for each count they lead to
COMBOS = 5  # place-and-move turns kept when nothing wins
MAX_PLACED = 10  # placements (and the draw) kept when nothing wins: the nearest counts are dropped
WHEELS = 30  # Wheel points scored per position
VERIFY = 30  # place-and-move pairs checked exactly in the search for a win
EVAL_VERIFY = 8  # the same in the evaluation
KEEP_ORDER = {"Ja": 0, "Li": 0, "WJ": 0, "Ro": 0, "Ch": 0, "Rh": 0, "WD": 1, "Kn": 2, "Wh": 2, "WL": 3,
              "Rk": 3, "Bo": 4}  # placed first: flowers; kept for the finish: Lotus, Coin, Ship

# ----- the evaluation (knowledge.AncientKnowledge.evaluate) ---------------------------------------
CAN_WIN = 0.95  # the mover's chance when the evaluation finds them a winning turn
NEAR = 0.15  # otherwise: how much being close to the target (EXACT_CHANCE) is worth to the mover
THREAT = 0.15  # how much a near count costs the searching seat when it has no win (see evaluate)
THREAT_HAND = 2  # the other seat's threat grows with its hand up to this many tiles
THREAT_DODGE = 0.6  # a mover with tiles in hand may shift the count away: the threat left
DEVELOPED = 0.01  # per own movable tile on the board or tile in hand, beyond the other seat's
MEANS_CAP = 10  # movable tiles counted at most
HAND_MEANS = 0.3  # a tile in hand counts this much of a movable tile on the board

# ----- hard's root: the other hand's finishes (finishes) -------------------------------------------
HELD = {"Rk": 3.0, "Wh": 3.0, "Bo": 3.0, "WL": 2.0, "Kn": 1.5}  # kept in a hand this many times as often as a flower
SETTLE_MARGIN = 0.05  # hard's root: turns valued this near the best are compared by the finishes they leave
SETTLE_WEIGHT = 0.5  # how much the chance of the other seat's finish costs there
SETTLE_LOOKED = 12  # searched turns compared at most
DEFENCE_FROM = 0.1  # the other seat's finish chance from which defences are offered
DEFENCES = 3  # defences offered at most
DEFENCE_TRIES = 12  # placements checked for that
DEFENDERS = {"Rk": 0, "WL": 1, "Ja": 2, "Li": 2, "WJ": 2, "Ro": 2, "Ch": 2, "Rh": 2}  # tried in this order
