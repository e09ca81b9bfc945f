"""Learned bots (docs/rl.md, Training): ``housebuilders train GAME`` trains a policy
with MaskablePPO against a curriculum of bots and writes it to one policy file; the
``learned:policy=FILE`` bot plays it wherever bots play.

- ``housebuilders.learn.policy``: the policy file (a ``.npz`` of the network's weights
  and its metadata) and its forward pass, in NumPy alone (the ``rl`` extra);
- ``housebuilders.learn.bot``: the ``learned`` bot (registered by ``agents``, which
  imports this module only when one is made);
- ``housebuilders.learn.train``: the training (the ``learn`` extra: PyTorch and
  sb3-contrib), its curriculum and checkpoints;
- ``housebuilders.learn.imitation``: a training's start from a teacher bot's moves;
- ``housebuilders.learn.checkpoints``: a training's checkpoint;
- ``housebuilders.learn.runs``: several trainings side by side, the best kept;
- ``housebuilders.learn.environment``: the learner's environment and its rewards;
- ``housebuilders.learn.evaluation``: the final evaluation against the ladder's bots
  (no PyTorch needed).

This module imports nothing: NumPy, PyTorch and sb3-contrib are imported by the
modules that need them.
"""
