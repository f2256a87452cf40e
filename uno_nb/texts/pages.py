"""Texts: what the notebook pages print from Python (``page.<page>.…``).

The prose of a page stays in its notebook's markdown cells; these are the
sentences its code cells print, so that they read the same in every language.
"""

EN: dict[str, str] = {
    # -- 00_index ---------------------------------------------------------------------
    "page.index.switches": "Every variant and house rule in the three rule texts the kit is "
                           "built on can be switched on or off here: {count} switches.",
    "page.index.presets": "{count} {count|preset sets|presets set} them all at once: {names}.",
    # -- 01_rules_step_by_step ----------------------------------------------------------
    "page.rules.choices": "{player} may play {cards}, or draw a card.",
    "page.rules.choices_only": "{player} may play {cards}.",
    "page.rules.no_choice": "{player} has no card that fits and must draw.",
    "page.rules.any_colour": "{card} (naming any colour)",
    "page.rules.event": "{sentence} — {rule}",
    # -- 03_scoring ---------------------------------------------------------------------
    "page.scoring.mean_hand": "A hand of {cards} dealt from a full deck is worth {points} points "
                              "on average (exactly {exact}).",
    "page.scoring.hand": "A hand of {cards} counts {sum} = {total} {count|point|points}.",
    "page.scoring.round_points": "Over {games} one-round {count|game|games}, the winner of the "
                                 "round scored {mean} points on average (95% interval: "
                                 "{interval}).",
    "page.scoring.variant": "Rule: {rule}. {summary}",
    # the lesson pages' titles, as the index names them (the class board sends the class to one)
    "page.title.01_rules_step_by_step": "01 · The rules, step by step",
    "page.title.02_card_odds": "02 · Card odds",
    "page.title.03_scoring": "03 · Scoring",
    "page.title.04_house_rules_lab": "04 · House-rules lab",
    "page.title.05_play_against_bots": "05 · Play against bots",
    "page.title.06_class_board": "06 · The class board",
    # the header bar of every page (the web app's template; tests/test_deployment.py checks it):
    # the switch names the other language in that language
    "page.header.home": "All pages",
    "page.header.switch": "Русский",
    "page.header.switch_title": "This page in Russian",
}

RU: dict[str, str] = {
    "page.title.01_rules_step_by_step": "01 · Правила шаг за шагом",
    "page.title.02_card_odds": "02 · Вероятности в картах",
    "page.title.03_scoring": "03 · Подсчёт очков",
    "page.title.04_house_rules_lab": "04 · Лаборатория домашних правил",
    "page.title.05_play_against_bots": "05 · Игра против ботов",
    "page.title.06_class_board": "06 · Доска класса",
    # -- 00_index ---------------------------------------------------------------------
    "page.index.switches": "Каждый вариант и каждое домашнее правило из трёх описаний правил, "
                           "по которым сделан набор, можно здесь включить или выключить: всего "
                           "{count} {count|переключатель|переключателя|переключателей}.",
    "page.index.presets": "{count} {count|готовый набор правил сразу выставляет|готовых набора "
                          "правил сразу выставляют|готовых наборов правил сразу выставляют} "
                          "все переключатели: {names}.",
    # -- 01_rules_step_by_step ----------------------------------------------------------
    "page.rules.choices": "{player} может сыграть: {cards} — или взять карту.",
    "page.rules.choices_only": "{player} может сыграть: {cards}.",
    "page.rules.no_choice": "{player}: подходящей карты нет — нужно взять карту из колоды.",
    "page.rules.any_colour": "{card} (любой цвет на выбор)",
    "page.rules.event": "{sentence} — {rule}",
    # -- 03_scoring ---------------------------------------------------------------------
    "page.scoring.mean_hand": "Рука ({cards}), сданная из полной колоды, в среднем стоит "
                              "{points} очка (точно — {exact}).",
    "page.scoring.hand": "Карты на руке: {cards}. Вместе они стоят {sum} = {total} "
                         "{count|очко|очка|очков}.",
    "page.scoring.round_points": "За {games} {count|партию|партии|партий} по одному раунду "
                                 "победитель раунда получал в среднем {mean} очка "
                                 "(95-процентный доверительный интервал: {interval}).",
    "page.scoring.variant": "Правило: {rule}. {summary}",
    # the header bar of every page (the web app's template; tests/test_deployment.py checks it)
    "page.header.home": "Все страницы",
    "page.header.switch": "English",
    "page.header.switch_title": "Эта страница по-английски",
}
