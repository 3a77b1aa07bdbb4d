"""What each audience sees of a mass battle (rules §16): stands, heroes on them or loose, the army bar,
the Fight phase's contacts with their modifiers, the last combat and duel, each hero's Battle Cards.

Every figure comes from the referee (`rules_core.mass_battle`): the contacts with their modifiers
and the victory points from its table facts (`contacts`, `victory_points`: worked out once per
state, for every audience), the last combat and duel from their events; nothing here works a rule
out a second time.
"""

from __future__ import annotations

import math
from typing import Any

from rules_core import SIDES, Action, BattleState, Model
from rules_core.mass_battle import (
    BROKEN_FRACTION,
    HeldCard,
    MassState,
    Stand,
    applies_now,
    contacts,
    stand_engaged,
    victory_points,
)

LOOSE_WARNING = "loose: an enemy stand crossing him kills him"
BOARD_LABELS = "mass_board_labels"
"""The state's memo key for its pieces' board labels (names do not change in a battle)."""


def stand_label(name: str, letters: int = 1) -> str:
    """A stand's short label on the board, from its name: the first `letters` of each capitalised
    word, an option in brackets kept in brackets, its number after a space ("Warrior of Rohan
    (Shield) 2": "WR(S) 2")."""
    base, _, number = name.rpartition(" ")
    if not number.isdigit():
        base, number = name, ""
    main, _, option = base.partition("(")

    def short(words: str) -> str:
        return "".join(w[:letters] for w in words.replace(")", " ").split() if w[:1].isupper())

    label = short(main) + (f"({short(option)})" if short(option) else "")
    return f"{label or base[:3]} {number}".strip()


def board_labels(state: MassState) -> dict[str, str]:
    """Each stand's and hero's label on the board, no two alike: a stand's initials (its words'
    first two letters, or its whole name, where two stands' would be the same), a hero's first
    name cut where it differs from every other hero's ("Gothmog" and "Goblin Captain": "Got", "Gob")."""
    known: dict[str, str] | None = state.memo.get(BOARD_LABELS)
    if known is not None:
        return known
    labels: dict[str, str] = {}
    names = {s.id: s.name for s in state.stands.values()}
    for shorten in (lambda n: stand_label(n), lambda n: stand_label(n, 2), lambda n: n):
        wanted = {i: shorten(n) for i, n in names.items() if i not in labels}
        taken = [*labels.values(), *wanted.values()]
        labels |= {i: label for i, label in wanted.items() if taken.count(label) == 1}
    labels |= {i: n for i, n in names.items() if i not in labels}
    firsts = {h: state.models[h].name.replace(",", " ").split()[0] for h in state.heroes}
    for hero, first in firsts.items():
        others = [f.lower() for h, f in firsts.items() if h != hero]
        cut = next(
            (n for n in range(2, len(first) + 1) if not any(o.startswith(first[:n].lower()) for o in others)),
            len(first),
        )
        labels[hero] = first[:cut]
    state.memo[BOARD_LABELS] = labels
    return labels


def card_view(state: MassState, held: HeldCard, hero: str) -> dict[str, Any]:
    """A Battle Card on the hero card strip: a Once card ready or used, a Constant card lit while
    the referee says it applies (`cards.applies_now`), else idle."""
    card = held.card
    if card.timing == "once":
        shown = "used" if held.used else "ready"
    else:
        stand = state.stands.get(state.heroes[hero].attached_to or "")
        applies = not state.heroes[hero].lost and applies_now(
            card,
            attached=stand is not None,
            in_combat=stand is not None and stand_engaged(state, stand),
            rerolled=stand is not None and stand.rerolled,
        )
        shown = "lit" if applies else "idle"
    return {"name": card.name, "kind": card.timing, "state": shown, "text": card.text, "cost": 0}


def hero_view(state: MassState, model: Model) -> dict[str, Any]:
    hero = state.heroes[model.id]
    stand = state.stands.get(hero.attached_to or "")
    flags = []
    if hero.changed:
        flags.append("changed stand this turn")
    if hero.left_stand and hero.left_stand in state.stands:
        flags.append(f"left {state.stands[hero.left_stand].name} this turn")
    if hero.dueled:
        flags.append("fought a duel this turn")
    if stand is not None and not hero.monster and stand_engaged(state, stand):
        flags.append(f"cannot leave {stand.name} while it is in combat")
    return {
        "id": model.id,
        "name": model.name,
        "side": model.side,
        "label": board_labels(state)[model.id],
        "x": model.x,
        "y": model.y,
        "r": model.radius,
        "ring_r": model.radius + 0.4,
        "might": model.might,
        "will": model.will,
        "fate": model.fate,
        "duel_points": hero.duel_points,
        "general": hero.general,
        "monster": hero.monster,
        "attached_to": stand.id if stand else "",
        "stand_name": stand.name if stand else "",
        "on_board": model.on_board,
        "lost": hero.lost,
        "flags": flags,
        "cards": [card_view(state, c, model.id) for c in hero.cards],
        "special_rules": model.profile.special_rules,
        "activated": model.activated,
    }


def stand_view(
    state: MassState, stand: Stand, active: set[str], movable: frozenset[str] = frozenset()
) -> dict[str, Any]:
    stats = stand.stats
    heroes = [hero_view(state, m) for m in state.attached(stand.id)]
    flags = []
    if stand.activated:
        flags.append("has activated")
    if stand.charged:
        flags.append("charged this turn")
    if stand.watching:
        flags.append("watching a challenge until the End phase")
    return {
        "id": stand.id,
        "name": stand.name,
        "label": board_labels(state)[stand.id],
        "side": stand.side,
        "x": stand.x,
        "y": stand.y,
        "facing": stand.facing,
        "w": stats.width,
        "d": stats.depth,
        "half_w": stats.width / 2,
        "half_d": stats.depth / 2,
        "reach": stand.rect.reach,
        "rotate": -stand.facing,
        # A badge's M/W/F line goes on the side of the badge away from the stand, as seen.
        "badge_dy": -0.85 if math.cos(math.radians(stand.facing)) >= 0 else 1.15,
        "handle_y": stats.depth / 2 + 1,
        "models": stats.models,
        "cf": stats.combat_factor,
        "sf": stats.shooting_factor,
        "range": stats.shooting_range,
        "move": stats.move,
        "courage": stats.courage,
        "kind": stats.kind,
        "points": stand.points,
        "special_rules": stand.profile.special_rules,
        "heroes": heroes,
        "engaged": stand_engaged(state, stand),
        "watching": stand.watching,
        "activated": stand.activated,
        "can_act": stand.id in active,
        "can_move": stand.id in movable,
        "flags": flags,
        "monster": bool(stand.monster),
    }


def armies_bar(state: MassState) -> list[dict[str, Any]]:
    vp = victory_points(state)
    bar = []
    for side in SIDES:
        army = state.armies[side]
        strength = army.starting_models
        bar.append(
            {
                "side": side,
                "name": army.name,
                "strength": strength,
                "stands": len(state.army_stands(side)),
                "heroes": len([m for m in state.models.values() if m.side == side and m.on_board]),
                "losses": state.losses(side),
                "break_point": f"{strength * BROKEN_FRACTION:g}",
                "broken": army.broken,
                "vp": vp[side],
            }
        )
    return bar


def helper_line(helper: Stand, helped: Stand, label: str) -> dict[str, Any]:
    """A line on the board from a stand that changes a pair's roll to the stand it changes."""
    return {
        "line": [helper.x, helper.y, helped.x, helped.y],
        "mid": [(helper.x + helped.x) / 2, (helper.y + helped.y) / 2],
        "label": label,
    }


def contacts_view(state: MassState) -> list[dict[str, Any]]:
    """The Fight phase's pairs as the referee forms them, each side's modifiers with their sources,
    and where a natural 1 would cost a hero (§8.7)."""
    views = []
    for pair, setup in contacts(state):
        sides = []
        for side, stand_id in zip(SIDES, pair, strict=True):
            stand = state.stand(stand_id)
            total = sum(v for _, v in setup.modifiers[side])
            sides.append(
                {
                    "side": side,
                    "stand": stand_id,
                    "name": stand.name,
                    "x": stand.x,
                    "y": stand.y,
                    "cf": setup.factor[side],
                    "modifiers": [{"source": s, "value": v} for s, v in setup.modifiers[side]],
                    "hero_at_risk": setup.hero_at_risk[side],
                    "net": f"{total:+d}" if total else "",
                    "helpers": [
                        helper_line(state.stand(h), stand, f"{value:+d} {what}")
                        for h, what, value in setup.helpers[side]
                    ],
                }
            )
        a, b = state.stand(pair[0]), state.stand(pair[1])
        views.append({"pair": list(pair), "sides": sides, "line": [a.x, a.y, b.x, b.y]})
    return views


def last_event(events: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((e for e in reversed(events) if e.get("type") == kind), None)


def combat_view(state: MassState, event: dict[str, Any], after: list[dict[str, Any]]) -> dict[str, Any]:
    """A combat event, and the heroes lost in it (the events after it in the same steps)."""
    rows = []
    for stand_id in event.get("pair", []):
        rows.append(
            {
                "stand": stand_id,
                "name": state.name_of(stand_id),
                "side": state.stands[stand_id].side if stand_id in state.stands else "",
                "natural": event.get("natural", {}).get(stand_id),
                "die": event.get("dice", {}).get(stand_id),
                "might": event.get("might", {}).get(stand_id, 0),
                "cards": event.get("cards", {}).get(stand_id, 0),
                "factor": event.get("factors", {}).get(stand_id),
                "modifiers": event.get("modifiers", {}).get(stand_id, []),
                "total": event.get("totals", {}).get(stand_id),
            }
        )
    lost = [e.get("text", "") for e in after if e.get("type") == "hero_lost"]
    return {"rows": rows, "text": event.get("text", ""), "result": event.get("result"), "lost": lost}


def duel_view(state: MassState, event: dict[str, Any]) -> dict[str, Any]:
    deaths = {d["hero"]: d["reasons"] for d in event.get("deaths", [])}
    rows = [
        {
            "hero": hero,
            "name": state.name_of(hero),
            "side": state.models[hero].side if hero in state.models else "",
            "natural": event.get("natural", {}).get(hero),
            "might": event.get("might", {}).get(hero, 0),
            "points": event.get("points", {}).get(hero),
            "total": event.get("totals", {}).get(hero),
            "dies": ", ".join(deaths.get(hero, [])),
        }
        for hero in event.get("heroes", [])
    ]
    return {"rows": rows, "text": event.get("text", ""), "challenge": bool(event.get("challenge"))}


def live_view(state: MassState) -> dict[str, Any] | None:
    """The combat or duel being decided now (dice rolled, Might, cards, a hero to choose), from
    the pending decision's detail."""
    pending = state.pending
    detail = pending.detail
    if pending.kind in ("combat_might", "reroll", "play_card", "choose_lost") and "pair" in detail:
        rows = [
            {
                "name": state.name_of(stand_id),
                "side": state.stands[stand_id].side,
                "natural": detail.get("natural", {}).get(stand_id),
                "die": detail.get("dice", {}).get(stand_id),
                "total": detail.get("totals", {}).get(stand_id),
            }
            for stand_id in detail["pair"]
        ]
        return {"kind": "combat", "rows": rows}
    if pending.kind == "duel_might":
        heroes = detail.get("heroes", {})
        rows = [
            {
                "name": state.name_of(heroes[side]),
                "side": side,
                "natural": detail.get("natural", {}).get(side),
                "might": detail.get("might", {}).get(side, 0),
                "points": state.heroes[heroes[side]].duel_points,
                "total": detail.get("totals", {}).get(side),
            }
            for side in SIDES
            if side in heroes
        ]
        return {"kind": "duel", "rows": rows}
    if pending.kind == "answer_challenge":
        challenger = state.models[detail["challenger"]]
        return {
            "kind": "challenge",
            "challenger": challenger.name,
            "points": state.heroes[challenger.id].duel_points,
            "pair": [state.name_of(s) for s in detail.get("pair", [])],
            "heroic": bool(detail.get("heroic")),
        }
    return None


def piece_names(state: BattleState) -> dict[str, str]:
    """The names of a mass battle's stands (the log names who rolled)."""
    assert isinstance(state, MassState)
    return {s.id: s.name for s in state.stands.values()}


def mass_context(state: BattleState, actions: list[Action], recent: list[dict[str, Any]]) -> dict[str, Any]:
    """The mass battle's part of a page's context; `recent` holds the latest events, newest last."""
    assert isinstance(state, MassState)
    active = {a.group for a in actions if a.group} | {
        str(a.command.get("stand", "")) for a in actions if a.command.get("stand")
    }
    movable = frozenset(
        str(a.command["stand"])
        for a in actions
        if a.command.get("type") in ("move_stand", "charge", "place_stand")
    )
    stands = [stand_view(state, s, active, movable) for s in state.stands.values() if s.on_board]
    loose = [hero_view(state, m) for m in state.loose()]
    for hero in loose:
        hero["can_act"] = hero["id"] in active
    heroes = [hero_view(state, state.models[h]) for h in state.heroes]
    combat = last_event(recent, "combat")
    duel = last_event(recent, "duel")
    fallen = recent[recent.index(combat) + 1 :] if combat else []
    return {
        "stands": stands,
        "loose_heroes": loose,
        "mass_heroes": heroes,
        "mass_armies": armies_bar(state),
        "contacts": contacts_view(state) if state.phase == "fight" else [],
        "last_combat": combat_view(state, combat, fallen) if combat else None,
        "last_duel": duel_view(state, duel) if duel else None,
        "live_fight": live_view(state),
        "loose_warning": LOOSE_WARNING,
        "turn_limit": state.max_turns,
        "models": [],
        # On a phone: the decision panel a sheet over the board; each new decision framed, all
        # the stands that can act in view (beacon.js, board.js).
        "phone_sheet": True,
        "frame_decisions": "whole",
    }
