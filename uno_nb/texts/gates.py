"""Texts of what a lesson page holds back until its questions are answered
(:class:`uno_nb.widgets.gate.After`): the line shown in its place meanwhile
(``gate.wait.<what>``, ``{count}`` being the questions still to answer), and
the prose that would give an answer away (``gate.<page area>.<name>``).

The prose is written as the pages' Markdown is: paragraphs separated by a
blank line, ``**bold**`` and ``*emphasis*``, a line starting with ``* `` an
item of a list."""

EN: dict[str, str] = {
    'gate.wait.read': 'Answer the {count|question|questions} above to read the explanation.',
    'gate.wait.app': 'Answer the {count|question|questions} above to see the app.',
    'gate.wait.table': 'Answer the {count|question|questions} above to see the table and '
                       'its chart.',
    'gate.wait.game': 'Answer the {count|question|questions} above to see the game and its '
                      'chances.',
    'gate.wait.positions': 'Answer the {count|question|questions} above to see positions from '
                           'real games.',
    'gate.wait.chart': 'Answer the {count|question|questions} above to see the chart.',
    'gate.wait.lab': 'Answer the {count|question|questions} above to open the lab.',
    'gate.wait.play': 'Answer the {count|question|questions} above to start the game.',
    'gate.failed': 'This part of the page could not be shown. Reload the page to try again.',

    'gate.odds.no_wild': 'Whatever you answered, the box shows the counting. More than half of '
                         'all hands hold no Wild card at all, and the opposite event, **at least '
                         'one** Wild card, happens in all the other hands: its chance is one '
                         'minus the first.',
    'gate.odds.live': 'An opponent holding h cards holds, as far as you know, any h of the cards '
                      'you cannot see, every set of h equally likely. The chance that they hold '
                      '*no* red card is C(cards that are not red, h) ÷ C(all cards you cannot '
                      'see, h), and one minus that is the chance that they hold at least one.\n\n'
                      'Step through a real game between four computer players. At every move '
                      'the numbers are worked out for the player whose turn it is, from what '
                      'that player can see.',
    'gate.odds.challenge': 'If p is the chance of a bluff, challenging costs on average '
                           '6 × (1 − p) cards, against 4 cards for sure without it. Challenging '
                           'wins on average when 6 × (1 − p) < 4, that is, when p is more than '
                           '**1/3**.\n\n'
                           'The chance p is card counting again, from the challenger\'s seat: '
                           'how many cards of the colour the challenger cannot see, and how many '
                           'cards the accused holds. The positions below come from real games '
                           'between computer players who bluff now and then; choose a game and '
                           'one of its Wild Draw Fours, and compare the exact answer with '
                           're-deals of the hidden cards.',
    'gate.scoring.round_points': 'With four players the winner scores three hands, so each of '
                                 'them is worth about a third of that average: far less than a '
                                 'fresh hand, because the others have played most of their cards '
                                 'by the end of a round.',
    'gate.lab.stacking': 'With stacking a game is about 1.5 turns shorter, and the interval of '
                         'B − A leaves out 0. Now choose 600 games: the difference looks smaller '
                         'and its interval holds 0. An effect of a turn or two in games of some '
                         '57 turns needs a couple of thousand games to show; 10,000 show it more '
                         'sharply still. Then try it with *Mix Draw Twos and Fours in a stack* '
                         'switched on as well.',
}

RU: dict[str, str] = {
    'gate.wait.read': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы прочитать '
                      'объяснение.',
    'gate.wait.app': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы открыть следующую '
                     'часть страницы.',
    'gate.wait.table': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы увидеть таблицу '
                       'и график.',
    'gate.wait.game': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы открыть партию '
                      'с расчётом вероятностей.',
    'gate.wait.positions': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы увидеть '
                           'позиции из настоящих партий.',
    'gate.wait.chart': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы увидеть график.',
    'gate.wait.lab': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы открыть '
                     'лабораторию.',
    'gate.wait.play': 'Ответьте на {count|вопрос|вопросы|вопросы} выше, чтобы начать игру.',
    'gate.failed': 'Эту часть страницы не удалось показать. Обновите страницу, чтобы попробовать '
                   'ещё раз.',

    'gate.odds.no_wild': 'Что бы вы ни ответили, под вопросом теперь показан подсчёт. Больше чем '
                         'в половине всех рук нет ни одной дикой карты, а противоположное '
                         'событие — **хотя бы одна** дикая карта — случается во всех остальных '
                         'руках: его вероятность равна единице минус вероятность первого.',
    'gate.odds.live': 'Соперник, у которого h карт, держит, насколько вам известно, какие-то h '
                      'из невидимых вам карт, и любой набор из h карт так же вероятен, как любой '
                      'другой. Вероятность того, что у него *нет ни одной* красной карты, равна '
                      'C(некрасные карты, h) ÷ C(все невидимые карты, h), а единица минус эта '
                      'вероятность — вероятность того, что хотя бы одна красная у него есть.\n\n'
                      'Пройдите ход за ходом настоящую партию четырёх компьютерных игроков. На '
                      'каждом ходе числа считаются для того, чей сейчас ход, и только по тому, '
                      'что видит этот игрок.',
    'gate.odds.challenge': 'Если p — вероятность блефа, то оспаривание в среднем стоит 6 × (1 − p) карт, '
                           'а без него придётся взять 4 карты наверняка. Оспаривать в среднем '
                           'выгодно, когда 6 × (1 − p) < 4, то есть когда p больше **1/3**.\n\n'
                           'Вероятность p снова находят подсчётом карт — по тому, что видит '
                           'игрок, который решает, оспорить ли ход: сколько карт этого цвета он '
                           'не видит и сколько карт на руке у того, кого подозревают. Позиции ниже взяты из настоящих партий компьютерных '
                           'игроков, которые время от времени блефуют. Выберите партию и одну из '
                           'сыгранных в ней «Диких +4» и сравните точный ответ с '
                           'перераздачами скрытых карт.',
    'gate.scoring.round_points': 'Когда игроков четверо, победитель получает очки за три руки, '
                                 'так что каждая из них стоит примерно треть этого среднего — '
                                 'намного меньше, чем только что сданная рука: к концу раунда '
                                 'остальные успевают сыграть большую часть своих карт.',
    'gate.lab.stacking': 'С накоплением партия короче примерно на 1,5 хода, и доверительный '
                         'интервал разницы B − A не содержит 0. Теперь выберите 600 партий: разница выглядит '
                         'меньше, и её интервал содержит 0. Чтобы заметить разницу в ход-другой, '
                         'когда партия длится около 57 ходов, нужно пару тысяч партий, а 10\u00a0000 '
                         'покажут её ещё чётче. Потом попробуйте то же самое, включив ещё и '
                         '«Смешивать +2 и +4 при накоплении».',
}
