"""Texts: colours, card ranks, card names, players and counts."""

EN: dict[str, str] = {
    # colours as words in a sentence ("chooses red") and on a card ("Red 7")
    "colour.none": "not chosen yet", "colour.red": "red", "colour.yellow": "yellow", "colour.green": "green", "colour.blue": "blue",
    "colour.red.card": "Red", "colour.yellow.card": "Yellow", "colour.green.card": "Green",
    "colour.blue.card": "Blue",
    # a colour on a zero ("Red 0"): Russian reads it «красный ноль», masculine
    "colour.red.zero": "Red", "colour.yellow.zero": "Yellow", "colour.green.zero": "Green",
    "colour.blue.zero": "Blue",
    # a colour after "of" ("no card of the old colour (blue)")
    "colour.red.of": "red", "colour.yellow.of": "yellow", "colour.green.of": "green",
    "colour.blue.of": "blue",
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
    # the legend of the colours' symbols (engine.render.SYMBOL_SHAPES)
    "legend.symbols.title": "Colour symbols",
    "legend.symbol": "{shape}: {colour}",
    "legend.symbols.pale": "A pale card with a dashed edge does not fit now.",
    "symbol.red": "triangle", "symbol.yellow": "disc", "symbol.green": "diamond",
    "symbol.blue": "waves",
    "player.default": "Player {number}",
    "cards.count": "{count} {count|card|cards}",
}

RU: dict[str, str] = {
    # цвет в предложении («выбирает цвет: зелёный») и на карте («красная 7»).  Имя карты
    # пишется со строчной буквы: оно стоит внутри предложения («кладёт карту: красная 7»);
    # заглавную букву ставит то место, где имя начинает подсказку ({card!u}, render.card_svg)
    "colour.none": "ещё не выбран", "colour.red": "красный", "colour.yellow": "жёлтый", "colour.green": "зелёный",
    "colour.blue": "синий",
    "colour.red.card": "красная", "colour.yellow.card": "жёлтая", "colour.green.card": "зелёная",
    "colour.blue.card": "синяя",
    # цвет на карте с нулём: прилагательное согласуется с тем, что читают вслух, — «красная 7»
    # читается «красная семёрка», а «красный 0» — «красный ноль» (ноль мужского рода)
    "colour.red.zero": "красный", "colour.yellow.zero": "жёлтый", "colour.green.zero": "зелёный",
    "colour.blue.zero": "синий",
    # цвет в родительном падеже («карта прежнего цвета (синего)»)
    "colour.red.of": "красного", "colour.yellow.of": "жёлтого", "colour.green.of": "зелёного",
    "colour.blue.of": "синего",
    **{f"rank.{n}": str(n) for n in range(10)},
    "rank.S": "«Пропуск хода»", "rank.R": "«Смена направления»", "rank.+2": "«+2»",
    "rank.+1": "«+1»",
    "rank.W": "дикая карта", "rank.W+4": "дикая +4", "rank.W+10": "дикая +10",
    "rank.W+2": "дикая +2",
    "card.number": "{colour} {rank}",
    # карта действия: «красная карта «Пропуск хода»» — прилагательное согласовано со словом «карта»
    "card.coloured": "{colour} карта {rank}",
    "card.wild_colour": "{card} → {colour}",
    "legend.title": "Коды карт",
    "legend.colours": "R — красная, Y — жёлтая, G — зелёная, B — синяя",
    "legend.ranks": "0–9 — карты с цифрами, S — «Пропуск хода», R — «Смена направления», "
                    "+2 — «+2 карты», W — дикая карта («Смена цвета»), W+4 — дикая +4 "
                    "(«Смена цвета и +4 карты»); «>G» после чёрной карты — выбранный цвет "
                    "(зелёный)",
    "legend.house": "Колоды для домашних правил: W+10 — дикая +10 (V-PLUS10); +1 — карта «+1» "
                    "и W+2 — дикая +2 (V-H2O)",
    "legend.example": "Пример: RS — красная карта «Пропуск хода», G+2 — зелёная карта «+2», "
                      "W+4>G — дикая +4, выбран зелёный цвет",
    "legend.symbols.title": "Знаки цветов",
    "legend.symbol": "{shape} — {colour}",
    "legend.symbols.pale": "Бледная карта с пунктирной рамкой сейчас не подходит.",
    "symbol.red": "треугольник", "symbol.yellow": "круг", "symbol.green": "ромб",
    "symbol.blue": "волны",
    "player.default": "Игрок {number}",
    "cards.count": "{count} {count|карта|карты|карт}",
}
