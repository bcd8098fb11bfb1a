"""The ``racebook`` command: arguments checked by the parser, one-line errors,
plugins by module name or file, the variants listing, help text, ``python -m``."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import racebook
from racebook import cli
from racebook.cli import build_parser, main

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def fresh_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plugins imported by a test are forgotten after it (sys.path, the CLI's cache)."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(cli.plugins, "_IMPORTED", {})


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


# -- counts, seeds and names are checked by the parser ------------------------------------


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["simulate", "longshot", "--games", "0"], "--games"),
        (["simulate", "longshot", "--games", "-5"], "--games"),
        (["simulate", "longshot", "--games", "many"], "--games"),
        (["demo", "longshot", "--players", "0"], "--players"),
        (["simulate", "trickrace", "--players", "-1"], "--players"),
        (["demo", "longshot", "--seed", "1.5"], "--seed"),
        (["simulate", "longshot", "--seed", "x"], "--seed"),
        (["demo", "no-such-game"], "invalid choice"),
        (["variants", "no-such-preset"], "invalid choice"),
        ([], "COMMAND"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = one_line_error(capsys)
    assert option in err and "--help" in err


def test_a_negative_seed_is_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "longshot", "--seed", "-4"]) == 0
    assert "winner" in capsys.readouterr().out


def test_more_bots_than_players_says_players(capsys: pytest.CaptureFixture[str]) -> None:
    # Ready Set Bet: 5 players and the host's chair; --bots names players only
    assert main(["demo", "readysetbet", "--bots", "random,random,random,random,random,random"]) == 2
    err = one_line_error(capsys)
    assert "6 bots for 5 players" in err and "seat" not in err
    assert main(["demo", "readysetbet", "--bots", "heuristic", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 4 heuristic" in out and "seat 5 (host) random" in out


# -- files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["missing-dir", "a-directory"])
def test_an_unwritable_log_is_one_line(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / "game.jsonl" if where == "missing-dir" else tmp_path
    assert main(["demo", "longshot", "--log", str(target)]) == 2
    err = one_line_error(capsys)
    assert "cannot write" in err and str(target) in err


def test_an_os_error_anywhere_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(args: argparse.Namespace) -> int:
        raise PermissionError(13, "Permission denied", "/somewhere/out.jsonl")

    monkeypatch.setattr(cli, "cmd_games", fail)
    assert main(["games"]) == 2
    assert "Permission denied" in one_line_error(capsys)


# -- plugins -------------------------------------------------------------------------------


@pytest.mark.usefixtures("fresh_imports")
def test_plugin_by_module_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(EXAMPLES)
    argv = ["simulate", "--variant", "variants/longshot_sprint.toml", "--games", "2"]
    assert main([*argv, "--plugin", "house_rules"]) == 0
    assert "Long Shot: 2 games" in capsys.readouterr().out


@pytest.mark.usefixtures("fresh_imports")
@pytest.mark.parametrize("relative", [True, False])
def test_plugin_by_file_path(
    relative: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    plugin = "examples/house_rules.py" if relative else str(EXAMPLES / "house_rules.py")
    variant = "examples/variants/longshot_sprint.toml"
    assert main(["simulate", "--variant", variant, "--games", "2", "--plugin", plugin]) == 0
    assert "Long Shot: 2 games" in capsys.readouterr().out
    assert main(["variants", "--plugin", plugin]) == 0
    assert "house.sprint" in capsys.readouterr().out


@pytest.mark.usefixtures("fresh_imports")
@pytest.mark.parametrize(
    ("plugin", "says"),
    [
        ("no_such_plugin_module", "no such module"),
        ("no/such/house_rules.py", "no such file"),
        ("house rules", "takes a module name (house_rules) or a .py file"),
        ("examples/variants/mafia_quick.json", "not a .py file"),
    ],
)
def test_a_plugin_that_cannot_be_imported_says_what_plugin_takes(
    plugin: str, says: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["demo", "longshot", "--plugin", plugin]) == 2
    err = one_line_error(capsys)
    assert says in err and f"--plugin {plugin}" in err


@pytest.mark.usefixtures("fresh_imports")
def test_a_plugin_file_with_a_syntax_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "broken_rules.py"
    bad.write_text("def oops(:\n", encoding="utf-8")
    assert main(["games", "--plugin", str(bad)]) == 2
    assert "broken_rules.py" in one_line_error(capsys)


def test_an_unregistered_rule_module_points_to_plugin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = tmp_path / "house.toml"
    variant.write_text(
        'game = "longshot"\n[settings]\nrules = [{name = "house.never-registered"}]\n',
        encoding="utf-8",
    )
    assert main(["simulate", "--variant", str(variant), "--games", "1"]) == 2
    err = one_line_error(capsys)
    assert "house.never-registered" in err and "--plugin" in err and "rules[0]" in err

    # a log whose header names such a module: line 1, and the same pointer
    log = tmp_path / "mafia.jsonl"
    assert main(["demo", "mafia", "--log", str(log)]) == 0
    header, rest = log.read_text(encoding="utf-8").split("\n", 1)
    assert '"config":{},' in header  # Mafia's defaults name supply-quinella
    named = '"config":{"rules":[{"name":"house.never-registered"}]},'
    log.write_text(header.replace('"config":{},', named) + "\n" + rest)
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1
    err = one_line_error(capsys)
    assert "log line 1" in err and "house.never-registered" in err and "--plugin" in err


@pytest.mark.usefixtures("fresh_imports")
def test_a_plugins_preset_is_a_valid_game_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from racebook.core import registry

    monkeypatch.setattr(registry, "_PRESETS", dict(registry._PRESETS))
    plugin = tmp_path / "quick_presets.py"
    plugin.write_text(
        "import attrs, racebook\n"
        "from racebook.core.registry import register_preset\n"
        "base = racebook.presets()['longshot'].config\n"
        "register_preset('house-short', 'longshot', attrs.evolve(base, goal=50), 'Short.')\n",
        encoding="utf-8",
    )
    assert main(["simulate", "house-short", "--games", "2", "--plugin", str(plugin)]) == 0
    assert "Long Shot: 2 games" in capsys.readouterr().out


# -- racebook variants ---------------------------------------------------------------------


def test_variants_lists_each_preset_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    presets = racebook.presets()
    for preset in presets.values():
        (line,) = [x for x in lines if x.startswith(f"{preset.name} (")]
        assert line == f"{preset.name} ({preset.game}): {preset.description}"
    assert len(lines) == len(presets) + 1 and lines[-1].startswith("rule modules: ")
    assert not any(" = " in x for x in lines)  # settings are for `racebook variants NAME`


@pytest.mark.parametrize("name", list(racebook.presets()))
def test_variants_name_shows_every_setting_on_its_own_short_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["variants", name]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(x) <= cli.WIDTH for x in lines)
    fields = attrs.fields(type(racebook.presets()[name].config))
    settings = [x.strip() for x in lines if x.startswith("    ")]
    assert [x.split(" = ")[0] for x in settings] == [f.name for f in fields]


def test_variants_name_summarises_long_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "readysetbet"]) == 0
    out = capsys.readouterr().out
    for line in (
        "track = 15",
        "board = <9 rows>",
        "props = <28 prop cards>",
        "vip_cards = <32 VIP cards>",
        "tokens = [2, 3, 3, 4, 5]",
    ):
        assert f"    {line}\n" in out
    assert main(["variants", "mafia"]) == 0
    out = capsys.readouterr().out
    assert "    spurt_threshold = null\n" in out and "    races = <3 race tables>\n" in out
    assert "    free_mvs = <36 numbers: 0 x4, 1 x4, 2 x4, 3 x4, 4 x5" in out


# -- help ----------------------------------------------------------------------------------


def _parsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    found = {"racebook": parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


@pytest.mark.parametrize(
    "command", ["racebook", "demo", "replay", "simulate", "games", "variants", "records"]
)
def test_help_gives_every_default_and_choice_in_plain_text(command: str) -> None:
    parser = _parsers()[command]
    text = parser.format_help()
    for mark in ("``", ":func:", ":class:", ":data:", ":doc:", "*"):
        assert mark not in text, mark
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
            continue
        assert action.help, action.dest
        if action.choices:
            assert "longshot, mafia" in parser._get_formatter()._expand_help(action)
        if (action.option_strings and action.dest != "version") or action.nargs == "?":
            assert "default" in parser._get_formatter()._expand_help(action), action.dest
    if command == "simulate":
        assert "(default: 1000)" in text and "(default: 1)" in text


def test_game_names_are_the_presets() -> None:
    parsers = _parsers()
    for command in ("demo", "simulate"):
        (game,) = [a for a in parsers[command]._actions if a.dest == "game"]
        assert list(game.choices or ()) == list(racebook.presets())


# -- python -m racebook --------------------------------------------------------------------


def test_python_dash_m_racebook(tmp_path: Path) -> None:
    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "racebook", *argv],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=120,
            check=False,
        )

    done = run("games")
    assert done.returncode == 0 and "Long Shot" in done.stdout
    done = run("simulate", "longshot", "--games", "0")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "usage" not in done.stderr and "--games" in done.stderr
    done = run("--help")
    assert done.returncode == 0 and "usage: racebook" in done.stdout
