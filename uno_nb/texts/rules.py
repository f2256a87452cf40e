"""Texts: the rule switches, as a learner reads them.

For every option of :class:`uno_nb.engine.rules.RuleSet`: ``option.<name>``, a short
label for its switch; ``option.<name>.help``, one sentence saying what it
does; and for an option with choices, ``option.<name>.<value>``, the words of
each choice.  For every preset: ``preset.<name>`` and ``preset.<name>.help``.
``rules.*``: the rules panel's own words, the groups of switches, and the
sentences that refuse a combination (``rules.why.<a>.<b>``: why options
``a`` and ``b`` do not go together).

The developer's description of each option stays in ``uno_nb/engine/rules.py``
(``OptionInfo.doc``); the words here are for people at the table.
"""

EN: dict[str, str] = {
    # -- setup and the turn --------------------------------------------------------
    "option.start_card": "Start card",
    "option.start_card.help": "What happens when the card turned up to start the pile is an action card.",
    "option.start_card.effect": "an action card acts at once",
    "option.start_card.number": "turn cards until a number shows",
    "option.draw_anytime": "Draw even when you could play",
    "option.draw_anytime.help": "You may draw instead of playing even when you hold a card that fits; "
                                "switched off, you must play when you can.",
    "option.play_drawn": "A drawn card that fits must be played",
    "option.play_drawn.help": "If the card you draw can be played, you have to play it at once "
                              "instead of keeping it.",
    "option.draw_until_playable": "Draw until you can play",
    "option.draw_until_playable.help": "A player who draws keeps drawing until a card that fits "
                                       "comes, and then plays it.",
    "option.w4_bluff": "Bluff with a Wild Draw Four",
    "option.w4_bluff.help": "You may play a Wild Draw Four while holding a card of the colour in "
                            "force, and only a challenge can catch you; switched off, that play "
                            "is refused.",
    "option.w4_anytime": "Wild Draw Four at any time",
    "option.w4_anytime.help": "A Wild Draw Four may always be played, so it is never a bluff and a "
                              "challenge against it always fails.",
    "option.misplay_penalty": "Penalty for a wrong play",
    "option.misplay_penalty.help": "A card put down by mistake, a false UNO! call or a false catch "
                                   "costs 2 cards instead of just being taken back.",
    "option.uno_penalty": "Missed UNO! costs",
    "option.uno_penalty.help": "How many cards a player draws when caught with one card left "
                               "without having called UNO!",
    "option.uno_penalty.2": "2 cards",
    "option.uno_penalty.4": "4 cards",
    "option.two_player_skip": "Two players: Reverse plays again",
    "option.two_player_skip.help": "With two players a Skip and a Reverse both give their player "
                                   "another turn; switched off, a Reverse only turns the direction.",
    "option.challenge": "A caught bluff",
    "option.challenge.help": "What happens when a challenge shows that a Wild Draw Four was played "
                             "while its player held the colour in force.",
    "option.challenge.std": "the bluffer draws 4 and the card stays",
    "option.challenge.return": "the bluffer takes the card back and draws 4",

    # -- draw cards and answers ---------------------------------------------------------
    "option.deflect_2": "Pass a Draw Two on",
    "option.deflect_2.help": "Hit by a Draw Two, you may put down a Draw Two of your own, and the "
                             "next player takes the 2 cards instead.",
    "option.w4_save_2": "Answer a Wild Draw Four with a Draw Two",
    "option.w4_save_2.help": "Hit by a Wild Draw Four, you may put down a Draw Two of the chosen "
                             "colour, which then counts as an ordinary Draw Two.",
    "option.stack": "Stack draw cards",
    "option.stack.help": "Hit by a draw card, you may add one of the same kind: the total grows, "
                         "and whoever cannot add one draws it all.",
    "option.stack_mixed": "Mix Draw Twos and Fours in a stack",
    "option.stack_mixed.help": "When stacking, a Wild Draw Four may go on a Draw Two, and a Draw "
                               "Two of the chosen colour on a Wild Draw Four.",
    "option.reverse_bounce": "Reverse sends it back",
    "option.reverse_bounce.help": "A Reverse of the colour in force sends a Draw Two, a Wild Draw "
                                  "Four, a stack or a Skip back to the player who played it.",
    "option.plus10": "Wild Draw Ten cards",
    "option.plus10.help": "The four blank cards of the box join the deck as Wild Draw Tens: the "
                          "next player draws 10.",
    "option.jump_in": "Jump in",
    "option.jump_in.help": "Anyone holding a card exactly like the top card (same colour and same "
                           "number or symbol) may play it out of turn.",

    # -- card effects ---------------------------------------------------------------------
    "option.doubles": "Play doubles",
    "option.doubles.help": "You may put down a second identical card right after the first.",
    "option.seven_zero": "Seven swaps, zero passes",
    "option.seven_zero.help": "A 0 passes every hand on in the direction of play; a 7 lets you "
                              "swap hands with a player of your choice.",
    "option.swap_five": "Swap a card on a five",
    "option.swap_five.help": "Playing a 5, you may exchange one card with any player; each of "
                             "you chooses the card to give.",
    "option.colour_wheel": "Colour wheel",
    "option.colour_wheel.help": "Black cards name no colour: the colour moves on around the wheel "
                                "red, blue, green, yellow in the direction of play.",

    # -- scoring and the end of the game ------------------------------------------------
    "option.scoring": "Scoring",
    "option.scoring.help": "Who scores at the end of a round, and who wins the game.",
    "option.scoring.winner": "the winner scores the cards left in the other hands",
    "option.scoring.penalty": "everyone scores their own hand, lowest total wins",
    "option.scoring.lazy": "no points: the winner starts the next round, the loser deals",
    "option.target_score": "Points that end the game",
    "option.target_score.help": "The game ends when someone reaches this score; with penalty "
                                "scoring the lowest total then wins.",
    "option.drop_zero": "A lone 0 counts 50",
    "option.drop_zero.help": "A hand holding nothing but a 0 at the end of a round counts 50 "
                             "points instead of 0.",
    "option.to_the_last": "Play to the last",
    "option.to_the_last.help": "The round goes on until only one player still holds cards: the "
                               "first out wins, the last one loses.",
    "option.seven_rounds": "Seven hands",
    "option.seven_rounds.help": "When your hand empties you draw 6 and play on, then 5 the next "
                                "time, and so on; emptying it after drawing 1 wins the game.",
    "option.h2o": "H2O deck",
    "option.h2o.help": "The H2O deck adds Draw One and Wild Draw Two cards; going out on one of "
                       "them takes 20 or 40 points off your penalty total.",

    # -- table talk ---------------------------------------------------------------------------
    "option.uno_center": "Slap the UNO! hand",
    "option.uno_center.help": "After an UNO! call everyone else slaps a hand on the caller's; the "
                              "slowest draws 2.",
    "option.silent_twos": "Silence after a 2",
    "option.silent_twos.help": "After a 2 nobody may speak until that player's turn comes round "
                               "again; whoever speaks draws 2.",
    "option.silent_black": "Silence after a black card",
    "option.silent_black.help": "A black card also starts a silence, which lasts until the colour "
                                "changes.",
    "option.advice": "No advice",
    "option.advice.help": "A player who tells another what to play draws 2.",
    "option.ready": "Say “Ready”",
    "option.ready.help": "After drawing 4 or more cards at once, play waits until that player "
                         "says “Ready”.",

    # -- presets ------------------------------------------------------------------------------
    "preset.standard": "Standard rules",
    "preset.standard.help": "The rules sheet in the box, with no house rules.",
    "preset.cnuno": "CNUNO-1 rule card",
    "preset.cnuno.help": "The rules printed on a rule card titled CNUNO-1: the start card is a "
                         "number, a Draw Two can be passed on or can answer a Wild Draw Four, "
                         "jump-ins are allowed, and a caught bluffer takes the Wild Draw Four back.",
    "preset.party": "Party rules",
    "preset.party.help": "A lively house game: draw cards stack (Twos and Fours mixed), jump-ins, "
                         "sevens swap and zeros pass hands, and a Reverse sends a draw card back.",

    # -- the rules panel ---------------------------------------------------------------------
    "rules.preset": "Rule set",
    "rules.custom": "Your own mix",
    "rules.custom.help": "No preset has exactly these rules: {name}.",
    "rules.on": "on",
    "rules.off": "off",
    "rules.group.turn": "Setup and the turn",
    "rules.group.draw": "Draw cards and answers",
    "rules.group.effects": "Card effects",
    "rules.group.scoring": "Scoring and the end of the game",
    "rules.group.table": "Table talk",
    # A rule set named by its nearest preset and what differs from it:
    # "Standard rules + Stack draw cards", "Party rules − Jump in".
    "rules.name.changed": "{base} {changes}",
    "rules.diff.on": "+ {option}",
    "rules.diff.off": "− {option}",
    "rules.diff.value": "· {option}: {value}",
    "rules.diff.sep": " ",
    "rules.diff.list_sep": ", ",
    # A refused combination.  {first} and {second} are switch labels; {why} is rules.why.*.
    "rules.refused.excludes": "“{first}” and “{second}” cannot be played together: {why} "
                              "Switch one of them off first.",
    "rules.refused.requires": "“{first}” works only with “{second}” switched on: {why}",
    "rules.refused.requires_value": "“{first}” works only when “{second}” is set to “{value}”: "
                                    "{why}",
    "rules.refused.other": "These rules cannot be played together.",
    "rules.why.stack.deflect_2": "a stack adds the draw cards up, while passing a Draw Two on "
                                 "keeps the penalty at 2.",
    "rules.why.seven_rounds.to_the_last": "both change what happens when a hand is empty.",
    "rules.why.stack_mixed.stack": "mixing Twos and Fours is a way of stacking.",
    "rules.why.silent_black.silent_twos": "the silence after a black card extends the silence "
                                          "after a 2.",
    "rules.why.h2o.scoring": "the H2O cards take points off penalty totals.",
}

# Названия переключателей, которые встречаются в отказах (rules.refused.*),
# написаны без кавычек: отказ сам берёт их в «ёлочки».
RU: dict[str, str] = {
    # -- начало и ход игры -------------------------------------------------------------
    "option.start_card": "Первая карта",
    "option.start_card.help": "Что происходит, если первая открытая карта сброса — активная "
                              "(не с цифрой).",
    "option.start_card.effect": "активная карта сразу действует",
    "option.start_card.number": "открывать карты, пока не выпадет карта с цифрой",
    "option.draw_anytime": "Можно брать карту, даже если есть ход",
    "option.draw_anytime.help": "Можно взять карту из колоды вместо хода, даже если на руке есть "
                                "подходящая карта; если выключено, играть нужно всегда, когда "
                                "есть чем.",
    "option.play_drawn": "Подходящую взятую карту нужно сыграть",
    "option.play_drawn.help": "Если взятая из колоды карта подходит, её нужно сразу сыграть, "
                              "а не оставлять себе.",
    "option.draw_until_playable": "Брать, пока не придёт подходящая",
    "option.draw_until_playable.help": "Кто берёт карту из колоды, берёт ещё и ещё, пока не "
                                       "придёт подходящая, и тогда её играет.",
    "option.w4_bluff": "Блеф с дикой +4",
    "option.w4_bluff.help": "Дикую +4 можно сыграть, даже когда на руке есть карта текущего "
                            "цвета, — поймать на этом можно, только оспорив ход; если выключено, "
                            "такой ход не разрешается.",
    "option.w4_anytime": "Дикая +4 в любой момент",
    "option.w4_anytime.help": "Дикую +4 можно сыграть всегда, поэтому это никогда не блеф и "
                              "оспаривать такой ход всегда напрасно.",
    "option.misplay_penalty": "Штраф за ошибку",
    "option.misplay_penalty.help": "Карта, положенная по ошибке, ложный крик «Уно!» или "
                                   "напрасное напоминание про «Уно!» стоят 2 карты, а не просто "
                                   "отменяются.",
    "option.uno_penalty": "Штраф за забытое «Уно!»",
    "option.uno_penalty.help": "Сколько карт берёт игрок, которого поймали с одной картой на руке, "
                               "когда он не сказал «Уно!».",
    "option.uno_penalty.2": "2 карты",
    "option.uno_penalty.4": "4 карты",
    "option.two_player_skip": "Вдвоём «Смена направления» даёт ещё ход",
    "option.two_player_skip.help": "Когда играют двое, и «Пропуск хода», и «Смена направления» "
                                   "дают сыгравшему ещё один ход; если выключено, «Смена "
                                   "направления» только меняет направление.",
    "option.challenge": "Пойманный блеф",
    "option.challenge.help": "Что происходит, когда ход оспорили и оказалось, что дикую +4 сыграли, "
                             "держа на руке карту текущего цвета.",
    "option.challenge.std": "блефующий берёт 4 карты, дикая +4 остаётся",
    "option.challenge.return": "блефующий забирает дикую +4 обратно и берёт 4 карты",

    # -- «+2», «+4» и ответы на них -------------------------------------------------
    "option.deflect_2": "Переводить +2 дальше",
    "option.deflect_2.help": "Получив «+2», можно положить свою «+2» любого цвета — тогда "
                             "2 карты берёт следующий игрок.",
    "option.w4_save_2": "Отвечать на дикую +4 картой «+2»",
    "option.w4_save_2.help": "Получив дикую +4, можно положить «+2» выбранного цвета; дальше она "
                             "действует как обычная «+2».",
    "option.stack": "Накопление штрафов",
    "option.stack.help": "Получив «+2» или «+4», можно положить сверху такую же: штраф растёт, "
                         "и тот, кому нечего добавить, берёт все карты.",
    "option.stack_mixed": "Смешивать +2 и +4 при накоплении",
    "option.stack_mixed.help": "При накоплении на «+2» можно положить дикую +4, а на дикую +4 — "
                               "«+2» выбранного цвета.",
    "option.reverse_bounce": "Реверс: «Смена направления» возвращает действие",
    "option.reverse_bounce.help": "«Смена направления» текущего цвета возвращает «+2», дикую +4, "
                                  "накопленный штраф или «Пропуск хода» тому, кто их сыграл.",
    "option.plus10": "Карты «Дикая +10»",
    "option.plus10.help": "Четыре пустые запасные карты из коробки входят в колоду как «Дикая "
                          "+10»: следующий игрок берёт 10 карт.",
    "option.jump_in": "Перехват хода",
    "option.jump_in.help": "У кого есть карта точь-в-точь как верхняя (тот же цвет и та же цифра "
                           "или символ), тот может сыграть её вне очереди.",

    # -- действие карт ---------------------------------------------------------------------
    "option.doubles": "Две одинаковые карты подряд",
    "option.doubles.help": "Сразу после первой карты можно положить вторую такую же.",
    "option.seven_zero": "Семь-ноль",
    "option.seven_zero.help": "После «0» все передают свои карты соседу по направлению игры; "
                              "после «7» можно поменяться картами с любым игроком.",
    "option.swap_five": "Обмен картой на пятёрке",
    "option.swap_five.help": "Сыграв «5», можно поменяться одной картой с любым игроком; каждый "
                             "сам выбирает, какую карту отдать.",
    "option.colour_wheel": "Смена цвета по кругу",
    "option.colour_wheel.help": "Чёрные карты не дают выбрать цвет: цвет переходит к следующему "
                                "по кругу — красный, синий, зелёный, жёлтый — в направлении игры.",

    # -- очки и конец партии ------------------------------------------------------------
    "option.scoring": "Подсчёт очков",
    "option.scoring.help": "Кто получает очки в конце раунда и кто выигрывает партию.",
    "option.scoring.winner": "победитель получает очки за карты, оставшиеся у других",
    "option.scoring.penalty": "каждый записывает себе очки своих карт, выигрывает меньшая сумма",
    "option.scoring.lazy": "без очков: победитель начинает следующий раунд, проигравший сдаёт",
    "option.target_score": "Партия заканчивается при счёте",
    "option.target_score.help": "Партия заканчивается, когда кто-то набирает столько очков; если "
                                "каждый записывает себе очки своих карт, выигрывает тот, у кого "
                                "сумма меньше.",
    "option.drop_zero": "Единственный 0 на руке стоит 50",
    "option.drop_zero.help": "Если в конце раунда на руке остался только «0», он стоит 50 очков, "
                             "а не 0.",
    "option.to_the_last": "До последнего",
    "option.to_the_last.help": "Раунд идёт, пока карты не останутся только у одного игрока: "
                               "кто первым избавился от карт, выигрывает, последний проигрывает.",
    "option.seven_rounds": "Уно в 7 раундов",
    "option.seven_rounds.help": "Кто избавился от всех карт, берёт 6 новых и играет дальше, "
                                "в следующий раз — 5, и так далее; кто избавится от карт, взяв "
                                "последний раз одну, выигрывает партию.",
    "option.h2o": "Колода H2O",
    "option.h2o.help": "В колоде H2O есть карты «+1» и «Дикая +2»; кто заканчивает раунд одной "
                       "из них, вычитает 20 или 40 очков из своей суммы штрафных очков.",

    # -- поведение за столом ------------------------------------------------------------------
    "option.uno_center": "«Уно» в центр",
    "option.uno_center.help": "После крика «Уно!» все остальные кладут руку поверх руки "
                              "крикнувшего; кто сделает это медленнее всех, берёт 2 карты.",
    "option.silent_twos": "Молчание после двойки",
    "option.silent_twos.help": "После «2» все молчат, пока ход снова не дойдёт до того, кто её "
                               "положил; кто заговорит, берёт 2 карты.",
    "option.silent_black": "Молчание после чёрной карты",
    "option.silent_black.help": "Чёрная карта тоже начинает молчание — оно длится, пока не "
                                "сменится цвет.",
    "option.advice": "Без подсказок",
    "option.advice.help": "Кто подсказывает другому, как ходить, берёт 2 карты.",
    "option.ready": "Сказать «Готов!»",
    "option.ready.help": "Кто взял сразу 4 карты или больше, разбирает их, и игра ждёт, пока "
                         "он не скажет «Готов!».",

    # -- наборы правил ------------------------------------------------------------------------
    "preset.standard": "Стандартные правила",
    "preset.standard.help": "Правила с листка из коробки, без домашних правил.",
    "preset.cnuno": "Карточка правил CNUNO-1",
    "preset.cnuno.help": "Правила с карточки под названием CNUNO-1: первая карта — с цифрой, "
                         "«+2» можно перевести дальше или ответить ею на дикую +4, перехват хода разрешён, а пойманный на блефе "
                         "забирает дикую +4 обратно.",
    "preset.party": "Правила для вечеринки",
    "preset.party.help": "Живая домашняя игра: штрафы накапливаются («+2» и «+4» вперемешку), "
                         "можно перехватывать ход, после семёрки можно поменяться картами с другим "
                         "игроком, после нуля все передают свои карты по кругу, а «Смена направления» возвращает штраф.",

    # -- панель правил ---------------------------------------------------------------------
    "rules.preset": "Набор правил",
    "rules.custom": "Свой набор",
    "rules.custom.help": "Ни один готовый набор не совпадает с этими правилами: {name}.",
    "rules.on": "включено",
    "rules.off": "выключено",
    "rules.group.turn": "Начало и ход игры",
    "rules.group.draw": "«+2», «+4» и ответы на них",
    "rules.group.effects": "Действие карт",
    "rules.group.scoring": "Очки и конец партии",
    "rules.group.table": "Поведение за столом",
    # «Стандартные правила + Накопление штрафов», «Правила для вечеринки − Перехват хода».
    "rules.name.changed": "{base} {changes}",
    "rules.diff.on": "+ {option}",
    "rules.diff.off": "− {option}",
    "rules.diff.value": "· {option}: {value}",
    "rules.diff.sep": " ",
    "rules.diff.list_sep": ", ",
    # Отказ: {first} и {second} — названия переключателей, {why} — rules.why.*.
    "rules.refused.excludes": "Правила «{first}» и «{second}» нельзя включить вместе: {why} "
                              "Сначала выключите одно из них.",
    "rules.refused.requires": "Правило «{first}» работает только вместе с правилом «{second}»: "
                              "{why}",
    "rules.refused.requires_value": "Правило «{first}» работает, только если в пункте "
                                    "«{second}» выбрано «{value}»: {why}",
    "rules.refused.other": "Эти правила нельзя включить вместе.",
    "rules.why.stack.deflect_2": "при накоплении штраф растёт, а при переводе «+2» дальше он так "
                                 "и остаётся 2 картами.",
    "rules.why.seven_rounds.to_the_last": "оба правила меняют то, что происходит, когда у игрока "
                                          "кончаются карты.",
    "rules.why.stack_mixed.stack": "смешивать «+2» и «+4» — это один из способов накопления.",
    "rules.why.silent_black.silent_twos": "молчание после чёрной карты — дополнение к "
                                          "молчанию после двойки.",
    "rules.why.h2o.scoring": "карты H2O вычитают очки из суммы штрафных очков.",
}
