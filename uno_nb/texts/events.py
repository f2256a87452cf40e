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
    "event.blocked": "Both piles are empty and nobody can play: the round ends, and {player} "
                     "wins it with the fewest points in hand",
    "event.doubled": "{player} plays the second {card} at once (doubles)",
    "event.doubled.colour": "{player} plays the second {card} at once (doubles) and chooses {colour}",
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
    "event.challenged.anytime": "{challenger} challenges: {accused} held {colour}, but these "
                                "rules let a Wild Draw Four be played at any time - "
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
    "event.round_won.blocked": "{player} wins round {round}: nobody can move",
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
    # annotations of the table model (uno_nb.sim.table): reaction times
    "note.noticed": "caught after {seconds} s",
    "note.noticed_first": "caught after {seconds} s, by the first of the {count} players "
                          "who noticed",
    "note.reaction": "{seconds} s",
    "note.race": "fastest of {count}: {times}",
    "note.time": "{player} {seconds} s",
    # the rule at work, as the log shows it beside a sentence
    "event.rule": "{name} ({rule})",
}

# Имена игроков и названия карт подставляются в именительном падеже, поэтому
# фразы построены так, чтобы он подходил («Игрок 2 кладёт карту: Красная 7»),
# и глаголы стоят в настоящем времени (без рода: «Аня берёт», «Игрок 1 берёт»).
_DRAWS_2_RU = "{player} берёт 2 карты"

RU: dict[str, str] = {
    "event.with_note": "{sentence} ({note})",
    "event.cut": "{player} — {card}",
    # раздача и первая карта
    "event.dealer_chosen": "Выбор сдающего: {draws}; карты сдаёт {dealer}",
    "event.dealt": "Раунд {round}: {dealer} сдаёт каждому по {count} "
                   "{count|карте|карты|карт}",
    "event.start_card": "Первая карта: {card}; игру начинает {first}",
    "event.start_card_returned": "Первая карта ({card}) возвращается в колоду, "
                                 "и колоду перемешивают",
    "event.start_wild": "Первая карта — дикая карта: цвет выбирает {player}",
    "event.reversed.start": "Первая карта — «Смена направления»: игру начинает {next}, "
                            "ход идёт против часовой стрелки",
    # ход
    "event.played": "{player} кладёт карту: {card}",
    "event.played.colour": "{player} кладёт карту: {card} (новый цвет: {colour})",
    "event.jumped_in": "{player} перехватывает ход картой: {card}",
    "event.jumped_in.colour": "{player} перехватывает ход картой: {card} (новый цвет: {colour})",
    "event.blocked": "Обе стопки пусты, и никто не может сходить: раунд окончен, его выигрывает "
                     "{player} — у него меньше всего очков на руках",
    "event.doubled": "{player} сразу кладёт вторую такую же карту: {card} (дубль)",
    "event.doubled.colour": "{player} сразу кладёт вторую такую же карту: {card} (дубль; новый цвет: {colour})",
    "event.colour_chosen": "{player} выбирает цвет: {colour}",
    "event.drew.one": "{player} берёт карту из колоды ({cards})",
    "event.drew.one.hidden": "{player} берёт карту из колоды",
    "event.drew.many": "{player} берёт {count} {count|карту|карты|карт} ({cards})",
    "event.drew.many.hidden": "{player} берёт {count} {count|карту|карты|карт}",
    "event.drew.many.short": "{player} берёт {count} {count|карту|карты|карт} ({cards}) — "
                             "больше карт нет: взято {count} из {wanted}",
    "event.drew.many.short.hidden": "{player} берёт {count} {count|карту|карты|карт} — "
                                    "больше карт нет: взято {count} из {wanted}",
    "event.drew.none": "{player} не может взять карту: и колода, и сброс пусты",
    "event.passed": "{player} оставляет карту себе и говорит «пас»",
    "event.drawn_must_play": "{player} может сыграть только что взятую карту — "
                             "и сыграть её нужно сразу",
    "event.skipped": "{player} пропускает ход",
    "event.reversed.clockwise": "Теперь ход идёт по часовой стрелке",
    "event.reversed.counter": "Теперь ход идёт против часовой стрелки",
    "event.reshuffled": "Колода закончилась: {count} {count|карту|карты|карт} из сброса "
                        "перемешивают и кладут новой колодой",
    # ответы на «+2» и «+4» (домашние правила)
    "event.stack": "Накопление: {player} добавляет в стопку штрафов карту: {card} — "
                   "теперь {target} берёт уже {count} {count|карту|карты|карт}, "
                   "если не добавит свою",
    "event.deflect": "{player} переводит «+2» дальше: теперь {target} берёт "
                     "{count} {count|карту|карты|карт} или тоже переводит",
    "event.save_2": "{player} спасается от карты «Дикая +4» картой: {card} — "
                    "теперь {target} берёт {count} {count|карту|карты|карт}",
    "event.bounce.draw": "{player} возвращает штраф обратно: "
                         "{count} {count|карту|карты|карт} теперь берёт {target}",
    "event.bounce.skip": "{player} возвращает «Пропуск хода» обратно: ход пропускает {target}",
    "event.two_player_skip": "При двух игроках «Смена направления» действует как "
                             "«Пропуск хода»: {player} ходит ещё раз",
    "event.colour_wheel": "Цвет меняется по кругу: теперь цвет {colour}",
    # проверка на честность
    "event.challenged.guilty": "{challenger} оспаривает ход: {accused} блефует — цвет был "
                               "{colour}, и карты этого цвета на руке есть! "
                               "{accused} берёт {penalty} {penalty|карту|карты|карт}",
    "event.challenged.innocent": "{challenger} оспаривает ход: {accused} играет честно — "
                                 "цвет был {colour}, а карт этого цвета на руке нет. "
                                 "{challenger} берёт {penalty} {penalty|карту|карты|карт}",
    "event.challenged.anytime": "{challenger} оспаривает ход: в руке, из которой {accused} "
                                "кладёт дикую +4, есть карта прежнего цвета ({colour}), но по "
                                "этим правилам дикую +4 можно класть в любой момент, "
                                "так что это не блеф. "
                                "{challenger} берёт {penalty} {penalty|карту|карты|карт}",
    "event.challenge.returned": "{player} забирает свою карту обратно ({card}); сверху снова "
                                "{top}, цвет — {colour}",
    # «Уно!»
    "event.uno_called": "{player} кричит «Уно!»",
    "event.uno_caught": "{player} забывает сказать «Уно!», и {catcher} это замечает: "
                        "{player} берёт {penalty} {penalty|карту|карты|карт}",
    "event.misplay.card": "Ход не по правилам ({card}): карта возвращается на руку, "
                          + _DRAWS_2_RU,
    "event.misplay.uno": "{player} зря кричит «Уно!» и берёт 2 карты",
    "event.misplay.catch": "{player} напрасно напоминает про «Уно!»: {target} ничего не "
                           "нарушает, поэтому 2 карты берёт {player}",
    # карты переходят из рук в руки (V-SEVEN-ZERO, V-SWAP-FIVE)
    "event.seven_zero.pass_on.clockwise": "Все передают свои карты соседу по часовой стрелке",
    "event.seven_zero.pass_on.counter": "Все передают свои карты соседу против часовой стрелки",
    "event.seven_zero.swap": "{player} и {target} меняются картами",
    "event.swap_five.chosen": "{player} и {target} меняются одной картой",
    "event.swap_five.none": "{player} не меняется картами",
    "event.swap_five.done": "{player} и {target} меняются картами: {player} отдаёт — {given}, "
                            "получает — {got}",
    "event.swap_five.done.hidden": "{player} и {target} меняются одной картой",
    # разговоры за столом
    "event.ready": "{player}: «Готов!»",
    "event.silence.black": "Все молчат, пока не сменится цвет",
    "event.silence.two": "Все молчат, пока {player} снова не получит ход",
    "event.silence.two_ends": "{player} снова получает ход: молчание окончено",
    "event.silence.black_ends": "Цвет сменился: молчание окончено",
    "event.silence.spoke": "{player} нарушает молчание и берёт 2 карты",
    "event.advice": "{player} подсказывает, как ходить (сейчас ходит {target}), "
                    "и берёт 2 карты",
    "event.uno_center.slowest": "{target} держит руку в центре: {player} медленнее всех кладёт "
                                "свою руку сверху и берёт 2 карты",
    # конец руки, раунда, партии
    "event.seven_rounds.refill": "{player} избавляется от всех карт: берёт "
                                 "{count} {count|новую карту|новые карты|новых карт} "
                                 "и играет дальше",
    "event.to_the_last.out": "{player} избавляется от всех карт ({place}-е место); "
                             "игра продолжается",
    "event.drop_zero": "{player} остаётся только с «0» на руке: эта карта стоит "
                       "{points} {points|очко|очка|очков}",
    "event.round_won": "{player} избавляется от всех карт и выигрывает раунд {round}",
    "event.round_won.blocked": "{player} выигрывает раунд {round}: ходов больше нет",
    "event.round_won.last": "{player} раньше всех избавляется от карт и выигрывает раунд "
                            "{round}; проигрывает {loser}",
    "event.scored": "{player} получает {points} {points|очко|очка|очков} (счёт: {scores})",
    "event.scored.penalty": "Каждый записывает себе очки своих карт (итого: {scores})",
    "event.scored.penalty.bonus": "Каждый записывает себе очки своих карт; {player} вычитает "
                                  "{points} {points|очко|очка|очков}: последняя карта была "
                                  "картой H2O (итого: {scores})",
    "event.scored.lazy": "Ленивый подсчёт: следующий раунд начинает {player}, а сдаёт {loser} "
                         "(больше всего очков на руке)",
    "event.game_won.target": "{player} выигрывает партию: {points} "
                             "{points|очко|очка|очков} при цели {goal}",
    "event.game_won.lowest": "{player} выигрывает партию с наименьшей суммой очков: "
                             "кто-то уже набрал {goal} {goal|очко|очка|очков}",
    "event.game_won.rounds": "{player} выигрывает партию после {rounds} "
                             "{rounds|раунда|раундов|раундов}",
    "event.game_won.rounds.lazy": "{player} выигрывает партию: больше всех выигранных раундов "
                                  "за {rounds} {rounds|раунд|раунда|раундов}",
    "event.game_won.seven_rounds": "{player} выигрывает партию: карты закончились "
                                   "в седьмой раз",
    # пометки модели стола (uno_nb.sim.table): время реакции
    "note.noticed": "замечено через {seconds} с",
    "note.noticed_first": "замечено через {seconds} с — раньше всех из {count} "
                          "заметивших",
    "note.reaction": "{seconds} с",
    "note.race": "быстрее всех из {count}: {times}",
    "note.time": "{player} — {seconds} с",
    # правило, которое сработало, рядом с фразой в журнале
    "event.rule": "{name} ({rule})",
}
