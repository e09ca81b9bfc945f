"""Adapters to other ecosystems' learning environments (the ``rl`` extra): every
game, through its observation encoder (``games/<game>/features.py``) and its fixed
action space (``spec.action_space_size``), as

- ``housebuilders.envs.pettingzoo.env(game_id, players=N)``: a PettingZoo AEC
  environment, every seat an agent (``parallel_env`` for Welcome To's rounds);
- ``housebuilders.envs.gymnasium.make(game_id, players=N, opponents="greedy")``: one
  seat against built-in bots, also ``gymnasium.make("housebuilders/<id>-v0")``;
- ``housebuilders.envs.openspiel``: every game registered with pyspiel as a Python
  game, ``pyspiel.load_game("python_housebuilders_<id>", {"players": N})``.

Each module imports its ecosystem's package; this one imports nothing (docs/rl.md).
"""
