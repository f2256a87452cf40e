"""The engine: the cards, the rules and a game of Uno, in plain Python (no numpy, no widgets)."""
