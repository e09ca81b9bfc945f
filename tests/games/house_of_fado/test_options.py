"""House of Fado's options: the promos and the 2-player assistants (HF-3, HF-15, HF-132)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import housebuilders as hb
from housebuilders.cli import app


@pytest.mark.rule("HF-132")
@pytest.mark.parametrize("players", [3, 4])
def test_hf_132_the_assistants_variant_is_refused_beyond_2_players(players: int) -> None:
    with pytest.raises(hb.OptionError, match="'assistants' of house-of-fado is for 2 players"):
        hb.new_game("house-of-fado", players, options={"assistants": True})
    assert hb.new_game("house-of-fado", players, options={"assistants": False})


@pytest.mark.rule("HF-15")
def test_hf_15_the_assistants_variant_gives_each_player_3_assistants() -> None:
    state = hb.new_game("house-of-fado", 2, options={"assistants": True})
    assert [p["assistants"] for p in state.observe(None)["players"]] == [[-1] * 3] * 2


def test_the_games_list_says_the_variant_is_for_2_players() -> None:
    result = CliRunner().invoke(app, ["list", "house-of-fado"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "assistants" in result.output and "2 players only" in result.output
    assert "promos" in result.output
