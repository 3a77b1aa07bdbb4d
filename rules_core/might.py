"""Might, Will and Fate: who can pay, spending and regaining, offering a spend only when it can
change a result (with its odds), and bidding Might turn about (the Duel roll)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from fractions import Fraction
from typing import Any, Literal

from .effects import end_exhausted
from .frame import Action, Ctx, Option, Pending
from .state import Model, Mount, Side, other

Store = Literal["might", "will", "fate"]
Payer = Literal["rider", "mount"]
Regained = Literal["might", "will", "fate", "wounds"]


def _store(model: Model, payer: Payer, stat: Store) -> int:
    if payer == "rider":
        return int(getattr(model, stat))
    if model.mount is None or not model.mount.profile.is_hero:
        return 0
    return int(getattr(model.mount, stat))


def payers(model: Model, stat: Store, casting: bool = False) -> list[Payer]:
    """Whose store can pay: a rider and its Hero mount share, but never the mount's Will to cast."""
    found: list[Payer] = [p for p in ("rider", "mount") if _store(model, p, stat) > 0]
    if casting and stat == "will":
        found = [p for p in found if p == "rider"]
    return found


def available(model: Model, stat: Store, casting: bool = False) -> int:
    return sum(_store(model, p, stat) for p in payers(model, stat, casting))


def spend(
    ctx: Ctx, model: Model, stat: Store, amount: int, why: str, first: Payer = "rider", casting: bool = False
) -> None:
    """Pay `amount` points, from `first`'s store and then the other's; log who paid.

    A rider never casts with its mount's Will."""
    order: list[Payer] = ["rider"] if casting else [first, "mount" if first == "rider" else "rider"]
    paid: dict[Payer, int] = {}
    left = amount
    for payer in order:
        take = min(left, _store(model, payer, stat))
        if take:
            holder: Any = model if payer == "rider" else model.mount
            setattr(holder, stat, getattr(holder, stat) - take)
            paid[payer] = take
            left -= take
    if left:
        raise ValueError(f"{model.name} cannot pay {amount} {stat}")
    whose = ""
    if model.mount is not None and "mount" in paid:
        whose = " (" + ", ".join(f"{n} {_owner(model, p)}'s" for p, n in paid.items()) + ")"
    ctx.log(
        "spend",
        f"{model.name} spends {amount} {stat.capitalize()}{whose} {why} ({available(model, stat)} left).",
        model=model.id,
        stat=stat,
        amount=amount,
        paid=dict(paid),
    )
    if stat == "will":
        end_exhausted(ctx)


def _owner(model: Model, payer: Payer) -> str:
    return model.name if payer == "rider" or model.mount is None else model.mount.name


def regain(
    ctx: Ctx,
    model: Model,
    stat: Regained,
    amount: int,
    why: str,
    above_start: bool = False,
    part: str = "rider",
) -> int:
    """Give back points or lost Wounds (to the rider, or to its mount), never above the starting
    number unless a rule says so."""
    holder: Model | Mount = model.mount if part == "mount" and model.mount is not None else model
    start = int(getattr(holder.profile, stat))
    current = int(getattr(holder, stat))
    gained = amount if above_start else max(0, min(amount, start - current))
    if gained:
        setattr(holder, stat, current + gained)
        what = stat.capitalize() if stat != "wounds" else "Wound" if gained == 1 else "Wounds"
        ctx.log(
            "regain",
            f"{holder.name} regains {gained} {what} {why} ({current + gained} now).",
            model=model.id,
            stat=stat,
            amount=gained,
            part=part,
        )
    return gained


def payer_param(model: Model, stat: Store, amount: int, casting: bool = False) -> dict[str, dict[str, Any]]:
    """A choice of whose store pays first, when a rider and a Hero mount could both pay."""
    can = [p for p in payers(model, stat, casting) if _store(model, p, stat) > 0]
    if len(can) < 2:
        return {}
    return {
        "payer": {
            "type": "choice",
            "options": [
                {"value": p, "label": f"{_owner(model, p)}'s {stat.capitalize()} first"} for p in can
            ],
            "default": "rider",
        }
    }


HIGHEST_FACE = 6


def raisable(model: Model, faces: Iterable[int]) -> int:
    """The most Might `model` can spend on a roll of `faces`: what it has, and never so much that
    a die would pass 6, on any roll."""
    return min(available(model, "might"), sum(max(0, HIGHEST_FACE - face) for face in faces))


def might_to_reach(model: Model, face: int, score: int, need: int) -> int | None:
    """Might needed to lift one die so that `score` (the die with its modifiers) reaches `need`:
    None when no Might can do it (not enough, or the die would pass 6)."""
    short = need - score
    if short <= 0 or short > raisable(model, [face]):
        return None
    return short


def might_pending(model: Model, roll: str, detail: dict[str, Any]) -> Pending:
    """The decision whether to spend Might on a roll of `model`'s ("To Hit roll of 3 fails")."""
    return Pending(model.side, "spend_might", f"{model.name}'s {roll}: spend Might?", detail)


def pay_might(ctx: Ctx, model: Model, command: dict[str, Any], on: str, score: int | None = None) -> int:
    """Spend the Might a `might` command offers `on` a roll ("on the To Hit roll of 3"), from the
    store it names first; a `score` it raises is shown becoming its new value. Returns the amount."""
    amount = int(command["amount"])
    why = on if score is None else f"{on}: {score} becomes {score + amount}"
    spend(ctx, model, "might", amount, why, command.get("payer", "rider"))
    return amount


def might_action(
    model: Model, amount: int, label: str, odds: dict[str, Any] | None = None, group: str = ""
) -> Action:
    """Spend `amount` Might on the roll at hand (whose store pays first, when there is a choice)."""
    command = {"type": "might", "model": model.id, "amount": amount}
    return Action("spend_might", label, command, payer_param(model, "might", amount), odds=odds, group=group)


def might_choice(
    model: Model, amount: int, outcome: str, odds: dict[str, Any] | None = None, keep: str = "Keep the roll"
) -> list[Option]:
    """Spend exactly what makes the difference, or keep the roll."""
    return [
        might_action(model, amount, f"Spend {amount} Might: {outcome}", odds),
        Action("keep", keep, {"type": "keep"}),
    ]


def least_raises(model: Model, die: int, result_of: Callable[[int], str], best: str) -> dict[str, int]:
    """Might bidding: for each result that raising `model`'s die (now `die`, never past 6) could
    bring, the least Might that brings it, up to the `best` result. `result_of(amount)` names the
    result of raising the die by `amount` ("" when that changes nothing)."""
    found: dict[str, int] = {}
    for amount in range(1, raisable(model, [die]) + 1):
        result = result_of(amount)
        if result and result not in found:
            found[result] = amount
        if result == best:
            break
    return found


def next_bidder(
    winning: Side | None, first_on_tie: Side, stopped: Collection[Side], can_bid: Callable[[Side], bool]
) -> Side | None:
    """Who is asked next in Might bidding: the side losing as the dice stand (on a tie
    `first_on_tie`), then the other, unless it has stopped bidding or no bid of its can change
    the result. The side ahead is asked too, after the losing side: where a result has degrees
    (a mass combat's recoil or destruction) a winner's Might can still change it."""
    first = other(winning) if winning is not None else first_on_tie
    candidates = [first, other(first)]
    return next((side for side in candidates if side not in stopped and can_bid(side)), None)


def chance_at_least(need: int, dice: int = 1, bonus: int = 0) -> Fraction:
    """Exact chance that the best of `dice` D6 plus `bonus` reaches `need`."""
    per_die = Fraction(max(0, min(6, 7 - (need - bonus))), 6)
    return 1 - (1 - per_die) ** dice


Chance = Fraction | int


def exact(chance: Chance) -> dict[str, int]:
    """A chance as its exact fraction: {"num": 161, "den": 216}."""
    value = Fraction(chance)
    return {"num": value.numerator, "den": value.denominator}


def odds(*outcomes: tuple[str, Chance]) -> dict[str, Any]:
    """Odds as a legal action carries them: each outcome's chance rounded for the page (`p`) and
    exactly (`exact`: numerator and denominator)."""
    return {
        "outcomes": [{"label": label, "p": round(float(p), 4), "exact": exact(p)} for label, p in outcomes]
    }
