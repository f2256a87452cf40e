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

    # -- the game's settings (a section under the bar, closed at first) -----------
    "play.settings": "Game settings: rules, players, bots, length",
    "play.settings.note": "Changing a setting deals a new game with the same seed, {seed}.",
    "play.hits": "What happened to you since your last move",
    "play.work_out": "What can I work out?",
    "play.work_out.wait": "When it is your turn, this works out your chances from what you can see: your cards, the discard pile and how many cards each player holds.",
    "play.work_out.answer": "You must take {pending} cards, unless you answer: {count} {count|card|cards} of yours can ({cards}). There is nothing to count: the choice is yours.",
    "play.work_out.no_answer": "No card of yours can answer: you take the {pending} cards.",
    "play.work_out.choice": "This choice is not a matter of chance: there is nothing to count.",
    "play.players": "Players",
    "play.bots": "Bots",
    "play.bots.heuristic": "thoughtful (a simple strategy)",
    "play.bots.random-greedy": "eager (play a card whenever they can)",
    "play.bots.random": "random (any legal move)",
    "play.length": "Length",
    "play.length.one": "one round",
    "play.length.match": "a match to {target} points",
    "play.length.rounds": "{count} rounds",
    "play.bluff": "Bots bluff",
    "play.bluff.never": "never",
    "play.bluff.sometimes": "sometimes",
    "play.bluff.often": "often",
    "play.bluff.tip": "How often a thoughtful bot plays a Wild Draw Four while it holds a card "
                      "of the colour in force: a bluff that a challenge catches. The other "
                      "bots choose at random, so they bluff by chance: a random bot makes any "
                      "legal move, an eager one plays a card whenever it can.",
    "play.work_out.assumes": "What this chance assumes: the cards you cannot see were dealt at "
                             "random, so every set of them {accused} could hold is as likely "
                             "as any other. But {accused} chose to play the card, and the real "
                             "chance of a bluff may differ.",
    "play.work_out.record": "What you have seen this game: {accused} has played {fours} "
                            "{fours|Wild Draw Four|Wild Draw Fours}, this one included.",
    "play.work_out.first": "This is the first Wild Draw Four {accused} has played this game: "
                           "you have not yet seen whether {accused} bluffs.",
    "play.work_out.none_challenged": "Nobody challenged the earlier ones, so you have not "
                                     "seen whether {accused} bluffs.",
    "play.work_out.none_challenged_one": "Nobody challenged the earlier one, so you have not "
                                         "seen whether {accused} bluffs.",
    "play.work_out.caught_one": "The earlier one was challenged, and the challenge showed a "
                                "bluff.",
    "play.work_out.cleared_one": "The earlier one was challenged, and the challenge showed no "
                                 "bluff.",
    "play.work_out.challenged": "{challenged} of the earlier ones {challenged|was|were} "
                                "challenged: {caught} {caught|challenge|challenges} showed a "
                                "bluff, {cleared} did not.",
    "play.work_out.setting": "In Game settings, bots bluff: {setting}.",
    "play.work_out.setting_never": "In Game settings, bots never bluff: against them every "
                                   "challenge fails.",
    "play.work_out.anytime": "Under these rules a Wild Draw Four may be played at any time, so "
                             "it is never a bluff: a challenge always fails and costs {cost} "
                             "cards instead of {pending}. Take the {pending} cards.",
    "play.work_out.verdict_never": "That counted chance is for a player who may bluff. These "
                                   "bots never bluff, so here a challenge always fails and costs "
                                   "{cost} cards instead of {pending}: take the {pending} cards.",

    # -- what the page waits for (one line above the table) ------------------------
    "play.status.turn": "Your turn: click a bright card to play it, or draw a card.",
    "play.status.turn_no_card": "Your turn: none of your cards fits, so draw a card.",
    "play.status.drawn": "You drew {card}: play it now, or keep it.",
    "play.status.penalty": "You must take {count} {count|card|cards}: click “{button}”.",
    "play.status.penalty_answer": "You must take {count} {count|card|cards}: click “{button}”, "
                                  "or answer with a bright card.",
    "play.status.challenge_anytime": "A Wild Draw Four on you: take {count} "
                                     "{count|card|cards}. Under these rules it may be played at "
                                     "any time, so a challenge always fails.",
    "play.status.challenge": "A Wild Draw Four on you: take {count} {count|card|cards}, or "
                             "challenge it if you think it was played while a card of the "
                             "old colour could have been played.",
    "play.status.phase_colour": "The start card is a Wild: you choose the colour.",
    "play.status.phase_swap": "You played a 7: choose whom to swap hands with.",
    "play.status.phase_exchange": "You played a 5: choose whom to exchange a card with, or exchange none.",
    "play.status.phase_give": "Click the card you give away in the exchange.",
    "play.status.phase_ready": "You drew {count} {count|card|cards}: say “Ready” when you are.",
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
    "play.card.bluff": "{card} — you can play it, but it is a bluff: you hold a {colour_of} "
                       "card, and a challenge would catch it",
    "play.card.bluff_tag": "A bluff:",

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
    "play.swap_with": "Swap hands with {player} ({count} {count|card|cards})",
    "play.exchange_with": "Exchange a card with {player} ({count} {count|card|cards})",
    "play.exchange_none": "Exchange no card",
    "play.ready": "Ready",
    "play.deal_button": "Deal the next round",
    "play.play_again": "Play again",
    "play.same_deal": "Same deal again",

    # -- a click that does not count: "Not allowed: …" ----------------------------------
    "play.refused": "Not allowed: {reason}",
    "play.refused.mismatch": "{card} matches neither the colour in force ({colour}) "
                             "nor the top card ({top}).",
    "play.refused.wild_four": "you hold a {colour_of} card, so the Wild Draw Four may not be played.",
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

RU: dict[str, str] = {
    # -- кто есть кто -------------------------------------------------------------
    "play.you": "Игрок {number} (вы)",
    "play.bot": "Бот {number}",

    # -- полоса над столом: новая раздача, номер расклада, темп ботов --------------
    "play.new_game": "Новая партия",
    "play.seed": "Расклад №",
    "play.seed_note": "Расклад № {seed} — введите этот же номер на любом компьютере, "
                      "и карты будут розданы точно так же.",
    "play.speed": "Темп ботов",
    "play.speed.slow": "медленный",
    "play.speed.normal": "обычный",
    "play.speed.fast": "быстрый",
    "play.speed.instant": "без пауз",
    "play.speed.seconds": "{seconds}\u00a0с на ход",

    # -- the game's settings ----------------------------------------------------------
    "play.settings": "Настройки: правила, игроки, боты, длительность",
    "play.settings.note": "При изменении настроек начинается новая партия с тем же номером расклада — {seed}.",
    "play.hits": "Что случилось с вами после вашего последнего хода",
    "play.work_out": "Что я могу подсчитать?",
    "play.work_out.wait": "Когда будет ваш ход, здесь появятся вероятности, подсчитанные по тому, что вы видите: по вашим картам, по сброшенным картам и по тому, сколько карт у каждого игрока.",
    "play.work_out.answer": "Вам нужно взять {pending} {pending|карту|карты|карт}, если только вы не ответите: ответить можно {count} {count|картой|картами|картами} ({cards}). Считать здесь нечего: выбор за вами.",
    "play.work_out.no_answer": "Ответить вам нечем: вы берёте {pending} {pending|карту|карты|карт}.",
    "play.work_out.choice": "Этот выбор от случая не зависит: считать здесь нечего.",
    "play.players": "Игроков",
    "play.bots": "Боты",
    "play.bots.heuristic": "расчётливые (простая стратегия)",
    "play.bots.random-greedy": "торопливые (кладут карту, когда только могут)",
    "play.bots.random": "случайные (любой разрешённый ход)",
    "play.length": "Длительность",
    "play.length.one": "один раунд",
    "play.length.match": "партия до {target} очков",
    "play.length.rounds": "{count} {count|раунд|раунда|раундов}",
    "play.bluff": "Боты блефуют",
    "play.bluff.never": "никогда",
    "play.bluff.sometimes": "иногда",
    "play.bluff.often": "часто",
    "play.bluff.tip": "Как часто расчётливый бот кладёт «Дикую +4», хотя у него есть карта "
                      "того цвета, что в игре: это блеф, и его раскрывает оспаривание. "
                      "Остальные боты выбирают ход наугад и блефуют лишь случайно: случайный "
                      "бот делает любой разрешённый ход, торопливый кладёт карту, когда только "
                      "может.",
    "play.work_out.assumes": "На чём основан этот подсчёт: карты, которых вы не видите, считаются "
                             "розданными случайным образом, так что любой их набор, который "
                             "может держать {accused}, так же вероятен, как любой другой. Но "
                             "{accused} сам решил сыграть эту карту, и настоящая вероятность "
                             "блефа может быть другой.",
    "play.work_out.record": "Что вы видели в этой партии: {accused} сыграл «Дикую +4» "
                            "{fours} {fours|раз|раза|раз}, считая этот ход.",
    "play.work_out.first": "Это первая «Дикая +4», которую {accused} сыграл в этой партии: "
                           "вы ещё не видели, блефует ли {accused}.",
    "play.work_out.none_challenged": "Прежние «Дикие +4» никто не оспаривал, так что вы ещё "
                                     "не видели, блефует ли {accused}.",
    "play.work_out.none_challenged_one": "Предыдущую «Дикую +4» никто не оспорил, так что вы "
                                         "ещё не видели, блефует ли {accused}.",
    "play.work_out.caught_one": "Предыдущую «Дикую +4» оспорили, и блеф раскрылся.",
    "play.work_out.cleared_one": "Предыдущую «Дикую +4» оспорили, но блефа не оказалось.",
    "play.work_out.challenged": "Прежние «Дикие +4» оспаривали {challenged} "
                                "{challenged|раз|раза|раз}: блеф раскрылся {caught} "
                                "{caught|раз|раза|раз}, не раскрылся — {cleared}.",
    "play.work_out.setting": "В настройках партии боты блефуют: {setting}.",
    "play.work_out.setting_never": "В настройках партии боты никогда не блефуют: оспаривать "
                                   "их ходы бесполезно.",
    "play.work_out.anytime": "По этим правилам дикую +4 можно класть в любой момент, поэтому "
                             "блефа не бывает: оспаривать ход бесполезно, придётся взять {cost} "
                             "{cost|карту|карты|карт} вместо {pending}. Лучше сразу взять "
                             "{pending} {pending|карту|карты|карт}.",
    "play.work_out.verdict_never": "Эта вероятность подсчитана для игрока, который может "
                                   "блефовать. А эти боты никогда не блефуют, поэтому оспаривать "
                                   "ход здесь бесполезно: придётся взять {cost} "
                                   "{cost|карту|карты|карт} вместо {pending}. Лучше сразу взять "
                                   "{pending} {pending|карту|карты|карт}.",

    # -- чего ждёт страница (строка над столом) ------------------------------------
    "play.status.turn": "Ваш ход: сыграйте яркую карту или возьмите карту из колоды.",
    "play.status.turn_no_card": "Ваш ход: ни одна ваша карта не подходит — возьмите карту "
                                "из колоды.",
    "play.status.drawn": "Вы взяли карту: {card}. Сыграйте её сейчас или оставьте себе.",
    "play.status.penalty": "Вам нужно взять {count} {count|карту|карты|карт}: "
                           "нажмите «{button}».",
    "play.status.penalty_answer": "Вам нужно взять {count} {count|карту|карты|карт}: "
                                  "нажмите «{button}» или ответьте яркой картой.",
    "play.status.challenge_anytime": "Против вас сыграли «Дикую +4»: возьмите "
                                     "{count} {count|карту|карты|карт}. По этим правилам её "
                                     "можно класть в любой момент, так что оспаривать ход "
                                     "бесполезно.",
    "play.status.challenge": "Против вас сыграли «Дикую +4»: возьмите "
                             "{count} {count|карту|карты|карт} или оспорьте ход, если думаете, что "
                             "карту сыграли не по правилам: у игрока была карта прежнего цвета.",
    "play.status.phase_colour": "Первая карта в сбросе — дикая карта: цвет выбираете вы.",
    "play.status.phase_swap": "Вы сыграли 7: выберите, с кем поменяться всеми картами.",
    "play.status.phase_exchange": "Вы сыграли 5: выберите, с кем обменяться одной картой, "
                            "или не меняйтесь ни с кем.",
    "play.status.phase_give": "Нажмите на карту, которую отдаёте при обмене.",
    "play.status.phase_ready": "Вы взяли {count} {count|карту|карты|карт}: когда будете готовы, "
                         "нажмите «Готов!».",
    "play.status.wild": "Выберите цвет для карты: {card}.",
    "play.status.jump_in": "У вас есть точно такая же карта, как верхняя в сбросе: нажмите "
                           "на неё, чтобы перехватить ход, или нажмите "
                           "«Дальше ▶».",
    "play.status.thinking": "{player} думает…",
    "play.status.round_over": "Раунд окончен, победитель — {player}.",
    "play.status.game_over": "Партия окончена, победитель — {player}.",
    "play.status.you_won_round": "Раунд окончен: вы победили!",
    "play.status.you_won_game": "Партия окончена: вы победили!",

    # -- стол -------------------------------------------------------------------------
    "play.table.cards": "{count} {count|карта|карты|карт}",
    "play.table.your_cards": "{count} {count|карта|карты|карт} (внизу)",
    "play.table.turn": "ходит",
    "play.table.score": "счёт: {points}",
    "play.table.top": "Верхняя карта: {card}",
    "play.table.colour": "Цвет в игре: {colour}",
    "play.table.clockwise": "Ходят по часовой стрелке ↻",
    "play.table.counter": "Ходят против часовой стрелки ↺",
    "play.table.pile": "В колоде: {count} {count|карта|карты|карт}",
    "play.table.face_down": "карта рубашкой вверх",
    "play.hand": "Ваши карты",

    # -- подсказка над картой -----------------------------------------------------------
    "play.card.playable": "{card!u} — можно сыграть сейчас",
    "play.card.unplayable": "{card!u} — сейчас не подходит",
    "play.card.give": "{card!u} — отдать эту карту",
    "play.card.waiting": "{card!u}",
    "play.card.bluff": "{card!u} — сыграть можно, но это блеф: у вас есть карта {colour_of} "
                       "цвета — того, что в игре, — и оспаривание раскроет блеф",
    "play.card.bluff_tag": "Блеф:",

    # -- кнопки ---------------------------------------------------------------------------
    "play.draw_button": "Взять карту",
    "play.take_button": "Взять {count} {count|карту|карты|карт}",
    "play.draw_forced": "У вас есть подходящая карта, а по этим правилам её нужно сыграть.",
    "play.pass_button": "Оставить себе",
    "play.uno_button": "Уно!",
    "play.uno_tip": "Скажите «Уно!», когда у вас останется одна карта, — пока следующий "
                    "игрок не сделал ход.",
    "play.say_uno": "сказать «Уно!» с предпоследней картой",
    "play.challenge_button": "Оспорить",
    "play.catch_button": "Поймать: {player}!",
    "play.catch_nobody": "Поймать!",
    "play.catch_tip": "Поймайте игрока, у которого осталась одна карта, а он не сказал "
                      "«Уно!»: он возьмёт 2 карты.",
    "play.go_on": "Дальше ▶",
    "play.colour": "Цвет для вашей дикой карты:",
    "play.cancel": "Отмена",
    "play.choose_colour": "Выбрать цвет: {colour}",
    "play.swap_with": "Поменяться картами: {player} ({count} {count|карта|карты|карт})",
    "play.exchange_with": "Обменяться одной картой: {player} ({count} {count|карта|карты|карт})",
    "play.exchange_none": "Не меняться",
    "play.ready": "Готов!",
    "play.deal_button": "Следующий раунд",
    "play.play_again": "Сыграть ещё",
    "play.same_deal": "Тот же расклад ещё раз",

    # -- щелчок, который не засчитан: «Так нельзя: …» -------------------------------------
    "play.refused": "Так нельзя: {reason}",
    "play.refused.mismatch": "{card} не совпадает ни с цветом в игре ({colour}), "
                             "ни со значением верхней карты ({top}).",
    "play.refused.wild_four": "у вас есть карта того цвета, что сейчас в игре ({colour_of}), "
                              "поэтому «Дикую +4» класть нельзя.",
    "play.refused.drawn": "взяв карту, можно сыграть только её ({card}) или оставить её себе.",
    "play.refused.penalty": "сначала возьмите {count} {count|карту|карты|карт} "
                            "(нажмите «{button}»).",
    "play.refused.penalty_answer": "{card} — не ответ на штрафную карту: ответьте яркой "
                                   "картой или возьмите {count} {count|карту|карты|карт}.",
    "play.refused.jump_in": "чтобы перехватить ход, сыграйте точно такую же карту, "
                            "как верхняя ({top}).",
    "play.refused.choose": "сначала сделайте выбор кнопками под вашими картами.",
    "play.refused.draw": "у вас есть подходящая карта, а по этим правилам её нужно сыграть.",
    "play.refused.not_now": "сейчас этого сделать нельзя.",
    "play.refused.card": "эту карту ({card}) сейчас сыграть нельзя.",

    # -- конец раунда и партии -------------------------------------------------------------
    "play.end.round_title": "Раунд {round} окончен",
    "play.end.game_title": "Партия окончена",
    "play.end.round_won": "Победитель раунда {round} — {player}.",
    "play.end.you_won_round": "Вы выиграли раунд {round}!",
    "play.end.game_won": "Победитель партии — {player}.",
    "play.end.you_won_game": "Вы выиграли партию!",
    "play.end.how.winner": "Победитель получает очки за все карты, оставшиеся на руках "
                           "у других: в этом раунде — {shown} {count|очко|очка|очков}.",
    "play.end.how.penalty": "Каждый прибавляет себе очки за карты, оставшиеся у него на руке; "
                            "партию выигрывает тот, у кого в сумме меньше всего очков.",
    "play.end.how.lazy": "Считается только рука, где больше всего очков: {player} — "
                         "{shown} {count|очко|очка|очков} на руке. Партию выигрывает тот, "
                         "кто выиграл больше всего раундов.",
    "play.end.target": "Партия идёт, пока чей-нибудь счёт не дойдёт до {goal}.",
    "play.end.rounds": "В партии {rounds} {rounds|раунд|раунда|раундов}; она закончится "
                       "раньше, если чей-нибудь счёт дойдёт до {goal}.",
    "play.end.player": "Игрок",
    "play.end.cards": "Осталось карт",
    "play.end.points": "Очки на руке",
    "play.end.score": "Счёт",
    "play.end.winner_mark": "победитель",

    # -- журнал ----------------------------------------------------------------------------
    "play.log": "Что произошло (сначала самое новое)",
}
