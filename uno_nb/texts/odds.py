"""Texts: the odds apps (the odds panel of the stepper, and the lesson on the
card-odds page: counting hands, card counting in a game, the challenge question).

Numbers are written by the helpers of :mod:`uno_nb.texts.numbers` with the
separators and percent templates below; every sentence is a whole template.
"""

EN: dict[str, str] = {
    # -- numbers -------------------------------------------------------------------
    "odds.num.group": ",",                 # 33,599,224,630
    "odds.num.decimal": ".",               # 42.6
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
    "odds.kind.wild4": "Wild Draw Fours",
    "odds.kind.wild4.count": "{count} {count|Wild Draw Four|Wild Draw Fours}",
    "odds.kind.wild4.axis": "Wild Draw Fours in the hand",
    "odds.kind.action": "Action cards (Skip, Reverse, Draw Two)",
    "odds.kind.action.count": "{count} {count|action card|action cards}",
    "odds.kind.action.axis": "Action cards in the hand",
    "odds.kind.draw2": "Draw Twos",
    "odds.kind.draw2.count": "{count} {count|Draw Two|Draw Twos}",
    "odds.kind.draw2.axis": "Draw Twos in the hand",
    "odds.kind.skip": "Skips",
    "odds.kind.skip.count": "{count} {count|Skip|Skips}",
    "odds.kind.skip.axis": "Skips in the hand",
    "odds.kind.reverse": "Reverses",
    "odds.kind.reverse.count": "{count} {count|Reverse|Reverses}",
    "odds.kind.reverse.axis": "Reverses in the hand",
    "odds.kind.R": "Red cards",
    "odds.kind.R.count": "{count} {count|red card|red cards}",
    "odds.kind.R.axis": "Red cards in the hand",
    "odds.kind.Y": "Yellow cards",
    "odds.kind.Y.count": "{count} {count|yellow card|yellow cards}",
    "odds.kind.Y.axis": "Yellow cards in the hand",
    "odds.kind.G": "Green cards",
    "odds.kind.G.count": "{count} {count|green card|green cards}",
    "odds.kind.G.axis": "Green cards in the hand",
    "odds.kind.B": "Blue cards",
    "odds.kind.B.count": "{count} {count|blue card|blue cards}",
    "odds.kind.B.axis": "Blue cards in the hand",
    "odds.kind.number": "Number cards (0 to 9)",
    "odds.kind.number.count": "{count} {count|number card|number cards}",
    "odds.kind.number.axis": "Number cards in the hand",
    "odds.kind.zero": "Zeros",
    "odds.kind.zero.count": "{count} {count|zero|zeros}",
    "odds.kind.zero.axis": "Zeros in the hand",
    "odds.kind.draw": "Draw cards (Draw Two and Wild Draw Four)",
    "odds.kind.draw.count": "{count} {count|draw card|draw cards}",
    "odds.kind.draw.axis": "Draw cards in the hand",
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
    "odds.hand.col_exact": "Exact chance",
    "odds.hand.col_percent": "Percent",
    "odds.hand.col_dealt": "In the hands dealt",
    "odds.hand.dealt_cell": "{hits} of {n}: {percent}",
    "odds.hand.none_dealt": "No hands dealt yet from seed {seed}: press the button to deal some.",
    "odds.hand.dealt": "{shown} {count|hand|hands} dealt so far from seed {seed}. Each press "
                       "deals more and adds them to these; changing what you count, the hand "
                       "size or the seed starts again from the first hand.",
    "odds.hand.inside": "The exact chance lies inside the 95% interval for {inside} of the "
                        "{total} counts.",
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
    "odds.say.at_least_one": "A hand of {size} {size|card|cards} holds at least one of the "
                             "{phrase} with chance 1 − {none} = {fraction} = {percent}.",
    "odds.say.dealt_exactly": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                              "exactly {phrase}, {percent} (95% interval {interval}). The exact "
                              "chance, {exact}, is inside that interval.",
    "odds.say.dealt_exactly_outside": "Dealing {shown} {n|hand|hands} (seed {seed}): {hits} held "
                                      "exactly {phrase}, {percent} (95% interval {interval}). "
                                      "The exact chance, {exact}, falls outside that interval, "
                                      "as it does in about one run out of 20.",
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
                         "{held|card|cards} is as likely as any other, so {opponent} holds no {kind} with "
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
    "odds.challenge.rule": "A challenge asks whether {accused} held a {colour} card, which would "
                           "make the Wild Draw Four a bluff. If so, {accused} draws {pending} "
                           "cards and {challenger} draws none; if not, {challenger} draws "
                           "{cost} cards.",
    "odds.challenge.count": "{challenger} cannot see {unseen} cards, and {good} of them are "
                            "{colour}. {accused} holds {held} of those {unseen}, every set of "
                            "{held} as likely as any other. None of them is {colour} with "
                            "chance C({bad}, {held}) / C({unseen}, {held}) = {none} = "
                            "{none_percent}, so {accused} held {colour} with chance "
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
                          "(seed {seed}), {accused} held {colour} in {hits} of the deals: "
                          "{percent} (95% interval {interval}; exact {exact}). A challenge drew "
                          "{mean} cards on average (95% interval {mean_interval}; exact "
                          "{mean_exact}).",
    "odds.challenge.truth_guilty": "What really happened: {accused} held {cards}, so a challenge "
                                   "would have succeeded.",
    "odds.challenge.truth_innocent": "What really happened: {accused} held no {colour} card, so "
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
