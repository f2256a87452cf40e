"""Texts: the house-rules lab (two rule sets played on the same seeds, compared).

Numbers are written by the helpers of :mod:`uno_nb.texts.numbers`
(thousands separators, ``42.6%``, ``… to …`` intervals); every sentence here
is a whole template.  ``{label}`` is a rule set's letter (``A``, ``B``) and
``{name}`` its name from :func:`uno_nb.widgets.rules_panel.rules_name`.
"""

EN: dict[str, str] = {
    # -- the two rule sets ----------------------------------------------------------------
    "lab.title": "{label}: {name}",
    "lab.compared": "Compared with {other}: {changes}",
    "lab.same": "The same rules as {other}: change a switch to see what it does.",

    # -- the settings ---------------------------------------------------------------------
    "lab.players": "Players at the table",
    "lab.games": "Games per rule set",
    "lab.bots": "Who plays",
    "lab.bot.random-greedy": "random players who play a card whenever they can",
    "lab.bot.random": "random players (any legal move, drawing too)",
    "lab.bot.heuristic": "thoughtful players (a simple strategy)",
    "lab.seed": "First seed",
    "lab.run": "Run ▶",

    # -- what the lab is doing ------------------------------------------------------------
    "lab.invite": "Press Run ▶ to play {number} {games|game|games} under each rule set and "
                  "compare them.",
    "lab.running": "Playing {number} {games|game|games} under each rule set…",
    "lab.progress": "Games played so far, both rule sets together",
    "lab.done": "{number} {games|game|games} under each rule set in {seconds} s, on the same "
                "seeds.",
    "lab.changed": "The settings have changed: the games are played again in a moment…",
    "lab.capped": "A change plays at most {number} {games|game|games} under each rule set by "
                  "itself: press Run ▶ to play all {asked}.",
    "lab.failed": "The games could not be played: change a setting or press Run ▶ to try again.",
    "lab.engine": "These games were played one move at a time by the rules engine, without the "
                  "fast compiled simulator (it is not installed here), so they take longer.",
    "lab.engine_failed": "These games were played one move at a time by the rules engine, without "
                         "the fast compiled simulator (it could not be prepared on this computer; "
                         "the window where the app was started says why), so they take longer.",
    "lab.engine_compiling": "These games were played one move at a time by the rules engine: the "
                            "fast compiled simulator is still being prepared on this computer (once "
                            "after an install, for a couple of minutes), so they take longer. Runs "
                            "after that use it by themselves.",

    # -- the table of figures ------------------------------------------------------------------
    "lab.col.figure": "What was measured",
    "lab.col.diff": "{second} − {first}",
    "lab.row.games": "Games played",
    "lab.row.turns": "Turns in a game, on average",
    "lab.row.first": "The first player wins",
    "lab.row.seat": "{player} wins",
    "lab.row.points": "Points the winner scores",
    "lab.row.drawn": "Cards each player draws in a game",
    "lab.games.abandoned": "{played} ({abandoned} stopped unfinished after {limit} turns)",
    "lab.estimate": "{value} ({interval})",
    "lab.diff.number": "{value} ({interval})",
    "lab.diff.percent": "{value} percentage points ({interval})",
    "lab.diff.higher": "{label} higher, beyond chance",
    "lab.diff.lower": "{label} lower, beyond chance",
    "lab.diff.unclear": "could be chance",
    "lab.num.plus": "+{value}",
    "lab.num.minus": "−{value}",
    "lab.none": "—",
    "lab.explain.interval": "In brackets, each figure's 95% interval: with games like these, a "
                            "range drawn this way holds the true value 95 times in 100. B − A "
                            "is worked out deal by deal, as both rule sets play the same deals, "
                            "so the luck of the deal cancels out and the interval of B − A is "
                            "narrower than the two figures' own. A difference is clear beyond chance "
                            "when its interval leaves out 0 — "
                            "yet among this many rows, about one in twenty does so by chance "
                            "alone.",
    "lab.explain.first": "“The first player” is whoever played the first card of each game — "
                         "usually the player on the dealer's left, and a new dealer is drawn "
                         "for every game — while “{player}” is always the same chair, which "
                         "plays first in only about one game in {players}.",

    # -- the chart -------------------------------------------------------------------------------
    "lab.chart.title": "How long the games lasted",
    "lab.chart.x": "Turns in a game",
    "lab.chart.y": "Share of games",
    "lab.chart.hover": "{turns} turns: {share} of games",
    "lab.chart.mean": "{label}: {mean} on average",
    "lab.chart.caption": "Each bar is the share of games that lasted that many turns, A's "
                         "filled and B's outlined, with each one's average as a dashed line: "
                         "the further left a rule set's bars sit, the shorter its games, and "
                         "the wider they spread, the more the length of a game varies.",
}

RU: dict[str, str] = {
    # -- два набора правил ------------------------------------------------------------------
    "lab.title": "{label}: {name}",
    "lab.compared": "Отличия от {other}: {changes}",
    "lab.same": "Правила те же, что в {other}: переключите что-нибудь и посмотрите, "
                "что изменится.",

    # -- настройки --------------------------------------------------------------------------
    "lab.players": "Игроков за столом",
    "lab.games": "Партий на каждый набор правил",
    "lab.bots": "Кто играет",
    "lab.bot.random-greedy": "случайные игроки, которые кладут карту всегда, когда могут",
    "lab.bot.random": "случайные игроки (любой разрешённый ход наугад, иногда берут карту "
                      "без нужды)",
    "lab.bot.heuristic": "расчётливые игроки (простая стратегия)",
    "lab.seed": "С расклада №",
    "lab.run": "Запустить ▶",

    # -- что делает лаборатория --------------------------------------------------------------
    "lab.invite": "Нажмите «Запустить ▶», чтобы сыграть {number} {games|партию|партии|партий} "
                  "по каждому набору правил и сравнить их.",
    "lab.running": "Боты играют {number} {games|партию|партии|партий} по каждому набору "
                   "правил…",
    "lab.progress": "Сколько партий уже сыграно (оба набора правил вместе)",
    "lab.done": "Готово: {number} {games|партия|партии|партий} по каждому набору правил "
                "за {seconds} с, на одних и тех же раскладах.",
    "lab.changed": "Настройки изменились: через мгновение партии будут сыграны заново…",
    "lab.capped": "После каждого изменения лаборатория сама играет не больше {number} "
                  "{games|партии|партий|партий} по каждому набору правил; чтобы сыграть все "
                  "{asked}, нажмите «Запустить ▶».",
    "lab.engine": "Эти партии сыграл ход за ходом сам движок правил, без быстрого "
                  "скомпилированного симулятора (здесь он не установлен), поэтому они идут дольше.",
    "lab.engine_failed": "Эти партии сыграл ход за ходом сам движок правил, без быстрого "
                         "скомпилированного симулятора (на этом компьютере его не удалось "
                         "подготовить; почему — написано в окне, где запущено приложение), "
                         "поэтому они идут дольше.",
    "lab.engine_compiling": "Эти партии сыграл ход за ходом сам движок правил: быстрый "
                            "скомпилированный симулятор на этом компьютере ещё готовится (один раз "
                            "после установки, пару минут), поэтому они идут дольше. Следующие "
                            "запуски сами перейдут на него.",
    "lab.failed": "Сыграть партии не удалось: измените настройку или нажмите «Запустить ▶», "
                  "чтобы попробовать ещё раз.",

    # -- таблица результатов -------------------------------------------------------------------
    "lab.col.figure": "Что измеряли",
    "lab.col.diff": "{second} − {first}",
    "lab.row.games": "Сыграно партий",
    "lab.row.turns": "Сколько ходов длится партия, в среднем",
    "lab.row.first": "Побеждает тот, кто ходил первым",
    "lab.row.seat": "Побеждает {player}",
    "lab.row.points": "Сколько очков получает победитель",
    "lab.row.drawn": "Сколько карт каждый игрок берёт за партию",
    "lab.games.abandoned": "{played} (не доиграны: {abandoned} — остановлены, когда число "
                           "ходов дошло до {limit})",
    "lab.estimate": "{value} ({interval})",
    "lab.diff.number": "{value} ({interval})",
    "lab.diff.percent": "{value} процентного пункта ({interval})",
    "lab.diff.higher": "у {label} больше, разница статистически значима",
    "lab.diff.lower": "у {label} меньше, разница статистически значима",
    "lab.diff.unclear": "разница статистически не значима",
    "lab.num.plus": "+{value}",
    "lab.num.minus": "−{value}",
    "lab.none": "—",
    "lab.explain.interval": "В скобках — 95-процентный доверительный интервал для каждой величины: "
                            "при таких партиях интервал, найденный этим способом, содержит "
                            "истинное значение в 95 случаях из 100. Разницу B − A считают по "
                            "каждой раздаче отдельно: оба набора правил играют одни и те же "
                            "раздачи, влияние раздачи одинаково в обеих партиях и взаимно "
                            "погашается, поэтому интервал разницы уже, чем у каждой из двух "
                            "величин. Если интервал разницы не "
                            "содержит 0, разница статистически значима; но среди стольких "
                            "строк примерно одна из двадцати окажется такой и по чистой "
                            "случайности.",
    "lab.explain.first": "«Тот, кто ходил первым» — это игрок, положивший первую карту партии: "
                         "обычно сосед сдающего слева, а сдающий заново определяется в каждой "
                         "партии. А «{player}» — всегда одно и то же место за столом, и с него "
                         "начинают лишь примерно в одной партии из {players}.",

    # -- график ---------------------------------------------------------------------------------
    "lab.chart.title": "Сколько ходов длились партии",
    "lab.chart.x": "Ходов за партию",
    "lab.chart.y": "Доля партий",
    "lab.chart.hover": "длина партии (ходов): {turns} — таких партий {share}",
    "lab.chart.mean": "{label}: в среднем {mean}",
    "lab.chart.caption": "Каждый столбик — доля партий, которые длились столько ходов (у A "
                         "столбики залиты, у B только обведены), а пунктир — среднее каждого "
                         "набора: чем левее столбики набора правил, тем короче его партии, а "
                         "чем шире они разбросаны, тем сильнее длина партии меняется от раза к "
                         "разу.",
}
