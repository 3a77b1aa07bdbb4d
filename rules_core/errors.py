"""Refusals: the one base type for a refused request, and every code the referee refuses with.

`Refused` carries a `code` that programs rely on and a `message` a person reads as it is. The
referee raises `RuleViolation`; the server's own refusals (a stale version, a spectator acting)
derive from `Refused` too, so every refusal a player meets has the same shape.
"""

from __future__ import annotations

from typing import Literal


class Refused(Exception):
    """A request refused: `code` is stable for programs, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


RuleCode = Literal[
    "unknown_side",
    "malformed_command",
    "battle_over",
    "not_your_decision",
    "not_allowed",
    "bad_setup",
    "outside_zone",
    "overlap",
    "impassable",
    "off_board",
    "too_far",
    "through_model",
    "control_zone",
    "charge_short",
    "out_of_reach",
    "must_charge",
    "no_charge",
    "too_far_from_hero",
    "cannot_cast",
    "bad_target",
    "one_heroic_action_per_phase",
    "no_might",
    "heroic_action_blocked",
    "unknown_wargear",
    "contradictory_wargear",
    "cannot_shield",
    "cannot_support",
    "cannot_throw",
    "cannot_take_back",
    # terrain (rules_core/terrain.py, crossing.py, boards.py)
    "cannot_cross",
    "needs_test",
    "bad_board",
    # scenarios (rules_core/scenarios)
    "marker_misplaced",
    "near_enemy",
    "too_far_from_captain",
    "not_placed",
    # the mass battle (rules_core/mass_battle)
    "unknown_profile",
    "bad_facing",
    "duplicate_id",
    "not_a_hero",
    "hero_as_stand",
    "unknown_stand",
    "not_your_stand",
    "unknown_hero",
    "not_your_hero",
    "hero_attached_twice",
    "hero_placed_twice",
    "hero_not_placed",
    "stand_full",
    "monster_hero",
    "unknown_card",
    "duplicate_card",
    "too_many_cards",
    "card_not_played",
    "card_used",
    "no_such_card",
    "unknown_general",
    "empty_army",
    "too_many_legs",
    "move_too_long",
    "path_blocked",
    "too_close_to_enemy_stand",
    "charge_unreachable",
    "charge_edge_not_free",
    "blocked_by_board_edge",
    "blocked_by_enemy",
    "blocked_by_friend",
    "blocked_by_terrain",
    "blocked_by_watching",
    "no_room_for_hero",
    "too_far_to_escape",
    "stand_engaged",
    "stand_held",
    "hero_engaged",
    "hero_engaged_stand",
    "already_activated",
    "rejoin_same_stand",
    "no_free_edge",
    "duel_taken",
    "challenge_not_frontal",
    "challenge_needs_heroes",
    "already_challenged",
    "loose_hero_untargetable",
    "cannot_shoot",
    "target_engaged",
    "not_in_range",
    "no_line_of_sight",
    "no_mass_effect",
    "wrong_side_target",
    "activate_first",
]
"""Every code the referee refuses a command with; mypy holds each refusal to one of these."""

RULE_CODES: dict[RuleCode, str] = {
    "unknown_side": "The command names a side that is not in the battle.",
    "malformed_command": "The command is not an object with a type.",
    "battle_over": "The battle is over: it takes no more commands.",
    "not_your_decision": "The battle waits for the other side's decision, or for nobody's.",
    "not_allowed": "The command matches none of the choices open now (the message says what is).",
    "bad_setup": "The battle's setup cannot be played: its board, terrain, armies or models.",
    "outside_zone": "A model is placed outside its side's deployment zone.",
    "overlap": "A model is placed on top of another.",
    "impassable": "A model would stand on or move through impassable terrain.",
    "off_board": "A path leaves the board.",
    "too_far": "A path is longer than the model's move allows.",
    "through_model": "A path passes through another model.",
    "control_zone": 'A path goes within 1" of an enemy it does not charge.',
    "charge_short": "A charge does not end in base contact with its target.",
    "out_of_reach": "A charge's target is further away than the model can move.",
    "must_charge": "A model in an accepted Heroic Challenge must charge the other Hero in it.",
    "no_charge": "A model marching (Heroic March, At the Double) may not charge this phase.",
    "too_far_from_hero": 'A model answering a shout must end within 6" of the Hero who made it.',
    "cannot_cast": "The model may not cast now: no powers, no Will, Engaged, held, or it has tried.",
    "bad_target": "The target is not allowed for that shot or power (range, sight, kind, protection).",
    "one_heroic_action_per_phase": "The Hero has already declared a Heroic Action this phase.",
    "no_might": "The Hero has no Might left to declare a Heroic Action.",
    "heroic_action_blocked": "The Hero cannot declare that Heroic Action now (the message says why).",
    "unknown_wargear": "A profile lists wargear the referee does not know.",
    "contradictory_wargear": "A model's wargear contradicts itself: a piece twice, two shields, a lance on foot ...",
    "cannot_shield": "The side may not Shield in this Combat (the message says why).",
    "cannot_support": "The model may not Support that friend now (the message says why).",
    "cannot_throw": "The charging model may not throw at its target now (the message says why).",
    "cannot_take_back": "Those steps cannot be taken back: not all the side's own, one rolled dice, or too many.",
    "cannot_cross": "A path crosses a wall or rock face the model cannot cross, or would end standing on one.",
    "needs_test": "A move that takes no Jump or Climb test (a power's, a loose hero's) meets a wall that needs one.",
    "bad_board": "A board cannot be played: a piece off it, a marker no model could reach, a zone sealed off ...",
    "marker_misplaced": "An objective marker is too near another marker or an edge, or on impassable terrain.",
    "near_enemy": "A model is deployed nearer an enemy than the scenario allows.",
    "too_far_from_captain": 'A model of a Warband is deployed more than 6" from its Captain.',
    "not_placed": "A model of the Warband being deployed has no place on the board yet.",
    "unknown_profile": "A stand or hero names a profile the setup does not have.",
    "bad_facing": "A facing or another number in the setup is not a number.",
    "duplicate_id": "Two stands or heroes share an id.",
    "not_a_hero": "A profile that is not a hero is listed among the heroes.",
    "hero_as_stand": "A hero's profile is listed among the stands.",
    "unknown_stand": "A hero is attached to a stand that is not in the battle.",
    "not_your_stand": "A hero is attached to (or, in play, would join) an enemy stand.",
    "unknown_hero": "A stand lists a hero who is not in the setup.",
    "not_your_hero": "A stand lists an enemy hero.",
    "hero_attached_twice": "A hero is attached to more than one stand.",
    "hero_placed_twice": "A hero is given both a place of his own and a stand.",
    "hero_not_placed": "A hero has neither a stand to join nor a place on the board.",
    "stand_full": "A stand carries more heroes than it may.",
    "monster_hero": "A Monster hero is a stand of his own and cannot join another.",
    "unknown_card": "A hero carries a Battle Card that does not exist.",
    "duplicate_card": "A hero carries the same Battle Card twice.",
    "too_many_cards": "A hero carries more Battle Cards than he may.",
    "card_not_played": "A Constant Battle Card works on its own and is not played.",
    "card_used": "A Battle Card that is played once has been played already.",
    "no_such_card": "The hero does not carry that Battle Card.",
    "unknown_general": "The General named is not one of the army's heroes.",
    "empty_army": "An army has no stands and no heroes.",
    "too_many_legs": "A stand's move has more straight legs than it may.",
    "move_too_long": "A stand's move is longer than it may move.",
    "path_blocked": "A stand's move passes through another stand, a hero or impassable terrain.",
    "too_close_to_enemy_stand": "Only a charge may come within the control zone of an enemy stand.",
    "charge_unreachable": "A charging stand cannot reach the edge it charges.",
    "charge_edge_not_free": "The edge a stand would charge is taken by another stand.",
    "blocked_by_board_edge": "A recoiling or pushed stand would leave the board.",
    "blocked_by_enemy": "An enemy stand is in a recoiling or pushed stand's way.",
    "blocked_by_friend": "A friendly stand is in the way of a stand falling back.",
    "blocked_by_terrain": "Impassable terrain is in a recoiling or pushed stand's way.",
    "blocked_by_watching": "A stand watching a challenge cannot be pushed.",
    "no_room_for_hero": "There is no room to put a loose hero aside where the stand would end.",
    "too_far_to_escape": "An escaping hero's place is too far from where his stand fell.",
    "stand_engaged": "A stand in combat (front, flank or rear contact with an enemy stand) cannot move or charge.",
    "stand_held": "A stand under Immobilise, Transfix or Paralyse cannot move this turn.",
    "hero_engaged": "A loose hero in base contact with an enemy hero cannot move until they duel.",
    "hero_engaged_stand": "A hero cannot leave a stand that is in combat.",
    "already_activated": "The stand or hero has already activated this turn (or the stand has already moved).",
    "rejoin_same_stand": "A hero cannot rejoin, in the same turn, the stand he left.",
    "no_free_edge": "Every edge of the stand a hero would join is in contact with the enemy.",
    "duel_taken": "The enemy hero charged is already in base contact with a hero: duels are one against one.",
    "challenge_not_frontal": "Only stands in front contact may challenge (flank and rear contacts never).",
    "challenge_needs_heroes": "A challenge needs a hero who has not duelled this turn on each of the two stands.",
    "already_challenged": "The pair (or the hero) has had its challenge or duel this turn.",
    "loose_hero_untargetable": "A loose hero cannot be shot at or targeted by a harmful power.",
    "cannot_shoot": "The model or stand cannot shoot now: moved too far, a crossbow that moved, charged, shot ...",
    "target_engaged": "The target stand is in combat: nobody shoots (or blasts) into a melee.",
    "not_in_range": "The target is out of range (or, for a shot, not ahead of the shooter's front edge).",
    "no_line_of_sight": "The shooter or caster cannot see the target.",
    "no_mass_effect": "The Magical Power has no mass-battle version, so it cannot be cast in a mass battle.",
    "wrong_side_target": "The target is on the wrong side: a friend charged, shot at or cursed by a power.",
    "activate_first": "A hero with a stand leaves it, moves or casts only as that stand activates: activate it first.",
}
"""What each referee refusal code means, in one line."""


class RuleViolation(Refused, ValueError):
    """A command the rules forbid."""

    code: RuleCode
    blocking: dict[str, object] | None
    """What stands in the way, for a board to draw: {"model": id} (with "zone": inches, when it is
    the model's control zone) or {"terrain": id}; None."""

    def __init__(self, code: RuleCode, message: str, *, blocking: dict[str, object] | None = None) -> None:
        super().__init__(code, message)
        self.blocking = blocking


class RecordMismatch(Exception):
    """Replayed dice do not match what a battle record says was rolled."""
