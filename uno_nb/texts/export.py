"""Texts of the class's results as a spreadsheet file (:mod:`uno_nb.classexport`):
the column titles (``export.col.<column>``), what a row records
(``export.kind.<kind>``), a checked answer's outcome, what was counted in
the hands dealt, and the answer to a Wild Draw Four.

Other words come from where the pages take them: a lesson page's title
(``page.title.<notebook>`` of :mod:`uno_nb.texts.pages`), the players of a
game as the play page names them (``player.default`` for the student,
``play.bot`` for the bots), the kinds of card counted as the card-odds page
names them (``odds.kind.<kind>``), the lab's rule sets and players
(``preset.<name>``, ``rules.custom``, ``lab.bot.<bots>``).
"""

EN: dict[str, str] = {
    # -- the column titles, in the file's order -------------------------------------------
    'export.col.row': 'No.',
    'export.col.time': 'Time',
    'export.col.class': 'Class code',
    'export.col.student': 'Student ID',
    'export.col.nickname': 'Nickname',
    'export.col.page': 'Page',
    'export.col.kind': 'Activity',
    'export.col.question': 'Question, or what was counted',
    'export.col.answer': 'Answer',
    'export.col.outcome': 'Outcome',
    'export.col.tries': 'Tries',
    'export.col.hands': 'Hands dealt',
    'export.col.seed': 'Seed',
    'export.col.first_hand': 'From hand No.',
    'export.col.none': 'Hands with none',
    'export.col.winner': 'Winner',
    'export.col.turns': 'Turns',
    'export.col.players': 'Players',
    'export.col.decision': 'Wild Draw Four: what the student did',
    'export.col.drawn': 'Cards drawn',
    'export.col.bluff': 'Bluff caught',
    'export.col.bots_bluff': 'Bots bluff',
    'export.col.rules_a': 'Rules A',
    'export.col.rules_b': 'Rules B',
    'export.col.bots': 'Who plays',
    'export.col.games': 'Games per rule set',
    'export.col.turns_a': 'Average turns, A',
    'export.col.turns_b': 'Average turns, B',
    # -- what a row records ---------------------------------------------------------------
    'export.kind.prediction': 'Answer to a question',
    'export.kind.hand': 'Dealing hands',
    'export.kind.challenge': 'Answer to a Wild Draw Four',
    'export.kind.game': 'Game against bots',
    'export.kind.lab': 'Lab run',
    # -- a checked answer -----------------------------------------------------------------
    'export.outcome.right': 'right',
    'export.outcome.wrong': 'wrong',
    'export.outcome.shown': 'shown the answer',
    # -- what was counted in the hands dealt ----------------------------------------------
    'export.hands': 'Hands of {size} {size|card|cards}, counting {kind}',
    'export.hands.any_size': 'Hands, counting {kind}',
    # -- the answer to a Wild Draw Four ---------------------------------------------------
    'export.decision.challenge': 'challenged',
    'export.decision.take': 'took the cards',
    'export.decision.play': 'passed the penalty on',
    'export.yes': 'yes',
    'export.no': 'no',
}

RU: dict[str, str] = {
    # -- заголовки столбцов, в порядке файла ----------------------------------------------
    'export.col.row': '№',
    'export.col.time': 'Время',
    'export.col.class': 'Код класса',
    'export.col.student': 'Код ученика',
    'export.col.nickname': 'Псевдоним',
    'export.col.page': 'Страница',
    'export.col.kind': 'Что сделано',
    'export.col.question': 'Вопрос или что считали',
    'export.col.answer': 'Ответ',
    'export.col.outcome': 'Итог',
    'export.col.tries': 'Число попыток',
    'export.col.hands': 'Роздано рук',
    'export.col.seed': 'Расклад №',
    'export.col.first_hand': 'С руки №',
    'export.col.none': 'Рук без таких карт',
    'export.col.winner': 'Победитель',
    'export.col.turns': 'Число ходов',
    'export.col.players': 'Число игроков',
    'export.col.decision': '«Дикая +4»: решение ученика',
    'export.col.drawn': 'Взято карт',
    'export.col.bluff': 'Блеф пойман',
    'export.col.bots_bluff': 'Боты блефуют',
    'export.col.rules_a': 'Правила A',
    'export.col.rules_b': 'Правила B',
    'export.col.bots': 'Кто играет',
    'export.col.games': 'Партий на каждый набор правил',
    'export.col.turns_a': 'Среднее число ходов, A',
    'export.col.turns_b': 'Среднее число ходов, B',
    # -- что записано в строке ------------------------------------------------------------
    'export.kind.prediction': 'Ответ на вопрос',
    'export.kind.hand': 'Раздача рук',
    'export.kind.challenge': 'Ответ на «Дикую +4»',
    'export.kind.game': 'Партия против ботов',
    'export.kind.lab': 'Запуск лаборатории',
    # -- проверенный ответ ----------------------------------------------------------------
    'export.outcome.right': 'верно',
    'export.outcome.wrong': 'неверно',
    'export.outcome.shown': 'ответ показан',
    # -- что считали в розданных руках ----------------------------------------------------
    'export.hands': 'Руки по {size} {size|карте|карты|карт}, считали: {kind}',
    'export.hands.any_size': 'Руки, считали: {kind}',
    # -- ответ на «Дикую +4» --------------------------------------------------------------
    'export.decision.challenge': 'оспорить',
    'export.decision.take': 'взять карты',
    'export.decision.play': 'передать штраф дальше',
    'export.yes': 'да',
    'export.no': 'нет',
}
