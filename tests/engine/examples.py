"""The worked examples of the rules files (docs/rules/<game>.md) that tests outside their game's
vector test start from: positions, records and the states they lead to, exactly as the rules
files give them. Each game's vector test (test_<game>_vectors.py) checks them."""
from __future__ import annotations

# ----- PAUSO (docs/rules/pauso.md) --------------------------------------------------
# [T-P8] a complete short game
T_P8 = [
    ("R@d2", [], "4o/4o/3ooP/4o", (0, 0)),
    ("R@b2", [], "4o/4o/ooAooP/4o", (0, 0)),
    ("R@c1", ["1: move A b2\u2192a3", "1: stay P d2 (edge)"], "4o/oA3o/3ooP/2ooPo", (0, 0)),
    ("R@b3", ["1: stay A a3 (edge)"], "4o/2oA2o/3ooP/2ooPo", (0, 0)),
    ("R@b1", ["1: move P c1\u2192d1"], "4o/2oA2o/3ooP/ooPooP", (0, 0)),
    ("R@c3", ["1: point A b3\u2192a3", "1: stay P d2 (edge)"], "4o/oAAooAo/3ooP/ooPooP", (0, 1)),
    ("R@d3", ["1: move A c3\u2192b3", "1: point P d2\u2192d1"], "4o/oAAoAooP/4o/ooPooPP", (1, 1)),
    ("R@b4", ["1: move A b3\u2192b2"], "ooA2o/oAA2ooP/ooA2o/ooPooPP", (1, 1)),
]
# [T-P11] three players on round5
T_P11 = [
    ("R@c1", [], ".3o/5o/5o/5o/.ooPo", (0, 0, 0)),
    ("R@c2", ["1: stay P c1 (edge)"], ".3o/5o/5o/2ooA2o/.ooPo", (0, 0, 0)),
    ("R@b1", ["1: move A c2\u2192d3", "1: move P c1\u2192d1"], ".3o/5o/3ooAo/5o/.oMooP", (0, 0, 0)),
    ("R@d4", ["1: move A d3\u2192d2"], ".3o/3ooPo/5o/3ooAo/.oMooP", (0, 0, 0)),
    ("R@e4", ["1: move P d4\u2192c4"], ".3o/2ooPooA/5o/3ooAo/.oMooP", (0, 0, 0)),
    ("R@c5", ["1: move P c4\u2192c3"], ".ooMo/4ooA/2ooP2o/3ooAo/.oMooP", (0, 0, 0)),
    ("R@d3", ["1: stay A e4 (edge)", "1: move P c3\u2192b3", "1: point A d2\u2192d1"],
     ".ooMo/4ooA/ooPooPo/5o/.oMooPA", (0, 1, 0)),
    ("R@b2", ["1: move P b3\u2192b4", "1: stay M b1 (edge)"], ".ooMo/ooP2ooA/3ooPo/ooA3o/.oMooPA", (0, 1, 0)),
    ("R@a4", ["1: move P b4\u2192c4"], ".ooMo/oMooPooA/3ooPo/ooA3o/.oMooPA", (0, 1, 0)),
    ("R@b3", ["1: stay M a4 (edge)", "1: move P c4\u2192d5", "1: point A b2\u2192b1"],
     ".ooMoP/oM3ooA/ooPooPo/5o/.oMAooPA", (0, 2, 0)),
    ("R@c2", ["1: point P b3\u2192a4", "1: point P d3\u2192e4"], ".ooMoP/oMP3ooAP/5o/2ooA2o/.oMAooPA", (2, 2, 0)),
    ("R@a2", [], ".ooMoP/oMP3ooAP/5o/oMooA2o/.oMAooPA", (2, 2, 0)),
]


# ----- Kutai Pai Sho (docs/rules/kutai.md) ------------------------------------------
K3_POSITION = "1: DMa@i9, DRh@i3, DIr@m5; 2: DCl@f12, Wh@a9"
# K-2
K2 = [
    ("DMa@i9", 0, []),
    ("DCl@f12", 2, ["i9-f12:2"]),
    ("DRh@i3", 4, ["i9-f12:2", "i9-i3:2"]),
    ("Wh@a9", 6, ["i9-f12:2", "i9-i3:2", "i9-a9:2"]),
    ("DIr@m5", 8, ["i9-f12:2", "i9-m5:2", "i9-i3:2", "i9-a9:2"]),
    ("NCh@i2", 6, ["i9-f12:2", "i9-m5:2", "i9-a9:2"]),
    ("Sp@h2", 9, ["i9-f12:2", "i9-m5:2", "i9-i3:2", "i9-a9:2", "i3-i2:1"]),
    ("WL@l12", 12, ["i9-l12:3", "i9-f12:2", "i9-m5:2", "i9-i3:2", "i9-a9:2", "i3-i2:1"]),
]


# ----- Iroh Pai Sho (docs/rules/iroh.md) --------------------------------------------
I5 = """Rk@i5 i2-f2 Kn@l13 i3-i4 Rk@q8 g3-h5 Kn@a11 h5-h8 Kn@h5 h8-h10
g15-f15 h10-j11 k15-m14 f2-k2 f15-d15 k3-k5 d15-f15 k5-i6 f15-f16 j11-h12
f16-e15 proclaim a9-c9 q9-o9 c9-a9 h12-j14 i16-e16 k2-f2 e15-d14 f2-e2
d14-d10 i4-k4 i15-i16 e2-e4 h15-h14 j2-k2 d10-e7 e4-e8 h14-h15 k4-k5
e7-b6 e8-e5 b6-e6 e5-e8 h15-h14 o9-o10 e6-f9 e8-e5 e16-e15 j14-k13
e15-f15 e5-e10 f9-c10 h2-f2 c10-a10 proclaim""".split()
I3 = "to_move: P1; P1: Fi g7, Wa k7, Ai k11, Ea e13, Ea m13, Ea c7, Ea c11, WL i2; P2: Fi i5, Ea o4, Wa g12, WL i16"


# ----- Quaterno (docs/rules/quaterno.md) --------------------------------------------
POS_A = ("1:Su@f5,Mo@e6,Fa@g4,An@f1,St@c5,Co@h7,So@b9;2:Su@f7,Mo@g6,Fa@a10,An@j10,St@k2,Co@i5,So@j9;"
         "turn:11;used:")
POS_E = ("1:Su@f5,Mo@e6,Fa@d5,An@d1,St@c6,Co@k1,So@d7;2:Su@f7,Mo@g6,Fa@a11,An@k11,St@a1,Co@k10,So@d6;"
         "turn:11;used:")
T_Q8 = [("So@k4", 320), ("So@d11", 240), ("Co@k7", 188), ("Co@g11", 188), ("St@d1", 138), ("St@a9", 90),
        ("An@c1", 58), ("An@a7", 58), ("Fa@h1", 28), ("Fa@a5", 28), ("c1-c5", 208), ("a9-a10", 214),
        ("c5>f5-e5", 215), ("a10-a9", 201), ("e6-f6", 211)]


# ----- Ancient Pai Sho (docs/rules/ancient.md) --------------------------------------
A3 = "to_move: P1; P1: Rh i9, Ja i5; P2: Ro m9, Ch e9"
A4 = "to_move: P1; P1: Rh i9, Ja i5, Li k5; P2: Ro m9, Ch e9, WD i7; P1 hand: Rk"
A5 = A3 + "; P1 hand: Bo Wh Kn Ja Ro"
