"""To Wound rolls and suffering Wounds: the one place a model loses Wounds, spends Fate or is slain."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, partial
from typing import Any, Literal

from .battlefield import in_contact, is_engaged, spot_beside
from .casualties import check_wiped_out, remove_casualty
from .characteristics import defence
from .courage import SEPARATED, Test
from .effects import wound_ward
from .frame import Action, Ctx, Frame, Option, Pending
from .geometry import Point
from .might import (
    available,
    chance_at_least,
    might_choice,
    might_pending,
    might_to_reach,
    odds,
    pay_might,
    payer_param,
    spend,
)
from .special_rules import GLEAMING_HORDE, HORSE_LORD, SHIELDWALL, SURVIVAL_INSTINCT, has, model_has
from .special_rules.active import active
from .special_rules.shapes import Ward
from .state import MM_PER_INCH, BattleState, Model, Part, Side
from .wargear import kit_of, light_armour, on_foot_wargear, pavise_lost

FATE_SAVES = 4
FATE_CHANCE = Fraction(1, 2)
"""The chance that one Fate point saves a Wound (4+ on a D6)."""


@dataclass(frozen=True)
class WoundNeed:
    """What a To Wound roll needs: one score, or a 6 then a second score (6/4, 6/5, 6/6)."""

    first: int
    second: int | None = None

    @property
    def label(self) -> str:
        return f"6/{self.second}" if self.second else f"{self.first}+"


def to_wound_need(strength: int, defence_value: int) -> WoundNeed | None:
    """The core To Wound chart in closed form; None when Strength cannot wound that Defence."""
    gap = defence_value - strength
    if gap <= -2:
        return WoundNeed(3)
    if gap <= 0:
        return WoundNeed(4)
    if gap <= 2:
        return WoundNeed(5)
    if gap <= 4:
        return WoundNeed(6)
    if gap <= 7:
        return WoundNeed(6, gap - 1)
    return None


def part_name(model: Model, part: str) -> str:
    return model.mount.name if part == "mount" and model.mount is not None else model.name


def part_defence(
    state: BattleState,
    model: Model,
    part: str,
    shot: bool = False,
    two_handed: bool | None = None,
    walled: bool | None = None,
) -> int:
    """The Defence a hit on the rider (or model) or its mount meets: a pavise gives nothing while
    its bearer is Engaged, light armour +1 against shooting, Shieldwall +1 (as a Combat settled it
    with `walled`, else as the models stand)."""
    if part == "mount" and model.mount is not None:
        horde = shieldwall(state, model) if walled is None else int(walled)  # The Gleaming Horde's mount
        return model.mount.profile.defence + model.mount.stat_mods.get("defence", 0) + horde
    wall = shieldwall(state, model) if walled is None else int(walled)
    value = defence(state, model, two_handed) + wall
    if is_engaged(state, model):
        value -= pavise_lost(model.profile)
    if shot and light_armour(model):
        value += 1
    return max(1, value)


def shieldwall(state: BattleState, model: Model) -> int:
    """+1 Defence for a model of a shield wall: it and two friends it touches have Shieldwall and a
    shield, on foot and standing."""
    if not _in_wall(model):
        return 0
    friends = [
        m for m in state.army_models(model.side) if m.id != model.id and _in_wall(m) and in_contact(m, model)
    ]
    return 1 if len(friends) >= 2 else 0


def _in_wall(model: Model) -> bool:
    """Standing in a shield wall: on foot with Shieldwall and a shield; or mounted with The
    Gleaming Horde and a shield (a Hero with none too)."""
    if not model.on_board or model.prone:
        return False
    if model.mount is not None:
        return model_has(model, GLEAMING_HORDE) and (
            kit_of(model.profile).shield is not None or model.is_hero
        )
    return model_has(model, SHIELDWALL) and kit_of(model.profile).shield is not None


def heroic_defence(state: BattleState, model: Model, part: str = "rider") -> bool:
    """Whether a hit on `part` of `model` wounds only on a natural 6 (Heroic Defence, in the Fight
    phase); never for a Hero's mount."""
    return (
        part == "rider"
        and state.phase == "fight"
        and any(e.kind == "heroic_defence" and e.target == model.id for e in state.effects)
    )


def slay(ctx: Ctx, model: Model, by: Model | None = None, means: str = "") -> None:
    """A model whose last Wound is gone is removed as a casualty; a slain rider's mount stays."""
    remove_casualty(ctx, model, "slain", by=by, means=means)
    if model.mount is not None and model.mount.wounds > 0:
        separate_mount(ctx, model, "its rider has fallen")


def mount_room(state: BattleState, model: Model) -> Point | None:
    """Where a rider who stays (dismounting, thrown) leaves its mount: in base contact with it."""
    assert model.mount is not None
    foot = replace(model, mount=None)
    return spot_beside(state, foot, model.mount.profile.base_mm / MM_PER_INCH / 2, model.side)


def separate_mount(ctx: Ctx, model: Model, why: str) -> Model | None:
    """The mount goes on alone, a model of its own that must test its Courage (one with no Attacks
    flees): where the Cavalry model stood when its rider fell, else beside the rider on foot (a
    mount with no room there bolts)."""
    state = ctx.state
    mount = model.mount
    assert mount is not None
    spot = None if not model.on_board else mount_room(state, model)
    if model.on_board and spot is None:
        _on_foot(model)
        ctx.log(
            "separated",
            f"{mount.name}, {model.name}'s mount, has no room beside it and bolts.",
            model=model.id,
        )
        return None
    ident = f"{model.id}-mount"
    while ident in state.models:
        ident += "-"
    alone = Model(
        ident,
        model.side,
        mount.profile,
        model.x,
        model.y,
        mount.wounds,
        mount.might,
        mount.will,
        mount.fate,
        stat_mods=dict(mount.stat_mods),
        activated=True,
        mount_of=model.id,
    )
    state.models[ident] = alone
    _on_foot(model)
    if spot is not None:
        alone.x, alone.y = spot
    ctx.log("separated", f"{alone.name}, {model.name}'s mount, is left without its rider.", model=alone.id)
    ctx.push(Test(alone.id, "courage", SEPARATED, why, on_fail="flee"))
    return alone


def _on_foot(model: Model) -> None:
    """The rider has lost its mount: it fights on foot, and discards its lance (not a war spear)."""
    wargear, bought = on_foot_wargear(model.profile)
    if (wargear, bought) != (model.profile.wargear, model.profile.bought):
        model.profile = replace(model.profile, wargear=wargear, bought=bought)
    model.mount = None


def mount_slain(ctx: Ctx, model: Model, how: str = "is slain", flying: bool = False) -> None:
    """The mount is slain (or, by `how`, flees): the rider is on foot and takes a Thrown Rider test
    once what is resolving (all of a Combat's Strikes, a shot) is done, or with `flying` is Knocked
    Flying without one (the 2024 Panic Steed)."""
    assert model.mount is not None
    name = model.mount.name
    _on_foot(model)
    model.thrown = "flying" if flying else "test"
    then = "is Knocked Flying" if flying else "must take a Thrown Rider test"
    ctx.log("mount_slain", f"{name} {how}; {model.name} {then}.", model=model.id)


def bonus_shown(bonus: int, named: list[str]) -> str:
    """What a To Wound roll's modifiers read in the log: " (two-handed +1)", " (+1)" unnamed, or ""."""
    if named:
        return f" ({', '.join(named)})"
    return f" ({bonus:+d})" if bonus else ""


def cannot_wound(ctx: Ctx, attacker: Model, target: Model, what: str, victim: str, chart: str) -> None:
    """The log's line for a hit or Strike whose Strength cannot wound: "Hobbit's Strike cannot
    wound Stone troll (S1 against D10)."."""
    ctx.log(
        "cannot_wound",
        f"{attacker.name}'s {what} cannot wound {victim} ({chart}).",
        attacker=attacker.id,
        target=target.id,
    )


@dataclass(slots=True)
class ToWound(Frame):
    """One hit or Strike: its To Wound roll(s), Might where it can help, then the Wounds caused.

    `rolls` is 2 against a Trapped model. `direct` is False for hits the attacker causes only
    indirectly (no Might then). `bonus` adds to each die (Heroic Challenge, channelled Enchanted
    Blades); `reroll` re-rolls failed dice once (Enchanted Blades).
    """

    kind = "to_wound"
    attacker: str
    target: str
    strength: int
    rolls: int = 1
    why: str = "hit"
    direct: bool = True
    bonus: int = 0
    reroll: bool = False
    reroll_ones: bool = False
    """Re-rolls a natural 1 that fails, once (Ancient Enemies, Poisoned Attacks)."""
    d3_wounds: bool = False
    amount: int = 1
    """Wounds each Wound caused becomes (Mighty Blow: 2)."""
    defence: int = 0
    """The Defence the roll is made against instead of the target's (Blades of the Dead), or 0."""
    named: list[str] = field(default_factory=list)
    """What makes up `bonus` ("two-handed +1"), for the log."""
    part: Part = "rider"
    shot: bool = False
    done: int = 0
    wounds: int = 0
    six_amount: int = 0
    """Wounds a Wound whose roll shows a natural 6 becomes (Cleaving Blow), or 0."""
    sixes: int = 0
    """How many of the Wounds came with a natural 6."""
    faces: list[int] = field(default_factory=list)
    might: list[int] = field(default_factory=list)
    waiting: bool = False

    def need_now(self, state: BattleState) -> WoundNeed | None:
        return to_wound_need(self.strength, self._defence(state))

    def _defence(self, state: BattleState) -> int:
        if self.defence:
            return self.defence
        return part_defence(state, state.model(self.target), self.part, self.shot)

    def _score(self, index: int) -> int:
        carry = self.might[0] if index == 1 else 0
        return self.faces[index] + self.bonus + carry + self.might[index]

    def _wanted(self, need: WoundNeed, index: int) -> int:
        return (6 if need.second else need.first) if index == 0 else (need.second or 0)

    def _passes(self, state: BattleState, need: WoundNeed, index: int) -> bool:
        if self.natural_six_only(state):
            return self.faces[index] == 6
        return self._score(index) >= self._wanted(need, index)

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        attacker, target = state.model(self.attacker), state.model(self.target)
        if self.waiting:
            return True
        if not target.on_board or (self.part == "mount" and target.mount is None):
            ctx.pop(self)
            fallen = f"{target.name}'s mount" if target.on_board else target.name
            ctx.log("strike_lost", f"{fallen} has already fallen; the {self.why} is lost.", model=target.id)
            return False
        need = self.need_now(state)
        if need is None:
            ctx.pop(self)
            cannot_wound(ctx, attacker, target, self.why, self._victim(state), self._chart(state))
            return False
        while self.done < self.rolls:
            index = len(self.faces) - 1
            if index < 0 or (self._passes(state, need, index) and need.second and index == 0):
                self._roll(ctx, attacker, len(self.faces))
                continue
            if not self._passes(state, need, index) and self._might_needed(state, need, index) is not None:
                self.waiting = True
                return True
            self._finish_roll(ctx, need, index)
        ctx.pop(self)
        for number in range(self.wounds):
            ctx.push(
                Wounding(
                    target.id,
                    attacker.id,
                    amount=max(self.amount, self.six_amount) if number < self.sixes else self.amount,
                    d3=self.d3_wounds,
                    part=self.part,
                    why=self.why,
                )
            )
        return False

    def _roll(self, ctx: Ctx, attacker: Model, index: int) -> None:
        purpose = "to_wound" if index == 0 else "to_wound_second"
        face = ctx.dice.d6(purpose, attacker.id)
        self.faces.append(face)
        self.might.append(0)
        need = self.need_now(ctx.state)
        assert need is not None
        failed = not self._passes(ctx.state, need, index)
        if failed and (self.reroll or (self.reroll_ones and face == 1)):
            again = ctx.dice.d6(purpose + "_reroll", attacker.id)
            ctx.log(
                "reroll",
                f"{attacker.name} re-rolls the failed To Wound {face}: {again}.",
                faces=[face, again],
            )
            self.faces[index] = again

    def _might_needed(self, state: BattleState, need: WoundNeed, index: int) -> int | None:
        attacker = state.model(self.attacker)
        if not self.direct or not attacker.is_hero or self.natural_six_only(state):
            return None
        return might_to_reach(attacker, self.faces[index], self._score(index), self._wanted(need, index))

    def _finish_roll(self, ctx: Ctx, need: WoundNeed, index: int) -> None:
        state = ctx.state
        attacker, target = state.model(self.attacker), state.model(self.target)
        success = all(self._passes(state, need, i) for i in range(len(self.faces)))
        if need.second and len(self.faces) < 2:
            success = False
        self.wounds += success
        six = success and self.six_amount > 0 and 6 in self.faces
        self.sixes += six
        shown = ", then ".join(
            f"{face}, +{might} Might = {face + might}" if might else str(face)
            for face, might in zip(self.faces, self.might, strict=False)
        )
        extra = bonus_shown(self.bonus, self.named)
        outcome = "wounds" if success else "fails to wound"
        if six:
            outcome += f" with a natural 6: {max(self.amount, self.six_amount)} Wounds"
        defended = " (Heroic Defence: only a natural 6)" if self.natural_six_only(state) else ""
        ctx.log(
            "to_wound",
            f"{attacker.name}'s {self.why} on {self._victim(state)}: To Wound {need.label} "
            f"({self._chart(state)}){defended}, rolls {shown}{extra}: {outcome}.",
            attacker=attacker.id,
            target=target.id,
            faces=list(self.faces),
            need=need.label,
            success=bool(success),
        )
        self.done += 1
        self.faces, self.might = [], []

    def natural_six_only(self, state: BattleState) -> bool:
        """Heroic Defence: only natural 6s wound the Hero (never its mount)."""
        return heroic_defence(state, state.model(self.target), self.part)

    def _victim(self, state: BattleState) -> str:
        """Who the hit falls on: the model, or the mount the attacker chose."""
        return part_name(state.model(self.target), self.part)

    def _chart(self, state: BattleState) -> str:
        return f"S{self.strength} against D{self._defence(state)}"

    def pending(self, state: BattleState) -> Pending:
        attacker = state.model(self.attacker)
        index = len(self.faces) - 1
        return might_pending(
            attacker,
            f"To Wound roll of {self.faces[index]} fails",
            {"model": attacker.id, "roll": "to_wound", "faces": list(self.faces)},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        attacker, victim = state.model(self.attacker), self._victim(state)
        need = self.need_now(state)
        assert need is not None
        index = len(self.faces) - 1
        amount = self._might_needed(state, need, index)
        assert amount is not None
        if need.second and index == 0:
            second = need.second - self.bonus - amount
            chance = chance_at_least(second)
            outcome = (
                f"the first die becomes a 6 and adds {amount} to the second (wounds on {max(1, second)}+)"
            )
            return might_choice(attacker, amount, outcome, odds((f"{victim} is wounded", chance)))
        return might_choice(attacker, amount, f"{victim} is wounded", odds((f"{victim} is wounded", 1)))

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        attacker = ctx.state.model(self.attacker)
        index = len(self.faces) - 1
        if command["type"] == "might":
            self.might[index] += pay_might(
                ctx, attacker, command, f"on the To Wound roll of {self.faces[index]}"
            )
        else:
            need = self.need_now(ctx.state)
            assert need is not None
            self._finish_roll(ctx, need, index)
        self.waiting = False


HORSE_LORD_SAVE = 6
MAGICAL: set[str] = set()
"""The names of the Magical Powers (lower case), which `magic` registers: a Wound whose `why` is one
of them comes from magic (a ward that never saves against magic reads it)."""


def from_magic(why: str) -> bool:
    return why.split("(")[0].strip().casefold() in MAGICAL


def rule_ward(state: BattleState, model: Model, why: str) -> tuple[int, str]:
    """The best D6 score a special rule of the model (or a friend's aura) ignores a Wound with,
    before any Fate, and the rule's name; (0, "") when none does."""
    best: tuple[int, str] = (0, "")
    for use, ward in active(state, model, Ward):
        if ward.not_magic and from_magic(why):
            continue
        if best[0] == 0 or ward.score < best[0]:
            best = (ward.score, use.name)
    return best


@dataclass(slots=True)
class Wounding(Frame):
    """`model` suffers a Wound from one hit of `source`: channelled Fury may ignore it (a 6, Might
    may help), then Fate may prevent it (a 4+ each point, Might on each Fate roll decided before
    the next), then it loses `amount` Wounds (D3 with `d3`).
    """

    kind = "wounding"
    model: str
    source: str
    amount: int = 1
    d3: bool = False
    part: Part = "rider"
    why: str = ""
    fate_face: int = 0
    fury_face: int = 0
    stage: Literal["start", "fate", "fate_might", "fury_might", "apply"] = "start"

    def _fate(self, model: Model) -> int:
        """The Fate that may prevent this Wound: a Hero's own, and its Hero mount's (each may save the
        other), but nobody's for a mount that is no Hero."""
        mount = model.mount
        if (
            self.part == "mount"
            and (mount is None or not mount.profile.is_hero)
            and not has(model.profile, HORSE_LORD)
        ):
            return 0  # a Horse Lord spends his own Fate on any mount
        return available(model, "fate")

    def step(self, ctx: Ctx) -> bool:
        model = ctx.state.model(self.model)
        if not model.on_board or (self.part == "mount" and model.mount is None):
            ctx.pop(self)
            return False
        if self.stage == "start" and self.part == "rider" and self._fury_ignores(ctx, model):
            return False
        if self.stage == "start" and self.part == "rider" and self._rule_ignores(ctx, model):
            return False
        if self.stage == "start" and self.part == "mount" and self._horse_lord_ignores(ctx, model):
            return False
        if self.stage == "start":
            self.stage = "fate" if self._fate(model) else "apply"
        if self.stage in ("fate", "fate_might", "fury_might"):
            return True
        ctx.pop(self)
        self._apply(ctx, model)
        return False

    def _rule_ignores(self, ctx: Ctx, model: Model) -> bool:
        """A special rule's ward (Oblivious to Pain: a natural 6) ignores the Wound, before any Fate."""
        score, rule = rule_ward(ctx.state, model, self.why)
        if not score:
            return False
        face = ctx.dice.d6("ward", model.id)
        saved = face >= score
        stands = f"the Wound stands (needs {score}+)"
        return self._ward_rolled(
            ctx, model, "ward", f"{rule} roll for {model.name}: {face}", face, saved, stands
        )

    def _horse_lord_ignores(self, ctx: Ctx, model: Model) -> bool:
        """Horse Lord: a natural 6 on a D6 ignores a Wound on the rider's mount, before any Fate."""
        if not has(model.profile, HORSE_LORD) or model.mount is None:
            return False
        face = ctx.dice.d6("horse_lord", model.id)
        said = f"Horse Lord roll for {model.mount.name}: {face}"
        return self._ward_rolled(
            ctx, model, "horse_lord", said, face, face == HORSE_LORD_SAVE, "the Wound stands"
        )

    def _ward_rolled(
        self, ctx: Ctx, model: Model, kind: str, said: str, face: int, saved: bool, stands: str
    ) -> bool:
        """Say a ward's roll; the Wound is gone when it saved. True if it did."""
        result = "the Wound is ignored" if saved else stands
        ctx.log(kind, f"{said}, {result}.", model=model.id, faces=[face], success=saved)
        if saved:
            ctx.pop(self)
        return saved

    def _fury_ignores(self, ctx: Ctx, model: Model) -> bool:
        """Channelled Fury: before any Fate, a 6 on a D6 ignores the Wound. True if it did."""
        ward = wound_ward(ctx.state, model)
        if not ward:
            return False
        self.fury_face = ctx.dice.d6("fury", model.id)
        if self.fury_face >= ward:
            self._prevented(ctx, model, by_fury=True)
            return True
        enough = might_to_reach(model, self.fury_face, self.fury_face, ward) is not None
        ctx.log(
            "fury_roll",
            f"Fury roll for {model.name}: {self.fury_face}, "
            + ("not enough yet." if enough else "the Wound stands."),
            model=model.id,
            faces=[self.fury_face],
        )
        if enough:
            self.stage = "fury_might"
        return False

    def _apply(self, ctx: Ctx, model: Model) -> None:
        state = ctx.state
        amount = self.amount
        if self.d3:
            amount = ctx.dice.d3("wounds_d3", self.source)
            ctx.log("wounds_d3", f"The Wound becomes {amount} Wounds (D3).", amount=amount)
        holder: Any = model.mount if self.part == "mount" else model
        lost = min(amount, holder.wounds)
        holder.wounds -= lost
        if self.part == "rider":
            state.tally.wound(model.id, self.source, lost)
        source = state.models.get(self.source)
        by = (
            f" from {source.name}" if source and source.id != model.id else ""
        )  # (a fall has no one to blame)
        plural = "s" if lost != 1 else ""
        ctx.log(
            "wound",
            f"{part_name(model, self.part)} suffers {lost} Wound{plural}{by} ({holder.wounds} left).",
            model=model.id,
            part=self.part,
            source=self.source,
            amount=lost,
        )
        if self.part == "mount":
            if holder.wounds <= 0:
                mount_slain(ctx, model)
        elif model.wounds <= 0:
            slay(ctx, model, by=source, means=self.why)
            check_wiped_out(ctx)
        elif lost and model_has(model, SURVIVAL_INSTINCT):
            # Every such test is rolled: its source names the Wounds left, never one passed before.
            why = f"{SURVIVAL_INSTINCT.name}: a Wound got through"
            ctx.push(
                Test(model.id, "courage", f"{SURVIVAL_INSTINCT.name} ({model.wounds} left)", why, "flee")
            )

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.model)
        if self.stage == "fury_might":
            return might_pending(
                model, f"Fury roll of {self.fury_face} fails", {"model": model.id, "roll": "fury"}
            )
        if self.stage == "fate_might":
            return might_pending(
                model, f"Fate roll of {self.fate_face} fails", {"model": model.id, "roll": "fate"}
            )
        more = len(self._to_come(state))
        after = f" ({more} more to come)" if more else ""
        label = f"{part_name(model, self.part)} suffers a Wound{after}: spend a Fate point?"
        return Pending(model.side, "spend_fate", label, {"model": model.id, "fate": self._fate(model)})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        model = state.model(self.model)
        if self.stage == "fury_might":
            amount = might_to_reach(model, self.fury_face, self.fury_face, wound_ward(state, model))
            assert amount is not None
            return might_choice(model, amount, "the Wound is ignored", keep="Keep the roll")
        if self.stage == "fate_might":
            amount = might_to_reach(model, self.fate_face, self.fate_face, FATE_SAVES)
            assert amount is not None
            return might_choice(model, amount, "the Wound is prevented", keep="Keep the roll")
        might = available(model, "might")
        fate = self._fate(model)
        chances = [("this Fate point prevents it", chance_at_least(FATE_SAVES))]
        if might:
            chances.append(
                (f"with up to {might} Might on the roll", chance_at_least(FATE_SAVES, bonus=min(might, 3)))
            )
        if fate > 1:
            chances.append(
                (f"spending all {fate} Fate points", 1 - (1 - chance_at_least(FATE_SAVES)) ** fate)
            )
        more = self._to_come(state)
        if more:
            holder: Any = model.mount if self.part == "mount" else model
            wounds = tuple(sure_hit(Fraction(1), w.amounts()) for w in (self, *more))
            _, slain = wounds_suffered(wounds, holder.wounds, fate)
            chances.append((f"survives all {len(wounds)} Wounds, spending every Fate point", 1 - slain))
        return [
            Action(
                "spend_fate",
                f"Spend a Fate point ({fate} left): 4+ prevents the Wound",
                {"type": "fate", "model": model.id},
                payer_param(model, "fate", 1),
                odds=odds(*chances),
            ),
            Action("take_wound", "Take the Wound", {"type": "take"}),
        ]

    def amounts(self) -> tuple[int, ...]:
        """The Wounds this one may become, equally likely."""
        return (1, 2, 3) if self.d3 else (self.amount,)

    def _to_come(self, state: BattleState) -> list[Wounding]:
        """The Wounds still waiting below this one for the same model (the rest of a batch of
        Strikes, every die of which is known): a Fate decision sees them."""
        return [
            frame
            for frame in state.stack
            if frame is not self
            and isinstance(frame, Wounding)
            and frame.model == self.model
            and frame.part == self.part
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        model = ctx.state.model(self.model)
        kind = command["type"]
        fury = self.stage == "fury_might"
        if kind == "might":
            face = self.fury_face if fury else self.fate_face
            pay_might(ctx, model, command, f"on the {'Fury' if fury else 'Fate'} roll of {face}")
            self._prevented(ctx, model, by_fury=fury)
            return
        if kind == "keep" or kind == "take":
            self.stage = "fate" if kind == "keep" and self._fate(model) else "apply"
            return
        spend(ctx, model, "fate", 1, "to prevent the Wound", command.get("payer", "rider"))
        ctx.state.tally.spent_fate(model.id, 1)
        self.fate_face = ctx.dice.d6("fate", model.id)
        if self.fate_face >= FATE_SAVES:
            self._prevented(ctx, model)
        elif might_to_reach(model, self.fate_face, self.fate_face, FATE_SAVES) is not None:
            ctx.log(
                "fate_roll",
                f"Fate roll: {self.fate_face}, not enough yet.",
                model=model.id,
                faces=[self.fate_face],
            )
            self.stage = "fate_might"
        else:
            ctx.log(
                "fate_roll",
                f"Fate roll: {self.fate_face}: the Wound is not prevented.",
                model=model.id,
                faces=[self.fate_face],
            )
            self.stage = "fate" if self._fate(model) else "apply"

    def _prevented(self, ctx: Ctx, model: Model, by_fury: bool = False) -> None:
        """The Wound does not happen: a Fate roll prevented it, or a Fury roll ignored it."""
        if by_fury:
            kind, text, face = (
                "fury_saved",
                f"Fury roll for {model.name}: the Wound is ignored.",
                self.fury_face,
            )
        else:
            kind, text, face = (
                "fate_saved",
                f"Fate roll: the Wound on {model.name} is prevented.",
                self.fate_face,
            )
        ctx.log(kind, text, model=model.id, faces=[face])
        ctx.pop(self)


Hit = tuple[tuple[Fraction, tuple[int, ...]], ...]
"""One To Wound roll in the odds: for each way it may wound, its chance and the Wounds it then
causes, equally likely ((1, 2, 3): D3; (2,): Mighty Blow); a roll that wounds with a natural 6 may
cause more (Cleaving Blow)."""


def sure_hit(chance: Fraction, amounts: tuple[int, ...]) -> Hit:
    """A To Wound roll that wounds in one way only."""
    return ((chance, amounts),)


@cache
def wounds_suffered(hits: tuple[Hit, ...], wounds: int, fate: int) -> tuple[Fraction, Fraction]:
    """Expected Wounds lost (at most those it has) and the chance of being slain, from To Wound
    rolls each wounding in one of its ways with its chance and then causing one of its amounts of
    Wounds, equally likely, Fate spent on every Wound."""
    states: dict[tuple[int, int], Fraction] = {(fate, 0): Fraction(1)}
    for hit in hits:
        after: dict[tuple[int, int], Fraction] = {}
        add = partial(_add, after)
        wounding = sum((chance for chance, _ in hit), Fraction(0))
        for (left, lost), p in states.items():
            if lost >= wounds or wounding == 0:
                add((left, lost), p)
                continue
            add((left, lost), p * (1 - wounding))
            for spent in range(1, left + 1):
                add((left - spent, lost), p * wounding * FATE_CHANCE**spent)
            for chance, amounts in hit:
                through = p * chance * FATE_CHANCE**left
                for amount in amounts:
                    add((0, min(wounds, lost + amount)), through / len(amounts))
        states = after
    expected = sum((p * lost for (_, lost), p in states.items()), Fraction(0))
    slain = sum((p for (_, lost), p in states.items() if lost >= wounds), Fraction(0))
    return expected, slain


def _add(into: dict[tuple[int, int], Fraction], key: tuple[int, int], p: Fraction) -> None:
    into[key] = into.get(key, Fraction(0)) + p
