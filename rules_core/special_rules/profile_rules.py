"""Profile-unique rules of a known shape, one entry each (docs/rules/special-rules.md §3.7): data,
no code of their own. Each reads like the profile's rule: when it acts (`When`: a friend in range,
a charge, the enemy fought ...) and what it changes (a bonus, a re-roll, an automatic pass, an aura,
a Stand Fast, a banner, a ward, a free point). The part a rule has that no shape says is named in
`unrefereed`, and players apply it."""

from __future__ import annotations

from typing import Final

from .registry import RuleSpec, Status, register
from .shapes import (
    Aura,
    AutoPass,
    BannerFor,
    CountsAs,
    Dominant,
    ExtraWounds,
    FreePoint,
    Grants,
    Near,
    NoStandFast,
    Reroll,
    RollBonus,
    Shape,
    StandFast,
    StatBonus,
    Ward,
    When,
)


def rule(
    name: str,
    acts: str,
    changes: str,
    *shapes: Shape,
    unrefereed: str = "",
    status: Status = "active",
) -> RuleSpec:
    """A profile rule with no bracket (its key from its name)."""
    key = "".join(c if c.isalnum() else "_" for c in name.casefold()).strip("_")
    return register(
        RuleSpec(
            key,
            name,
            "none",
            status,
            acts,
            changes,
            tuple(shapes),
            unrefereed=unrefereed,
        )
    )


def near(inches: float, *names: str, keywords: tuple[str, ...] = (), general: bool = False) -> When:
    return When(near=Near(inches, names, keywords, general))


CHARGED = When(charged=True)
OUTNUMBERED = When(outnumbered=True)
FAILED: Final = "failed"
ONES: Final = "ones"

# -- a Stand Fast of another reach, or for Heroes too (§3.7.1) ----------------------------------------

STAND_FAST_12 = "a Stand Fast it calls"
for _name in (
    "Ascendent",
    "Iron Fist",
    "High King of Gondor and Arnor",
    "Lord of Dunland",
    "The King in the North",
    "The Lineage of Númenor",
    "War Leader of the North",
):
    rule(_name, STAND_FAST_12, 'its Stand Fast reaches 12"', StandFast(12.0), status="passive")
rule(
    "High King of the South",
    STAND_FAST_12,
    'its Stand Fast reaches 12"',
    StandFast(12.0),
    unrefereed='deploying its Warband within 12" of the Mûmak',
)
rule(
    "Lord of Dale",
    STAND_FAST_12,
    'its Stand Fast reaches 12"',
    StandFast(12.0),
    unrefereed="Girion's: friendly Dale models within 3\" of him re-roll To Wound 1s",
)
rule(
    "High King of the Elves",
    STAND_FAST_12,
    'its Stand Fast reaches 12", and friendly Elf Heroes may benefit from it',
    StandFast(12.0, ("Elf", "Hero")),
)
rule(
    "General of the North",
    STAND_FAST_12,
    'its Stand Fast reaches 12", and friendly Orc Heroes may benefit from it',
    StandFast(12.0, ("Orc", "Hero")),
)
rule(
    "Voice of Curunír",
    STAND_FAST_12,
    'its Stand Fast reaches 12", and friendly Heroes may benefit from it',
    StandFast(12.0, ("Hero",)),
)
rule(
    "Durin's Heir",
    STAND_FAST_12,
    'its Stand Fast reaches 12", and friendly Dwarf Heroes may benefit from it',
    StandFast(12.0, ("Dwarf", "Hero")),
    status="passive",
)
rule(
    "Emperor of the Easterlings",
    STAND_FAST_12,
    "its Stand Fast covers the whole battlefield, and friendly Easterling Heroes may benefit from it",
    StandFast(0.0, ("Easterling", "Hero")),
)
rule(
    "King Under the Mountain",
    STAND_FAST_12,
    "its Stand Fast covers the whole battlefield, and friendly Erebor Dwarf Heroes may benefit from it",
    StandFast(0.0, ("Erebor", "Dwarf", "Hero")),
)
rule(
    "Chieftain of the Dúnedain",
    STAND_FAST_12,
    "friendly Dúnedain Heroes may benefit from its Stand Fast",
    StandFast(6.0, ("Dúnedain", "Hero")),
    status="passive",
)
rule(
    "Vanguard",
    "a Broken army's Courage test",
    "it benefits from a friendly Hero's Stand Fast at any range",
    CountsAs("stand_fast_any_range"),
    status="passive",
)
for _name in ("Only a Pony", "Automatons"):
    rule(
        _name,
        STAND_FAST_12,
        "it never calls a Stand Fast friends benefit from",
        NoStandFast(),
        status="passive",
    )
_ONLY: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("Leader of the Beornings", ("Beorning",), "Beorning"),
    ("Packlord", ("Warg",), "Warg"),
    ("Pack Master", ("Warg",), "Warg"),
    ("The Dead and the Living", ("Dunharrow",), "Dunharrow"),
    ("The Windlord", ("Eagle", "Wizard"), "Eagle and Wizard"),
)
for _name, _only, _who in _ONLY:
    rule(
        _name,
        STAND_FAST_12,
        f"only {_who} models may benefit from its Stand Fast",
        StandFast(6.0, only=_only),
        unrefereed=f"only {_who} models may benefit from its Heroic Actions",
    )

# -- Fight and Attacks (§3.7.2) ---------------------------------------------------------------------

FIGHT = "its Fight Value"
rule("Pride of Dol Amroth", FIGHT, '+1 Fight within 3" of Prince Imrahil',
     StatBonus("fight", 1, when=near(3.0, "Prince Imrahil")))  # fmt: skip
rule("The King's Guard", FIGHT, '+1 Fight within 3" of Thranduil',
     StatBonus("fight", 1, when=near(3.0, "Thranduil")), status="passive")  # fmt: skip
rule("Riders of Eorl", FIGHT, '+1 Fight within 6" of Eorl the Young',
     StatBonus("fight", 1, when=near(6.0, "Eorl the Young")))  # fmt: skip
rule(
    "King's Knights",
    "its Fight Value and Defence",
    '+1 Fight and +1 Defence while mounted within 6" of Thranduil',
    StatBonus("fight", 1, when=When(near=Near(6.0, ("Thranduil",)), cavalry=True)),
    StatBonus("defence", 1, when=When(near=Near(6.0, ("Thranduil",)), cavalry=True)),
    status="passive",
)
rule(
    "Warrior of the Dragon Cult",
    FIGHT,
    '+1 Fight within 3" of a friendly Black Dragon Hero',
    StatBonus("fight", 1, when=near(3.0, keywords=("Black Dragon", "Hero"))),
    unrefereed="joining only a Black Dragon Hero's Warband (the list builder does not check it)",
    status="passive",
)
rule("End the Race of Men", FIGHT, "+1 Fight while it fights an enemy Man",
     StatBonus("fight", 1, when=When(fights=("Man",))))  # fmt: skip
rule(
    "Dunlending Heritage",
    FIGHT,
    'friendly Dunland Warriors within 6" have +1 Fight',
    Grants(StatBonus("fight", 1), 6.0, ("Dunland", "Warrior")),
    status="passive",
)
rule(
    "Edoras Shall Fall",
    FIGHT,
    'friendly Rohirrim Traitors within 6" have +1 Fight',
    Grants(StatBonus("fight", 1), 6.0, names=("Rohirrim Traitor",)),
    status="passive",
)
rule(
    "Horned Charge",
    "its Attacks and Fight Value",
    "+1 Attack and +1 Fight in a turn it charged",
    StatBonus("attacks", 1, when=CHARGED),
    StatBonus("fight", 1, when=CHARGED),
)
rule(
    "Hunt Master",
    FIGHT,
    "+1 Fight in a turn it charged while mounted",
    StatBonus("fight", 1, when=When(charged=True, cavalry=True)),
    unrefereed="moving mounted through difficult ground at no extra cost, keeping the charge bonuses there",
)
rule(
    "Fury of the Pack",
    "its Fight Value and Attacks",
    "Fight 5 and Attacks 3 in a turn it charged while mounted",
    StatBonus("fight", to=5, when=When(charged=True, cavalry=True)),
    StatBonus("attacks", to=3, when=When(charged=True, cavalry=True)),
)
ATTACKS = "its Attacks"
rule("Savage Hunters", ATTACKS, "+1 Attack in a turn it charged", StatBonus("attacks", 1, when=CHARGED))
rule("Axe Mastery", ATTACKS, "Attacks 4 while outnumbered in its Combat",
     StatBonus("attacks", to=4, when=OUTNUMBERED))  # fmt: skip
rule("Orcish Brawler", ATTACKS, "Attacks 3 while outnumbered in its Combat",
     StatBonus("attacks", to=3, when=OUTNUMBERED))  # fmt: skip
rule(
    "Knife Fighter",
    ATTACKS,
    "outnumbered, +1 Attack for each enemy it fights after the first (at most +3)",
    StatBonus("attacks", 3, per_extra_enemy=True, when=OUTNUMBERED),
)
rule(
    "Blade Mistress",
    ATTACKS,
    "outnumbered, +1 Attack for each enemy she fights after the first",
    StatBonus("attacks", 99, per_extra_enemy=True, when=OUTNUMBERED),
)
rule(
    "A Good Sort",
    ATTACKS,
    'Attacks 3 within 3" of Ori or Nori',
    StatBonus("attacks", to=3, when=near(3.0, "Ori", "Nori")),
    unrefereed="re-rolling 1s in his Duel roll there",
)
rule(
    "Family Bond",
    "its Attacks and Courage tests",
    'Attacks 2 and +1 to its Courage tests within 3" of Sigrid or Tilda',
    StatBonus("attacks", to=2, when=near(3.0, "Sigrid", "Tilda")),
    StatBonus("courage_test", 1, when=near(3.0, "Sigrid", "Tilda")),
    status="passive",
)
rule(
    "Tribal King",
    ATTACKS,
    "Attacks 3 while it is the General",
    StatBonus("attacks", to=3, when=When(general=True)),
    unrefereed="General Hunter while it is the General",
    status="passive",
)

# -- To Wound (§3.7.3) ---------------------------------------------------------------------------------

STRIKES = "the To Wound rolls of its Strikes"
rule("Hero of the Elves", STRIKES, "+1 To Wound against a Monster",
     RollBonus("to_wound", 1, when=When(vs=("Monster",))))  # fmt: skip
rule("Glory Seekers", STRIKES, "+1 To Wound against an enemy Hero",
     RollBonus("to_wound", 1, when=When(vs=("Hero",))))  # fmt: skip
rule("Mountain Fighters", STRIKES, "+1 To Wound against a model in difficult ground",
     RollBonus("to_wound", 1, when=When(vs_in_difficult=True)))  # fmt: skip
rule("Piercing Talons", STRIKES, "+1 To Wound in a turn it charged", RollBonus("to_wound", 1, when=CHARGED))
rule("Son of Gondor", STRIKES, "+1 To Wound in a turn he charged", RollBonus("to_wound", 1, when=CHARGED))
rule("Wall of Blades", STRIKES, "+1 To Wound against a model that charged it this turn",
     RollBonus("to_wound", 1, when=When(vs_charger=True)))  # fmt: skip
rule("Against all odds", STRIKES, "re-rolls failed To Wound rolls against a Hero or a Monster",
     Reroll("to_wound", FAILED, must=False, when=When(vs=("Hero", "Monster"))))  # fmt: skip
rule("Show no mercy", STRIKES, "re-rolls failed To Wound rolls against a Trapped model",
     Reroll("to_wound", FAILED, must=False, against="trapped"))  # fmt: skip
rule("Fury of the Hammerhand", STRIKES, "re-rolls failed To Wound rolls in a turn she charged",
     Reroll("to_wound", FAILED, must=True, when=CHARGED))  # fmt: skip
rule(
    "Reckless Charge",
    STRIKES,
    "re-rolls failed To Wound rolls in a turn he charged",
    Reroll("to_wound", FAILED, must=True, when=CHARGED),
    unrefereed="charging an enemy whenever he can",
)
rule(
    "Deep-rooted Hatred",
    STRIKES,
    "re-rolls failed To Wound rolls against Orcs, Uruk-hai, Goblins and Isengard models",
    Reroll("to_wound", FAILED, must=True, when=When(vs=("Orc", "Uruk-hai", "Goblin", "Isengard"))),
    unrefereed="charging such a model whenever he can",
)
rule("Defender of Edoras", STRIKES, "re-rolls failed To Wound rolls while outnumbered",
     Reroll("to_wound", FAILED, must=False, when=OUTNUMBERED))  # fmt: skip
rule(
    "Bladelord",
    STRIKES,
    "outnumbered, re-rolls To Wound 1s (on foot: every failed roll)",
    Reroll("to_wound", ONES, must=False, when=When(outnumbered=True, cavalry=True)),
    Reroll("to_wound", FAILED, must=False, when=When(outnumbered=True, cavalry=False)),
)
rule(
    "Angmar Arise",
    STRIKES,
    "re-rolls failed To Wound rolls against an enemy Hero",
    Reroll("to_wound", FAILED, must=False, when=When(vs=("Hero",))),
    unrefereed='two Slayers of Men in an army, and Burly within 1" of the other',
    status="passive",
)
rule(
    "The Usurper King",
    STRIKES,
    "re-rolls To Wound 1s against an enemy Hero",
    Reroll("to_wound", ONES, must=True, when=When(vs=("Hero",))),
    unrefereed="re-rolling one Duel die against an enemy Hero",
)
rule("Loyal to the Captains", STRIKES, 'within 6" of Boromir or Faramir, re-rolls To Wound 1s',
     Reroll("to_wound", ONES, must=False, when=near(6.0, "Boromir", "Faramir")))  # fmt: skip
rule("An Unlikely Friendship", STRIKES, 'within 3" of Pippin, re-rolls failed To Wound rolls',
     Reroll("to_wound", FAILED, must=False, when=near(3.0, "Peregrin Took", "Pippin")))  # fmt: skip
rule(
    "Strength of Brotherhood",
    "the To Wound rolls of its Strikes; a scenario counting models",
    'within 3" of his brother (Elladan, Elrohir): re-rolls To Wound 1s and counts as Dominant (2)',
    Reroll("to_wound", ONES, must=False, when=near(3.0, "Elladan", "Elrohir")),
    Dominant(2, when=near(3.0, "Elladan", "Elrohir")),
)
rule(
    "Loyal Hounds",
    STRIKES,
    'within 6" of Farmer Maggot, re-rolls failed To Wound rolls',
    Reroll("to_wound", FAILED, must=False, when=near(6.0, "Farmer Maggot")),
    unrefereed="using Farmer Maggot's Courage, and Farmer Maggot as a 6\" banner",
    status="passive",
)
rule(
    "Lord of Lossarnach",
    STRIKES,
    'other friendly Lossarnach models within 3" re-roll To Wound 1s',
    Grants(Reroll("to_wound", ONES, must=False), 3.0, ("Lossarnach",)),
    status="passive",
)
rule(
    "A Bad Influence",
    STRIKES,
    'friendly Hobbits within 3" have +1 To Wound',
    Grants(RollBonus("to_wound", 1), 3.0, ("Hobbit",)),
    unrefereed="his Warband holding only Hobbits (the list builder does not check it)",
    status="passive",
)
rule("Battle Wisdom", STRIKES, 'friendly Lothlórien Warriors within 3" have +1 To Wound',
     Grants(RollBonus("to_wound", 1), 3.0, ("Lothlórien", "Warrior")), status="passive")  # fmt: skip
rule("Captain of the Citadel Guard", STRIKES, 'friendly Citadel Guard within 3" have +1 To Wound',
     Grants(RollBonus("to_wound", 1), 3.0, names=("Citadel Guard",)), status="passive")  # fmt: skip
rule(
    "Lucky Shot",
    "the To Wound rolls of its shots",
    "re-rolls failed To Wound rolls of its shots",
    Reroll("to_wound", FAILED, must=True, strikes=False, shots=True),
    unrefereed="re-rolling failed To Hit rolls",
)

# -- Courage (§3.7.4) -----------------------------------------------------------------------------

COURAGE = "every Courage test"
_FEARLESS: tuple[tuple[str, float, tuple[str, ...]], ...] = (
    ("Bloodoath", 6.0, ("Dunland",)),
    ("Chief of Lamedon", 3.0, ("Lamedon",)),
    ("Goblin Mastery", 6.0, ("Moria", "Goblin")),
    ("Lord of the Iron Hills", 12.0, ("Iron Hills",)),
)
for _name, _reach, _keywords in _FEARLESS:
    rule(
        _name,
        COURAGE,
        f'friendly {" ".join(_keywords)} models within {_reach:g}" pass their Courage tests without a roll',
        Grants(AutoPass("courage"), _reach, _keywords),
        status="passive",
    )
rule(
    "Bound in Shadow",
    COURAGE,
    'passes its Courage tests without a roll within 6" of Sauron or a friendly Ringwraith',
    AutoPass("courage", when=near(6.0, "Sauron")),
    AutoPass("courage", when=near(6.0, keywords=("Ringwraith",))),
    status="passive",
)
rule(
    "Ghostly Resolve",
    COURAGE,
    'friendly Angmar Orcs within 12" have +1 on their Courage tests (once, however many give it)',
    Grants(StatBonus("courage_test", 1), 12.0, ("Angmar", "Orc")),
    status="passive",
)
rule(
    "War Aspect",
    "enemies' Courage tests; its Duel roll and Strikes",
    'enemies within 6" take -1 on their Courage tests; she is never Unarmed',
    Aura("courage", -1, "enemies", "add", 6.0),
    CountsAs("never_unarmed"),
    status="passive",
)

# -- scenarios counting models (§3.7.5) -----------------------------------------------------------------

SCORING = "a scenario counting models"
rule(
    "Doorward of Meduseld",
    SCORING,
    'Háma counts as Dominant (2) within 6" of Théoden',
    Dominant(2, when=near(6.0, "Théoden")),
    unrefereed='Rohan Royal Guard within 6" of Théoden counting as Dominant (2) too',
    status="passive",
)
rule("Protection of the White Tree", SCORING, 'counts as Dominant (2) within 6" of a friendly Gondor General',
     Dominant(2, when=near(6.0, keywords=("Gondor",), general=True)), status="passive")  # fmt: skip
rule(
    "Captain of the Guard",
    SCORING,
    'while Braga has Will left, friendly Lake-town Guard (and Captains) within 3" count as Dominant (2)',
    Grants(Dominant(2), 3.0, names=("Lake-town Guard",), will=True),
    status="passive",
)

# -- banners (§3.7.6) ------------------------------------------------------------------------------------

BANNER = "a Duel roll of friends nearby"
_BANNERS: tuple[tuple[str, float, tuple[str, ...]], ...] = (
    ("Awesome Presence", 6.0, ()),
    ("Commanding Presence", 6.0, ("Khand",)),
    ("Commanding Bellow", 3.0, ("Corsair",)),
    ("Du Bekâr", 3.0, ("Dwarf",)),
    ("Official Meals", 3.0, ("Fellowship",)),
)
for _name, _reach, _keywords in _BANNERS:
    who = f"friendly {' '.join(_keywords)} models" if _keywords else "friends"
    rule(_name, BANNER, f'{who} treat it as a banner of {_reach:g}"', BannerFor(_reach, _keywords),
         status="passive")  # fmt: skip
rule(
    "Remnants of Arnor",
    BANNER,
    "friendly Dúnedain treat him as a banner",
    BannerFor(3.0, ("Dúnedain",)),
    unrefereed="Dúnedain of his army gaining the Arnor keyword",
    status="passive",
)
rule(
    "Herald of Victory",
    BANNER,
    "friendly Easterlings treat him as a banner",
    BannerFor(3.0, ("Easterling",)),
    unrefereed='a 6" banner once he has slain the enemy General',
    status="passive",
)

# -- free points, wards, weapons, magic (§3.7.7) -------------------------------------------------------------

for _name in (
    "The Lady of Lórien",
    "The Lord of Lórien",
    "The Lord of the Rings",
    "The Shipwright's Power",
    "Desolator of the North",
):
    rule(
        _name,
        "the start and end of each turn",
        "a free Will point at the start of each turn, even above its store; unspent, it is lost at the end",
        FreePoint("will"),
        status="passive",
    )
rule("Oblivious to Pain", "a Wound it suffers", "a natural 6 on a D6 ignores the Wound, before any Fate",
     Ward(6), status="passive")  # fmt: skip
rule(
    "Impressive Girth",
    "a Wound it suffers",
    "a 5+ on a D6 ignores the Wound, before any Fate (never one from a Magical Power)",
    Ward(5, not_magic=True),
    unrefereed="spending Might on that roll",
    status="passive",
)
NEVER_UNARMED = "its Duel roll and Strikes once its weapons are lost"
rule("Weapon Master", NEVER_UNARMED, "never counts as Unarmed", CountsAs("never_unarmed"))
rule("The Hammerhand", NEVER_UNARMED, "never counts as Unarmed", CountsAs("never_unarmed"))
rule(
    "Brawler",
    NEVER_UNARMED,
    "never counts as Unarmed",
    CountsAs("never_unarmed"),
    unrefereed="re-rolling 1s in his Duel roll while outnumbered",
)
rule(
    "Flame of Udûn",
    NEVER_UNARMED,
    "never counts as Unarmed",
    CountsAs("never_unarmed"),
    unrefereed="setting Ablaze on a 6 the models it wounded, and its immunity to fire",
    status="passive",
)
rule(
    "Head Shirriff",
    "the Duel roll with a hand-and-a-half weapon used two-handed",
    'he and Hobbit Shirriffs within 3" take no -1 for it',
    Grants(
        CountsAs("no_two_handed_penalty"), 3.0, names=("Hobbit Shirriff", "Robin Smallburrow"), itself=True
    ),
    status="passive",
)
rule(
    "Protect the Young",
    "the Duel roll with a two-handed weapon",
    'other friendly Erebor Heroes within 6" take no -1 for it',
    Grants(CountsAs("no_two_handed_penalty"), 6.0, ("Erebor", "Hero")),
    status="passive",
)
RESIST = "a Resist test against a Magical Power"
rule("Songs of Elbereth", RESIST, 'friendly Rivendell models within 3" have Resistant to Magic (a free Resist die)',
     Grants(RollBonus("resist_dice", 1), 3.0, ("Rivendell",)))  # fmt: skip
rule(
    "Master of Birds",
    RESIST,
    'friendly Eagles within 12" have Resistant to Magic (a free Resist die)',
    Grants(RollBonus("resist_dice", 1), 12.0, ("Eagle",)),
    unrefereed="his Line of Sight to anywhere on the battlefield",
    status="passive",
)
rule(
    "The Herald's Duty",
    "its Defence",
    "+1 Defence for each other friend with The Herald's Duty it touches",
    StatBonus("defence", 1, per_touching_kin=True),
    unrefereed="with several King's Champions, only heralds of its own Warband count",
)
rule(
    "Lumbering",
    "declaring Heroic Actions; Jump and Climb tests",
    "it may never declare a Heroic Move",
    CountsAs("no_heroic_move"),
    unrefereed="re-rolling a natural 6 on its Jump and Climb tests",
    status="passive",
)
for _name in ("Cleaving Blow", "Clean strike"):
    rule(
        _name,
        "each Wound its Strikes cause",
        "a Wound whose To Wound roll shows a natural 6 (either die of a 6+/4+ roll) is 2 Wounds",
        ExtraWounds(2, natural_six=True),
    )
rule("Cloud of Birds", "a shot aimed at it", "shots at it hit only on a 6", CountsAs("hit_only_on_six"),
     status="passive")  # fmt: skip
rule(
    "Swift Shot",
    "its To Hit rolls",
    "no -1 To Hit for moving before it shoots",
    CountsAs("no_moving_penalty"),
)
rule("Feral", "its Courage test as a separated mount", "it fails the test and flees", CountsAs("flees_alone"),
     status="passive")  # fmt: skip
rule(
    "Many Tentacles",
    ATTACKS,
    "Attacks 3 at most while it has 3 Wounds or fewer left",
    StatBonus("attacks", cap=3, when=When(wounds_at_most=3)),
    status="passive",
)
rule(
    "Wise Counsel",
    "the start and end of each turn",
    'within 6" of Lindir as a turn begins, a free Will point for that turn (lost unspent)',
    FreePoint("will", when=near(6.0, "Lindir")),
    status="passive",
)
