"""What the four Pai Sho games share (rules/paisho-board.md): the round board, its notation and
messages, and the seeded random generator. Each game (kutai, and later basic, iroh, ancient)
builds on these modules instead of keeping its own copy."""
