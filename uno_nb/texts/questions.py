"""Texts of the lessons' questions: why a typed answer is not a number
(``answer.refused.<reason>``, the ``reason`` of :class:`uno_nb.questions.AnswerError`)."""

EN: dict[str, str] = {
    'answer.refused.empty': 'Type your answer first: a number, like {example}.',
    'answer.refused.words': 'Write the answer in digits, like {example}.',
    'answer.refused.exponent': 'Write an ordinary number, like {example}, not a power of ten.',
    'answer.refused.decimal_comma': 'On this page the decimal sign is a point: write {example}.',
    'answer.refused.not_number': '“{typed}” is not a number. Write one like {example}.',
    'answer.refused.range': '{typed} can\'t be the answer: the answer is a number from {low} '
                            'to {high}.',
}

RU: dict[str, str] = {
    'answer.refused.empty': 'Сначала введите ответ — число, например {example}.',
    'answer.refused.words': 'Запишите ответ цифрами, например {example}.',
    'answer.refused.exponent': 'Запишите обычное число, например {example}, а не степень десяти.',
    'answer.refused.decimal_comma': 'Десятичный разделитель на этой странице — точка: запишите {example}.',
    'answer.refused.not_number': '«{typed}» — не число. Запишите число, например {example}.',
    'answer.refused.range': '{typed} не может быть ответом: ответ — число от {low} до {high}.',
}
