"""Texts of the lessons' questions (:mod:`uno_nb.lessons`): for each question
``q.<id>.ask``, ``.hint``, ``.worked`` and its choices ``.choice.<c>``, and
the words every question box says (``q.box.*``).

A question's facts fill its fields: a chance ``{chance}`` in per cent, and
``{chance_fraction}`` as an exact fraction; a count with its thousands
grouped; an amount with its decimals."""

EN: dict[str, str] = {
    'q.box.answer': 'Your answer',
    'q.box.check': 'Check',
    'q.box.show': 'Show me the answer',
    'q.box.right': 'Right! {typed} is the answer.',
    'q.box.right_near': 'Right! {typed} is close enough: the kit\'s answer is {answer}, '
                        'and any guess within {tolerance} of it counts.',
    'q.box.right_choice': 'Right!',
    'q.box.wrong': 'Not yet: {typed} is not the answer. Here is a hint.',
    'q.box.wrong_choice': 'Not yet: that is not the answer. Here is a hint.',
    'q.box.shown': 'Here is the answer, worked out.',
    'q.box.hint': 'Hint',
    'q.box.worked': 'The answer',
    'q.box.unit.percent': 'Answer in per cent, like {example}.',
    'q.box.unit.cards': 'Answer with a number of cards, like {example}.',
    'q.box.unit.hands': 'Answer with a number of hands, like {example}.',
    'q.box.unit.number': 'Answer with a number, like {example}.',
    'q.box.choose': 'Choose one answer.',
    'q.box.tries': '{count} {count|try|tries} so far.',

    'q.odds.no_wild.ask': 'Before you read on: what is the chance that a hand of {size} cards '
                          'holds no Wild card at all?',
    'q.odds.no_wild.hint': 'A hand with no Wild card takes all its {size} cards from the '
                           '{others} cards that are not Wild. Count those hands, C({others}, '
                           '{size}), and divide by the number of all hands, C(108, {size}).',
    'q.odds.no_wild.worked': 'There are C({others}, {size}) = {ways} hands with no Wild card '
                             'among the C(108, {size}) = {hands} possible hands. The chance is '
                             '{ways}/{hands} = {chance_fraction} = {chance}: more than half of '
                             'all hands. So a hand holds at least one Wild card with chance '
                             '1 − {chance} = {at_least}.',
    'q.odds.red_three.ask': 'Which is more likely in a hand of {size} cards: no red card at '
                            'all, or exactly three red cards?',
    'q.odds.red_three.choice.none': 'No red card',
    'q.odds.red_three.choice.three': 'Exactly three red cards',
    'q.odds.red_three.choice.same': 'Both are equally likely',
    'q.odds.red_three.hint': 'The deck has {red} red cards and {others} others. Count the hands '
                             'of each kind: C({others}, {size}) hands have no red card, and '
                             'C({red}, 3) × C({others}, 4) hands have exactly three.',
    'q.odds.red_three.worked': 'No red card: C({others}, {size}) = {none_ways} hands, a chance '
                               'of {none}. Exactly three red cards: C({red}, 3) × C({others}, 4) '
                               '= {three_ways} hands, a chance of {three}. Three red cards are '
                               'a little more likely, though each hand with three red cards '
                               'is a rarer mix: there are just more ways to make it.',
    'q.odds.wild_half.ask': 'How many cards must a hand have before holding at least one Wild '
                            'card is more likely than not?',
    'q.odds.wild_half.hint': 'Work out the chance of no Wild card for bigger and bigger hands, '
                             'C(100, n) ÷ C(108, n): the answer is the first size n where it '
                             'falls below one half.',
    'q.odds.wild_half.worked': 'With {below} cards a hand holds at least one Wild card with '
                               'chance {chance_below}, less than half. With {size} cards the '
                               'chance is {chance}, more than half. So a hand needs {size} '
                               'cards.',
    'q.odds.dealt_wild.ask': 'Predict before you deal: out of {n} hands dealt with seed {seed}, '
                             'how many will hold at least one Wild card?',
    'q.odds.dealt_wild.hint': 'One hand holds at least one Wild card with chance {chance}. '
                              'Out of {n} hands, expect about that share of them.',
    'q.odds.dealt_wild.worked': '{chance} of {n} hands is about {expected}. The deal with seed '
                                '{seed} gave {hits}. A real deal is never exactly the '
                                'expected number, so any guess within {tolerance} of what the '
                                'deal gave counts: it is as good as a guess can be (that is two '
                                'standard deviations).',
    'q.odds.red_played.ask': 'A player plays a red card. What happens to the chance that an '
                             'opponent holds a red card?',
    'q.odds.red_played.choice.down': 'It goes down',
    'q.odds.red_played.choice.same': 'It stays the same',
    'q.odds.red_played.choice.up': 'It goes up',
    'q.odds.red_played.hint': 'The card that was played is now on the pile, where everyone '
                              'sees it. Among the cards you cannot see, are there more red '
                              'cards now, or fewer?',
    'q.odds.red_played.worked': 'It goes down. The red card moved from the cards nobody could '
                                'see to the discard pile, so one red card fewer is hidden: '
                                'among the cards you cannot see, a smaller share is red, and '
                                'an opponent is less likely to hold one.',
    'q.odds.same_count.ask': 'Two opponents with the same number of cards always get the same '
                             'chances. Why?',
    'q.odds.same_count.choice.same_cards': 'They hold the same cards',
    'q.odds.same_count.choice.any_cards': 'As far as you know, each holds any set of that '
                                          'many hidden cards, all equally likely',
    'q.odds.same_count.choice.luck': 'It happens by luck',
    'q.odds.same_count.hint': 'The chances are worked out from what you can see. What do you '
                              'know about one opponent\'s cards that you do not know about the '
                              'other\'s?',
    'q.odds.same_count.worked': 'You cannot see either hand, so for each of them every set of '
                                'that many hidden cards is equally likely. The counting is the '
                                'same for both, and so are the chances, even though their real '
                                'cards differ.',
    'q.odds.challenge_cost.ask': 'Say the chance of a bluff is {bluff}. If you challenge, how '
                                 'many cards do you draw on average?',
    'q.odds.challenge_cost.hint': 'With a bluff you draw nothing; without one (chance '
                                  '{no_bluff}) you draw 6. The average is 6 × (chance of no '
                                  'bluff).',
    'q.odds.challenge_cost.worked': '6 × {no_bluff} = {cost} cards. That is more than the 4 '
                                    'cards you draw for sure without a challenge, so with a '
                                    'bluff chance of {bluff} a challenge costs you cards on '
                                    'average.',
    'q.rules.stack_who.ask': 'With stacking on, the Draw Twos pile up from move 3. Who draws '
                             'in the end?',
    'q.rules.stack_who.hint': 'A player who can add a Draw Two passes the pile on; the first '
                              'player who cannot add one draws it all. Step through the moves '
                              'after move 3 and read the log.',
    'q.rules.stack_who.worked': '{player} draws: {stacked} Draw Twos were piled up, and '
                                '{player} had none to add, so {player} draws all {cards} cards '
                                'and loses the turn.',
    'q.rules.stack_cards.ask': 'And how many cards does that player draw?',
    'q.rules.stack_cards.hint': 'Each Draw Two on the pile adds 2 cards. Count the Draw Twos '
                                'played one after another from move 3.',
    'q.rules.stack_cards.worked': '{stacked} Draw Twos × 2 cards = {cards} cards, all for '
                                  '{player}.',
    'q.scoring.mean_hand.ask': 'Before you read on: how many points is a hand of {size} cards '
                               'fresh from the shuffle worth, on average?',
    'q.scoring.mean_hand.hint': 'The {deck} cards of the deck are worth {total} points in all. '
                                'Work out what one card is worth on average, then multiply by '
                                '{size}.',
    'q.scoring.mean_hand.worked': 'One card is worth {total} ÷ {deck} = {card} points on '
                                  'average, so {size} cards are worth {size} × {total} ÷ {deck} '
                                  '= {exact} = {mean} points on average.',
    'q.scoring.leader_two.ask': 'Read the chart above: who led the match after two rounds?',
    'q.scoring.leader_two.hint': 'Find round 2 on the chart of the totals and look for the '
                                 'highest line there.',
    'q.scoring.leader_two.worked': '{player} led after two rounds with {points} points; nobody '
                                   'else had more than {second}.',
    'q.scoring.zero_rounds.ask': 'In how many rounds did the winner of the match score nothing?',
    'q.scoring.zero_rounds.hint': 'Only the winner of a round scores. Count the rounds that '
                                  'another player won.',
    'q.scoring.zero_rounds.worked': '{player} won {won} of the {rounds} rounds and scored '
                                    'nothing in the other {count} {count|round|rounds}: in '
                                    '{count|it|those}, another player went out first and took '
                                    'the points.',
    'q.play.pile_after_deal.ask': 'A game of {players} players: each is dealt {size} cards and '
                                  'one card is turned up to start the discard pile. How many '
                                  'cards are left in the draw pile?',
    'q.play.pile_after_deal.hint': 'The deck has {deck} cards. Take away the cards dealt to '
                                   'the players and the one turned up.',
    'q.play.pile_after_deal.worked': '{deck} − {players} × {size} − 1 = {deck} − {dealt} − 1 '
                                     '= {left} cards.',
    'q.lab.stacking.ask': 'Make a guess first: with stacking on, are games shorter or longer?',
    'q.lab.stacking.choice.shorter': 'Shorter',
    'q.lab.stacking.choice.longer': 'Longer',
    'q.lab.stacking.choice.same': 'No clear difference',
    'q.lab.stacking.hint': 'Stacking passes the draw cards on: a player hit by a Draw Two who '
                           'holds one plays it instead of drawing, and in the end one unlucky '
                           'player draws them all at once. Do games need more turns then, or '
                           'fewer?',
    'q.lab.stacking.worked': 'In {games} games between {players} computer players, a game '
                             'took {turns_a} turns on average under the standard rules and '
                             '{turns_b} with stacking. The difference, game by game on the '
                             'same deals, is {diff} turns, with a 95% interval of {low} to '
                             '{high}.',
    'q.lab.stacking.worked.shorter': 'That interval leaves out 0: stacking makes games shorter. '
                                     'The player who finally draws takes many cards at once, '
                                     'but everyone else plays on without drawing.',
    'q.lab.stacking.worked.longer': 'That interval leaves out 0: stacking makes games longer.',
    'q.lab.stacking.worked.same': 'That interval holds 0: these games show no clear '
                                  'difference.',
    'q.sheet.answer': 'Answer',
    'q.sheet.prediction': 'My prediction',
    'q.sheet.checked': 'On the page',
    'q.sheet.working': 'My working',
    'q.sheet.range': '{answer} (any answer from {low} to {high} counts)',
    'q.scoring.round_points.ask': 'Predict before you read on: how many points does the winner '
                                  'of a round between {players} players score, on average?',
    'q.scoring.round_points.hint': 'The winner scores the cards left in the other {players} − 1 '
                                   'hands. A fresh hand of 7 is worth about 80 points, but the '
                                   'losers have played some of their cards by the end.',
    'q.scoring.round_points.worked': 'In {games} simulated one-round games between {players} '
                                     'computer players, the winner scored {points} points on '
                                     'average (95% interval {low} to {high}). A guess within '
                                     '{within} points of it counts as right.',
    'q.lab.first_player.ask': 'Is it an advantage to play first? In {games} standard games '
                              'between {players} computer players, does the player who plays '
                              'first win more often than one game in {players}?',
    'q.lab.first_player.choice.more': 'Yes, more often',
    'q.lab.first_player.choice.less': 'No, less often',
    'q.lab.first_player.choice.same': 'No clear difference',
    'q.lab.first_player.hint': 'If where you sit made no difference, each of the {players} '
                               'players would win {fair} of the games. The first player plays '
                               'a card before anyone else: in a race to empty one\'s hand, is '
                               'that turn worth something?',
    'q.lab.first_player.worked': 'The player who played first won {share} of the games (95% '
                                 'interval {low} to {high}); a fair share is {fair}.',
    'q.lab.first_player.worked.more': 'The interval lies above {fair}: playing first is an '
                                      'advantage.',
    'q.lab.first_player.worked.less': 'The interval lies below {fair}: playing first is a '
                                      'disadvantage.',
    'q.lab.first_player.worked.same': 'The interval holds {fair}: these games show no clear '
                                      'advantage. More games would make the interval narrower.',
}

RU: dict[str, str] = {
    'q.box.answer': 'Ваш ответ',
    'q.box.check': 'Проверить',
    'q.box.show': 'Показать ответ',
    'q.box.right': 'Верно! Ответ — {typed}.',
    'q.box.right_near': 'Верно! {typed} — достаточно близко: ответ — {answer}, а '
                        'засчитывается любой ответ, отличающийся от него не больше чем на '
                        '{tolerance}.',
    'q.box.right_choice': 'Верно!',
    'q.box.wrong': 'Пока неверно: ответ не {typed}. Вот подсказка.',
    'q.box.wrong_choice': 'Пока неверно. Вот подсказка.',
    'q.box.shown': 'Вот ответ с решением.',
    'q.box.hint': 'Подсказка',
    'q.box.worked': 'Ответ',
    'q.box.unit.percent': 'Ответ — в процентах, например {example}.',
    'q.box.unit.cards': 'Ответ — число карт, например {example}.',
    'q.box.unit.hands': 'Ответ — число рук, например {example}.',
    'q.box.unit.number': 'Ответ — число, например {example}.',
    'q.box.choose': 'Выберите один ответ.',
    'q.box.tries': 'Попыток: {count}.',

    'q.odds.no_wild.ask': 'Прежде чем читать дальше: какова вероятность, что в руке из {size} '
                          'карт нет ни одной дикой карты?',
    'q.odds.no_wild.hint': 'В руке без диких карт все {size} карт взяты из {others} '
                           'остальных карт. Сосчитайте такие руки, C({others}, {size}), и '
                           'разделите на число всех рук, C(108, {size}).',
    'q.odds.no_wild.worked': 'Рук без диких карт C({others}, {size}) = {ways} из '
                             'C(108, {size}) = {hands} возможных. Вероятность равна '
                             '{ways}/{hands} = {chance_fraction} = {chance}: больше половины '
                             'всех рук. Значит, хотя бы одна дикая карта бывает в руке с '
                             'вероятностью 1 − {chance} = {at_least}.',
    'q.odds.red_three.ask': 'Что вероятнее в руке из {size} карт: ни одной красной карты или '
                            'ровно три красные?',
    'q.odds.red_three.choice.none': 'Ни одной красной',
    'q.odds.red_three.choice.three': 'Ровно три красные',
    'q.odds.red_three.choice.same': 'Одинаково вероятно',
    'q.odds.red_three.hint': 'В колоде {red} красных карт и {others} остальных. Сосчитайте руки '
                             'каждого вида: без красных — C({others}, {size}), ровно с тремя '
                             'красными — C({red}, 3) × C({others}, 4).',
    'q.odds.red_three.worked': 'Ни одной красной: C({others}, {size}) = {none_ways} рук, '
                               'вероятность {none}. Ровно три красные: C({red}, 3) × '
                               'C({others}, 4) = {three_ways} рук, вероятность {three}. Три '
                               'красные карты чуть вероятнее: способов набрать такую руку '
                               'просто больше.',
    'q.odds.wild_half.ask': 'При каком наименьшем числе карт в руке вероятность получить хотя '
                            'бы одну дикую карту больше, чем вероятность не получить ни одной?',
    'q.odds.wild_half.hint': 'Считайте вероятность не получить ни одной дикой карты, C(100, n) ÷ '
                             'C(108, n), для всё большего числа карт n: ответ — наименьшее n, при '
                             'котором она меньше половины.',
    'q.odds.wild_half.worked': 'В руке из {below} карт хотя бы одна дикая карта '
                               'бывает с вероятностью {chance_below} — меньше половины. В руке '
                               'из {size} карт — с вероятностью {chance}, больше половины. '
                               'Значит, нужно {size} карт.',
    'q.odds.dealt_wild.ask': 'Предскажите до раздачи: в скольких из {n} рук, розданных по '
                             'раскладу № {seed}, окажется хотя бы одна дикая карта?',
    'q.odds.dealt_wild.hint': 'Хотя бы одна дикая карта оказывается в руке с вероятностью '
                              '{chance}. Среди {n} рук ожидайте примерно такую же долю таких рук.',
    'q.odds.dealt_wild.worked': '{chance} от {n} рук — это примерно {expected}. Раздача по '
                                'раскладу № {seed} дала {hits}. Настоящая раздача почти никогда не '
                                'даёт ровно ожидаемое число, поэтому засчитывается любой ответ, '
                                'отличающийся от числа, которое дала раздача, не больше чем на '
                                '{tolerance} (это два стандартных отклонения): точнее предсказать '
                                'нельзя.',
    'q.odds.red_played.ask': 'Игрок сыграл красную карту. Что происходит с вероятностью, что у '
                             'соперника есть красная карта?',
    'q.odds.red_played.choice.down': 'Она уменьшается',
    'q.odds.red_played.choice.same': 'Она не меняется',
    'q.odds.red_played.choice.up': 'Она растёт',
    'q.odds.red_played.hint': 'Сыгранная карта теперь лежит в сбросе, и её видят все. Среди '
                              'карт, которых вы не видите, красных стало больше или меньше?',
    'q.odds.red_played.worked': 'Она уменьшается. Красная карта перешла из карт, которых никто '
                                'не видел, в сброс, и скрытых красных карт стало на одну '
                                'меньше: среди карт, которых вы не видите, доля красных '
                                'уменьшилась, а значит, уменьшилась и вероятность, что красная '
                                'карта есть у соперника.',
    'q.odds.same_count.ask': 'У двух соперников с одинаковым числом карт вероятности всегда '
                             'одинаковые. Почему?',
    'q.odds.same_count.choice.same_cards': 'У них одни и те же карты',
    'q.odds.same_count.choice.any_cards': 'Насколько вам известно, у каждого может быть любой '
                                          'набор из стольких скрытых карт, и все наборы '
                                          'равновероятны',
    'q.odds.same_count.choice.luck': 'Так получается случайно',
    'q.odds.same_count.hint': 'Вероятности считаются по тому, что видите вы. Что вы знаете о '
                              'картах одного соперника такого, чего не знаете о картах '
                              'другого?',
    'q.odds.same_count.worked': 'Вы не видите ни одной из двух рук, поэтому для каждой любой '
                                'набор из стольких скрытых карт равновероятен. Подсчёт для '
                                'обоих одинаков, и вероятности тоже, хотя настоящие карты у '
                                'них разные.',
    'q.odds.challenge_cost.ask': 'Пусть вероятность блефа равна {bluff}. Если вы оспорите '
                                 'ход, сколько карт вы возьмёте в среднем?',
    'q.odds.challenge_cost.hint': 'При блефе вы не берёте ничего; без блефа (вероятность '
                                  '{no_bluff}) берёте 6. Среднее — это 6 × (вероятность, что '
                                  'блефа нет).',
    'q.odds.challenge_cost.worked': '6 × {no_bluff} = {cost} карты. Это больше, чем 4 карты, '
                                    'которые вы возьмёте наверняка, не оспаривая, так что при '
                                    'вероятности блефа {bluff} оспаривать в среднем невыгодно.',
    'q.rules.stack_who.ask': 'С накоплением штрафов карты «+2» копятся с хода 3. Кто в конце '
                             'концов берёт карты?',
    'q.rules.stack_who.hint': 'Игрок, у которого есть «+2», кладёт её сверху и '
                              'передаёт стопку дальше; первый, кому нечего положить, берёт '
                              'всё. Пройдите ходы после хода 3 и прочитайте журнал.',
    'q.rules.stack_who.worked': 'Берёт {player}: в стопке {stacked} '
                                '{stacked|карта|карты|карт} «+2», а положить сверху нечего, '
                                'поэтому {player} берёт все '
                                '{cards} {cards|карту|карты|карт} и пропускает ход.',
    'q.rules.stack_cards.ask': 'А сколько карт берёт этот игрок?',
    'q.rules.stack_cards.hint': 'Каждая «+2» в стопке добавляет 2 карты. Сосчитайте '
                                'карты «+2», сыгранные подряд с хода 3.',
    'q.rules.stack_cards.worked': '{stacked} {stacked|карта|карты|карт} «+2» × 2 карты = '
                                  '{cards} {cards|карта|карты|карт}, и все их берёт {player}.',
    'q.scoring.mean_hand.ask': 'Прежде чем читать дальше: сколько очков в среднем стоит рука '
                               'из {size} карт сразу после раздачи?',
    'q.scoring.mean_hand.hint': '{deck} карт колоды стоят вместе {total} очков. Найдите, '
                                'сколько в среднем стоит одна карта, и умножьте на {size}.',
    'q.scoring.mean_hand.worked': 'Одна карта в среднем стоит {total} ÷ {deck} = {card} очка, '
                                  'поэтому {size} карт стоят в среднем {size} × {total} ÷ '
                                  '{deck} = {exact} = {mean} очка.',
    'q.scoring.leader_two.ask': 'Посмотрите на график выше: кто лидировал в партии после '
                                'двух раундов?',
    'q.scoring.leader_two.hint': 'Найдите на графике сумм раунд 2 и посмотрите, какая линия '
                                 'там выше всех.',
    'q.scoring.leader_two.worked': 'После двух раундов лидировал {player}: {points} '
                                   '{points|очко|очка|очков}; у ближайшего соперника — {second} '
                                   '{second|очко|очка|очков}.',
    'q.scoring.zero_rounds.ask': 'В скольких раундах победитель партии не набрал ни одного '
                                 'очка?',
    'q.scoring.zero_rounds.hint': 'Очки получает только победитель раунда. Сосчитайте раунды, '
                                  'которые выиграл кто-то другой.',
    'q.scoring.zero_rounds.worked': '{player} выиграл {won} {won|раунд|раунда|раундов} из '
                                    '{rounds}, а в {count|оставшемся|оставшихся|оставшихся} '
                                    '{count} {count|раунде|раундах|раундах} не набрал ничего: там '
                                    'первым избавился от карт и забрал очки другой игрок.',
    'q.play.pile_after_deal.ask': 'Играют {players} {players|игрок|игрока|игроков}: каждому '
                                  'сдают {size} {size|карту|карты|карт}, и одну карту открывают, чтобы начать сброс. Сколько карт остаётся '
                                  'в колоде?',
    'q.play.pile_after_deal.hint': 'В колоде {deck} карт. Вычтите карты, сданные игрокам, и '
                                   'одну открытую.',
    'q.play.pile_after_deal.worked': '{deck} − {players} × {size} − 1 = {deck} − {dealt} − 1 '
                                     '= {left} {left|карта|карты|карт}.',
    'q.lab.stacking.ask': 'Сначала предположите: с накоплением штрафов партии короче или '
                          'длиннее?',
    'q.lab.stacking.choice.shorter': 'Короче',
    'q.lab.stacking.choice.longer': 'Длиннее',
    'q.lab.stacking.choice.same': 'Заметной разницы нет',
    'q.lab.stacking.hint': 'Накопление передаёт штраф дальше: тот, на кого сыграли «+2», '
                           'кладёт свою «+2», если она у него есть, вместо того чтобы брать '
                           'карты, а в конце один невезучий игрок берёт их все сразу. Ходов в '
                           'партии тогда нужно больше или меньше?',
    'q.lab.stacking.worked': 'В {games} партиях {players} компьютерных игроков партия по '
                             'стандартным правилам длилась в среднем {turns_a} хода, а с '
                             'накоплением — {turns_b}. Разница, партия за партией на тех же '
                             'раздачах, — {diff} хода, 95-процентный доверительный интервал — от {low} до '
                             '{high}.',
    'q.lab.stacking.worked.shorter': 'Этот интервал не содержит 0: разница статистически '
                                     'значима, с накоплением партии короче. Тот, кто в конце берёт карты, получает их сразу много, '
                                     'но остальные играют дальше, ничего не беря.',
    'q.lab.stacking.worked.longer': 'Этот интервал не содержит 0: разница статистически '
                                    'значима, с накоплением партии длиннее.',
    'q.lab.stacking.worked.same': 'Этот интервал содержит 0: статистически значимой разницы в '
                                  'этих партиях нет.',
    'q.sheet.answer': 'Ответ',
    'q.sheet.prediction': 'Мой прогноз',
    'q.sheet.checked': 'На странице',
    'q.sheet.working': 'Моё решение',
    'q.sheet.range': '{answer} (засчитывается любой ответ от {low} до {high})',
    'q.scoring.round_points.ask': 'Предскажите, прежде чем читать дальше: сколько очков в '
                                  'среднем получает победитель раунда, если играют {players} '
                                  '{players|игрок|игрока|игроков}?',
    'q.scoring.round_points.hint': 'Победитель получает очки за карты, оставшиеся в руках у '
                                   'остальных {players} − 1 игроков. Свежая рука из 7 карт стоит '
                                   'около 80 очков, но к концу проигравшие уже сыграли часть '
                                   'своих карт.',
    'q.scoring.round_points.worked': 'В {games} смоделированных партиях в один раунд между '
                                     '{players} компьютерными игроками победитель получал в '
                                     'среднем {points} очка (95-процентный доверительный интервал: от {low} до '
                                     '{high}). Ответ, отличающийся не больше чем на {within} '
                                     'очков, засчитывается.',
    'q.lab.first_player.ask': 'Выгодно ли ходить первым? В {games} партиях по стандартным '
                              'правилам между {players} компьютерными игроками — выигрывает ли '
                              'тот, кто ходит первым, чаще, чем одну партию из {players}?',
    'q.lab.first_player.choice.more': 'Да, чаще',
    'q.lab.first_player.choice.less': 'Нет, реже',
    'q.lab.first_player.choice.same': 'Заметной разницы нет',
    'q.lab.first_player.hint': 'Если бы место за столом ничего не меняло, каждый из {players} '
                               'игроков выигрывал бы {fair} партий. Первый игрок кладёт карту '
                               'раньше всех. Помогает ли ему это первым избавиться от всех '
                               'карт?',
    'q.lab.first_player.worked': 'Тот, кто ходил первым, выиграл {share} партий '
                                 '(95-процентный доверительный интервал: от {low} до {high}); честная доля — '
                                 '{fair}.',
    'q.lab.first_player.worked.more': 'Весь интервал лежит выше {fair}: преимущество '
                                      'статистически значимо, ходить первым выгодно.',
    'q.lab.first_player.worked.less': 'Весь интервал лежит ниже {fair}: разница '
                                      'статистически значима, ходить первым невыгодно.',
    'q.lab.first_player.worked.same': 'Интервал содержит {fair}: заметного преимущества в этих '
                                      'партиях нет. Больше партий сузили бы интервал.',
}
