"""The special rules the referee knows, one entry each (docs/rules/special-rules.md)."""

from __future__ import annotations

from .registry import RuleSpec, register
from .shapes import (
    Aura,
    AutoPass,
    Bespoke,
    CausesTest,
    CountsAs,
    ExtraWounds,
    FreePoint,
    ListOnly,
    LosesChargeBonus,
    Reroll,
    RollBonus,
    Shots,
    StalksUnseen,
    TerrainAsOpen,
)

TERROR = register(
    RuleSpec(
        "terror",
        "Terror",
        "keyword",
        "passive",
        "a Courage test before a model charges it",
        "a model that would charge it tests Courage first and does not move on a failure; with a "
        "keyword, only models with that keyword test",
        (CausesTest("chargers"),),
        reads="either",
        param_optional=True,
    )
)
RESISTANT_TO_MAGIC = register(
    RuleSpec(
        "resistant_to_magic",
        "Resistant to Magic",
        "none",
        "passive",
        "a Resist test against a Magical Power",
        "one free Resist die, even with no Will",
        (RollBonus("resist_dice", 1),),
    )
)
EXPERT_RIDER = register(
    RuleSpec(
        "expert_rider",
        "Expert Rider",
        "none",
        "active",
        "a mounted model's Thrown Rider and Jump tests; a shield beside a bow",
        "may re-roll a Thrown Rider test and a mounted Jump test; keeps a shield's Defence beside a "
        "bow while mounted",
        (Reroll("jump_climb", "ones", must=False), CountsAs("keeps_shield_mounted")),
        reads="either",
        asks="whether to re-roll",
        unrefereed="picking up Light Objects mounted (no scenario has them yet)",
    )
)
SHARPSHOOTER = register(
    RuleSpec(
        "sharpshooter",
        "Sharpshooter",
        "none",
        "active",
        "a shot at a Cavalry model",
        "aims at the rider or the mount; the part aimed at is hit, with no roll for it",
        (CountsAs("picks_rider_or_mount"),),
        asks="rider or mount",
    )
)
BURLY = register(
    RuleSpec(
        "burly",
        "Burly",
        "none",
        "passive",
        "the Duel roll with a two-handed weapon",
        "no -1 to its Duel dice for fighting two-handed",
        (CountsAs("no_two_handed_penalty"),),
        unrefereed="a full Move carrying a Heavy Object (no scenario has them yet)",
    )
)
FLY = register(
    RuleSpec(
        "fly",
        "Fly",
        "none",
        "active",
        "Heroic March and At the Double",
        '+5" instead of +3" from a Heroic March',
        (CountsAs("fast_march"),),
        reads="either",
        unrefereed='flying over models and terrain, past control zones, and the 4" walk',
    )
)
DOMINANT = register(
    RuleSpec(
        "dominant",
        "Dominant",
        "count",
        "passive",
        "a scenario counting models near an objective or in an area",
        "counts as the bracket's number of models (only the highest of its sources counts)",
        (CountsAs("models"),),
    )
)
WOODLAND_CREATURE = register(
    RuleSpec(
        "woodland_creature",
        "Woodland Creature",
        "none",
        "active",
        "moving through woods",
        "woods that are difficult terrain are open ground for it (a Cavalry model: its mount's rule)",
        (TerrainAsOpen(frozenset({"woodland"})),),
        reads="mover",
    )
)
MOUNTAIN_DWELLER = register(
    RuleSpec(
        "mountain_dweller",
        "Mountain Dweller",
        "none",
        "active",
        "moving over rocky ground; Jump and Climb tests",
        "rocky difficult terrain is open ground for it; it may re-roll a Jump or Climb test on foot",
        (TerrainAsOpen(frozenset({"mountain"})), Reroll("jump_climb", "ones", must=False)),
        reads="mover",
        asks="whether to re-roll",
    )
)
SPECTRAL_WALK = register(
    RuleSpec(
        "spectral_walk",
        "Spectral Walk",
        "none",
        "passive",
        "moving; Jump and Climb tests",
        "no difficult terrain slows it; its Jump and Climb tests count as a 6 without a roll",
        (TerrainAsOpen(frozenset({"*"})), Bespoke()),
    )
)
CAVE_DWELLER = register(
    RuleSpec(
        "cave_dweller",
        "Cave Dweller",
        "none",
        "active",
        "Jump and Climb tests",
        "+1 to its Jump and Climb tests",
        (RollBonus("jump_climb", 1),),
        unrefereed="seeing in the dark (no battle is fought at night yet)",
    )
)
SUPREME_AGILITY = register(
    RuleSpec(
        "supreme_agility",
        "Supreme Agility",
        "none",
        "active",
        "Jump and Climb tests; a Strike across a barrier",
        "+2 to its Jump and Climb tests; its Strikes pass a barrier",
        (RollBonus("jump_climb", 2), Bespoke()),
    )
)
TIMID = register(
    RuleSpec(
        "timid",
        "Timid",
        "none",
        "passive",
        "a charge of its Cavalry model",
        "a Timid mount gives no charge bonuses; before its Cavalry model charges it tests Courage (the "
        "rider's or its own, the better, never passed without a roll) and on a failure the model does not move",
        (LosesChargeBonus(),),
        reads="mover",
    )
)
BANE_WEAPON = register(
    RuleSpec(
        "bane_weapon",
        "Bane weapon",
        "keyword",
        "passive",
        "each Wound of its Strikes against the keyword its name gives (Goblinbane: Goblins)",
        "each Wound becomes D3 Wounds",
        (ExtraWounds("d3", "keyword"),),
        pattern=r"([A-Za-z]+)bane",
    )
)
HATRED = register(
    RuleSpec(
        "hatred",
        "Hatred",
        "keyword",
        "active",
        "the To Wound rolls of its Strikes",
        "+1 to each To Wound die of its Strikes against a model with the keyword (the part struck)",
        (RollBonus("to_wound", 1, "keyword"),),
    )
)
ANCIENT_ENEMIES = register(
    RuleSpec(
        "ancient_enemies",
        "Ancient Enemies",
        "keyword",
        "active",
        "the To Wound rolls of its Strikes",
        "re-rolls each To Wound 1 of its Strikes against a model with the keyword",
        (Reroll("to_wound", "ones", must=True, against="keyword"),),
    )
)
POISONED_ATTACKS = register(
    RuleSpec(
        "poisoned_attacks",
        "Poisoned Attacks",
        "weapon",
        "active",
        "the To Wound rolls of its shots and Strikes (with a weapon named: that weapon's only)",
        "re-rolls each To Wound 1",
        (Reroll("to_wound", "ones", must=True, shots=True),),
        param_optional=True,
    )
)
BANE_OF_KINGS = register(
    RuleSpec(
        "bane_of_kings",
        "Bane of Kings",
        "none",
        "active",
        "the To Wound rolls of its shots and Strikes",
        "re-rolls every failed To Wound roll",
        (Reroll("to_wound", "failed", must=True, shots=True),),
    )
)
VENOM = register(
    RuleSpec(
        "venom",
        "Venom",
        "none",
        "active",
        "the To Wound rolls of its Strikes",
        "re-rolls every failed To Wound roll of its Strikes; when the Combat is over, one enemy it wounded "
        "there suffers a further Wound on a 6",
        (Reroll("to_wound", "failed", must=True),),
    )
)
BACKSTABBERS = register(
    RuleSpec(
        "backstabbers",
        "Backstabbers",
        "none",
        "active",
        "the To Wound rolls of its Strikes",
        "+1 to each To Wound die of its Strikes against a Trapped (or Prone) model",
        (RollBonus("to_wound", 1, "trapped"),),
    )
)
FEARLESS = register(
    RuleSpec(
        "fearless",
        "Fearless",
        "none",
        "passive",
        "every Courage test",
        "passes every Courage test without rolling",
        (AutoPass("courage"),),
    )
)
SWORN_PROTECTOR = register(
    RuleSpec(
        "sworn_protector",
        "Sworn Protector",
        "named_model",
        "passive",
        "every Courage test",
        "passes every Courage test without rolling while the friend it names is on the battlefield",
        (AutoPass("courage", "named_model_alive"),),
    )
)
HARBINGER_OF_EVIL = register(
    RuleSpec(
        "harbinger_of_evil",
        "Harbinger of Evil",
        "range",
        "passive",
        "enemies' Courage tests",
        "enemies within the range take -1 on every Courage test (never more than -1 in all); a model "
        "with the rule ignores it",
        (Aura("courage", -1, "enemies"),),
    )
)
LEADER = register(
    RuleSpec(
        "leader",
        "Leader",
        "warrior_type",
        "list",
        "building an army list",
        "the Hero may lead Warriors of the type named: the list builder lets those Warriors join only "
        "the warbands of Heroes whose Leader names them, as each army list says",
        (ListOnly(),),
    )
)
LARGE_TARGET = register(
    RuleSpec(
        "large_target",
        "Large Target",
        "none",
        "passive",
        "In The Way of a shot at it",
        "models in the line are not In The Way of a shot at it, unless a Monster, Siege Engine or War Beast",
        (Bespoke(),),
        reads="either",
    )
)
THROW_STONES = register(
    RuleSpec(
        "throw_stones",
        "Throw Stones",
        "range_strength",
        "active",
        "the Shoot phase, if it did not move in the Move phase",
        "one Shooting Attack with the bracket's range and Strength, with no missile weapon",
        (Bespoke(),),
        unrefereed="throwing stones instead of a missile weapon it also has",
    )
)
WILL_OF_EVIL = register(
    RuleSpec(
        "will_of_evil",
        "Will of Evil",
        "none",
        "passive",
        "the End phase of a turn it fought in",
        "gives up 1 Will in the End phase of each turn it was in a Combat; with none left it is banished",
        (Bespoke(),),
        unrefereed="keeping its last Will point from casting and special rules; the Invisible",
    )
)
MIGHTY_BLOW = register(
    RuleSpec(
        "mighty_blow",
        "Mighty Blow",
        "none",
        "active",
        "each Wound its Strikes cause",
        "each Wound its Strikes cause is 2 Wounds (one Fate roll prevents both)",
        (ExtraWounds(2),),
    )
)
BLADES_OF_THE_DEAD = register(
    RuleSpec(
        "blades_of_the_dead",
        "Blades of the Dead",
        "none",
        "active",
        "the To Wound rolls of its Strikes",
        "the model struck counts Defence 10 minus its Courage (at least 1)",
        (CountsAs("defence_from_courage"),),
    )
)
FEARFUL = register(
    RuleSpec(
        "fearful",
        "Fearful",
        "none",
        "passive",
        "a Courage test before it charges",
        "tests Courage before it charges any enemy and does not move on a failure; charging a "
        "Terror model it takes this test first, then the Terror test",
        (CausesTest("self"),),
    )
)
MONSTROUS_CHARGE = register(
    RuleSpec(
        "monstrous_charge",
        "Monstrous Charge",
        "none",
        "active",
        "a Combat it charged into",
        "+1 Attack (not +2 on a Cavalry model); winning the Duel, it knocks Prone every enemy in the "
        "Combat of lower Strength before it Strikes",
        (Bespoke(),),
        reads="either",
        unrefereed="enemy Cavalry it beats are Knocked Flying (the referee leaves them mounted)",
    )
)
GENERAL_HUNTER = register(
    RuleSpec(
        "general_hunter",
        "General Hunter",
        "none",
        "active",
        "slaying the enemy General with a Strike",
        "regains 1 Might it has spent (never above its starting Might)",
        (Bespoke(),),
    )
)
MASTER_OF_BATTLE = register(
    RuleSpec(
        "master_of_battle",
        "Master of Battle",
        "threshold",
        "active",
        'an enemy Hero within 6" declaring a Heroic Action',
        "it rolls a D6: on the bracket's score or more it may answer at once with the same Heroic Action, "
        "for no Might (even one its profile lacks)",
        (Bespoke(),),
    )
)
SHIELDWALL = register(
    RuleSpec(
        "shieldwall",
        "Shieldwall",
        "none",
        "active",
        "its Defence",
        "+1 Defence with a shield while it touches two friends with Shieldwall and shields (none of "
        "them Prone or Cavalry)",
        (Bespoke(),),
        unrefereed="keeping the bonus for the rest of a Combat once knocked Prone in it",
    )
)
HORSE_LORD = register(
    RuleSpec(
        "horse_lord",
        "Horse Lord",
        "none",
        "passive",
        "a Wound on its mount",
        "a 6 on a D6 ignores each Wound on its mount, before any Fate; it may spend its own Fate "
        "to prevent Wounds on its mount",
        (Bespoke(),),
        asks="whether to spend Fate on the mount",
    )
)
UNYIELDING_COMBAT_STANCE = register(
    RuleSpec(
        "unyielding_combat_stance",
        "Unyielding Combat Stance",
        "none",
        "active",
        "whatever would knock it Prone",
        "a 4+ on a D6 keeps it on its feet",
        (Bespoke(),),
        unrefereed="a mounted model's roll (it parts from its mount with a Thrown Rider 6)",
    )
)
MIGHTY_HERO = register(
    RuleSpec(
        "mighty_hero",
        "Mighty Hero",
        "none",
        "passive",
        "the start and end of each turn",
        "gains a free Might point at the start of each turn, even above its store; unspent by the "
        "end of the turn, it is lost",
        (FreePoint("might"),),
    )
)
BODYGUARD = register(
    RuleSpec(
        "bodyguard",
        "Bodyguard",
        "none",
        "passive",
        "every Courage test",
        "passes every Courage test without rolling while the Hero it guards is on the battlefield: the "
        "General if he shares its faction, else the friendly Hero of the highest tier who does (of "
        "equals, the first of its army); never another once that one falls",
        (AutoPass("courage", "guarded_hero_alive"),),
    )
)
PHALANX = register(
    RuleSpec(
        "phalanx",
        "Phalanx",
        "none",
        "active",
        "the Duel roll and Defence of a model with pike and shield",
        "carries a pike and a shield together without penalty: no -1 to its Duel dice, and the shield "
        "keeps its +1 Defence",
        (CountsAs("pike_with_shield"),),
        unrefereed="two friends with Phalanx Making Way for it when it loses (the referee lets one)",
    )
)
SPEAR_MASTERY = register(
    RuleSpec(
        "spear_mastery",
        "Spear Mastery",
        "none",
        "active",
        "supporting a friend in the Fight phase",
        "its throwing spears serve as a spear to support a friend, unless it made a Shooting Attack "
        "this turn (on the charge too); never mounted",
        (CountsAs("throwing_spears_as_spear"),),
    )
)
CHITTERING_HORDES = register(
    RuleSpec(
        "chittering_hordes",
        "Chittering Hordes",
        "none",
        "active",
        "supporting a friend in the Fight phase",
        "supports as if it had a spear, but only a friend that has Chittering Hordes too",
        (CountsAs("supports_its_kind"),),
    )
)
STALK_UNSEEN = register(
    RuleSpec(
        "stalk_unseen",
        "Stalk Unseen",
        "none",
        "passive",
        "a shot or a Magical Power aimed at it",
        "an Infantry model with it that terrain partly conceals (it stands in a wood, or a piece hides "
        'or obscures part of it) cannot be targeted from more than 6" away',
        (StalksUnseen(),),
        unrefereed="special rules that target it (the referee never asks sight for them); charges, "
        "which Beacon lets any model make without sight",
    )
)
FELL_SIGHT = register(
    RuleSpec(
        "fell_sight",
        "Fell Sight",
        "none",
        "passive",
        "charging; targeting a model that stalks unseen",
        "targets a Stalk Unseen model as if it had no such rule; it may charge what it cannot see (as "
        "every model may in Beacon, which never asks sight for a charge)",
        (CountsAs("sees_stalkers"),),
        reads="either",
    )
)
KEEN_SIGHT = register(
    RuleSpec(
        "keen_sight",
        "Keen Sight",
        "none",
        "passive",
        "enemies that stalk unseen",
        'enemy models within 12" of it lose the benefit of Stalk Unseen',
        (CountsAs("unmasks_stalkers"),),
    )
)
EXPERT_SHOT = register(
    RuleSpec(
        "expert_shot",
        "Expert Shot",
        "none",
        "active",
        "the Shoot phase",
        "two Shooting Attacks instead of one, one after the other, each at any target (moving too far "
        "forbids both)",
        (Shots(2),),
        unrefereed="its second shot when it shoots with a Hero's Loose",
    )
)
DEADLY_SHOT = register(
    RuleSpec(
        "deadly_shot",
        "Deadly Shot",
        "none",
        "active",
        "the Shoot phase",
        "three Shooting Attacks instead of one, one after the other",
        (Shots(3),),
        unrefereed="shooting while Engaged (at the models it fights, with no In The Way for them), "
        "and no -1 To Hit for moving on foot",
    )
)
SWIFT_MOVEMENT = register(
    RuleSpec(
        "swift_movement",
        "Swift Movement",
        "none",
        "active",
        "moving",
        "no difficult ground slows it, but water",
        (TerrainAsOpen(frozenset({"*"}), but=frozenset({"water"})),),
        unrefereed="moving over obstacles at any angle with no Jump or Climb test (their height still "
        "counted), and ending its move flat on the table",
    )
)
GLEAMING_HORDE = register(
    RuleSpec(
        "the_gleaming_horde",
        "The Gleaming Horde",
        "none",
        "active",
        "its Defence and its mount's, while mounted",
        "while mounted it has Shieldwall (a Hero needs no shield): +1 Defence to rider and mount while it "
        "touches two mounted friends with the rule",
        (Bespoke(),),
    )
)
SURVIVAL_INSTINCT = register(
    RuleSpec(
        "survival_instinct",
        "Survival Instinct",
        "none",
        "active",
        "a Wound it suffers that is not prevented",
        "it tests Courage after each such Wound (every test is rolled, whatever it passed before); "
        "failed, it flees the battle as a casualty",
        (Bespoke(),),
    )
)
PRENATURAL_AGILITY = register(
    RuleSpec(
        "prenatural_agility",
        "Prenatural Agility",
        "none",
        "active",
        "losing a Duel it cannot back away from",
        "it is never Trapped while it stands (a Prone model still is)",
        (CountsAs("never_trapped"),),
    )
)
SILENT_HUNTERS = register(
    RuleSpec(
        "silent_hunters",
        "Silent Hunters",
        "none",
        "passive",
        "a shot or a Magical Power aimed at it",
        'in a wood, or partly concealed by one, it cannot be targeted from more than 6" away',
        (StalksUnseen(woodland=True),),
        unrefereed="special rules that target it; charges, which Beacon lets any model make without sight",
    )
)
VISAGE_OF_TERROR = register(
    RuleSpec(
        "visage_of_terror",
        "Visage of Terror",
        "none",
        "passive",
        "a Terror test to charge it",
        "a model failing it stops its Activation, as any failed Terror test does, and makes no Shooting "
        "Attack this turn",
        (Bespoke(),),
        unrefereed="no move after a successful Heroic Combat that turn",
    )
)
