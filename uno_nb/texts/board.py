"""Texts of the class board: joining a class, and the store's refusals
(``board.refused.<reason>``, the ``reason`` of :mod:`uno_nb.classboard`'s errors)."""

EN: dict[str, str] = {
    'board.refused.bad_code': 'That is not a class code: a class code is 5 letters and digits, '
                              'like {example}, as your teacher shows it.',
    'board.refused.no_class': 'There is no class {code} on this computer. Check the code on '
                              'the board and type it again.',
    'board.refused.expired': 'Class {code} was for a lesson that is over. Ask your teacher '
                             'for today\'s code.',
    'board.refused.too_many_joins': 'Too many wrong class codes just now. Wait a minute, then '
                                    'type the code from the board carefully.',
    'board.refused.class_full': 'This class is full: ask your teacher.',
    'board.refused.not_enrolled': 'This page is not in the class any more: type the class code '
                                  'again to join.',
    'board.refused.too_fast': 'Slow down: the class board takes at most {most} results a '
                              'minute from one student. Your next ones count again in a '
                              'minute.',
    'board.refused.not_teacher': 'Only the teacher can do that, from the teacher\'s computer.',
    'board.bar.teacher': 'Teacher\'s view: nothing you do on this page counts as a '
                         'student\'s.',
    'board.lead.moved': 'Your teacher has moved the class to {page}.',
    'board.lead.go': 'Go there',
    'board.lead.asked': 'Your teacher asks: {question}',
    'board.lead.to_question': 'Go to the question',
    'board.lead.paused': 'Eyes on your teacher: the class is paused for a moment.',
    'board.refused.bad_row': 'This result could not be saved: it was not in the form the '
                             'board keeps.',
    'board.refused.busy': 'The class board is busy just now. Try again in a moment; nothing '
                          'saved before is lost.',
    'board.refused.kept': 'The class board could not take your latest result just now: it '
                          'waits on this page and is sent by itself in a few seconds. Leave '
                          'this page open until this line says it is on the board.',
    'board.refused.unreadable': 'The class board\'s file on this computer cannot be read. '
                                'Ask your teacher to start a fresh class.',
    'board.refused.error': 'The class board could not do that.',
    'board.no_server': 'Class results are pooled only when the page is opened from the '
                       'class server on your teacher\'s computer.',
    'board.bar.code': 'Class code',
    'board.bar.nickname': 'Nickname (if you like)',
    'board.bar.join': 'Join the class',
    'board.bar.join_first': 'Type the class code from the board to add your results to your '
                            'class\'s.',
    'board.bar.joined': 'You are in class {code}: your answers, hands and games go to the '
                        'class board.',
    'board.bar.sent': 'You are in class {code}: the results that waited are on the class '
                      'board now.',
    'board.page.nicknames': 'Nicknames: {names}.',
    'board.page.start': 'Start a fresh class',
    'board.page.none': 'No class yet: start a fresh class, or open this page with the class '
                       'code in its link.',
    'board.page.code': 'Class code: {code}',
    'board.page.link': 'Students join by typing {code} at the top of any lesson page, or by '
                       'opening a page whose address ends in ?class={code}. No names are needed.',
    'board.page.students': '{count} {count|student has|students have} sent results so far.',
    'board.page.hands': '{shown} {dealt|hand|hands} of {size} cards pooled, counting {kind}: '
                        '{none} held none, {percent} (95% interval {interval}). The exact '
                        'chance of none is {exact}.',
    'board.page.hands_none': 'No hands dealt yet: the class\'s hands appear here as students '
                             'press Deal on the card-odds page.',
    'board.page.hands_title': 'The class\'s hands closing in on the exact chance',
    'board.page.hands_x': 'Hands pooled so far',
    'board.page.hands_y': 'Share of hands with none',
    'board.page.trace_share': 'The class\'s share',
    'board.page.trace_interval': '95% interval',
    'board.page.trace_exact': 'Exact chance',
    'board.page.hands_caption': 'Each point adds the hands one student dealt with one press. '
                                'The more hands the class pools, the closer its share comes to '
                                'the exact chance and the narrower the shaded interval: the law '
                                'of large numbers, with the class\'s own cards.',
    'board.page.question': 'Question',
    'board.page.answers': '{count} {count|student|students} answered: first answers from '
                          '{low} to {high}, the middle one {median}. The answer is {answer}; '
                          '{right} got it right on the first try and {done} by the end.',
    'board.page.answers_choice': '{count} {count|student|students} answered. The answer is '
                                 '“{answer}”; {right} got it right on the first try and {done} '
                                 'by the end.',
    'board.page.answers_none': 'Nobody has answered this question yet.',
    'board.page.answers_title': 'The class\'s first answers',
    'board.page.answers_x': 'First answer',
    'board.page.answers_y': 'Students',
    'board.page.trace_answers': 'Students',
    'board.page.answers_caption': 'Each bar counts the students whose first answer was that '
                                  'one, before any hint: the class\'s predictions against the '
                                  'answer.',
    'board.page.games': '{games} {games|game|games} finished on the play page; the students '
                        'won {won}.',
    'board.page.games_none': 'No game finished on the play page yet.',
    'board.page.csv': 'Download the class\'s results ({count} {count|row|rows}, CSV)',
    'board.page.csv_prepare': 'Export the class\'s results ({count} {count|row|rows}) as a '
                              'spreadsheet file (CSV)',
    'board.page.challenges': 'Wild Draw Fours answered on the play page: {count}. The '
                             'students challenged {challenged} {challenged|time|times} (a '
                             'bluff caught {caught}, an honest card {wrong}), took the cards '
                             '{taken} {taken|time|times} and passed the penalty on with a '
                             'card of their own {passed} {passed|time|times}; they drew '
                             '{drawn} {drawn|card|cards} over them in all.',
    'board.page.challenges_none': 'Nobody has had to answer a Wild Draw Four on the play page '
                                  'yet.',
    'board.page.lab': 'The lab: {count} {count|run|runs} by {students} '
                      '{students|student|students}, {games} games for each rule set in all.',
    'board.page.lab_none': 'Nobody has run the house-rules lab yet.',
}

RU: dict[str, str] = {
    'board.refused.bad_code': 'Это не код класса: код класса — 5 букв и цифр, например {example}, '
                              'как его показывает учитель.',
    'board.refused.no_class': 'На этом компьютере нет класса {code}. Сверьте код с доской и '
                              'наберите его ещё раз.',
    'board.refused.expired': 'Класс {code} был на уроке, который уже закончился. Спросите '
                             'у учителя сегодняшний код.',
    'board.refused.too_many_joins': 'Слишком много неверных кодов подряд. Подождите минуту и '
                                    'внимательно наберите код с доски.',
    'board.refused.class_full': 'В этом классе больше нет мест: обратитесь к учителю.',
    'board.refused.not_enrolled': 'Эта страница больше не в классе: чтобы войти, снова '
                                  'наберите код класса.',
    'board.refused.too_fast': 'Не так быстро: доска класса принимает от одного ученика не '
                              'больше {most} результатов в минуту. Следующие снова будут '
                              'учтены через минуту.',
    'board.refused.not_teacher': 'Это может сделать только учитель со своего компьютера.',
    'board.bar.teacher': 'Вы учитель: ничего из сделанного на этой странице не считается '
                         'ответом ученика.',
    'board.lead.moved': 'Учитель перевёл класс на страницу «{page}».',
    'board.lead.go': 'Перейти',
    'board.lead.asked': 'Учитель спрашивает: {question}',
    'board.lead.to_question': 'К вопросу',
    'board.lead.paused': 'Все смотрят на учителя: класс на минуту остановлен.',
    'board.refused.bad_row': 'Этот результат не удалось сохранить: он записан не в том виде, '
                             'в каком его хранит доска.',
    'board.refused.busy': 'Доска класса сейчас занята. Попробуйте снова через минуту; всё '
                          'сохранённое раньше на месте.',
    'board.refused.kept': 'Доска класса сейчас не смогла принять ваш последний результат: он '
                          'ждёт на этой странице и сам уйдёт на доску через несколько секунд. '
                          'Не закрывайте страницу, пока здесь не появится, что он на доске.',
    'board.refused.unreadable': 'Файл доски класса на этом компьютере не читается. Попросите '
                                'учителя начать новый класс.',
    'board.refused.error': 'Доска класса не смогла этого сделать.',
    'board.no_server': 'Результаты класса собираются, только если страница открыта с '
                       'сервера класса на компьютере учителя.',
    'board.bar.code': 'Код класса',
    'board.bar.nickname': 'Псевдоним (по желанию)',
    'board.bar.join': 'Войти в класс',
    'board.bar.join_first': 'Введите код класса с доски, чтобы ваши результаты попали к '
                            'результатам класса.',
    'board.bar.joined': 'Вы в классе {code}: ваши ответы, руки и партии попадают на доску '
                        'класса.',
    'board.bar.sent': 'Вы в классе {code}: результаты, которые ждали, теперь на доске класса.',
    'board.page.nicknames': 'Псевдонимы: {names}.',
    'board.page.start': 'Начать новый класс',
    'board.page.none': 'Класса пока нет: начните новый класс или откройте эту страницу по '
                       'ссылке с кодом класса.',
    'board.page.code': 'Код класса: {code}',
    'board.page.link': 'Ученики входят, набрав {code} вверху любой страницы урока, или открыв '
                       'страницу, адрес которой кончается на ?class={code}. Имена не нужны.',
    'board.page.students': 'Результаты прислали: {count} {count|ученик|ученика|учеников}.',
    'board.page.hands': '{dealt|Собрана|Собраны|Собрано} {shown} {dealt|рука|руки|рук} по '
                        '{size} {size|карте|карты|карт}; считаем такие карты: {kind}. Ни одной такой карты не было в {none} из них, '
                        'это {percent} (95-процентный интервал {interval}). Точная '
                        'вероятность не получить ни одной — {exact}.',
    'board.page.hands_none': 'Рук пока не раздавали: руки класса появятся здесь, когда '
                             'ученики нажмут «Раздать» на странице о шансах.',
    'board.page.hands_title': 'Руки класса приближаются к точной вероятности',
    'board.page.hands_x': 'Сколько рук собрано',
    'board.page.hands_y': 'Доля рук без таких карт',
    'board.page.trace_share': 'Доля у класса',
    'board.page.trace_interval': '95-процентный интервал',
    'board.page.trace_exact': 'Точная вероятность',
    'board.page.hands_caption': 'Каждая точка добавляет руки, которые один ученик раздал одним '
                                'нажатием. Чем больше рук собрал класс, тем ближе его доля к '
                                'точной вероятности и тем уже закрашенный интервал: закон '
                                'больших чисел на картах самого класса.',
    'board.page.question': 'Вопрос',
    'board.page.answers': 'Ответили: {count} {count|ученик|ученика|учеников}. Первые ответы — '
                          'от {low} до {high}, средний по порядку — {median}. Ответ — {answer}; '
                          'с первой попытки верно ответили {right}, в итоге — {done}.',
    'board.page.answers_choice': 'Ответили: {count} {count|ученик|ученика|учеников}. Ответ — '
                                 '«{answer}»; с первой попытки верно ответили {right}, в итоге '
                                 '— {done}.',
    'board.page.answers_none': 'На этот вопрос пока никто не ответил.',
    'board.page.answers_title': 'Первые ответы класса',
    'board.page.answers_x': 'Первый ответ',
    'board.page.answers_y': 'Учеников',
    'board.page.trace_answers': 'Учеников',
    'board.page.answers_caption': 'Каждый столбик — сколько учеников дали этот ответ первым, '
                                  'до подсказки: предсказания класса рядом с ответом.',
    'board.page.games': 'На странице игры {games|закончена|закончены|закончено} {games} '
                        '{games|партия|партии|партий}; '
                        'ученики выиграли {won}.',
    'board.page.games_none': 'На странице игры пока не закончено ни одной партии.',
    'board.page.csv': 'Скачать результаты класса ({count} {count|строка|строки|строк}, файл для '
                      'электронной таблицы)',
    'board.page.csv_prepare': 'Выгрузить результаты класса ({count} '
                              '{count|строка|строки|строк}) в файл для электронной таблицы '
                              '(CSV)',
    'board.page.challenges': 'Ответов на «Дикую +4» на странице игры: {count}. Ученики '
                             'оспорили {challenged} {challenged|раз|раза|раз} (пойман блеф — '
                             '{caught}, честная карта — {wrong}), взяли карты {taken} '
                             '{taken|раз|раза|раз} и передали штраф дальше своей картой '
                             '{passed} {passed|раз|раза|раз}; всего они взяли из-за этих карт '
                             '{drawn} {drawn|карту|карты|карт}.',
    'board.page.challenges_none': 'На странице игры пока никому не пришлось отвечать на '
                                  '«Дикую +4».',
    'board.page.lab': 'Лаборатория: {count} {count|запуск|запуска|запусков}, учеников — '
                      '{students}, всего по {games} партий для каждого набора правил.',
    'board.page.lab_none': 'Лабораторию домашних правил пока никто не запускал.',
}
