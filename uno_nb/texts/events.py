"""Texts: the sentence of every event in the log (``event.<kind>…``).

Each sentence names what the event's fields hold: seats become players'
names, cards become words (``Red Skip``) or codes, colours words.  A key with
``.hidden`` is the sentence for a reader who may not see the cards (another
player's draw)."""

_DRAWS_2 = "{player} draws 2"

EN: dict[str, str] = {
    "event.with_note": "{sentence} ({note})",
    "event.cut": "{player} {card}",
    # the deal and the start card
    "event.dealer_chosen": "Cut for deal: {draws}; {dealer} deals",
    "event.dealt": "Round {round}: {dealer} deals {count} {count|card|cards} to each player",
    "event.start_card": "Start card: {card}; {first} plays first",
    "event.start_card_returned": "Start card {card} goes back into the draw pile, which is shuffled",
    "event.start_wild": "Wild start card: {player} chooses the colour",
    "event.reversed.start": "Reverse start card: {next} plays first, counter-clockwise",
    # a turn
    "event.played": "{player} plays {card}",
    "event.played.colour": "{player} plays {card} and chooses {colour}",
    "event.jumped_in": "{player} jumps in with {card}",
    "event.jumped_in.colour": "{player} jumps in with {card} and chooses {colour}",
    "event.colour_chosen": "{player} chooses {colour}",
    "event.drew.one": "{player} draws a card ({cards})",
    "event.drew.one.hidden": "{player} draws a card",
    "event.drew.many": "{player} draws {count} {count|card|cards} ({cards})",
    "event.drew.many.hidden": "{player} draws {count} {count|card|cards}",
    "event.drew.many.short": "{player} draws {count} {count|card|cards} ({cards}) - "
                             "only {count} of {wanted} were left",
    "event.drew.many.short.hidden": "{player} draws {count} {count|card|cards} - "
                                    "only {count} of {wanted} were left",
    "event.drew.none": "{player} cannot draw: both piles are empty",
    "event.passed": "{player} keeps it and passes",
    "event.drawn_must_play": "{player} can play the card just drawn and must play it",
    "event.skipped": "{player} is skipped",
    "event.reversed.clockwise": "Play now goes clockwise",
    "event.reversed.counter": "Play now goes counter-clockwise",
    "event.reshuffled": "The draw pile is empty: {count} {count|discard is|discards are} "
                        "shuffled into a new draw pile",
    # draw cards answered (house rules)
    "event.stack": "Stacking: {player} adds {card} to the pile of draw cards, "
                   "which now holds {count} {count|card|cards} for {target}",
    "event.deflect": "{player} passes the Draw Two on: now {target} must draw "
                     "{count} {count|card|cards} or pass it on",
    "event.save_2": "{player} answers the Wild Draw Four with {card}: "
                    "now {target} must draw {count} {count|card|cards}",
    "event.bounce.draw": "{player} sends the {count} {count|card|cards} back to {target}",
    "event.bounce.skip": "{player} sends the Skip back: {target} is skipped",
    "event.two_player_skip": "With two players Reverse acts as Skip: {player} plays again",
    "event.colour_wheel": "The colour wheel turns to {colour}",
    # the challenge
    "event.challenged.guilty": "{challenger} challenges: {accused} held {colour} - a bluff! "
                               "{accused} draws {penalty}",
    "event.challenged.innocent": "{challenger} challenges: {accused} held no {colour} - "
                                 "{challenger} draws {penalty}",
    "event.challenge.returned": "{player} takes the {card} back; {top} and {colour} are back in force",
    # UNO!
    "event.uno_called": "{player} calls \"UNO!\"",
    "event.uno_caught": "{catcher} catches {player} without \"UNO!\": {player} draws {penalty}",
    "event.misplay.card": "{player} plays {card} wrongly: the card goes back, " + _DRAWS_2,
    "event.misplay.uno": "{player} calls UNO! falsely: " + _DRAWS_2,
    "event.misplay.catch": "{player} falsely catches {target}: " + _DRAWS_2,
    # hands that move (V-SEVEN-ZERO, V-SWAP-FIVE)
    "event.seven_zero.pass_on.clockwise": "Every hand passes on clockwise",
    "event.seven_zero.pass_on.counter": "Every hand passes on counter-clockwise",
    "event.seven_zero.swap": "{player} swaps hands with {target}",
    "event.swap_five.chosen": "{player} exchanges a card with {target}",
    "event.swap_five.none": "{player} exchanges no card",
    "event.swap_five.done": "{player} gives {given} and gets {got} from {target}",
    "event.swap_five.done.hidden": "{player} gives {target} a card and gets one back",
    # table talk
    "event.ready": "{player}: \"Ready\"",
    "event.silence.black": "Silence until the colour changes",
    "event.silence.two": "Silence until {player}'s turn comes back",
    "event.silence.two_ends": "The turn is back with {player}: the silence ends",
    "event.silence.black_ends": "The colour has changed: the silence ends",
    "event.silence.spoke": "{player} speaks in the silence: " + _DRAWS_2,
    "event.advice": "{player} advises {target}: " + _DRAWS_2,
    "event.uno_center.slowest": "{player} is the slowest to slap {target}'s hand: " + _DRAWS_2,
    # the end of a hand, a round, a game
    "event.seven_rounds.refill": "{player} has emptied their hand: draws {count} and plays on",
    "event.to_the_last.out": "{player} is out (place {place}); play goes on",
    "event.drop_zero": "{player} is left with a single 0: it counts {points} points",
    "event.round_won": "{player} has no cards left and wins round {round}",
    "event.round_won.last": "{player} went out first and wins round {round}; {loser} is last",
    "event.scored": "{player} scores {points} (scores: {scores})",
    "event.scored.penalty": "Everyone adds their hand (totals: {scores})",
    "event.scored.penalty.bonus": "Everyone adds their hand; {player} takes {points} off for "
                                  "going out on an H2O card (totals: {scores})",
    "event.scored.lazy": "Lazy scoring: {player} starts the next round, {loser} "
                         "(most points in hand) deals it",
    "event.game_won.target": "{player} wins the game: reaches {points} of {goal}",
    "event.game_won.lowest": "{player} wins the game: the lowest total when someone reached {goal}",
    "event.game_won.rounds": "{player} wins the game: after {rounds} {rounds|round|rounds}",
    "event.game_won.rounds.lazy": "{player} wins the game: the most rounds won after {rounds} "
                                  "{rounds|round|rounds}",
    "event.game_won.seven_rounds": "{player} wins the game: the seventh empty hand",
    # annotations of the table model (uno_nb.simulation): reaction times
    "note.noticed": "noticed in {seconds:.2f} s",
    "note.noticed_first": "noticed in {seconds:.2f} s, first of {count}",
    "note.reaction": "{seconds:.2f} s",
    "note.race": "fastest of {count}: {times}",
    "note.time": "{player} {seconds:.2f} s",
    # the rule at work, as the log shows it beside a sentence
    "event.rule": "{name} ({rule})",
}
