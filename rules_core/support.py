"""Spears and pikes supporting a friend in a Combat (`docs/rules/wargear.md` §2): who may
support whom, one die and one Strike each, pikes through a supporting pike (three ranks deep)."""

from __future__ import annotations

from .battlefield import in_contact, is_engaged
from .effects import hidden_by, why_held
from .state import BattleState, Model
from .wargear import support_kind, supports_its_kind, supports_only_its_kind


def why_not_supporter(state: BattleState, model: Model) -> str | None:
    """Why `model` may support nobody now, or None."""
    kind = support_kind(model)
    if not kind:
        return f"{model.name} carries no spear or pike (or is mounted)."
    if is_engaged(state, model):
        return f"{model.name} is Engaged: its spear is a hand weapon."
    if model.supported:
        return f"{model.name} has already supported a Combat this Fight phase."
    if model.fought and "heroic_combat_move" not in model.benefited:
        return f"{model.name} has already fought this Fight phase."  # unless it moved after a Heroic Combat
    if model.prone:
        return f"{model.name} is Prone."
    if model.has_shot:
        return f"{model.name} has made a Shooting Attack this turn."
    if model.thrown:
        return f"{model.name} was thrown from its mount this turn."
    if model.heroic.get("fight"):
        return f"{model.name} declared a Heroic Action this Fight phase."
    return why_held(state, model, "support")


def why_not_support(
    state: BattleState,
    supporter: Model,
    friend: Model,
    fighting: list[Model],
    shielding: bool,
    supports: dict[str, str],
) -> str | None:
    """Why `supporter` may not support `friend` in this Combat (`fighting`: its models; `supports`:
    supporter -> friend so far), or None."""
    reason = why_not_supporter(state, supporter)
    if reason:
        return reason
    if friend.side != supporter.side or not in_contact(supporter, friend):
        return f"{supporter.name} is not in base contact with {friend.name}."
    if friend.radius > supporter.radius + 1e-9:
        return f"{friend.name}'s base is larger than {supporter.name}'s."
    if friend.id in supports.values():
        return f"{friend.name} is already supported."
    if supports_only_its_kind(supporter) and not supports_its_kind(friend):
        return f"{supporter.name} supports only a friend with its own rule (Chittering Hordes), not {friend.name}."
    if any(hidden_by(state, m) is not None for m in fighting):
        return "A model in this Combat is invisible: nobody may support it."
    if any(m.id == friend.id for m in fighting):
        if shielding:
            return f"{friend.name} is Shielding and cannot be supported."
        return None
    front = supports.get(friend.id)
    if front is None:
        return f"{friend.name} is not fighting or supporting in this Combat."
    if support_kind(supporter) != "pike" or support_kind(friend) != "pike" or front in supports:
        return f"Only a pike supports through a pike that supports a fighting friend ({friend.name})."
    return None


def candidates(state: BattleState, fighting: list[Model], supports: dict[str, str]) -> list[Model]:
    """Friends of the fighting models who might support one of them, or a supporting pike."""
    touching = [*fighting, *(state.model(s) for s in supports)]
    busy = {m.id for m in touching}
    found: dict[str, Model] = {}
    for model in state.models.values():
        if (
            model.on_board
            and model.id not in busy
            and support_kind(model)
            and any(m.side == model.side and in_contact(m, model) for m in touching)
        ):
            found[model.id] = model
    return list(found.values())


def supportable(
    state: BattleState,
    supporter: Model,
    fighting: list[Model],
    shielding: bool,
    supports: dict[str, str],
) -> list[Model]:
    """The friends `supporter` may support in this Combat now."""
    friends = [m for m in fighting if m.side == supporter.side] + [state.model(s) for s in supports]
    return [f for f in friends if why_not_support(state, supporter, f, fighting, shielding, supports) is None]


def elsewhere(state: BattleState, supporter: Model, fighting: list[Model]) -> bool:
    """Whether the supporter touches an engaged friend outside this Combat it could support later."""
    here = {m.id for m in fighting}
    return any(
        m.on_board
        and m.side == supporter.side
        and m.id not in here
        and m.id != supporter.id
        and in_contact(m, supporter)
        and is_engaged(state, m)
        and m.radius <= supporter.radius + 1e-9
        for m in state.models.values()
    )
