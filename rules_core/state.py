"""The battle as plain data: board, terrain, models, whose decision it is.

Everything here round-trips through JSON exactly (`to_dict` / `from_dict`). The state holds what
the rules need now, never the history: the battle record keeps the history, so a step costs the
same at step 10 and at step 2,000.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from .endings import DecidedBy, EndCode
from .frame import Frame, Pending
from .scenarios.data import ScenarioState
from .serial import Unchanging, copy_data, load, shallow_copy, to_data
from .tally import Tally

Side = Literal["good", "evil"]
SIDES: tuple[Side, Side] = ("good", "evil")
Part = Literal["rider", "mount"]
"""Which part of a Cavalry model a rule means: the rider or its mount."""
MM_PER_INCH = 25.4


def other(side: Side) -> Side:
    return "evil" if side == "good" else "good"


def side_name(side: Side) -> str:
    return side.capitalize()


@dataclass(slots=True)
class Board(Unchanging):
    width: float = 48.0
    height: float = 48.0
    name: str = ""
    """The board's name when the players chose one ("Forest clearing"); "" for a setup's own."""


Water = Literal["", "shallow", "deep"]


@dataclass(slots=True)
class Terrain(Unchanging):
    """A terrain piece: a shape on the board, what kind of thing it is, and the properties the rules
    read (`docs/rules/terrain.md` §18.1; `terrain` holds the rules that read them).

    A piece a setup gives by its three flags alone (the only ones before kinds: no kind, no height)
    blocks or obscures every line of sight that crosses it, as it always has."""

    id: str
    name: str
    polygon: list[tuple[float, float]]
    blocks_sight: bool = False
    impassable: bool = False
    difficult: bool = False
    """Moving while any part of the base is in it costs double (four times for Cavalry)."""
    kind: str = ""
    """What it is (`terrain.KINDS`: wood, hill, rocks, wall ...); "" for a piece given by its flags."""
    height: float | None = None
    """Inches from the ground to its top; None: a piece of no stated height, as tall as any sight line."""
    barrier: bool = False
    """A wall, fence or hedge: crossed freely, with a Jump or a Climb by its height against the
    model's, defended by a model touching it, and cutting control zones."""
    climbable: bool = False
    """It has holds to Climb by: a barrier taller than a model, or the face of a raised piece."""
    raised: bool = False
    """Its top is ground to stand on (a hill, a rock's flat top): a model inside stands `height` up.
    Walked up when not climbable (a hill); Jumped or Climbed onto by its height when climbable."""
    obscures: bool = True
    """It is In The Way of a shot it partly hides (a sight-blocking piece always is)."""
    water: Water = ""
    """Shallow water is difficult for Infantry only; deep water is impassable (`house_rules`)."""


@dataclass(slots=True)
class Missile:
    name: str
    range: float
    strength: int


@dataclass(slots=True)
class Power:
    name: str
    range: float
    casting: int


@dataclass(slots=True)
class Profile(Unchanging):
    name: str
    move: float
    fight: int
    shoot: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    intelligence: int
    might: int = 0
    will: int = 0
    fate: int = 0
    keywords: list[str] = field(default_factory=list)
    tier: str | None = None
    base_mm: float = 25.0
    missile: Missile | None = None
    heroic_actions: list[str] = field(default_factory=list)
    powers: list[Power] = field(default_factory=list)
    special_rules: list[str] = field(default_factory=list)
    wargear: list[str] = field(default_factory=list)
    """Wargear its printed profile carries: `defence` already counts their armour and shield."""
    bought: list[str] = field(default_factory=list)
    """Wargear bought for the model in its army list: the referee adds their Defence itself."""

    @property
    def is_hero(self) -> bool:
        return "Hero" in self.keywords or self.tier is not None


@dataclass(slots=True)
class Mount:
    """A Cavalry model's mount: its own characteristics, Wounds and (for a Hero mount) stores."""

    profile: Profile
    wounds: int
    might: int = 0
    will: int = 0
    fate: int = 0
    stat_mods: dict[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.profile.name

    def clone(self) -> Mount:
        twin = shallow_copy(self)
        twin.stat_mods = dict(self.stat_mods)
        return twin


@dataclass(slots=True)
class Model:
    id: str
    side: Side
    profile: Profile
    x: float
    y: float
    wounds: int
    might: int = 0
    will: int = 0
    fate: int = 0
    status: Literal["on_board", "casualty", "fled"] = "on_board"
    mount: Mount | None = None
    points: int = 0
    # Lasting changes to characteristics (Wither, Drain Courage ...), added to the profile's.
    stat_mods: dict[str, int] = field(default_factory=dict)
    prone: bool = False
    # What the model has done this turn; cleared when a new turn starts.
    activated: bool = False
    moved: float = 0.0
    has_shot: bool = False
    cast: bool = False
    fought: bool = False
    """It has been in a Combat this turn."""
    thwarted: bool = False
    """This turn an enemy Magical Power took effect on it, or a rule or a failed test stopped it moving."""
    stand_fast: bool = False
    heroic: dict[str, str] = field(default_factory=dict)
    benefited: list[str] = field(default_factory=list)
    passed_tests: list[str] = field(default_factory=list)
    charged: str = ""
    """The enemy it charged this turn ("" if it did not charge)."""
    supported: bool = False
    """It has Supported a friend's Combat this Fight phase."""
    mount_of: str = ""
    """For a mount left without its rider: that rider's model (its loss never counts as a casualty)."""
    thrown: Literal["", "test", "flying"] = ""
    """Its mount is gone: a Thrown Rider test is due ("test"), or it is Knocked Flying ("flying")."""
    terrain_test: bool = False
    """It attempted a Jump or Climb test this turn, so it may not shoot."""
    climb: float = 0.0
    """How high it hangs on the face of `climb_on`, part way through a climb that takes more than
    one turn (0: not climbing)."""
    climb_on: str = ""
    climb_to: list[float] = field(default_factory=list)
    """Where it will stand once it has climbed up (or over) `climb_on`."""
    across: str = ""
    """The enemy it charged across a Barrier that enemy defends: the two count as in base contact
    while both stand where they were (`across_at`: its x, y and the enemy's)."""
    across_at: list[float] = field(default_factory=list)

    def clone(self) -> Model:
        """A copy to change: its own lists, dicts and mount; the profile is shared (never changed)."""
        twin = shallow_copy(self)
        twin.stat_mods = dict(self.stat_mods)
        twin.heroic = dict(self.heroic)
        twin.benefited = list(self.benefited)
        twin.passed_tests = list(self.passed_tests)
        twin.across_at = list(self.across_at)
        twin.climb_to = list(self.climb_to)
        if self.mount is not None:
            twin.mount = self.mount.clone()
        return twin

    def new_turn(self) -> None:
        self.activated = False
        self.moved = 0.0
        self.has_shot = False
        self.cast = False
        self.fought = False
        self.thwarted = False
        self.stand_fast = False
        self.heroic = {}
        self.benefited = []
        self.passed_tests = []
        self.charged = ""
        self.supported = False
        self.terrain_test = False

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def radius(self) -> float:
        """Half its base across: a Cavalry model stands on the larger of its rider's and mount's."""
        base = self.profile.base_mm
        if self.mount is not None and self.mount.profile.base_mm > base:
            base = self.mount.profile.base_mm
        return base / MM_PER_INCH / 2

    @property
    def on_board(self) -> bool:
        return self.status == "on_board"

    @property
    def is_hero(self) -> bool:
        return self.profile.is_hero

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def distance_to(self, other_model: Model) -> float:
        """Edge of base to edge of base, in inches (never below 0)."""
        gap = math.hypot(self.x - other_model.x, self.y - other_model.y)
        return max(0.0, gap - self.radius - other_model.radius)


@dataclass(slots=True)
class Warband(Unchanging):
    """A Captain and the models that deploy within 6" of him; `captain` is "" for models that
    deploy on their own (a setup that names no Warbands)."""

    captain: str
    models: list[str]


@dataclass(slots=True)
class Army:
    name: str
    starting_models: int
    broken: bool = False
    general: str = ""
    """The General's model id ("" for an army without a Hero)."""
    warbands: list[Warband] = field(default_factory=list)
    break_point_divisor: float = 2
    """Broken after more than starting models / N casualties: 2 by the core rules, 1.5 in a few
    army lists (Lurtz's Scouts ...)."""
    extra_models: dict[str, int] = field(default_factory=dict)
    """Models its army list counts as more than one, by id: how many more (Éowyn carrying Merry
    counts as two models: 1). `starting_models` counts them, and so do its casualties and what is
    left of it."""

    @property
    def break_point(self) -> float:
        return self.starting_models / self.break_point_divisor

    def counts_as(self, model_id: str) -> int:
        """How many models one of its models counts as (1, or more for Éowyn carrying Merry)."""
        return 1 + self.extra_models.get(model_id, 0)


@dataclass(slots=True)
class Result:
    """How the battle ended: who won (None: a draw), why (`code`, one of `endings.END_CODES`) and
    the figures that decided it; `reason` is the sentence players read, derived from them by
    `endings.sentence` when the battle ended. A result stored before the codes has only winner and
    reason (and a scenario's vp and score): it loads as a `legacy` one, its sentence as written."""

    winner: Side | None
    reason: str
    vp: dict[str, int] | None = None
    """Each side's Victory Points: a scenario's or a mass battle's (None in a skirmish without one)."""
    score: list[dict[str, Any]] | None = None
    """A scenario's Victory Points line by line, as `scenarios.scoring.Score.to_dict` gives them."""
    code: EndCode = "legacy"
    decided_by: DecidedBy | None = None
    """What named the winner (`endings.DecidedBy`); None for a legacy result."""
    sides: list[Side] = field(default_factory=list)
    """The sides the ending names: who conceded, was wiped out or routed, was Broken for the roll."""
    turn: int = 0
    """The turn it ended in, or after (an ending at the start of a turn counts the turn before)."""
    losses: dict[str, int] | None = None
    """What each side had lost: models (the skirmish game), the losses of mass-battle.md §2.5 (a mass battle)."""
    roll: int | None = None
    """The end-of-game die that ended it (`broken_and_end_roll`)."""

    def to_record(self) -> dict[str, Any]:
        """The result as a battle record states it: the code and its figures (a legacy result, as
        it was stored: winner and reason, and a scenario's vp and score)."""
        data: dict[str, Any] = {"winner": self.winner, "reason": self.reason}
        if self.code != "legacy":
            data |= {"code": self.code, "decided_by": self.decided_by, "sides": list(self.sides)}
            data |= {"turn": self.turn, "losses": dict(self.losses or {})}
            if self.roll is not None:
                data["roll"] = self.roll
        if self.vp is not None:
            data["vp"] = dict(self.vp)
            data["score"] = self.score
        return data


@dataclass(slots=True)
class Effect:
    """Something in play for a while: a Heroic Action's benefit or a magical power.

    `target` is the model it affects, or "" for an aura around its `source`. It ends at the end of
    the phase named by `until` ("move", "shoot", "fight", "end" for the End phase), when its source
    has no Will left ("exhaustion"), or never on its own ("battle"); and when its target leaves the
    battle, or its source (unless its kind outlives its source: `effects.Lasting.outlives_source`).
    """

    kind: str
    source: str
    label: str
    target: str = ""
    until: str = "end"
    value: int = 0
    channelled: bool = False


@dataclass(slots=True)
class Challenge:
    """A Heroic Challenge: `accepted` is None until the target's player answers."""

    challenger: str
    target: str
    accepted: bool | None = None


@dataclass(slots=True)
class BattleState:
    RULESET: ClassVar[str] = "skirmish"
    PIECE: ClassVar[str] = "model"
    PIECES: ClassVar[str] = "models"
    """What a player calls the pieces a command names ("There is no model called ...")."""

    board: Board
    terrain: list[Terrain]
    models: dict[str, Model]
    armies: dict[str, Army]
    stack: list[Frame] = field(default_factory=list)
    ruleset: str = "skirmish"
    turn: int = 0
    phase: str = "setup"
    priority: Side | None = None
    priority_chosen_by: Side | None = None
    max_turns: int = 0
    step: int = 0
    result: Result | None = None
    effects: list[Effect] = field(default_factory=list)
    challenges: list[Challenge] = field(default_factory=list)
    scenario: ScenarioState | None = None
    tally: Tally = field(default_factory=Tally)
    edition: int = 1
    """The edition of the referee's rules it is played by: 1 for a battle set up before terrain had
    kinds, heights and tests, 2 before Warbands were laid out with room to leave, 3 before a
    model's Strikes were rolled together and a mass battle's detaching hero stepped out at the front
    by default (each plays on as it was played: `legacy`), 4 since (`legacy.EDITION`)."""
    powers: str = "classic"
    """Which Magical Powers it is played with: "classic" (magical-powers.md, the default) or "2024"
    (the 2024 powers: no channelled forms, and the changes of magical-powers-2024.md §3)."""
    # What the rules work out of this state once, for anyone who asks again: each side's options
    # (a server asks for them to show a step, then again to check the command that answers it),
    # a page's table facts. Neither stored nor copied; it stays true because nothing changes a
    # state once a command has made it.
    memo: dict[Any, Any] = field(
        default_factory=dict, init=False, compare=False, repr=False, metadata={"transient": True}
    )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data

    def clone(self) -> BattleState:
        """A copy for a command to change. What no rule changes (the board, the terrain, the
        profiles: a rule that alters one gives the model a new profile) is shared, not copied."""
        twin = shallow_copy(self)
        twin.models = {key: model.clone() for key, model in self.models.items()}
        twin.armies = {key: shallow_copy(army) for key, army in self.armies.items()}
        twin.stack = [copy_data(frame) for frame in self.stack]
        twin.effects = [shallow_copy(effect) for effect in self.effects]
        twin.challenges = [shallow_copy(challenge) for challenge in self.challenges]
        twin.scenario = self.scenario.clone() if self.scenario is not None else None
        twin.tally = self.tally.clone()
        twin.memo = {}
        return twin

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BattleState:
        """A state of this class from its data (`rules_core.load_state` finds the class of the
        ruleset the data names)."""
        return load(cls, data)

    def model(self, model_id: str) -> Model:
        return self.models[model_id]

    def piece(self, ident: str) -> tuple[str, Side, bool] | None:
        """The name, side and whether it is still in play of the piece a command names, or None."""
        model = self.models.get(ident)
        return None if model is None else (model.name, model.side, model.on_board)

    def army_models(self, side: Side) -> list[Model]:
        return [m for m in self.models.values() if m.side == side and m.on_board]

    def effects_on(self, model: Model, kind: str) -> list[Effect]:
        return [e for e in self.effects if e.kind == kind and e.target == model.id]

    def casualties(self, side: Side) -> int:
        """Models the side has lost, each as many as it counts as (Éowyn carrying Merry: two); a mount
        left without its rider never counts."""
        army = self.armies[side]
        return sum(
            army.counts_as(m.id)
            for m in self.models.values()
            if m.side == side and not m.on_board and not m.mount_of
        )

    def models_left(self, side: Side) -> int:
        """The side's models still in play, as its starting models count them: each as many as it
        counts as, a mount left without its rider not at all."""
        army = self.armies[side]
        return sum(army.counts_as(m.id) for m in self.army_models(side) if not m.mount_of)

    def losses(self, side: Side) -> int:
        """What the side has lost, as its ruleset counts it (the skirmish game: its casualties)."""
        return self.casualties(side)

    @property
    def pending(self) -> Pending:
        if not self.stack:
            return Pending(None, "battle_over", "The battle is over", {})
        return self.stack[-1].pending(self)
