"""A training's checkpoint (``housebuilders train``: every ``checkpoint_steps``, and
when Ctrl+C stops it): the model with its optimiser, and the training's state (steps,
seconds, settings, the stages so far), each file whole or absent."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from housebuilders.learn.train import Settings

__all__ = [
    "CHECKPOINT",
    "SNAPSHOT",
    "STATE",
    "Interrupt",
    "TrainingError",
    "read_checkpoint",
    "save_checkpoint",
]

#: the checkpoint's files in its directory
CHECKPOINT, STATE, SNAPSHOT = "checkpoint.zip", "checkpoint.json", "self.npz"


class TrainingError(ValueError):
    """Settings that cannot train (a bad reward, a checkpoint of another game, ...)."""


class Interrupt:
    """While in it, the first Ctrl+C (SIGINT) is only noted (``asked``), for the training
    to stop between two steps and write its checkpoint whole; a second one interrupts at
    once. Outside the main thread (where no handler can be set) it does nothing."""

    def __init__(self) -> None:
        self.asked = False
        self._before: Any = None

    def __enter__(self) -> Interrupt:
        try:
            self._before = signal.signal(signal.SIGINT, self._note)
        except ValueError:  # not the main thread
            self._before = None
        return self

    def _note(self, number: int, frame: Any) -> None:
        self.asked = True
        signal.signal(signal.SIGINT, signal.default_int_handler)

    def __exit__(self, *exc: object) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)


def save_checkpoint(
    model: Any,
    directory: Path,
    steps: int,
    seconds: float,
    settings: Settings,
    stage_log: list[dict[str, Any]],
) -> None:
    """The model (with its optimiser) and the training's state, each written beside
    its place and then moved there (a checkpoint is whole or absent)."""
    directory.mkdir(parents=True, exist_ok=True)
    partial = directory / (CHECKPOINT + ".part.zip")
    model.save(partial)
    os.replace(partial, directory / CHECKPOINT)
    state = {
        "steps": steps,
        "seconds": seconds,
        "settings": settings.to_json(),
        "stages": stage_log,
    }
    partial_state = directory / (STATE + ".part")
    partial_state.write_text(json.dumps(state, indent=1))
    os.replace(partial_state, directory / STATE)


def read_checkpoint(directory: Path) -> dict[str, Any]:
    """The training's state of the checkpoint in ``directory`` (a TrainingError if none)."""
    try:
        state = json.loads((directory / STATE).read_text())
    except FileNotFoundError:
        raise TrainingError(f"no checkpoint to resume in {directory}") from None
    except (OSError, ValueError) as e:
        raise TrainingError(f"the checkpoint in {directory} cannot be read: {e}") from None
    if not (directory / CHECKPOINT).is_file():
        raise TrainingError(f"the checkpoint in {directory} has no model ({CHECKPOINT})")
    return dict(state)
