"""Texts: colours, card ranks, card names, players and counts."""

EN: dict[str, str] = {
    # colours as words in a sentence ("chooses red") and on a card ("Red 7")
    "colour.red": "red", "colour.yellow": "yellow", "colour.green": "green", "colour.blue": "blue",
    "colour.red.card": "Red", "colour.yellow.card": "Yellow", "colour.green.card": "Green",
    "colour.blue.card": "Blue",
    # ranks: the numbers stay digits
    **{f"rank.{n}": str(n) for n in range(10)},
    "rank.S": "Skip", "rank.R": "Reverse", "rank.+2": "Draw Two", "rank.+1": "Draw One",
    "rank.W": "Wild", "rank.W+4": "Wild Draw Four", "rank.W+10": "Wild Draw Ten",
    "rank.W+2": "Wild Draw Two",
    # a coloured card: number cards ("Red 7") and action cards ("Red Skip")
    "card.number": "{colour} {rank}",
    "card.coloured": "{colour} {rank}",
    "card.wild_colour": "{card} → {colour}",
    # the legend of the short codes
    "legend.title": "Card codes",
    "legend.colours": "R red, Y yellow, G green, B blue",
    "legend.ranks": "0–9 number cards, S Skip, R Reverse, +2 Draw Two, W Wild, "
                    "W+4 Wild Draw Four; “>G” after a Wild: the colour chosen (green)",
    "legend.house": "House-rule decks: W+10 Wild Draw Ten (V-PLUS10); +1 Draw One and "
                    "W+2 Wild Draw Two (V-H2O)",
    "legend.example": "Example: RS is Red Skip, G+2 Green Draw Two, W+4>G a Wild Draw Four "
                      "with green chosen",
    "player.default": "Player {number}",
    "cards.count": "{count} {count|card|cards}",
}
