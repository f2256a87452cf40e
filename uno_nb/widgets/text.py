"""Every user-facing string of the apps, in one table per language, so that a
Russian interface can be added beside the English one."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "back": "◀ Back",
        "step": "Step ▶",
        "end": "To the end ▶▶",
        "restart": "⟲ Restart",
        "seed": "Seed",
        "turn": "Move",
        "speed": "Speed (ms)",
        "autoplay": "Autoplay",
        "log": "What happened",
        "rules": "Rules",
        "preset": "Preset",
        "custom": "custom",
        "odds": "Odds for {player}",
        "draw_playable": "Next card drawn can be played",
        "holds_playable": "{player} holds a playable card",
        "holds": "Chance that each opponent holds…",
        "no_game": "No game yet",
        "move_of": "move {index} of {total}",
        "start": "the deal",
        "rules_refused": "These rules cannot be played together: {reason}",
        "group_turn": "Setup and the turn",
        "group_draw": "Draw cards and answers",
        "group_effects": "Card effects",
        "group_scoring": "Scoring and the end of the game",
        "group_table": "Table talk",
        "opponent": "opponent",
        "probability": "chance",
        "scores_title": "Scores after each round",
        "round": "round",
        "in_hand_title": "Points in each hand now",
        "draw_button": "Draw",
        "pass_button": "Keep it",
        "uno_button": "UNO!",
        "challenge_button": "Challenge",
        "deal_button": "Deal",
        "colour": "Colour",
        "your_turn": "Your turn, {player}.",
        "waiting": "{player} is thinking…",
        "game_over": "{player} wins the game.",
        "refused": "Not allowed: {reason}",
        "catch_button": "Catch {player}!",
        "say_uno": "say UNO! as I play my second-to-last card",
        "go_on": "Go on ▶",
        "jump_in_now": "{player}, you may jump in now: click the card, or go on.",
        "odds_over": "The game is over.",
        "clockwise": "↻ clockwise",
        "counter": "↺ counter-clockwise",
        "colour_in_force": "colour in force",
        "draw_pile": "draw pile",
        "you": "P{seat} (you)",
        "bot": "Bot {seat}",
        "kind_red": "red", "kind_yellow": "yellow", "kind_green": "green", "kind_blue": "blue",
        "kind_draw2": "+2", "kind_wild4": "+4",
        "lab_rules": "Rule set {label}",
        "lab_players": "Players",
        "lab_games": "Games",
        "lab_bots": "Bots",
        "lab_seed": "First seed",
        "lab_run": "Run ▶",
        "lab_running": "Playing {games} games under each rule set…",
        "lab_done": "{games} games under each rule set, on the same seeds; 95% intervals.",
        "lab_turns_title": "Turns per game",
        "lab_figure": "figure",
        "bot_random-greedy": "random (plays a card when it can)",
        "bot_random": "random (any legal move)",
        "bot_heuristic": "heuristic",
    },
}


def table_labels(lang: str = "en") -> dict[str, str]:
    """The words of the table view (uno_nb.render) in ``lang``."""
    return {"clockwise": text("clockwise", lang), "counter": text("counter", lang),
            "colour": text("colour_in_force", lang), "pile": text("draw_pile", lang),
            "round": text("round", lang)}


def text(key: str, lang: str = "en", **values: object) -> str:
    """The string ``key`` in ``lang`` (English if missing), formatted."""
    table = TEXT.get(lang, TEXT["en"])
    return table.get(key, TEXT["en"][key]).format(**values)
