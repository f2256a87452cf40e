"""Texts: what the command line (``python -m uno_nb``) prints, and the plain-text
summary of a lab run (``Summary.table``, uno_nb.sim.summary)."""

EN: dict[str, str] = {
    "cli.header": "uno_nb: {rules} ({preset}), {count} {count|player|players} ({bots}), seed {seed}",
    "cli.result.won": "Result: {winner} ({bot}) wins after {rounds} {rounds|round|rounds} "
                      "and {turns} {turns|turn|turns}; scores {scores}",
    "cli.result.abandoned": "Result: abandoned after {turns} {turns|turn|turns} (--max-turns)",
    "cli.saved": "Saved to {path}",
    "cli.cannot_save": "cannot save to {path}: {reason}",
    "cli.bots_count": "--bots names {count} {count|bot|bots} for {players} players",
    "cli.rounds": "--rounds must be 0 (play to the target) or more",
    "cli.max_turns": "--max-turns must be at least 1",
    "cli.error": "{prog}: error: {message} (see --help)",
    "cli.rules.option": "{label}. {help} ({source})",
    "cli.rules.number": "a number",
    "cli.rules.presets": "Presets: {names}",
    "cli.rules.source": "source: {source}",
    "summary.games": "games",
    "summary.games.value": "{games} ({abandoned} abandoned)",
    "summary.turns": "turns per game",
    "summary.first_wins": "first player wins",
    "summary.seat_wins": "{player} wins",
    "summary.points": "winner's points per round",
    "summary.cards_drawn": "cards drawn per player",
    "summary.estimate": "{value} ({interval})",
}

RU: dict[str, str] = {
    "cli.header": "uno_nb: {rules} ({preset}), {count} {count|игрок|игрока|игроков} ({bots}), "
                  "номер расклада {seed}",
    "cli.result.won": "Итог: побеждает {winner} ({bot}) — {rounds} {rounds|раунд|раунда|раундов}, "
                      "{turns} {turns|ход|хода|ходов}; очки: {scores}",
    "cli.result.abandoned": "Итог: партия прервана после {turns} {turns|хода|ходов|ходов} "
                            "(--max-turns)",
    "cli.saved": "Сохранено в файл {path}",
    "cli.cannot_save": "не удалось сохранить в файл {path}: {reason}",
    "cli.bots_count": "в --bots {count} {count|бот|бота|ботов}, а игроков {players}",
    "cli.error": "{prog}: ошибка: {message} (см. --help)",
    "cli.rules.option": "{label}. {help} ({source})",
    "cli.rounds": "--rounds: 0 (играть до нужного счёта) или больше",
    "cli.max_turns": "--max-turns: не меньше 1",
    "cli.rules.number": "число",
    "cli.rules.presets": "Наборы правил: {names}",
    "cli.rules.source": "источник: {source}",
    "summary.games": "сыграно партий",
    "summary.games.value": "{games} (прервано: {abandoned})",
    "summary.turns": "ходов за партию",
    "summary.first_wins": "доля побед первого игрока",
    "summary.seat_wins": "доля побед: {player}",
    "summary.points": "очки победителя за раунд",
    "summary.cards_drawn": "карт взято одним игроком",
    "summary.estimate": "{value} ({interval})",
}
