"""Texts of the class board: joining a class, and the store's refusals
(``board.refused.<reason>``, the ``reason`` of :mod:`uno_nb.classboard`'s errors)."""

EN: dict[str, str] = {
    'board.refused.bad_code': 'That is not a class code: a class code is 5 letters and digits, '
                              'like {example}, as your teacher shows it.',
    'board.refused.no_class': 'There is no class {code} on this computer. Check the code on '
                              'the board and type it again.',
    'board.refused.bad_row': 'This result could not be saved: it was not in the form the '
                             'board keeps.',
    'board.refused.busy': 'The class board is busy: your result was not saved yet. Try again '
                          'in a moment; nothing saved before is lost.',
    'board.refused.unreadable': 'The class board\'s file on this computer cannot be read. '
                                'Ask your teacher to start a fresh class.',
    'board.refused.error': 'The class board could not do that.',
    'board.no_server': 'Class results are pooled only when the page is opened from the '
                       'class server on your teacher\'s computer.',
}

RU: dict[str, str] = {
    'board.refused.bad_code': 'Это не код класса: код класса — 5 букв и цифр, например {example}, '
                              'как его показывает учитель.',
    'board.refused.no_class': 'На этом компьютере нет класса {code}. Сверьте код с доской и '
                              'наберите его ещё раз.',
    'board.refused.bad_row': 'Этот результат не удалось сохранить: он записан не в том виде, '
                             'в каком его хранит доска.',
    'board.refused.busy': 'Доска класса сейчас занята, и ваш результат ещё не сохранён. '
                          'Попробуйте снова через минуту; всё сохранённое раньше на месте.',
    'board.refused.unreadable': 'Файл доски класса на этом компьютере не читается. Попросите '
                                'учителя начать новый класс.',
    'board.refused.error': 'Доска класса не смогла этого сделать.',
    'board.no_server': 'Результаты класса собираются, только если страница открыта с '
                       'сервера класса на компьютере учителя.',
}
