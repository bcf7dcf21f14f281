"""The benchmark: what one turn costs for every playable game, and how it scales (python -m bench)."""
