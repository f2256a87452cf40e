"""Texts of the notebook apps shared by several pages: steps, seeds, logs, tables."""

EN: dict[str, str] = {
    'app.back': '◀ Back',
    'app.step': 'Step ▶',
    'app.end': 'To the end ▶▶',
    'app.restart': '⟲ Restart',
    'app.seed': 'Seed',
    'app.turn': 'Move',
    'app.speed': 'Speed',
    'app.autoplay': 'Play the game by itself',
    'app.log': 'What happened',
    'app.move_of': 'move {index} of {total}',
    'app.start': 'The deal',
    'app.scores_title': 'Scores after each round',
    'app.in_hand_title': 'Points in each hand now',
    # -- the step-by-step app (GameStepper) -------------------------------------
    'app.autoplay_help': '▶ starts and pauses, ■ stops and goes back to the deal',
    # the autoplay's three buttons, as a screen reader names them
    'app.autoplay.play': 'play',
    'app.autoplay.pause': 'pause',
    'app.autoplay.stop': 'stop',
    'app.speed_slow': 'slow',
    'app.speed_normal': 'normal',
    'app.speed_fast': 'fast',
    'app.show_codes': 'Show card codes',
    'app.log_help': 'Newest move first; beside each line, the rule at work '
                    '(house rules in orange).',
    'app.log_move': 'Move {index}',
    # -- the table view (uno_nb.engine.render): whole sentences, counts come written out
    'app.table_top': 'Top card: {card} · colour in force: {colour}',
    'app.table_no_top': 'No card on the discard pile yet',
    'app.table_clockwise': 'Play goes clockwise ↻',
    'app.table_counter': 'Play goes counter-clockwise ↺',
    'app.table_pile': 'Draw pile: {cards}',
    'app.table_hand': '{player}: {cards}',
    'app.table_face_down': 'card face down',
    'app.table_phase_turn': 'Round {round}: {player} to play',
    'app.table_phase_drawn': 'Round {round}: {player} drew a card that fits, '
                             'and may play it or keep it',
    'app.table_phase_penalty': 'Round {round}: {player} must draw {cards}, '
                               'unless the rules let them answer',
    'app.table_phase_colour': 'Round {round}: {player} chooses the colour of the Wild start card',
    'app.table_phase_round_over': 'Round {round} is over: {player} deals the next round',
    'app.table_phase_game_over': 'The game is over: {player} wins',
    'app.table_phase_swap': 'Round {round}: {player} chooses whom to swap hands with',
    'app.table_phase_exchange': 'Round {round}: {player} may exchange a card with another player',
    'app.table_phase_give': 'Round {round}: {player} chooses the card to give',
    'app.table_phase_ready': 'Round {round}: play waits until {player} says "Ready"',
    # -- the scoring panel (ScoringPanel) ---------------------------------------
    'app.scores_x': 'Round',
    'app.scores_y': 'Points',
    'app.scores_start': 'start',
    'app.scores_hover': '{player}: {shown} {count|point|points} after round {round}',
    'app.scores_hover_start': '{player}: {shown} {count|point|points} at the start',
    'app.scores_target': 'Target: {shown} points',
    'app.scores_caption_winner': "Each line is one player's total. It climbs only in the rounds "
                                 "that player wins, by the points left in the other hands; the "
                                 "first to reach the dashed line, {target} points, wins the game.",
    'app.scores_caption_penalty': "Each line is one player's total of the cards left in their own "
                                  "hand at the end of each round, so every line climbs; when one "
                                  "reaches the dashed line, {target} points, the lowest line wins.",
    'app.scores_caption_lazy': 'Lazy scoring keeps no tally: every line stays at 0, and the winner '
                               'of each round starts the next one.',
    'app.in_hand_x': 'Player',
    'app.in_hand_y': 'Points',
    'app.in_hand_hover': '{player} holds {cards} worth {shown} {count|point|points}',
    'app.in_hand_caption_winner': 'Each bar is what the cards in one hand are worth now: number '
                                  'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                  'black cards 50. The player who goes out scores all the other '
                                  'bars.',
    'app.in_hand_caption_penalty': 'Each bar is what the cards in one hand are worth now: number '
                                   'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                   'black cards 50. When the round ends, every player adds their '
                                   'own bar to their total.',
    'app.in_hand_caption_lazy': 'Each bar is what the cards in one hand are worth now: number '
                                'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                'black cards 50. When the round ends, the player with the tallest '
                                'bar deals the next one.',
    'app.scores_none': 'No round is over yet.',
    'app.scores_leads': 'After {rounds} {rounds|round|rounds}, {player} leads with {shown} '
                        '{count|point|points}; the first to {target} points wins.',
    'app.scores_tied': 'After {rounds} {rounds|round|rounds}, the lead of {shown} '
                       '{count|point|points} is shared; the first to {target} points wins.',
    'app.scores_leads_low': 'After {rounds} {rounds|round|rounds}, {player} has the lowest '
                            'total, {shown} {count|point|points}; the game ends when someone '
                            'reaches {target} points.',
    'app.scores_tied_low': 'After {rounds} {rounds|round|rounds}, the lowest total, {shown} '
                           '{count|point|points}, is shared; the game ends when someone '
                           'reaches {target} points.',
    'app.scores_lazy': 'After {rounds} {rounds|round|rounds} of lazy scoring nobody keeps '
                       'points; {player} won the last round and starts the next.',
    'app.scores_stopped': 'The game was stopped after {rounds} {rounds|round|rounds}, before '
                          'anyone reached {target} points, so by the agreed number of rounds '
                          '{player} wins it, with {shown} {count|point|points}.',
    'app.scores_stopped_low': 'The game was stopped after {rounds} {rounds|round|rounds}, '
                              'before anyone reached {target} points, so by the agreed number '
                              'of rounds {player} wins it, with the lowest total: {shown} '
                              '{count|point|points}.',
    'app.scores_won': '{player} is the first to reach {target} points and wins the game after '
                      '{rounds} {rounds|round|rounds}, with {shown} {count|point|points}.',
    'app.scores_won_low': 'After {rounds} {rounds|round|rounds}, {reacher} has {reached} '
                          '{reached_count|point|points}, and reaching {target} ends the game, '
                          'so {player} wins it with the lowest total: {shown} '
                          '{count|point|points}.',
    'app.scores_won_seven': '{player} empties their hand for the seventh time and wins the '
                            'game with a score of {shown}.',
    'app.scores_won_seven_lazy': '{player} empties their hand for the seventh time and wins '
                                 'the game.',
    'app.scores_won_lazy': '{player} wins the game after {rounds} {rounds|round|rounds}, '
                           'having won the most rounds.',
    # -- the scoring page's match (ScoringApp) ------------------------------------
    'app.match_next': 'Play the next round ▶',
    'app.match_restart': '⟲ Back to the deal',
    'app.match_where': 'Rounds played: {round} of {rounds}',
    'app.match_note': 'Computer players with a simple strategy play this match from seed '
                      '{seed}: the same settings play the same match on every computer. Change '
                      'a setting and the match is played again from the same seed.',
    'app.match_lazy': 'Lazy scoring keeps no tally, so no total ever reaches a target: this '
                      'match is played for {count} {count|round|rounds}.',
    'app.match_cut': 'This match goes on for more than {turns} turns: the page shows what was '
                     'played before that, rounds finished: {count}.',
    'app.scores_totals': 'Totals — {totals}.',
    'app.scores_total_item': '{player}: {shown}',
    'app.scores_table_round': 'Round',
    'app.scores_table_winner': 'Went out',
    'app.scores_cell_up': '{total} (+{gain})',
    'app.scores_cell_down': '{total} (−{gain})',
    'app.scores_table_caption': "Each row is one round: who went out first, and every player's "
                                "total after it; in brackets, what that round added.",
    'app.round_points_title': 'Points scored by the winner of a round',
    'app.round_points_x': 'Points scored in the round',
    'app.round_points_y': 'Games',
    'app.round_points_hover': 'Points scored: {points} · games: {games}',
    'app.round_points_caption': 'Each bar counts the games whose winner scored that many points '
                                'in a round ({games} {count|game|games} in all). The middle half '
                                'of them brought between {low} and {high} points; the long tail '
                                'on the right are rounds in which the others were left holding '
                                'black and action cards.',
}

RU: dict[str, str] = {
    'app.back': '◀ Назад',
    'app.step': 'Шаг ▶',
    'app.end': 'В конец ▶▶',
    'app.restart': '⟲ Сначала',
    'app.seed': 'Расклад №',
    'app.turn': 'Ход',
    'app.speed': 'Скорость',
    'app.autoplay': 'Партия играется сама',
    'app.log': 'Что произошло',
    'app.move_of': 'ход {index} из {total}',
    'app.start': 'Раздача',
    'app.scores_title': 'Счёт после каждого раунда',
    'app.in_hand_title': 'Сколько очков сейчас на руке у каждого',
    # -- пошаговый просмотр партии (GameStepper) ---------------------------------
    'app.autoplay_help': '▶ — запуск и пауза, ■ — остановка и возврат к раздаче',
    'app.autoplay.play': 'запуск',
    'app.autoplay.pause': 'пауза',
    'app.autoplay.stop': 'остановка',
    'app.speed_slow': 'медленная',
    'app.speed_normal': 'обычная',
    'app.speed_fast': 'высокая',
    'app.show_codes': 'Показывать коды карт',
    'app.log_help': 'Последний ход — сверху; рядом с каждой строкой — правило, которое '
                    'сработало (домашние правила — оранжевым).',
    'app.log_move': 'Ход {index}',
    # -- стол (uno_nb.engine.render): целые предложения, числа приходят уже со словом
    'app.table_top': 'Верхняя карта: {card} · цвет в игре: {colour}',
    'app.table_no_top': 'В сбросе пока нет ни одной карты',
    'app.table_clockwise': 'Ходят по часовой стрелке ↻',
    'app.table_counter': 'Ходят против часовой стрелки ↺',
    'app.table_pile': 'Колода: {cards}',
    'app.table_hand': '{player}: {cards}',
    'app.table_face_down': 'карта рубашкой вверх',
    'app.table_phase_turn': 'Раунд {round}: ходит {player}',
    'app.table_phase_drawn': 'Раунд {round}: {player} вытягивает подходящую карту '
                             'и может сыграть её или оставить себе',
    'app.table_phase_penalty': 'Раунд {round}: {player} берёт из колоды штраф — {cards}, '
                               'если только правила не разрешают ответить',
    'app.table_phase_colour': 'Раунд {round}: первой открыта дикая карта, '
                              'и {player} выбирает для неё цвет',
    'app.table_phase_round_over': 'Раунд {round} окончен: {player} сдаёт карты '
                                  'на следующий раунд',
    'app.table_phase_game_over': 'Партия окончена: побеждает {player}',
    'app.table_phase_swap': 'Раунд {round}: {player} выбирает, с кем поменяться '
                            'всеми картами',
    'app.table_phase_exchange': 'Раунд {round}: {player} может обменяться одной картой '
                                'с другим игроком',
    'app.table_phase_give': 'Раунд {round}: {player} выбирает, какую карту отдать',
    'app.table_phase_ready': 'Раунд {round}: игра ждёт, пока {player} не скажет «Готов!»',
    # -- счёт (ScoringPanel) -------------------------------------------------------
    'app.scores_x': 'Раунд',
    'app.scores_y': 'Очки',
    'app.scores_start': 'начало',
    'app.scores_hover': '{player}: {shown} {count|очко|очка|очков} после раунда {round}',
    'app.scores_hover_start': '{player}: {shown} {count|очко|очка|очков} в начале',
    'app.scores_target': 'Цель партии: {shown}',
    'app.scores_caption_winner': 'Каждая линия — общий счёт одного игрока. Она поднимается '
                                 'только в тех раундах, которые этот игрок выигрывает, — на '
                                 'столько очков, сколько стоят карты, оставшиеся на руках у '
                                 'других. Партию выигрывает тот, кто первым дойдёт до '
                                 'пунктирной линии — отметки {target}.',
    'app.scores_caption_penalty': 'Каждая линия — сумма очков за карты, которые оставались на '
                                  'руке у игрока в конце каждого раунда, поэтому все линии '
                                  'растут. Когда одна из них дойдёт до пунктирной линии — '
                                  'отметки {target}, — побеждает тот, чья линия ниже всех.',
    'app.scores_caption_lazy': 'При ленивом подсчёте очки не записывают: все линии остаются '
                               'на нуле, а победитель каждого раунда начинает следующий.',
    'app.in_hand_x': 'Игрок',
    'app.in_hand_y': 'Очки',
    'app.in_hand_hover': '{player}: на руке {cards} — всего {shown} {count|очко|очка|очков}',
    'app.in_hand_caption_winner': 'Каждый столбик показывает, сколько очков сейчас стоят карты '
                                  'в одной руке: карты с цифрами — столько, сколько на них '
                                  'написано, «Пропуск хода», «Смена направления» и «+2» — по 20, '
                                  'чёрные карты — по 50. Игрок, который первым избавится от '
                                  'всех карт, получит очки всех остальных столбиков.',
    'app.in_hand_caption_penalty': 'Каждый столбик показывает, сколько очков сейчас стоят карты '
                                   'в одной руке: карты с цифрами — столько, сколько на них '
                                   'написано, «Пропуск хода», «Смена направления» и «+2» — по '
                                   '20, чёрные карты — по 50. Когда раунд закончится, каждый '
                                   'игрок прибавит свой столбик к своему счёту.',
    'app.in_hand_caption_lazy': 'Каждый столбик показывает, сколько очков сейчас стоят карты в '
                                'одной руке: карты с цифрами — столько, сколько на них '
                                'написано, «Пропуск хода», «Смена направления» и «+2» — по 20, '
                                'чёрные карты — по 50. Когда раунд закончится, следующий раунд '
                                'сдаёт игрок с самым высоким столбиком.',
    'app.scores_none': 'Ни один раунд ещё не закончился.',
    'app.scores_leads': 'После {rounds} {rounds|раунда|раундов|раундов} впереди {player}: '
                        '{shown} {count|очко|очка|очков}. Побеждает тот, чей счёт первым '
                        'дойдёт до {target}.',
    'app.scores_tied': 'После {rounds} {rounds|раунда|раундов|раундов} впереди сразу несколько '
                       'игроков: у каждого {shown} {count|очко|очка|очков}. Побеждает тот, '
                       'чей счёт первым дойдёт до {target}.',
    'app.scores_leads_low': 'После {rounds} {rounds|раунда|раундов|раундов} лидирует {player} с '
                            'самым низким счётом: {shown} {count|очко|очка|очков}. Партия '
                            'закончится, когда чей-нибудь счёт дойдёт до {target}.',
    'app.scores_tied_low': 'После {rounds} {rounds|раунда|раундов|раундов} самый низкий счёт — '
                           '{shown} {count|очко|очка|очков} — сразу у нескольких игроков. '
                           'Партия закончится, когда чей-нибудь счёт дойдёт до {target}.',
    'app.scores_lazy': 'После {rounds} {rounds|раунда|раундов|раундов} очков по-прежнему ни у '
                       'кого нет: при ленивом подсчёте их не записывают. {player}, победитель '
                       'последнего раунда, начинает следующий.',
    'app.scores_stopped': 'Партию остановили после {rounds} {rounds|раунда|раундов|раундов}, '
                          'прежде чем чей-нибудь счёт дошёл до {target}, и по условленному '
                          'числу раундов её выигрывает {player}, набрав {shown} '
                          '{count|очко|очка|очков}.',
    'app.scores_stopped_low': 'Партию остановили после {rounds} '
                              '{rounds|раунда|раундов|раундов}, прежде чем чей-нибудь счёт '
                              'дошёл до {target}, и по условленному числу раундов её '
                              'выигрывает {player} с самым низким счётом — {shown} '
                              '{count|очко|очка|очков}.',
    'app.scores_won': '{player} первым доходит до {target} и выигрывает партию после '
                      '{rounds} {rounds|раунда|раундов|раундов}: всего {shown} '
                      '{count|очко|очка|очков}.',
    'app.scores_won_low': 'После {rounds} {rounds|раунда|раундов|раундов} {reacher} набирает '
                          '{reached} {reached_count|очко|очка|очков}, а когда чей-нибудь '
                          'счёт доходит до {target}, партия заканчивается. Её выигрывает '
                          '{player} с самым низким счётом — {shown} {count|очко|очка|очков}.',
    'app.scores_won_seven': '{player} в седьмой раз остаётся без карт и выигрывает партию '
                            'со счётом {shown}.',
    'app.scores_won_seven_lazy': '{player} в седьмой раз остаётся без карт и выигрывает '
                                 'партию.',
    'app.scores_won_lazy': 'После {rounds} {rounds|раунда|раундов|раундов} партию выигрывает '
                           '{player} — по числу выигранных раундов.',
    # -- партия на странице про очки (ScoringApp) ---------------------------------
    'app.match_next': 'Сыграть следующий раунд ▶',
    'app.match_restart': '⟲ К раздаче',
    'app.match_where': 'Сыграно раундов: {round} из {rounds}',
    'app.match_note': 'Эту партию играют боты с простой стратегией, карты сданы по раскладу '
                      '№ {seed}: с теми же настройками на любом компьютере выйдет та же партия. '
                      'Если изменить настройку, партия будет сыграна заново с тем же раскладом.',
    'app.match_lazy': 'При ленивом подсчёте очки не записывают, и ничей счёт не доходит до '
                      'цели, поэтому здесь партия длится {count} '
                      '{count|раунд|раунда|раундов}.',
    'app.match_cut': 'Эта партия длится больше {turns} ходов: на странице показано, что было '
                     'сыграно до этого, закончено раундов: {count}.',
    'app.scores_totals': 'Общий счёт — {totals}.',
    'app.scores_total_item': '{player}: {shown}',
    'app.scores_table_round': 'Раунд',
    'app.scores_table_winner': 'Победитель раунда',
    'app.scores_cell_up': '{total} (+{gain})',
    'app.scores_cell_down': '{total} (−{gain})',
    'app.scores_table_caption': 'Каждая строка — один раунд: кто первым избавился от всех карт '
                                'и какой общий счёт у каждого игрока после этого раунда; в '
                                'скобках — сколько очков добавил этот раунд.',
    'app.round_points_title': 'Сколько очков получает победитель раунда',
    'app.round_points_x': 'Очки победителя за раунд',
    'app.round_points_y': 'Число партий',
    'app.round_points_hover': 'Очки за раунд: {points} · партий: {games}',
    'app.round_points_caption': 'Каждый столбик — число партий, в которых победитель раунда '
                                'получил столько очков (всего {games} '
                                '{count|партия|партии|партий}). У половины партий — между '
                                'первым и третьим квартилями — очки лежат в пределах от {low} '
                                'до {high}; длинный хвост справа — '
                                'раунды, в которых у остальных на руках остались чёрные карты '
                                'и карты действия.',
}
