"""Texts: the play page (:class:`uno_nb.widgets.PlayApp`), a game against bots.

The person is ``play.you`` and the bots ``play.bot``, numbered from 1 like
``player.default`` (seat 0 is number 1).  Every status line, refusal and
panel is a whole sentence; cards, colours and players come in as
placeholders already in words (``Red 7``, ``green``, ``Bot 2``).
"""

EN: dict[str, str] = {
    # -- who is who -------------------------------------------------------------
    "play.you": "Player {number} (you)",
    "play.bot": "Bot {number}",

    # -- the bar above the table: a new deal, the seed, the bots' pace ------------
    "play.new_game": "New game",
    "play.seed": "Seed",
    "play.seed_note": "Seed {seed} — type the same seed on every computer to play the same deal.",
    "play.speed": "Bot speed",
    "play.speed.slow": "slow",
    "play.speed.normal": "normal",
    "play.speed.fast": "fast",
    "play.speed.instant": "instant",
    "play.speed.seconds": "{seconds} s per move",

    # -- what the page waits for (one line above the table) ------------------------
    "play.status.turn": "Your turn: click a bright card to play it, or draw a card.",
    "play.status.turn_no_card": "Your turn: none of your cards fits, so draw a card.",
    "play.status.drawn": "You drew {card}: play it now, or keep it.",
    "play.status.penalty": "You must take {count} {count|card|cards}: click “{button}”.",
    "play.status.penalty_answer": "You must take {count} {count|card|cards}: click “{button}”, "
                                  "or answer with a bright card.",
    "play.status.challenge": "A Wild Draw Four on you: take {count} {count|card|cards}, or "
                             "challenge it if you think it was played while a card of the "
                             "old colour could have been played.",
    "play.status.start_colour": "The start card is a Wild: you choose the colour.",
    "play.status.swap": "You played a 7: choose whom to swap hands with.",
    "play.status.exchange": "You played a 5: choose whom to exchange a card with, or exchange none.",
    "play.status.give": "Click the card you give away in the exchange.",
    "play.status.ready": "You drew {count} {count|card|cards}: say “Ready” when you are.",
    "play.status.wild": "Choose the colour for your {card}.",
    "play.status.jump_in": "You hold a card identical to the top card: click it to jump in, "
                           "or go on.",
    "play.status.thinking": "{player} is thinking…",
    "play.status.round_over": "The round is over: {player} wins it.",
    "play.status.game_over": "The game is over: {player} wins.",
    "play.status.you_won_round": "The round is over: you win it!",
    "play.status.you_won_game": "The game is over: you win!",

    # -- the table ------------------------------------------------------------------
    "play.table.cards": "{count} {count|card|cards}",
    "play.table.your_cards": "{count} {count|card|cards} (below)",
    "play.table.turn": "to move",
    "play.table.score": "score: {points}",
    "play.table.top": "Top card: {card}",
    "play.table.colour": "Colour in force: {colour}",
    "play.table.clockwise": "Play goes clockwise ↻",
    "play.table.counter": "Play goes counter-clockwise ↺",
    "play.table.pile": "Draw pile: {count} {count|card|cards}",
    "play.table.face_down": "a card face down",
    "play.hand": "Your cards",

    # -- a card's tooltip -------------------------------------------------------------
    "play.card.playable": "{card} — you can play it now",
    "play.card.unplayable": "{card} — it does not fit now",
    "play.card.give": "{card} — give this card",
    "play.card.waiting": "{card}",

    # -- buttons --------------------------------------------------------------------------
    "play.draw_button": "Draw a card",
    "play.take_button": "Take {count} {count|card|cards}",
    "play.draw_forced": "You hold a card that fits, and these rules say you must play it.",
    "play.pass_button": "Keep it",
    "play.uno_button": "UNO!",
    "play.uno_tip": "Call UNO! when you have one card left, before the next player moves.",
    "play.say_uno": "say UNO! as I play my second-to-last card",
    "play.challenge_button": "Challenge",
    "play.catch_button": "Catch {player}!",
    "play.catch_nobody": "Catch!",
    "play.catch_tip": "Catch a player who has one card left and has not called UNO!: "
                      "they draw 2.",
    "play.go_on": "Go on ▶",
    "play.colour": "Colour for your Wild:",
    "play.cancel": "Cancel",
    "play.choose_colour": "The colour is {colour}",
    "play.swap_with": "Swap hands with {player}",
    "play.exchange_with": "Exchange a card with {player}",
    "play.exchange_none": "Exchange no card",
    "play.ready": "Ready",
    "play.deal_button": "Deal the next round",
    "play.play_again": "Play again",
    "play.same_deal": "Same deal again",

    # -- a click that does not count: "Not allowed: …" ----------------------------------
    "play.refused": "Not allowed: {reason}",
    "play.refused.mismatch": "{card} matches neither the colour in force ({colour}) "
                             "nor the top card ({top}).",
    "play.refused.wild_four": "you hold a {colour} card, so the Wild Draw Four may not be played.",
    "play.refused.drawn": "after drawing you may play only the card you drew ({card}), or keep it.",
    "play.refused.penalty": "first take the {count} {count|card|cards} (click “{button}”).",
    "play.refused.penalty_answer": "{card} does not answer the draw card: answer with a bright "
                                   "card, or take the {count} {count|card|cards}.",
    "play.refused.jump_in": "to jump in, play a card identical to the top card ({top}).",
    "play.refused.choose": "first choose with the buttons below your cards.",
    "play.refused.draw": "you hold a card that fits, and these rules say you must play it.",
    "play.refused.not_now": "that cannot be done now.",
    "play.refused.card": "{card} cannot be played now.",

    # -- the end of a round and of the game --------------------------------------------------
    "play.end.round_title": "Round {round} is over",
    "play.end.game_title": "Game over",
    "play.end.round_won": "{player} wins round {round}.",
    "play.end.you_won_round": "You win round {round}!",
    "play.end.game_won": "{player} wins the game.",
    "play.end.you_won_game": "You win the game!",
    "play.end.how.winner": "The winner scores the points of every card left in the other "
                           "hands: {shown} {count|point|points} this round.",
    "play.end.how.penalty": "Everyone adds the points of the cards left in their hand; "
                            "the lowest total wins the game.",
    "play.end.how.lazy": "Only the hand with the most points counts: {player} holds "
                         "{shown} {count|point|points}. The most rounds won wins the game.",
    "play.end.target": "The game goes on until someone reaches {goal} points.",
    "play.end.rounds": "The game has {rounds} {rounds|round|rounds}, or ends sooner when "
                       "someone reaches {goal} points.",
    "play.end.player": "Player",
    "play.end.cards": "Cards left",
    "play.end.points": "Points in hand",
    "play.end.score": "Score",
    "play.end.winner_mark": "winner",

    # -- the log -------------------------------------------------------------------------------
    "play.log": "What happened (newest first)",
}
