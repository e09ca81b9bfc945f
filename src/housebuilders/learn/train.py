"""Training a learned bot: MaskablePPO (sb3-contrib, on PyTorch: the ``learn`` extra)
on one seat of a game against a curriculum of bots, written to one policy file.

    from housebuilders.learn.train import Settings, train, evaluate

    result = train(Settings("dream-home", minutes=5), out="dream-home.npz")
    for match in evaluate("dream-home.npz", "dream-home", games=200):
        print(match.bot_b, match.score_rate, match.interval)

``housebuilders train GAME`` runs it with a progress bar (docs/rl.md, Training).

**The environment**: the Gymnasium environment of one seat (``envs.gymnasium``), the
seat drawn at each game, the others played by bots made by name, capped at the game's
``spec.episode_steps`` of the learner (then *truncated*). ``envs`` of them side by side
in one process (a ``DummyVecEnv``: the bots are cheap, and the cores are few).

**The reward** (``Settings.reward``: win, score, mixed or goal) and the **step cost**
that makes stalling never pay: ``learn.environment``.

**The curriculum** (``Settings.opponents``): stages played one after another, each a
share of the budget (steps or minutes, whichever ends first). By default
``random`` (the first 20%: a policy that wins sometimes gets a signal from the
start), ``greedy:samples=1`` (the next 40%: greedy on one sample, about 3 times as
fast as default greedy) and ``self`` (the last 40%: half the environments play a
snapshot of the policy itself, renewed every ``snapshot_steps``, drawing its actions
from its distribution; the other half keep playing the stage before's bot, so that
what was learnt is not forgotten). Given stages share the budget equally. A
one-player game (Welcome To) has one stage, ``alone``, and trains on its score.

**The teacher** (``Settings.imitate``; by default the game's ``spec.training_imitate``:
Mr House advanced's ``greedy:samples=1``, none elsewhere): before the curriculum the
policy learns to choose as a bot chooses, from ``imitate_moves`` of its moves
(``learn.imitation``), its time counted in the budget: the curriculum starts from a
policy that already plays the game's goal.

**Checkpoints**: every ``checkpoint_steps`` the model (with its optimiser) and the
training's state (steps, seconds, stage) go to the checkpoint directory;
``resume=True`` continues from there, the step count and the clock where they were.
A training stopped by Ctrl+C stops at its next step, writes its checkpoint, then
raises KeyboardInterrupt (a second Ctrl+C interrupts at once).

**The policy file** (``learn.policy``): the policy network's weights and the
settings, then the evaluation's figures (``evaluate``: the policy's best actions
against each bot, seats alternating, on seeds from ``EVAL_SEED``, which no training
game uses).
"""

from __future__ import annotations

import math
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from housebuilders.agents import make as make_bot
from housebuilders.core import game
from housebuilders.learn.checkpoints import (
    CHECKPOINT,
    SNAPSHOT,
    Interrupt,
    TrainingError,
    read_checkpoint,
    save_checkpoint,
)
from housebuilders.learn.environment import (
    ALONE,
    REWARDS,
    SCALE_GAMES,
    TrainingEnv,
    final_reward,
    score_scale,
)
from housebuilders.learn.evaluation import (
    EVAL_BOTS,
    EVAL_SEED,
    add_evaluation,
    difference_interval,
    evaluate,
    evaluation_figures,
)
from housebuilders.learn.imitation import imitate
from housebuilders.learn.policy import Policy

__all__ = [
    "ALONE",
    "CHECKPOINT",
    "CURRICULUM",
    "EVAL_BOTS",
    "EVAL_SEED",
    "REWARDS",
    "SCALE_GAMES",
    "SELF",
    "SNAPSHOT",
    "Progress",
    "Settings",
    "TrainResult",
    "TrainingEnv",
    "TrainingError",
    "add_evaluation",
    "difference_interval",
    "evaluate",
    "evaluation_figures",
    "export",
    "final_reward",
    "read_checkpoint",
    "save_checkpoint",
    "score_scale",
    "train",
]

#: the default curriculum: each stage with its share of the budget
CURRICULUM: tuple[tuple[str, float], ...] = (
    ("random", 0.2),
    ("greedy:samples=1", 0.4),
    ("self", 0.4),
)
#: the stage that plays snapshots of the policy itself
SELF = "self"
#: the default budget when neither steps nor minutes are given
DEFAULT_MINUTES = 30.0


@dataclass
class Settings:
    """What ``train`` does; every field has a default but the game's id."""

    game: str
    players: int = 2
    #: the budget: learner steps, minutes, or both (whichever ends first); neither:
    #: ``DEFAULT_MINUTES``
    steps: int | None = None
    minutes: float | None = None
    seed: int = 0
    #: the reward (``REWARDS``); "": the game's (``spec.training_reward``)
    reward: str = ""
    #: the cost of each learner step; None: 0.5 / the game's episode cap
    step_cost: float | None = None
    #: the curriculum's stages (bot names, or ``"self"``); None: ``CURRICULUM``
    opponents: list[str] | None = None
    envs: int = 8
    hidden: tuple[int, ...] = (256, 256)
    n_steps: int = 256
    batch_size: int = 256
    epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.999
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    checkpoint_steps: int = 50_000
    snapshot_steps: int = 20_000
    threads: int = 1
    #: runs side by side, seeds ``seed``, ``seed + 1``, ..., the best kept (``learn.runs``);
    #: None: the game's (``spec.training_runs``)
    runs: int | None = None
    #: the bot whose moves the policy learns before the curriculum (``learn.imitation``):
    #: ``imitate_moves`` of them, ``imitate_epochs`` passes; "": none; None: the game's
    #: (``spec.training_imitate``)
    imitate: str | None = None
    imitate_moves: int = 150_000
    imitate_epochs: int = 4

    def __post_init__(self) -> None:
        spec = game(self.game)  # an unknown game: the registry's error
        self.game = spec.id
        self.players = spec.check_players(self.players)
        if spec.features is None:
            raise TrainingError(f"{spec.id} has no observation encoder: it cannot be learnt")
        self.reward = self.reward or spec.training_reward
        if self.reward not in REWARDS:
            raise TrainingError(f"the reward is one of {', '.join(REWARDS)}, not {self.reward!r}")
        if self.reward == "goal" and spec.heuristic is None:
            raise TrainingError(f"{spec.id} has no heuristic: the goal reward needs one")
        if self.players == 1 and self.reward in ("win", "mixed"):
            self.reward = "score"  # a one-player game is always won: only the score teaches
        if self.steps is None and self.minutes is None:
            self.minutes = DEFAULT_MINUTES
        if self.steps is not None and self.steps < 1:
            raise TrainingError(f"--steps must be at least 1, not {self.steps}")
        if self.minutes is not None and not (self.minutes > 0 and math.isfinite(self.minutes)):
            raise TrainingError(f"--minutes must be a positive number, not {self.minutes}")
        if self.step_cost is None:
            self.step_cost = 0.5 / spec.episode_steps
        if not (math.isfinite(self.step_cost) and self.step_cost >= 0):
            raise TrainingError(f"the step cost is a number from 0 up, not {self.step_cost}")
        if self.envs < 1:
            raise TrainingError(f"--envs must be at least 1, not {self.envs}")
        if self.runs is None:
            self.runs = spec.training_runs
        if self.runs < 1:
            raise TrainingError(f"--runs must be at least 1, not {self.runs}")
        if self.imitate is None:
            self.imitate = spec.training_imitate
        if self.imitate:
            make_bot(self.imitate)  # a misspelt teacher now
        if self.imitate_moves < 1 or self.imitate_epochs < 1:
            raise TrainingError("the imitation needs at least 1 move and 1 epoch")
        for stage in self.stages():
            if stage not in (SELF, ALONE):
                make_bot(stage)  # a misspelt bot now, not after the first stage
        if not self.stages():
            raise TrainingError("the curriculum needs at least one stage")

    def stages(self) -> list[str]:
        if self.players == 1:
            return [ALONE]
        if self.opponents is None:
            return [name for name, _ in CURRICULUM]
        return list(self.opponents)

    def shares(self) -> list[float]:
        if self.players == 1:
            return [1.0]
        if self.opponents is None:
            return [share for _, share in CURRICULUM]
        return [1 / len(self.opponents)] * len(self.opponents)

    def stage_at(self, progress: float) -> int:
        """The stage played at ``progress`` (0 to 1) of the budget."""
        edge = 0.0
        shares = self.shares()
        for i, share in enumerate(shares):
            edge += share
            if progress < edge - 1e-12:
                return i
        return len(shares) - 1

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["hidden"] = list(self.hidden)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        known = {f.name for f in fields(cls)}
        kept = {k: v for k, v in data.items() if k in known}
        kept["hidden"] = tuple(kept.get("hidden", (256, 256)))
        return cls(**kept)


# == the policy file ============================================================================
def export(model: MaskablePPO, meta: dict[str, Any]) -> Policy:
    """The policy half of ``model``'s network as a ``Policy`` (NumPy), with ``meta``."""
    policy = model.policy
    net = policy.mlp_extractor.policy_net
    linear: list[Any] = [m for m in net if isinstance(m, torch.nn.Linear)]
    linear.append(policy.action_net)
    layers = [
        (m.weight.detach().cpu().numpy().copy(), m.bias.detach().cpu().numpy().copy())
        for m in linear
    ]
    activation = {torch.nn.Tanh: "tanh", torch.nn.ReLU: "relu"}.get(policy.activation_fn)
    if activation is None:
        raise TrainingError(f"no NumPy forward pass for {policy.activation_fn.__name__}")
    spec = game(meta["game"])
    assert spec.features is not None
    full = {
        "observation_size": spec.features.size(meta["players"]),
        "actions": spec.action_space_size,
        "activation": activation,
        **meta,
    }
    return Policy(layers, full)


# == training ===================================================================================
@dataclass
class Progress:
    """Where a training is, as ``train`` reports it to its ``progress`` callback."""

    steps: int
    seconds: float
    fraction: float  # of the budget
    stage: str
    games: int  # finished in the stage
    won: float | None  # the share of the stage's last games (up to 100) won
    reward: float | None  # their mean reward
    length: float | None  # their mean length (learner steps)


@dataclass
class TrainResult:
    steps: int
    seconds: float
    policy: Policy
    out: Path
    checkpoints: Path
    stages: list[dict[str, Any]] = field(default_factory=list)
    #: several runs (``learn.runs``): each run's seed, steps, seconds, score, and if kept
    runs: list[dict[str, Any]] = field(default_factory=list)


class _Budget(BaseCallback):
    """Ends the training at the budget, moves through the curriculum, renews the
    self-play snapshot, writes checkpoints and reports progress."""

    def __init__(
        self,
        settings: Settings,
        checkpoints: Path,
        seconds_before: float,
        progress: Callable[[Progress], None] | None,
        meta: dict[str, Any],
        stage_log: list[dict[str, Any]],
    ) -> None:
        super().__init__()
        self.settings = settings
        self.checkpoints = checkpoints
        self.seconds_before = seconds_before
        self.report = progress
        self.meta = meta
        self.stage_log = stage_log
        self.stage = -1
        self.recent: deque[tuple[bool, float, int]] = deque(maxlen=100)
        self.games = 0
        self.last_checkpoint = 0
        self.last_snapshot = -(10**12)
        self.last_report = 0.0
        self.interrupt: Interrupt | None = None

    # the budget
    def elapsed(self) -> float:
        return self.seconds_before + time.monotonic() - self.started

    def fraction(self) -> float:
        s = self.settings
        done = 0.0
        if s.steps is not None:
            done = self.num_timesteps / s.steps
        if s.minutes is not None:
            done = max(done, self.elapsed() / (s.minutes * 60))
        return min(done, 1.0)

    def _on_training_start(self) -> None:
        self.started = time.monotonic()
        self.last_checkpoint = self.num_timesteps
        self._enter(self.settings.stage_at(self.fraction()))

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            episode = info.get("episode")
            if episode is not None:
                self.games += 1
                self.recent.append((bool(info.get("won")), float(episode["r"]), int(episode["l"])))
        fraction = self.fraction()
        now = time.monotonic()
        if self.report is not None and (now - self.last_report > 0.25 or fraction >= 1):
            self.last_report = now
            self.report(self.status(fraction))
        return fraction < 1.0 and not (self.interrupt is not None and self.interrupt.asked)

    def _on_rollout_end(self) -> None:
        stage = self.settings.stage_at(self.fraction())
        if stage != self.stage:
            self._enter(stage)
        elif self.settings.stages()[stage] == SELF and (
            self.num_timesteps - self.last_snapshot >= self.settings.snapshot_steps
        ):
            self._snapshot()
        if self.num_timesteps - self.last_checkpoint >= self.settings.checkpoint_steps:
            self.save()

    # the curriculum
    def _enter(self, stage: int) -> None:
        if self.stage >= 0:
            self._log_stage()
        self.stage = stage
        self.recent.clear()
        self.games = 0
        name = self.settings.stages()[stage]
        if name == SELF:
            self._snapshot()
        else:
            self.training_env.env_method("set_opponents", name)
        self.stage_log.append({"stage": name, "from_step": self.num_timesteps})

    def _log_stage(self) -> None:
        if self.stage_log:
            last = self.stage_log[-1]
            last.update(to_step=self.num_timesteps, games=self.games, **self._figures())

    def _figures(self) -> dict[str, float | None]:
        if not self.recent:
            return {"won": None, "reward": None}
        return {
            "won": sum(w for w, _, _ in self.recent) / len(self.recent),
            "reward": sum(r for _, r, _ in self.recent) / len(self.recent),
        }

    def _snapshot(self) -> None:
        """Write the policy as it is to the snapshot file and have half the
        environments play it (sampling), the other half the stage before's bot."""
        path = self.checkpoints / SNAPSHOT
        assert isinstance(self.model, MaskablePPO)
        export(self.model, self.meta).save(path)
        self.last_snapshot = self.num_timesteps
        before = [s for s in self.settings.stages()[: self.stage] if s not in (SELF, ALONE)]
        other = before[-1] if before else "random"
        mirror = f"learned:policy={path},sample=true"
        for i in range(self.settings.envs):
            self.training_env.env_method(
                "set_opponents", mirror if i % 2 == 0 else other, indices=[i]
            )

    def status(self, fraction: float) -> Progress:
        figures = self._figures()
        mean_length = sum(n for _, _, n in self.recent) / len(self.recent) if self.recent else None
        return Progress(
            self.num_timesteps,
            self.elapsed(),
            fraction,
            self.settings.stages()[self.stage],
            self.games,
            figures["won"],
            figures["reward"],
            mean_length,
        )

    # checkpoints
    def save(self) -> None:
        save_checkpoint(
            self.model,
            self.checkpoints,
            self.num_timesteps,
            self.elapsed(),
            self.settings,
            self.stage_log,
        )
        self.last_checkpoint = self.num_timesteps

    def finish(self) -> None:
        if self.stage >= 0:  # the training ran: the last stage's figures
            self._log_stage()


def _bot_of_stage(settings: Settings, steps: int, seconds: float) -> str:
    """The bot the environments start with, a training at ``steps`` and ``seconds``
    (resumed: its stage's, before the first rollout moves it on): a stage's bot, or
    for ``self`` the bot of the stage before."""
    done = steps / settings.steps if settings.steps else 0.0
    if settings.minutes:
        done = max(done, seconds / (settings.minutes * 60))
    stages = settings.stages()[: settings.stage_at(min(done, 1.0)) + 1]
    bots = [s for s in stages if s not in (SELF, ALONE)]
    return bots[-1] if bots else "random"


def _imitation(
    model: MaskablePPO,
    settings: Settings,
    eval_games: int,
    progress: Callable[[Progress], None] | None,
) -> dict[str, Any]:
    """``learn.imitation.imitate`` of ``settings.imitate``, reported as a stage."""
    started, last = time.monotonic(), [0.0]
    teacher = str(settings.imitate)

    def report(fraction: float, what: str) -> None:
        now = time.monotonic()
        if progress is not None and (now - last[0] > 0.25 or fraction >= 1):
            last[0] = now
            done = (now - started) / (settings.minutes * 60) if settings.minutes else 0.0
            stage = f"imitate {teacher} ({what})"
            progress(Progress(0, now - started, min(done, 1.0), stage, 0, None, None, None))

    return imitate(
        model, settings.game, settings.players, teacher, settings.imitate_moves,
        settings.imitate_epochs, settings.seed, eval_games, report,
    )  # fmt: skip


def default_checkpoints(out: Path) -> Path:
    """``dream-home.npz`` -> ``dream-home.checkpoints``, beside it."""
    return out.with_name(out.stem + ".checkpoints")


def train(
    settings: Settings,
    out: str | os.PathLike[str],
    checkpoints: str | os.PathLike[str] | None = None,
    resume: bool = False,
    progress: Callable[[Progress], None] | None = None,
    eval_games: int = 200,
) -> TrainResult:
    """Train ``settings`` and write the policy to ``out`` (without its evaluation: see
    ``evaluate`` and ``add_evaluation``). ``checkpoints``: the checkpoint directory
    (default: ``out``'s name with ``.checkpoints``); ``resume``: continue the checkpoint
    there, its settings but the budget and the game's, which must agree.
    ``progress(Progress)`` is called a few times a second."""
    out = Path(out)
    directory = Path(checkpoints) if checkpoints is not None else default_checkpoints(out)
    if "," in str(directory.resolve()):  # the self-play bot's name holds its snapshot's path
        raise TrainingError(f"the checkpoint directory's path may not hold a comma: {directory}")
    steps_before, seconds_before, stage_log = 0, 0.0, []
    if resume:
        state = read_checkpoint(directory)
        saved = Settings.from_json(state["settings"])
        if (saved.game, saved.players) != (settings.game, settings.players):
            raise TrainingError(
                f"the checkpoint in {directory} trains {saved.game} with {saved.players} "
                f"players, not {settings.game} with {settings.players}"
            )
        saved.steps, saved.minutes = settings.steps, settings.minutes
        settings = saved
        steps_before, seconds_before = int(state["steps"]), float(state["seconds"])
        stage_log = list(state.get("stages", []))
    torch.set_num_threads(settings.threads)
    scale = score_scale(settings.game, settings.players, settings.reward)
    first = _bot_of_stage(settings, steps_before, seconds_before)
    venv = DummyVecEnv(
        [
            (
                lambda: Monitor(
                    TrainingEnv(
                        settings.game,
                        settings.players,
                        first,
                        settings.reward,
                        float(settings.step_cost or 0.0),
                        scale,
                        eval_games,
                    )
                )
            )
            for _ in range(settings.envs)
        ]
    )
    venv.seed(settings.seed + steps_before)  # a resumed run plays new games
    if resume:
        model = MaskablePPO.load(directory / CHECKPOINT, env=venv, device="cpu")
        model.num_timesteps = steps_before
    else:
        model = MaskablePPO(
            "MlpPolicy",
            venv,
            n_steps=settings.n_steps,
            batch_size=settings.batch_size,
            n_epochs=settings.epochs,
            learning_rate=settings.learning_rate,
            gamma=settings.gamma,
            gae_lambda=settings.gae_lambda,
            ent_coef=settings.ent_coef,
            policy_kwargs={"net_arch": list(settings.hidden)},
            seed=settings.seed,
            device="cpu",
            verbose=0,
        )
        if settings.imitate:  # its time counted in the budget
            stage_log.append(_imitation(model, settings, eval_games, progress))
            seconds_before = float(stage_log[-1]["seconds"])
    meta: dict[str, Any] = {
        "game": settings.game,
        "players": settings.players,
        "training": {**settings.to_json(), "score_scale": scale},
    }
    budget = _Budget(settings, directory, seconds_before, progress, meta, stage_log)
    budget.started = time.monotonic()
    if steps_before < (settings.steps or math.inf):
        with Interrupt() as interrupt:  # Ctrl+C: the training stops at its next step
            budget.interrupt = interrupt
            model.learn(total_timesteps=2**62, callback=budget, reset_num_timesteps=False)
        if interrupt.asked:  # keep what was done, then say so
            budget.finish()
            save_checkpoint(
                model, directory, model.num_timesteps, budget.elapsed(), settings, stage_log
            )
            venv.close()
            raise KeyboardInterrupt
    budget.finish()
    steps, seconds = model.num_timesteps, budget.elapsed()
    save_checkpoint(model, directory, steps, seconds, settings, stage_log)
    meta["training"].update(steps=steps, seconds=round(seconds, 1), stages=stage_log)
    policy = export(model, meta)
    policy.save(out)
    venv.close()
    return TrainResult(steps, seconds, policy, out, directory, stage_log)
