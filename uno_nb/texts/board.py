"""Texts of the class board: joining a class, and the store's refusals
(``board.refused.<reason>``, the ``reason`` of :mod:`uno_nb.classboard`'s errors)."""

EN: dict[str, str] = {
    'board.refused.bad_code': 'That is not a class code: a class code is 5 letters and digits, '
                              'like {example}, as your teacher shows it.',
    'board.refused.no_class': 'There is no class {code} on this computer. Check the code on '
                              'the board and type it again.',
    'board.refused.expired': 'Class {code} was for a lesson that is over. Ask your teacher '
                             'for today\'s code.',
    'board.refused.too_many_joins': 'Too many wrong class codes from this page. Wait {seconds} '
                                    '{seconds|second|seconds}, then type the code from the '
                                    'board carefully.',
    'board.refused.joins_held': 'Too many wrong class codes reached the board in the last '
                                'minute. Wait a minute, then join again.',
    'board.refused.new_students': 'This page has joined as a new student several times '
                                  'already: reload it to join the class.',
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
    'board.lead.asked': 'Your teacher asks everyone to answer this question now: “{question}”',
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
    'board.page.not_teacher': 'This page is the teacher\'s class board: it opens on the '
                              'teacher\'s computer, from the link the app printed when it '
                              'started.',
    'board.page.none': 'No class yet: start a fresh class for this lesson.',
    'board.page.start': 'Start a fresh class',
    'board.page.classes': 'Earlier classes',
    'board.page.class_option': '{code}, started {when}',
    'board.page.open_class': 'Show this class',
    'board.page.expired': 'The lesson of class {code} is over: students can no longer join it. '
                          'Its results stay on this board.',
    'board.page.code_label': 'Class code',
    'board.page.link': 'To join, scan the square with a phone, open this address, or type the '
                       'code at the top of any lesson page:',
    'board.page.qr': 'QR code of the address that joins class {code}',
    'board.page.joined': '{count} {count|student has|students have} joined the class.',
    'board.page.joined_hidden': '{count} {count|student has|students have} joined the class '
                                '({hidden} left out of the figures).',
    'board.page.students': '{count} {count|student has|students have} sent results so far.',
    'board.page.lead_page': 'Page',
    'board.page.send': 'Send the class to this page',
    'board.page.question': 'Question',
    'board.page.open': 'Open for everyone',
    'board.page.reveal': 'Reveal the answer to everyone',
    'board.page.pause': 'Pause the class',
    'board.page.resume': 'Let the class go on',
    'board.page.lesson_page': 'The class is on {page}.',
    'board.page.lesson_free': 'The class has not been sent to a page yet.',
    'board.page.lesson_question': 'Open for everyone: {question}',
    'board.page.lesson_paused': 'Paused: the students\' screens are covered until you let the '
                                'class go on.',
    'board.page.where': 'Lesson pages open now: {pages}.',
    'board.page.where_page': '{page}: {count}',
    'board.page.where_none': 'No student has a lesson page open just now.',
    'board.page.memory': 'The app uses {size} GB of this computer\'s memory.',
    'board.page.about': 'What this chart shows',
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
    'board.page.answers_one': '1 student has answered so far; their first answer was {value}.',
    'board.page.answers_same': 'All {count} students who answered gave the same first answer: '
                               '{value}.',
    'board.page.answers_spread': '{count} {count|student|students} answered. Their first '
                                 'answers went from {low} to {high}; half of them answered '
                                 '{median} or less.',
    'board.page.answers_choice': '{count} {count|student has|students have} answered.',
    'board.page.answers_counts': 'Shown the answer on their page: {shown}. How many were '
                                 'right shows once you reveal the answer (before, it could '
                                 'tell the room the answer).',
    'board.page.answers_own': '{count} {count|student|students} answered, each with numbers '
                              'of their own, and so with an answer of their own.',
    'board.page.answers_offsets': 'First answer minus own answer: from {low} to {high}; for '
                                  'half of them {median} or less.',
    'board.page.answers_later_own': 'Once you reveal the answer to the class, the chart shows '
                                    'how far each first answer was from the student\'s own '
                                    'answer.',
    'board.page.answers_revealed_own': '{right} got it right on the first try and {done} by '
                                       'the end; {shown} {shown|was|were} shown the answer on '
                                       'their page.',
    'board.page.answers_x_own': 'First answer minus own answer',
    'board.page.answers_x_own_percent': 'First answer minus own answer (percentage points)',
    'board.page.answer_mark_own': 'no difference: their own answer',
    # a choice's words quoted as an answer, each language with its own quotation marks
    'board.page.quoted': '“{words}”',
    'board.page.answers_revealed': 'The answer is {answer}: {right} got it right on the first '
                                   'try and {done} by the end; {shown} {shown|was|were} shown '
                                   'the answer on their page.',
    'board.page.answers_none': 'Nobody has answered this question yet.',
    'board.page.answers_title': 'The class\'s first answers',
    'board.page.answers_x': 'First answer',
    'board.page.answers_x_percent': 'First answer (%)',
    'board.page.answers_y': 'Students',
    'board.page.trace_answers': 'First answers',
    'board.page.trace_right': 'Right on the first try',
    'board.page.trace_wrong': 'Not right on the first try',
    'board.page.answer_mark': 'the answer, {answer}',
    'board.page.answers_caption': 'Each bar counts the students whose first answer, before any '
                                  'hint, falls in it: the class\'s predictions. Once you reveal '
                                  'the answer to the class, the chart marks it, and each bar '
                                  'shows who was right on the first try (blue, plain) and who '
                                  'was not (orange, striped).',
    'board.page.games': '{games} {games|game|games} finished on the play page; the students '
                        'won {won}.',
    'board.page.games_none': 'No game finished on the play page yet.',
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
    'board.page.student_list': 'Students ({count}): leave one out of the figures, or take them '
                               'back',
    'board.page.student_none': 'No student has joined yet.',
    'board.page.student': '{name}: {rows} {rows|result|results}',
    'board.page.student_hidden': '{name}: {rows} {rows|result|results}, left out of the figures',
    'board.page.unnamed': 'Student {id}',
    'board.page.hide': 'Leave out {name}',
    'board.page.show': 'Take {name} back',
    'board.page.csv': 'Download the class\'s results ({count} {count|row|rows}, CSV)',
    'board.page.csv_prepare': 'Export the class\'s results ({count} {count|row|rows}) as a '
                              'spreadsheet file (CSV)',
}

RU: dict[str, str] = {
    'board.refused.bad_code': 'Это не код класса: код класса — 5 букв и цифр, например {example}, '
                              'как его показывает учитель.',
    'board.refused.no_class': 'На этом компьютере нет класса {code}. Сверьте код с доской и '
                              'наберите его ещё раз.',
    'board.refused.expired': 'Класс {code} был на уроке, который уже закончился. Спросите '
                             'у учителя сегодняшний код.',
    'board.refused.too_many_joins': 'С этой страницы набрано слишком много неверных кодов. '
                                    'Подождите {seconds} {seconds|секунду|секунды|секунд} и '
                                    'внимательно наберите код с доски.',
    'board.refused.joins_held': 'За последнюю минуту на доску пришло слишком много неверных '
                                'кодов. Подождите минуту и войдите снова.',
    'board.refused.new_students': 'С этой страницы уже несколько раз входили как новый ученик: '
                                  'перезагрузите её, чтобы войти в класс.',
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
    'board.lead.asked': 'Учитель просит всех ответить сейчас на вопрос: «{question}»',
    'board.lead.to_question': 'К вопросу',
    'board.lead.paused': 'Посмотрите на учителя: класс ненадолго остановлен.',
    'board.refused.bad_row': 'Этот результат не удалось сохранить: он записан не в том виде, '
                             'в каком его хранит доска.',
    'board.refused.busy': 'Доска класса сейчас занята. Попробуйте снова через минуту; всё '
                          'сохранённое раньше на месте.',
    'board.refused.kept': 'Доска класса сейчас не смогла принять ваш последний результат: он '
                          'ждёт на этой странице и сам уйдёт на доску через несколько секунд. '
                          'Не закрывайте страницу, пока здесь не появится, что он на доске.',
    'board.refused.unreadable': 'Файл доски класса на этом компьютере не читается. Попросите '
                                'учителя открыть новый класс.',
    'board.refused.error': 'Доска класса не смогла этого сделать.',
    'board.no_server': 'Результаты класса собираются, только если страница открыта с '
                       'сервера класса на компьютере учителя.',
    'board.bar.code': 'Код класса',
    'board.bar.nickname': 'Псевдоним (по желанию)',
    'board.bar.join': 'Войти в класс',
    'board.bar.join_first': 'Введите код класса с доски, чтобы ваши результаты попадали на '
                            'доску класса.',
    'board.bar.joined': 'Вы в классе {code}: ваши ответы, руки и партии попадают на доску '
                        'класса.',
    'board.bar.sent': 'Вы в классе {code}: результаты, которые ждали, теперь на доске класса.',
    'board.page.not_teacher': 'Эта страница — доска класса для учителя: она открывается на '
                              'компьютере учителя по ссылке, которую приложение напечатало при '
                              'запуске.',
    'board.page.none': 'Класс пока не открыт: откройте новый класс для этого урока.',
    'board.page.start': 'Открыть новый класс',
    'board.page.classes': 'Прежние классы',
    'board.page.class_option': '{code}, открыт {when}',
    'board.page.open_class': 'Показать этот класс',
    'board.page.expired': 'Урок класса {code} закончился: войти в него ученики больше не '
                          'могут. Его результаты остаются на этой доске.',
    'board.page.code_label': 'Код класса',
    'board.page.link': 'Чтобы войти, наведите телефон на квадрат, откройте этот адрес или '
                       'наберите код вверху любой страницы урока:',
    'board.page.qr': 'QR-код адреса для входа в класс {code}',
    'board.page.joined': 'В классе {count} {count|ученик|ученика|учеников}.',
    'board.page.joined_hidden': 'В классе {count} {count|ученик|ученика|учеников} (не '
                                'учитываются в итогах: {hidden}).',
    'board.page.students': 'Результаты прислали: {count} {count|ученик|ученика|учеников}.',
    'board.page.lead_page': 'Страница',
    'board.page.send': 'Перевести класс на эту страницу',
    'board.page.question': 'Вопрос',
    'board.page.open': 'Задать всем',
    'board.page.reveal': 'Показать ответ всем',
    'board.page.pause': 'Остановить класс',
    'board.page.resume': 'Продолжить урок',
    'board.page.lesson_page': 'Класс на странице «{page}».',
    'board.page.lesson_free': 'Класс пока не переведён ни на какую страницу.',
    'board.page.lesson_question': 'Вопрос для всех: {question}',
    'board.page.lesson_paused': 'Класс остановлен: экраны учеников закрыты, пока вы не '
                                'продолжите урок.',
    'board.page.where': 'Сейчас открыты страницы урока: {pages}.',
    'board.page.where_page': '«{page}» — {count}',
    'board.page.where_none': 'Сейчас ни у кого из учеников не открыта страница урока.',
    'board.page.memory': 'Приложение занимает {size} ГБ памяти этого компьютера.',
    'board.page.about': 'Что показывает этот график',
    'board.page.hands': '{dealt|Собрана|Собраны|Собрано} {shown} {dealt|рука|руки|рук} по '
                        '{size} {size|карте|карты|карт}; считаем такие карты: {kind}. Ни одной '
                        'такой карты не было в {none} из них, '
                        'это {percent} (95-процентный доверительный интервал: {interval}). Точная '
                        'вероятность не получить ни одной — {exact}.',
    'board.page.hands_none': 'Рук пока не раздавали: руки класса появятся здесь, когда '
                             'ученики нажмут «Раздать» на странице о вероятностях.',
    'board.page.hands_title': 'Руки класса приближаются к точной вероятности',
    'board.page.hands_x': 'Сколько рук собрано',
    'board.page.hands_y': 'Доля рук без таких карт',
    'board.page.trace_share': 'Доля у класса',
    'board.page.trace_interval': '95-процентный доверительный интервал',
    'board.page.trace_exact': 'Точная вероятность',
    'board.page.hands_caption': 'Каждая точка добавляет руки, которые один ученик раздал одним '
                                'нажатием. Чем больше рук собрал класс, тем ближе его доля к '
                                'точной вероятности и тем уже закрашенный интервал: закон '
                                'больших чисел на картах самого класса.',
    'board.page.answers_one': 'Пока ответил 1 ученик; его первый ответ — {value}.',
    'board.page.answers_same': 'Все ответившие ({count}) дали один и тот же первый ответ: '
                               '{value}.',
    'board.page.answers_spread': 'Ответили: {count} {count|ученик|ученика|учеников}. Первые '
                                 'ответы — от {low} до {high}; половина ответила {median} или '
                                 'меньше.',
    'board.page.answers_choice': 'Ответили: {count} {count|ученик|ученика|учеников}.',
    'board.page.answers_counts': 'Посмотрели ответ на своей странице: {shown}. Сколько '
                                 'ответов верных, станет видно, когда вы покажете ответ (до '
                                 'этого число подсказало бы ответ всему классу).',
    'board.page.answers_own': 'Ответили: {count} {count|ученик|ученика|учеников}; у каждого '
                              'свои числа, а значит, и свой верный ответ.',
    'board.page.answers_offsets': 'Первый ответ минус свой верный ответ: от {low} до {high}; у '
                                  'половины — {median} или меньше.',
    'board.page.answers_later_own': 'Когда вы покажете ответ классу, график покажет, насколько '
                                    'первый ответ каждого ученика отличался от его верного '
                                    'ответа.',
    'board.page.answers_revealed_own': 'С первой попытки верно ответили {right}, в итоге — '
                                       '{done}; посмотрели ответ на своей странице: {shown}.',
    'board.page.answers_x_own': 'Первый ответ минус свой верный ответ',
    'board.page.answers_x_own_percent': 'Первый ответ минус свой верный ответ (в процентных '
                                        'пунктах)',
    'board.page.answer_mark_own': 'без разницы: свой верный ответ',
    'board.page.quoted': '«{words}»',
    'board.page.answers_revealed': 'Ответ — {answer}. С первой попытки верно ответили {right}, '
                                   'в итоге — {done}; посмотрели ответ на своей странице: '
                                   '{shown}.',
    'board.page.answers_none': 'На этот вопрос пока никто не ответил.',
    'board.page.answers_title': 'Первые ответы класса',
    'board.page.answers_x': 'Первый ответ',
    'board.page.answers_x_percent': 'Первый ответ (%)',
    'board.page.answers_y': 'Учеников',
    'board.page.trace_answers': 'Первые ответы',
    'board.page.trace_right': 'Верно с первой попытки',
    'board.page.trace_wrong': 'Неверно с первой попытки',
    'board.page.answer_mark': 'ответ: {answer}',
    'board.page.answers_caption': 'Каждый столбик — сколько учеников дали такой первый ответ, '
                                  'до подсказки: это предсказания класса. Когда вы покажете '
                                  'ответ классу, он будет отмечен на графике, а каждый столбик '
                                  'разделится: кто ответил верно с первой попытки (синий, '
                                  'сплошной) и кто нет (оранжевый, в полоску).',
    'board.page.games': 'На странице игры {games|закончена|закончены|закончено} {games} '
                        '{games|партия|партии|партий}; '
                        'ученики выиграли {won}.',
    'board.page.games_none': 'На странице игры пока не закончено ни одной партии.',
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
    'board.page.student_list': 'Ученики ({count}): не учитывать кого-то в итогах или вернуть',
    'board.page.student_none': 'В класс пока никто не вошёл.',
    'board.page.student': '{name}: {rows} {rows|результат|результата|результатов}',
    'board.page.student_hidden': '{name}: {rows} {rows|результат|результата|результатов}, '
                                 'не учитывается в итогах',
    'board.page.unnamed': 'Ученик {id}',
    'board.page.hide': 'Не учитывать: {name}',
    'board.page.show': 'Снова учитывать: {name}',
    'board.page.csv': 'Скачать результаты класса ({count} {count|строка|строки|строк}, файл для '
                      'электронной таблицы)',
    'board.page.csv_prepare': 'Выгрузить результаты класса ({count} '
                              '{count|строка|строки|строк}) в файл для электронной таблицы '
                              '(CSV)',
}
