"""Texts: the page the web app sends instead of a lesson's page when a
visitor has as many pages open as one person may, opens pages faster than
the teacher's computer gets them ready, or the teacher's computer has as
many as its memory holds (``uno_nb.serving.limits``)."""

EN: dict[str, str] = {
    "serving.visitor.title": "Too many pages open",
    "serving.visitor.body": "You have as many pages of the app open as one person may have at "
                            "once: {count}. Close a tab you no longer need, then try again.",
    "serving.address.title": "Too many pages from this computer",
    "serving.address.body": "This computer already has as many pages of the app open as one "
                            "computer may have at once: {count}. Close a tab you no longer need, "
                            "then try again; if the whole class shares one connection, tell your "
                            "teacher.",
    "serving.total.title": "All places are taken",
    "serving.total.body": "The teacher's computer is already running as many pages as its "
                          "memory can hold: {count}. Try again in a minute; if the page still "
                          "does not open, tell your teacher.",
    "serving.pace.title": "Too many pages at once",
    "serving.pace.body": "You are opening pages faster than the teacher's computer can get "
                         "them ready. Wait a few seconds, then try again.",
    "serving.again": "Try again",
}

RU: dict[str, str] = {
    "serving.visitor.title": "Открыто слишком много страниц",
    "serving.visitor.body": "У вас открыто столько страниц приложения, сколько можно одному "
                            "человеку: {count}. Закройте вкладку, которая больше не нужна, и "
                            "попробуйте ещё раз.",
    "serving.address.title": "С этого компьютера открыто слишком много страниц",
    "serving.address.body": "На этом компьютере уже открыто столько страниц приложения, сколько "
                            "можно одному компьютеру: {count}. Закройте вкладку, которая больше "
                            "не нужна, и попробуйте ещё раз; если весь класс выходит в сеть "
                            "через одно подключение, скажите учителю.",
    "serving.total.title": "Все места заняты",
    "serving.total.body": "Компьютер учителя уже работает со столькими страницами, сколько "
                          "выдерживает его память: {count}. Попробуйте ещё раз через минуту; "
                          "если страница так и не откроется, скажите учителю.",
    "serving.pace.title": "Слишком много страниц сразу",
    "serving.pace.body": "Вы открываете страницы быстрее, чем компьютер учителя успевает их "
                         "подготовить. Подождите несколько секунд и попробуйте ещё раз.",
    "serving.again": "Попробовать ещё раз",
}
