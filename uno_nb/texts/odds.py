"""Texts: the odds apps (the odds panel of the stepper, and the lesson on the
card-odds page: counting hands, card counting in a game, the challenge question).

Numbers are written by the helpers of :mod:`uno_nb.texts.numbers` with the
separators and percent templates below; every sentence is a whole template.
"""

EN: dict[str, str] = {
    # -- numbers -------------------------------------------------------------------
    "odds.num.group": ",",                 # 33,599,224,630
    "odds.num.decimal": ".",               # 42.6
    "odds.num.minus": "-",                 # -1.5
    "odds.num.percent": "{value}%",
    "odds.num.below": "less than {value}%",
    "odds.num.above": "more than {value}%",
    "odds.num.fraction": "{num}/{den}",
    "odds.num.interval": "{low} to {high}",
    "odds.list_sep": ", ",
    "odds.none": "—",

    # -- what to count (a hand, an opponent's hand) -----------------------------------
    # label: in a list to choose from; .count: a number of them; .axis: the chart's x axis
    "odds.kind.wild": "Wild cards (Wild and Wild Draw Four)",
    "odds.kind.wild.count": "{count} {count|Wild card|Wild cards}",
    "odds.kind.wild.axis": "Wild cards in the hand",
    "odds.kind.wild.none": "no Wild card",
    "odds.kind.wild4": "Wild Draw Fours",
    "odds.kind.wild4.count": "{count} {count|Wild Draw Four|Wild Draw Fours}",
    "odds.kind.wild4.axis": "Wild Draw Fours in the hand",
    "odds.kind.wild4.none": "no Wild Draw Four",
    "odds.kind.action": "Action cards (Skip, Reverse, Draw Two)",
    "odds.kind.action.count": "{count} {count|action card|action cards}",
    "odds.kind.action.axis": "Action cards in the hand",
    "odds.kind.action.none": "no action card",
    "odds.kind.draw2": "Draw Twos",
    "odds.kind.draw2.count": "{count} {count|Draw Two|Draw Twos}",
    "odds.kind.draw2.axis": "Draw Twos in the hand",
    "odds.kind.draw2.none": "no Draw Two",
    "odds.kind.skip": "Skips",
    "odds.kind.skip.count": "{count} {count|Skip|Skips}",
    "odds.kind.skip.axis": "Skips in the hand",
    "odds.kind.skip.none": "no Skip",
    "odds.kind.reverse": "Reverses",
    "odds.kind.reverse.count": "{count} {count|Reverse|Reverses}",
    "odds.kind.reverse.axis": "Reverses in the hand",
    "odds.kind.reverse.none": "no Reverse",
    "odds.kind.R": "Red cards",
    "odds.kind.R.count": "{count} {count|red card|red cards}",
    "odds.kind.R.axis": "Red cards in the hand",
    "odds.kind.R.none": "no red card",
    "odds.kind.Y": "Yellow cards",
    "odds.kind.Y.count": "{count} {count|yellow card|yellow cards}",
    "odds.kind.Y.axis": "Yellow cards in the hand",
    "odds.kind.Y.none": "no yellow card",
    "odds.kind.G": "Green cards",
    "odds.kind.G.count": "{count} {count|green card|green cards}",
    "odds.kind.G.axis": "Green cards in the hand",
    "odds.kind.G.none": "no green card",
    "odds.kind.B": "Blue cards",
    "odds.kind.B.count": "{count} {count|blue card|blue cards}",
    "odds.kind.B.axis": "Blue cards in the hand",
    "odds.kind.B.none": "no blue card",
    "odds.kind.number": "Number cards (0 to 9)",
    "odds.kind.number.count": "{count} {count|number card|number cards}",
    "odds.kind.number.axis": "Number cards in the hand",
    "odds.kind.number.none": "no number card",
    "odds.kind.zero": "Zeros",
    "odds.kind.zero.count": "{count} {count|zero|zeros}",
    "odds.kind.zero.axis": "Zeros in the hand",
    "odds.kind.zero.none": "no zero",
    "odds.kind.draw": "Draw cards (Draw Two and Wild Draw Four)",
    "odds.kind.draw.count": "{count} {count|draw card|draw cards}",
    "odds.kind.draw.axis": "Draw cards in the hand",
    "odds.kind.draw.none": "no draw card",
    # what an opponent may hold: the chart's legend, and "at least one …" in a sentence
    "odds.hold.R": "Red card", "odds.hold.R.one": "red card",
    "odds.hold.Y": "Yellow card", "odds.hold.Y.one": "yellow card",
    "odds.hold.G": "Green card", "odds.hold.G.one": "green card",
    "odds.hold.B": "Blue card", "odds.hold.B.one": "blue card",
    "odds.hold.draw2": "Draw Two", "odds.hold.draw2.one": "Draw Two",
    "odds.hold.wild4": "Wild Draw Four", "odds.hold.wild4.one": "Wild Draw Four",

    # -- the odds panel (the stepper's, and the live game's) -------------------------------
    "odds.panel.title": "What {player} can work out",
    "odds.panel.top_wild": "{card} ({colour} chosen)",
    "odds.panel.top_colour": "{card} ({colour} in force)",
    "odds.panel.seen": "{player} sees the {hand} {hand|card|cards} in their own hand and the "
                       "{discard} {discard|card|cards} of the discard pile; the other {unseen} "
                       "{unseen|card|cards} are hidden in the draw pile and the other hands.",
    "odds.panel.draw": "Of the {unseen} {unseen|card|cards} {player} cannot see, {good} would be "
                       "playable on {top}: the next card drawn can be played with chance "
                       "{ratio} = {percent}.",
    "odds.panel.has": "{player} holds {count} {count|card|cards} that can be played on {top}.",
    "odds.panel.has_none": "{player} holds no card that can be played on {top}.",
    "odds.panel.chart_title": "Chance that each opponent holds at least one…",
    "odds.panel.x": "Opponent",
    "odds.panel.y": "Chance",
    "odds.panel.hover": "{player} holds at least one {kind}: {percent} = {fraction}",
    "odds.panel.caption": "Each bar is the chance that an opponent holds at least one card of "
                          "that kind, counted from the cards {player} cannot see: the taller "
                          "the bar, the surer it is that the card is in that hand.",
    "odds.panel.table_who": "Opponent",
    "odds.panel.cards_held": "{player} ({count} {count|card|cards})",
    "odds.panel.over": "The game is over: nothing is left to count.",
    "odds.panel.choosing": "{player} first chooses the colour of the Wild turned up to start: "
                           "the odds follow once a colour is in force.",

    # -- HandOdds: the hypergeometric law ---------------------------------------------------
    "odds.hand.title": "How many of them in a hand?",
    "odds.hand.kind": "Count",
    "odds.hand.size": "Hand size",
    "odds.hand.batch": "Hands per deal",
    "odds.hand.deal": "Deal {shown} {count|hand|hands}",
    "odds.hand.reset": "Start again",
    "odds.hand.seed": "Seed",
    "odds.hand.setup": "The deck has {deck} cards and {good} of them are {kind}. A hand of "
                       "{size} {size|card|cards} is one of C({deck}, {size}) = {hands} possible "
                       "hands, all equally likely.",
    "odds.hand.law": "To hold exactly k of them, a hand takes k of the {good} and its other "
                     "{size} − k cards from the {bad} others: C({good}, k) × C({bad}, {size} − k) "
                     "hands out of C({deck}, {size}).",
    "odds.hand.mean": "On average a hand holds {size} × {good}/{deck} = {mean_fraction} of them, "
                      "about {mean}. The most likely count is {k}, with chance {percent}.",
    "odds.hand.col_k": "Exactly",
    "odds.hand.col_ways": "Hands with that many: C({good}, k) × C({bad}, {size} − k)",
    "odds.hand.ways_cell": "{a} × {b} = {ways}",
    "odds.hand.col_exact": "The same, as a fraction",
    "odds.hand.col_percent": "Exact chance",
    "odds.hand.col_dealt": "In the hands dealt",
    "odds.hand.dealt_cell": "{hits} of {n}: {percent}",
    "odds.hand.none_dealt": "No hands dealt yet from seed {seed}: press the button to deal some.",
    "odds.hand.dealt": "{shown} {count|hand|hands} dealt so far from seed {seed}. Each press "
                       "deals more and adds them to these; changing what you count, the hand "
                       "size or the seed starts again from the first hand.",
    "odds.hand.inside": "The exact chance lies inside the 95% interval for {inside} of the "
                        "{total} counts.",
    "odds.hand.missed": "That is as expected: a 95% interval misses the exact chance about one "
                        "time in twenty, so among {total} intervals about {expected} should "
                        "miss, and here {missed} {missed|does|do}.",
    "odds.hand.all_inside": "A 95% interval still misses the exact chance about one time in "
                            "twenty: deal again, and now and then one will.",
    "odds.hand.chart_title": "Hands of {size} {size|card|cards}: exact chances and hands dealt",
    "odds.hand.y": "Share of hands",
    "odds.hand.trace_exact": "Exact chance",
    "odds.hand.trace_dealt": "Hands dealt (95% interval)",
    "odds.hand.hover_exact": "Exactly {k}: {percent} = {fraction}",
    "odds.hand.hover_dealt": "Exactly {k} in {hits} of {n} hands dealt: {percent} "
                             "(95% interval {interval})",
    "odds.hand.caption": "Bars: the exact chance of each count. Dots: how often each count came "
                         "up in the hands dealt so far, with their 95% intervals. Deal more "
                         "hands and watch the dots close in on the tops of the bars.",
    # whole sentences for the notebook
    "odds.say.exactly": "A hand of {size} {size|card|cards} holds exactly {phrase} in "
                        "C({good}, {k}) × C({bad}, {rest}) = {ways} of its {hands} possible "
                        "hands: a chance of {ratio} = {fraction} = {percent}.",
    "odds.say.exactly_lowest": "A hand of {size} {size|card|cards} holds exactly {phrase} in "
                               "C({good}, {k}) × C({bad}, {rest}) = {ways} of its {hands} "
                               "possible hands: a chance of {ratio} = {percent}.",
    "odds.say.none": "A hand of {size} {size|card|cards} holds {phrase} in C({good}, 0) × "
                     "C({bad}, {rest}) = {ways} of its {hands} possible hands: a chance of "
                     "{ratio} = {fraction} = {percent}.",
    "odds.say.none_lowest": "A hand of {size} {size|card|cards} holds {phrase} in C({good}, 0) × "
                            "C({bad}, {rest}) = {ways} of its {hands} possible hands: a chance "
                            "of {ratio} = {percent}.",
    "odds.say.at_least_one": "A hand of {size} {size|card|cards} holds at least one of the "
                             "{phrase} with chance 1 − {none} = {fraction} = {percent}.",
    "odds.say.dealt_exactly": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                              "exactly {phrase}, {percent} (95% interval {interval}). The exact "
                              "chance, {exact}, is inside that interval.",
    "odds.say.dealt_exactly_outside": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                                      "exactly {phrase}, {percent} (95% interval {interval}). "
                                      "The exact chance, {exact}, falls outside that interval, "
                                      "as it does in about one run out of 20.",
    "odds.say.dealt_none": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                           "{phrase}, {percent} (95% interval {interval}). The exact chance, "
                           "{exact}, is inside that interval.",
    "odds.say.dealt_none_outside": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                                   "{phrase}, {percent} (95% interval {interval}). The exact "
                                   "chance, {exact}, falls outside that interval, as it does in "
                                   "about one run out of 20.",
    "odds.say.dealt_at_least": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held at "
                               "least {phrase}, {percent} (95% interval {interval}). The exact "
                               "chance, {exact}, is inside that interval.",
    "odds.say.dealt_at_least_outside": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} "
                                       "held at least {phrase}, {percent} (95% interval "
                                       "{interval}). The exact chance, {exact}, falls outside "
                                       "that interval, as it does in about one run out of 20.",

    # -- LiveOdds: card counting in a real game ----------------------------------------------
    "odds.live.title": "Card counting, move by move",
    "odds.live.where": "Game {seed} between {players} computer players, move {index} of "
                       "{total}. It is {player}’s turn; the table shows what {player} sees.",
    "odds.live.where_all": "Game {seed} between {players} computer players, move {index} of "
                           "{total}. It is {player}’s turn; every hand is shown face up.",
    "odds.live.over": "Game {seed}, move {index} of {total}: the game is over and {player} won.",
    "odds.live.back": "◀ Back",
    "odds.live.step": "Step ▶",
    "odds.live.move": "Move",
    "odds.live.show_all": "Show every hand",
    "odds.live.game": "Game",
    "odds.live.who": "Explain for",
    "odds.live.what": "Holding",
    "odds.live.explain": "{opponent} holds {held} of the {unseen} {unseen|card|cards} {player} "
                         "cannot see, and those {unseen} include {kinds}. Every set of {held} "
                         "{held|card|cards} is as likely as any other, so {opponent} holds {kind_none} with "
                         "chance C({bad}, {held}) / C({unseen}, {held}) = {none}, and at least "
                         "one with chance 1 − {none} = {fraction} = {percent}.",
    "odds.live.nobody": "Every other hand is empty: there is nothing to explain.",
    "odds.live.table_pile": "Draw pile: {count} {count|card|cards}",
    "odds.live.table_colour": "Colour in force: {colour}",
    "odds.live.table_hand": "{player}: {count} {count|card|cards}",

    # -- ChallengeQuestion: should I challenge this Wild Draw Four? ----------------------------
    "odds.challenge.title": "Should I challenge this Wild Draw Four?",
    "odds.challenge.game": "Game",
    "odds.challenge.which": "Which Wild Draw Four",
    "odds.challenge.batch": "Re-deals",
    "odds.challenge.simulate": "Re-deal {shown} {count|time|times}",
    "odds.challenge.situation": "Game {seed}, move {index}: {accused} played a Wild Draw Four on "
                                "{top} while {colour} was in force, and chose {chosen}. "
                                "{challenger} must take {pending} cards, or challenge.",
    "odds.challenge.rule": "A challenge asks whether {accused} held a {colour_of} card, which would "
                           "make the Wild Draw Four a bluff. If so, {accused} draws {pending} "
                           "cards and {challenger} draws none; if not, {challenger} draws "
                           "{cost} cards.",
    "odds.challenge.count": "{challenger} cannot see {unseen} cards, and {good} of them are "
                            "{colour_of}. {accused} holds {held} of those {unseen}, every set of "
                            "{held} as likely as any other. Not one of them is {colour_of} with "
                            "chance C({bad}, {held}) / C({unseen}, {held}) = {none} = "
                            "{none_percent}, so {accused} held {colour_of} with chance "
                            "{fraction} = {percent}.",
    "odds.challenge.expect": "Taking the cards, {challenger} draws {pending} for sure. "
                             "Challenging, {challenger} draws {cost} with chance {innocent} and "
                             "none otherwise: {cost} × {innocent_fraction} = {expected_fraction}, "
                             "about {expected} cards on average.",
    "odds.challenge.yes": "A challenge pays on average when the chance of a bluff is above "
                          "{break_even} ({break_even_percent}). Here it is {percent}: challenge.",
    "odds.challenge.no": "A challenge pays on average when the chance of a bluff is above "
                         "{break_even} ({break_even_percent}). Here it is {percent}: take the "
                         "{pending} cards.",
    "odds.challenge.even": "A challenge pays on average when the chance of a bluff is above "
                           "{break_even} ({break_even_percent}). Here it is exactly that: both "
                           "choices cost the same on average.",
    "odds.challenge.caveat": "This counts every set of cards {accused} could hold as equally "
                             "likely; it leaves out why {accused} chose to play the card. "
                             "Against a player who never bluffs, every challenge fails.",
    "odds.challenge.sim": "Dealing the {unseen} hidden cards at random {shown} {n|time|times} "
                          "(seed {seed}), {accused} held {colour_of} in {hits} of the deals: "
                          "{percent} (95% interval {interval}; exact {exact}). A challenge drew "
                          "{mean} cards on average (95% interval {mean_interval}; exact "
                          "{mean_exact}).",
    "odds.challenge.truth_guilty": "What really happened: {accused} held {cards}, so a challenge "
                                   "would have succeeded.",
    "odds.challenge.truth_guilty_one": "What really happened: {accused} held {cards}, so a "
                                       "challenge would have succeeded.",
    "odds.challenge.truth_innocent": "What really happened: {accused} held no {colour_of} card, so "
                                     "a challenge would have failed.",
    "odds.challenge.none": "Nobody played a Wild Draw Four in game {seed}: try another game.",
    "odds.challenge.chart_title": "Cards {challenger} draws on average",
    "odds.challenge.x": "Cards in {accused}’s hand",
    "odds.challenge.y": "Cards drawn, on average",
    "odds.challenge.trace_challenge": "Challenge",
    "odds.challenge.trace_take": "Take the cards",
    "odds.challenge.trace_here": "This position, exact",
    "odds.challenge.trace_sim": "This position, re-dealt (95% interval)",
    "odds.challenge.hover_curve": "{accused} holding {held} {held|card|cards}: a challenge "
                                  "costs {expected} cards on average",
    "odds.challenge.hover_sim": "Re-dealt: {mean} cards on average (95% interval {interval})",
    "odds.challenge.caption": "The curve is what a challenge costs on average for each size of "
                              "{accused}’s hand, the flat line what taking the cards costs: "
                              "where the curve is below the line, challenging is the better "
                              "bet. The dot is this position; the diamond, with its 95% "
                              "interval, the re-deals.",
}

# Russian numbers: a decimal comma, a no-break space (U+00A0) between thousands
# and before the percent sign; fractions keep their slash, as in the formulas.
_NBSP = "\u00a0"

RU: dict[str, str] = {
    # -- числа ---------------------------------------------------------------------
    "odds.num.group": _NBSP,                # 33 599 224 630
    "odds.num.decimal": ",",               # 42,6
    "odds.num.minus": "\u2212",            # −1,5: знак минус, а не дефис
    "odds.num.percent": "{value}" + _NBSP + "%",
    "odds.num.below": "меньше {value}" + _NBSP + "%",
    "odds.num.above": "больше {value}" + _NBSP + "%",
    "odds.num.fraction": "{num}/{den}",
    "odds.num.interval": "от {low} до {high}",
    "odds.list_sep": ", ",
    "odds.none": "—",

    # -- что считаем (в руке, у соперника) ---------------------------------------------
    # подпись в списке; .count — «сколько штук» (именительный падеж); .axis — ось X графика
    "odds.kind.wild": "Дикие карты (дикая карта и дикая +4)",
    "odds.kind.wild.count": "{count} {count|дикая карта|дикие карты|диких карт}",
    "odds.kind.wild.axis": "Сколько диких карт в руке",
    "odds.kind.wild.none": "ни одной дикой карты",
    "odds.kind.wild4": "Карты «Дикая +4»",
    "odds.kind.wild4.count": "{count} {count|карта «Дикая +4»|карты «Дикая +4»|карт «Дикая +4»}",
    "odds.kind.wild4.axis": "Сколько карт «Дикая +4» в руке",
    "odds.kind.wild4.none": "ни одной карты «Дикая +4»",
    "odds.kind.action": "Карты действия («Пропуск хода», «Смена направления», «+2»)",
    "odds.kind.action.count": "{count} {count|карта действия|карты действия|карт действия}",
    "odds.kind.action.axis": "Сколько карт действия в руке",
    "odds.kind.action.none": "ни одной карты действия",
    "odds.kind.draw2": "Карты «+2»",
    "odds.kind.draw2.count": "{count} {count|карта «+2»|карты «+2»|карт «+2»}",
    "odds.kind.draw2.axis": "Сколько карт «+2» в руке",
    "odds.kind.draw2.none": "ни одной карты «+2»",
    "odds.kind.skip": "Карты «Пропуск хода»",
    "odds.kind.skip.count": "{count} {count|карта «Пропуск хода»|карты «Пропуск хода»|"
                            "карт «Пропуск хода»}",
    "odds.kind.skip.axis": "Сколько карт «Пропуск хода» в руке",
    "odds.kind.skip.none": "ни одной карты «Пропуск хода»",
    "odds.kind.reverse": "Карты «Смена направления»",
    "odds.kind.reverse.count": "{count} {count|карта «Смена направления»|"
                               "карты «Смена направления»|карт «Смена направления»}",
    "odds.kind.reverse.axis": "Сколько карт «Смена направления» в руке",
    "odds.kind.reverse.none": "ни одной карты «Смена направления»",
    "odds.kind.R": "Красные карты",
    "odds.kind.R.count": "{count} {count|красная карта|красные карты|красных карт}",
    "odds.kind.R.axis": "Сколько красных карт в руке",
    "odds.kind.R.none": "ни одной красной карты",
    "odds.kind.Y": "Жёлтые карты",
    "odds.kind.Y.count": "{count} {count|жёлтая карта|жёлтые карты|жёлтых карт}",
    "odds.kind.Y.axis": "Сколько жёлтых карт в руке",
    "odds.kind.Y.none": "ни одной жёлтой карты",
    "odds.kind.G": "Зелёные карты",
    "odds.kind.G.count": "{count} {count|зелёная карта|зелёные карты|зелёных карт}",
    "odds.kind.G.axis": "Сколько зелёных карт в руке",
    "odds.kind.G.none": "ни одной зелёной карты",
    "odds.kind.B": "Синие карты",
    "odds.kind.B.count": "{count} {count|синяя карта|синие карты|синих карт}",
    "odds.kind.B.axis": "Сколько синих карт в руке",
    "odds.kind.B.none": "ни одной синей карты",
    "odds.kind.number": "Карты с цифрами (от 0 до 9)",
    "odds.kind.number.count": "{count} {count|карта с цифрой|карты с цифрами|карт с цифрами}",
    "odds.kind.number.axis": "Сколько карт с цифрами в руке",
    "odds.kind.number.none": "ни одной карты с цифрой",
    "odds.kind.zero": "Карты с нулём",
    "odds.kind.zero.count": "{count} {count|карта с нулём|карты с нулём|карт с нулём}",
    "odds.kind.zero.axis": "Сколько карт с нулём в руке",
    "odds.kind.zero.none": "ни одной карты с нулём",
    "odds.kind.draw": "Штрафные карты («+2» и «Дикая +4»)",
    "odds.kind.draw.count": "{count} {count|штрафная карта|штрафные карты|штрафных карт}",
    "odds.kind.draw.axis": "Сколько штрафных карт в руке",
    "odds.kind.draw.none": "ни одной штрафной карты",
    # что может быть у соперника: легенда графика и «хотя бы одна …» в предложении
    # (все — «карта», женский род: «хотя бы одна красная карта»)
    "odds.hold.R": "Красная карта", "odds.hold.R.one": "красная карта",
    "odds.hold.Y": "Жёлтая карта", "odds.hold.Y.one": "жёлтая карта",
    "odds.hold.G": "Зелёная карта", "odds.hold.G.one": "зелёная карта",
    "odds.hold.B": "Синяя карта", "odds.hold.B.one": "синяя карта",
    "odds.hold.draw2": "Карта «+2»", "odds.hold.draw2.one": "карта «+2»",
    "odds.hold.wild4": "Карта «Дикая +4»", "odds.hold.wild4.one": "карта «Дикая +4»",

    # -- панель шансов (в пошаговом просмотре и в живой партии) -------------------------------
    "odds.panel.title": "Что может подсчитать {player}",
    "odds.panel.top_wild": "{card}, выбран {colour} цвет",
    "odds.panel.top_colour": "{card}, цвет в игре — {colour}",
    "odds.panel.seen": "{player} видит {hand} {hand|карту|карты|карт} у себя на руке и "
                       "{discard} {discard|карту|карты|карт} в сбросе; ещё {unseen} "
                       "{unseen|карта спрятана|карты спрятаны|карт спрятано} в колоде и на "
                       "руках у других игроков.",
    "odds.panel.draw": "Из {unseen} {unseen|карты|карт|карт}, {unseen|которой|которых|которых} "
                       "{player} не видит, подходящих к верхней карте ({top}) — {good}. Значит, "
                       "следующую карту из колоды можно будет сыграть с вероятностью "
                       "{ratio} = {percent}.",
    "odds.panel.has": "{player} держит {count} {count|карту|карты|карт}, "
                      "{count|которую|которые|которые} можно положить на верхнюю карту ({top}).",
    "odds.panel.has_none": "{player} не держит ни одной карты, которую можно положить на "
                           "верхнюю карту ({top}).",
    "odds.panel.chart_title": "Вероятность, что у соперника есть хотя бы одна…",
    "odds.panel.x": "Соперник",
    "odds.panel.y": "Вероятность",
    "odds.panel.hover": "{player}: хотя бы одна {kind} — {percent} = {fraction}",
    "odds.panel.caption": "Каждый столбик — вероятность того, что у соперника есть хотя бы "
                          "одна карта этого вида; она подсчитана по картам, которых {player} "
                          "не видит. Чем выше столбик, тем вероятнее, что такая карта в этой "
                          "руке есть.",
    "odds.panel.table_who": "Соперник",
    "odds.panel.cards_held": "{player} ({count} {count|карта|карты|карт})",
    "odds.panel.over": "Партия окончена: считать больше нечего.",
    "odds.panel.choosing": "{player} сначала выбирает цвет «Дикой карты», открытой первой: "
                           "вероятности появятся, когда цвет будет выбран.",

    # -- HandOdds: гипергеометрический закон -----------------------------------------------------
    "odds.hand.title": "Сколько таких карт окажется в руке?",
    "odds.hand.kind": "Считаем",
    "odds.hand.size": "Карт в руке",
    "odds.hand.batch": "Рук за одно нажатие",
    "odds.hand.deal": "Раздать {shown} {count|руку|руки|рук}",
    "odds.hand.reset": "Начать заново",
    "odds.hand.seed": "Расклад №",
    "odds.hand.setup": "В колоде {deck} {deck|карта|карты|карт}, и {good} из них — те, что мы "
                       "считаем: {kind}. Разных рук из {size} {size|карты|карт|карт} — "
                       "C({deck}, {size}) = {hands}, и все они одинаково вероятны.",
    "odds.hand.law": "Чтобы таких карт в руке было ровно k, нужно взять k из этих {good}, а "
                     "остальные {size} − k — из {bad} прочих карт: так получается "
                     "C({good}, k) × C({bad}, {size} − k) рук из C({deck}, {size}).",
    "odds.hand.mean": "В среднем в руке {size} × {good}/{deck} = {mean_fraction} таких карт, "
                      "то есть примерно {mean}. Чаще всего их бывает {k} — с вероятностью "
                      "{percent}.",
    "odds.hand.col_k": "Ровно",
    "odds.hand.col_ways": "Сколько таких рук: C({good}, k) × C({bad}, {size} − k)",
    "odds.hand.ways_cell": "{a} × {b} = {ways}",
    "odds.hand.col_exact": "Она же дробью",
    "odds.hand.col_percent": "Точная вероятность",
    "odds.hand.col_dealt": "В розданных руках",
    "odds.hand.dealt_cell": "{hits} из {n}: {percent}",
    "odds.hand.none_dealt": "Для расклада № {seed} ещё не роздано ни одной руки: нажмите "
                            "кнопку, чтобы раздать.",
    "odds.hand.dealt": "Пока {count|роздана|розданы|роздано} {shown} {count|рука|руки|рук} "
                       "(расклад № {seed}). Каждое нажатие раздаёт новые руки и добавляет "
                       "их к уже розданным; если поменять, что считаем, размер руки или номер "
                       "расклада, всё начнётся заново с первой руки.",
    "odds.hand.inside": "Точная вероятность попадает в 95-процентный доверительный интервал "
                        "у {inside} из {total} {total|столбика|столбиков|столбиков}.",
    "odds.hand.missed": "Так и должно быть: 95-процентный доверительный интервал не накрывает "
                        "точную "
                        "вероятность примерно в одном случае из двадцати, так что из {total} "
                        "интервалов промахнуться должны около {expected}, а здесь "
                        "{missed|промахнулся|промахнулись|промахнулись} {missed}.",
    "odds.hand.all_inside": "И всё же 95-процентный доверительный интервал не накрывает "
                            "точную вероятность "
                            "примерно в одном случае из двадцати: раздайте ещё, и время от "
                            "времени какой-нибудь промахнётся.",
    "odds.hand.chart_title": "Руки из {size} {size|карты|карт|карт}: точные вероятности и "
                             "розданные руки",
    "odds.hand.y": "Доля рук",
    "odds.hand.trace_exact": "Точная вероятность",
    "odds.hand.trace_dealt": "Розданные руки (95-процентный доверительный интервал)",
    "odds.hand.hover_exact": "Ровно {k}: {percent} = {fraction}",
    "odds.hand.hover_dealt": "Розданные руки: ровно {k} — у {hits} из {n}, это {percent} "
                             "(95-процентный доверительный интервал: {interval})",
    "odds.hand.caption": "Столбики — точная вероятность каждого числа карт. Точки — как часто "
                         "это число встречалось в уже розданных руках; отрезок у точки — "
                         "95-процентный доверительный интервал: интервалы, построенные так, "
                         "накрывают точную вероятность примерно в 95 случаях из 100. Раздайте "
                         "больше рук — и точки подберутся к верхушкам столбиков.",
    # целые предложения для тетрадки
    "odds.say.exactly": "Разных рук из {size} {size|карты|карт|карт} — {hands}, и ровно "
                        "{phrase} есть в C({good}, {k}) × C({bad}, {rest}) = {ways} из них. "
                        "Вероятность: {ratio} = {fraction} = {percent}.",
    "odds.say.exactly_lowest": "Разных рук из {size} {size|карты|карт|карт} — {hands}, и ровно "
                               "{phrase} есть в C({good}, {k}) × C({bad}, {rest}) = {ways} из "
                               "них. Вероятность: {ratio} = {percent}.",
    "odds.say.none": "Разных рук из {size} {size|карты|карт|карт} — {hands}, и в "
                     "C({good}, 0) × C({bad}, {rest}) = {ways} из них нет {phrase}. "
                     "Вероятность: {ratio} = {fraction} = {percent}.",
    "odds.say.none_lowest": "Разных рук из {size} {size|карты|карт|карт} — {hands}, и в "
                            "C({good}, 0) × C({bad}, {rest}) = {ways} из них нет {phrase}. "
                            "Вероятность: {ratio} = {percent}.",
    "odds.say.at_least_one": "В колоде {phrase}. В руке из {size} {size|карты|карт|карт} "
                             "окажется хотя бы одна из них с вероятностью 1 − {none} = "
                             "{fraction} = {percent}.",
    "odds.say.dealt_exactly": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). Ровно "
                              "{phrase} — в {hits} из них, то есть {percent} (95-процентный "
                              "доверительный интервал: {interval}). Точная вероятность, "
                              "{exact}, лежит внутри этого интервала.",
    "odds.say.dealt_exactly_outside": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). "
                                      "Ровно {phrase} — в {hits} из них, то есть {percent} "
                                      "(95-процентный доверительный интервал: {interval}). "
                                      "Точная вероятность, {exact}, выходит за пределы этого "
                                      "интервала — так бывает примерно в одной серии раздач "
                                      "из 20.",
    "odds.say.dealt_none": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). В {hits} из "
                           "них нет {phrase}, то есть {percent} (95-процентный доверительный "
                           "интервал: {interval}). Точная вероятность, {exact}, лежит внутри "
                           "этого интервала.",
    "odds.say.dealt_none_outside": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). В "
                                   "{hits} из них нет {phrase}, то есть {percent} (95-процентный "
                                   "доверительный интервал: {interval}). Точная вероятность, "
                                   "{exact}, выходит за пределы этого интервала — так бывает "
                                   "примерно в одной серии раздач из 20.",
    "odds.say.dealt_at_least": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). Хотя бы "
                               "{phrase} — в {hits} из них, то есть {percent} (95-процентный "
                               "доверительный интервал: {interval}). Точная вероятность, "
                               "{exact}, лежит внутри этого интервала.",
    "odds.say.dealt_at_least_outside": "Раздали {shown} {n|руку|руки|рук} (расклад № {seed}). "
                                       "Хотя бы {phrase} — в {hits} из них, то есть {percent} "
                                       "(95-процентный доверительный интервал: {interval}). "
                                       "Точная вероятность, {exact}, выходит за пределы этого "
                                       "интервала — так бывает примерно в одной серии раздач "
                                       "из 20.",

    # -- LiveOdds: подсчёт карт в настоящей партии --------------------------------------------
    "odds.live.title": "Подсчёт карт, ход за ходом",
    "odds.live.where": "Партия {seed}: играют {players} {players|бот|бота|ботов}, ход {index} "
                       "из {total}. Ходит {player}; на столе показано то, что видит {player}.",
    "odds.live.where_all": "Партия {seed}: играют {players} {players|бот|бота|ботов}, ход "
                           "{index} из {total}. Ходит {player}; все руки открыты.",
    "odds.live.over": "Партия {seed}, ход {index} из {total}: партия окончена, победитель — "
                      "{player}.",
    "odds.live.back": "◀ Назад",
    "odds.live.step": "Шаг ▶",
    "odds.live.move": "Ход",
    "odds.live.show_all": "Показать все руки",
    "odds.live.game": "Партия",
    "odds.live.who": "Соперник",
    "odds.live.what": "Какая карта",
    "odds.live.explain": "{player} не видит {unseen} {unseen|карту|карты|карт}, и среди них — "
                         "{kinds}. {opponent} держит {held} из них, и любой набор из {held} "
                         "{held|карты|карт|карт} так же вероятен, как любой другой. Поэтому "
                         "вероятность, что в этой руке нет {kind_none}, "
                         "равна C({bad}, {held}) / C({unseen}, {held}) = {none}, а что есть "
                         "хотя бы одна — 1 − {none} = {fraction} = {percent}.",
    "odds.live.nobody": "У всех остальных на руках пусто: объяснять нечего.",
    "odds.live.table_pile": "Колода: {count} {count|карта|карты|карт}",
    "odds.live.table_colour": "Цвет в игре: {colour}",
    "odds.live.table_hand": "{player}: {count} {count|карта|карты|карт}",

    # -- ChallengeQuestion: оспорить ли эту «Дикую +4»? ----------------------------------------
    "odds.challenge.title": "Ход картой «Дикая +4»: оспорить или взять карты?",
    "odds.challenge.game": "Партия",
    "odds.challenge.which": "Какая по счёту «Дикая +4»",
    "odds.challenge.batch": "Перераздач за раз",
    "odds.challenge.simulate": "Перераздать {shown} {count|раз|раза|раз}",
    "odds.challenge.situation": "Партия {seed}, ход {index}. На столе лежит {top}, цвет в игре — "
                                "{colour}; {accused} кладёт сверху «Дикую +4» и выбирает цвет: "
                                "{chosen}. Теперь {challenger} либо берёт {pending} "
                                "{pending|карту|карты|карт}, либо оспаривает этот ход.",
    "odds.challenge.rule": "Оспорить ход — значит проверить, держит ли {accused} карту "
                           "прежнего цвета ({colour_of}): тогда «Дикая +4» сыграна как блеф. "
                           "Если так, {pending} {pending|карту|карты|карт} берёт {accused}, "
                           "а {challenger} не берёт ничего; если нет, {challenger} берёт "
                           "{cost} {cost|карту|карты|карт}.",
    "odds.challenge.count": "{challenger} не видит {unseen} {unseen|карту|карты|карт}, и "
                            "{good} из них {colour_of} цвета. {accused} держит {held} из этих "
                            "{unseen}, и любой набор из {held} {held|карты|карт|карт} так же "
                            "вероятен, как любой другой. Вероятность, что среди этих {held} "
                            "нет ни одной карты {colour_of} цвета, равна "
                            "C({bad}, {held}) / C({unseen}, {held}) = "
                            "{none} = {none_percent}. Значит, {accused} держит карту этого цвета "
                            "с вероятностью {fraction} = {percent}.",
    "odds.challenge.expect": "Если не оспаривать, {challenger} наверняка берёт {pending} "
                             "{pending|карту|карты|карт}. Если оспорить, {challenger} берёт "
                             "{cost} {cost|карту|карты|карт} с вероятностью {innocent}, а иначе — "
                             "ни одной: {cost} × {innocent_fraction} = {expected_fraction}, то "
                             "есть в среднем около {expected} карты.",
    "odds.challenge.yes": "Оспаривать в среднем выгодно, если вероятность блефа больше "
                          "{break_even} ({break_even_percent}). Здесь она равна {percent}: "
                          "стоит оспорить.",
    "odds.challenge.no": "Оспаривать в среднем выгодно, если вероятность блефа больше "
                         "{break_even} ({break_even_percent}). Здесь она равна {percent}: лучше "
                         "взять {pending} {pending|карту|карты|карт}.",
    "odds.challenge.even": "Оспаривать в среднем выгодно, если вероятность блефа больше "
                           "{break_even} ({break_even_percent}). Здесь она ровно такая: оба "
                           "решения в среднем обходятся одинаково.",
    "odds.challenge.caveat": "Этот подсчёт считает одинаково вероятными все наборы карт, "
                             "которые может держать {accused}, и не учитывает, зачем {accused} "
                             "кладёт эту карту. Против игрока, который никогда не блефует, "
                             "оспаривать всегда бесполезно.",
    "odds.challenge.sim": "{unseen} {unseen|скрытую карту|скрытые карты|скрытых карт} "
                          "случайным образом перераздали {shown} {n|раз|раза|раз} (расклад № "
                          "{seed}). В {hits} из этих раздач в руке, которую держит {accused}, "
                          "нашлась карта прежнего цвета ({colour_of}): {percent} (95-процентный "
                          "доверительный интервал: {interval}; точно — {exact}). Оспаривание "
                          "в среднем стоило {mean} карты (95-процентный доверительный "
                          "интервал: {mean_interval}; точно — {mean_exact}).",
    "odds.challenge.truth_guilty": "Что было на самом деле: в руке, которую держит {accused}, "
                                   "есть карты прежнего цвета — {cards}. Значит, оспорить "
                                   "удалось бы.",
    "odds.challenge.truth_guilty_one": "Что было на самом деле: в руке, которую держит "
                                       "{accused}, есть карта прежнего цвета — {cards}. Значит, "
                                       "оспорить удалось бы.",
    "odds.challenge.truth_innocent": "Что было на самом деле: {accused} не держит ни одной "
                                     "карты прежнего цвета ({colour_of}) — значит, оспорить не "
                                     "удалось бы.",
    "odds.challenge.none": "В партии {seed} никто не сыграл «Дикую +4»: попробуйте другую "
                           "партию.",
    "odds.challenge.chart_title": "Сколько карт в среднем возьмёт {challenger}",
    "odds.challenge.x": "Сколько карт держит {accused}",
    "odds.challenge.y": "Сколько карт придётся взять, в среднем",
    "odds.challenge.trace_challenge": "Оспорить",
    "odds.challenge.trace_take": "Взять карты",
    "odds.challenge.trace_here": "Эта ситуация, точный расчёт",
    "odds.challenge.trace_sim": "Эта ситуация, перераздачи (95-процентный доверительный "
                                "интервал)",
    "odds.challenge.hover_curve": "Если {accused} держит {held} {held|карту|карты|карт}, "
                                  "оспаривание обходится в среднем в {expected} карты",
    "odds.challenge.hover_sim": "Перераздачи: в среднем {mean} карты (95-процентный "
                                "доверительный интервал: {interval})",
    "odds.challenge.caption": "Кривая показывает, во сколько карт в среднем обходится "
                              "оспаривание при каждом числе карт, которые держит {accused}; "
                              "пунктирная прямая — во сколько обходится просто взять карты. Там, "
                              "где кривая ниже прямой, оспаривать выгоднее. Кружок — эта "
                              "ситуация; ромб — перераздачи, а отрезок у ромба — 95-процентный "
                              "доверительный интервал: интервалы, построенные так, накрывают "
                              "истинное среднее примерно в 95 сериях перераздач из 100.",
}
