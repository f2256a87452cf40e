"""The command line: readable games, one-line errors with exit code 2."""

import subprocess
import sys

import pytest

from uno_nb.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "uno_nb", *args], capture_output=True,
                          text=True, timeout=60)


def test_play_prints_a_turn_by_turn_log_and_the_result():
    out = run("play", "--preset", "cnuno", "--players", "4", "--seed", "7")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == ("uno_nb: cnuno (CNUNO-1 rule card), 4 players "
                        "(heuristic, heuristic, heuristic, heuristic), seed 7")
    assert lines[1].startswith("  Cut for deal:")
    assert lines[-1].startswith("Result: P") and "wins after 1 round" in lines[-1]
    assert out.stdout == run("play", "--preset", "cnuno", "--players", "4", "--seed", "7").stdout


def test_help_explains_every_option():
    out = run("play", "--help")
    assert out.returncode == 0
    for option in ["--preset", "--rule", "--players", "--seed", "--bots", "--rounds",
                   "--max-turns", "--quiet", "--save", "--list-rules"]:
        assert option in out.stdout


@pytest.mark.parametrize("args, message", [
    (["play", "--players", "1"], "2 to 10 players, got 1"),
    (["play", "--players", "11"], "2 to 10 players, got 11"),
    (["play", "--preset", "nope"], "invalid choice: 'nope'"),
    (["play", "--seed", "x"], "invalid int value: 'x'"),
    (["play", "--rule", "jump_in=maybe"], "'jump_in' is on or off"),
    (["play", "--rule", "warp=on"], "unknown rule option 'warp'"),
    (["play", "--bots", "a"], "unknown bot 'a'"),
    (["play", "--bots", "random,random", "--players", "3"], "names 2 bots for 3 players"),
    (["play", "--seed", "-1"], "seed must be"),
    (["fly"], "invalid choice: 'fly'"),
    ([], "required: COMMAND"),
])
def test_bad_arguments_give_one_line_and_exit_code_2(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert message in out.stderr and "Traceback" not in out.stderr


def test_rules_lists_every_option(capsys):
    assert main(["rules"]) == 0
    text = capsys.readouterr().out
    from uno_nb import RuleSet
    for info in RuleSet.options():
        assert info.name in text and info.rule in text


def test_play_can_save_the_game(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--seed", "3", "--quiet", "--save", str(path)]) == 0
    from uno_nb import Game
    from uno_nb.engine import saves
    game = saves.load(str(path))
    assert game.is_over


def test_play_list_rules(capsys):
    assert main(["play", "--list-rules"]) == 0
    assert "jump_in" in capsys.readouterr().out


def test_play_in_russian_prints_the_same_game_in_russian_words():
    english = run("play", "--preset", "cnuno", "--players", "4", "--seed", "7").stdout.splitlines()
    out = run("play", "--preset", "cnuno", "--players", "4", "--seed", "7", "--lang", "ru")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(english)
    assert lines[0].startswith("uno_nb: cnuno (") and "4 игрока" in lines[0]
    assert "номер расклада 7" in lines[0]
    # the same winner, rounds, turns and scores as the English run, in Russian words
    assert english[-1] == "Result: Player 2 (heuristic) wins after 1 round and 38 turns; scores 0, 173, 0, 0"
    assert lines[-1] == "Итог: побеждает Игрок 2 (heuristic) — 1 раунд, 38 ходов; очки: 0, 173, 0, 0"
    letters = [ch for line in lines[1:-1] for ch in line if ch.isalpha()]
    cyrillic = sum("а" <= ch.lower() <= "я" or ch.lower() == "ё" for ch in letters)
    assert cyrillic / len(letters) > 0.9, out.stdout[:500]


def test_a_refused_combination_is_explained_in_the_language_asked_for():
    out = run("play", "--rule", "stack=on", "--rule", "deflect_2=on", "--lang", "ru")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("python -m uno_nb: ошибка: ") and "(см. --help)" in out.stderr
    from uno_nb.texts import text
    assert text("option.stack", "ru") in out.stderr and text("option.deflect_2", "ru") in out.stderr
    english = run("play", "--rule", "stack=on", "--rule", "deflect_2=on")
    assert text("option.stack") in english.stderr and "cannot be played together" in english.stderr


def test_rules_in_russian_keep_the_option_names_and_ids(capsys):
    assert main(["rules", "--lang", "ru"]) == 0
    said = capsys.readouterr().out
    from uno_nb import RuleSet
    for info in RuleSet.options():
        assert info.name in said and info.rule in said and info.help("ru") in said
        assert info.help("ru") != info.help("en") and info.help("en") not in said
