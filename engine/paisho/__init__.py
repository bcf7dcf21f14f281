"""What the four Pai Sho games share (docs/rules/paisho-board.md): the round board (board), its
notation, shared refusals and test-position pieces (notation), the tile set of Basic and Ancient
(flowers), and the seeded random generator (rng). Basic, Ancient, Iroh and Kutai build on these
modules instead of keeping their own copies."""
