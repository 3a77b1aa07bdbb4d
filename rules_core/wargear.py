"""Wargear as data: every piece the referee knows (`docs/rules/wargear.md`), what a model
carries, and the questions rules ask of it ("does it fight two-handed?", "what does its shield
add to its Defence?").

A profile lists wargear by name (`Profile.wargear`: what its printed profile carries, counted in
its printed Defence; `Profile.bought`: options bought for the model in its list). Names are read
without regard to case, spaces, hyphens or underscores; common names of a hand weapon (sword, axe,
dagger ...) are that hand weapon; "Elven ..." before a melee weapon makes it Elven-made, and
"Master-forged ..." a master-forged one. `read_kit` refuses a name it does not know and wargear
that contradicts itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from .errors import RuleViolation
from .special_rules import EXPERT_RIDER, has, shaped, uses
from .special_rules.shapes import CountsAs
from .state import Missile, Model, Profile


@dataclass(frozen=True)
class Gear:
    """One kind of wargear and what it does, as far as the referee asks."""

    name: str
    melee: bool = False
    grip: str = ""
    """"two_handed" (always fought two-handed) or "hand_and_a_half" (the model chooses)."""
    supports: str = ""
    """"spear" or "pike": the model may Support a friend in a Combat (on foot)."""
    two_hands: bool = False
    """Needs both hands: a shield beside it gives no Defence (a two-handed weapon, a pike)."""
    lance: bool = False
    """+1 To Wound in a Combat the Cavalry model charged into; discarded on foot."""
    shield: int = -1
    """A shield's Defence bonus (0 for a light shield); -1 for anything that is not a shield."""
    armour: int = 0
    missile: tuple[float, int] | None = None
    """Range and Strength of a missile weapon."""
    throwing: bool = False
    """A throwing weapon: thrown in the Shoot phase, or once a turn while charging."""


_HAND = Gear("Hand weapon", melee=True)
GEAR: dict[str, Gear] = {
    g.name.lower(): g
    for g in [
        _HAND,
        Gear("Spear", melee=True, supports="spear"),
        Gear("Pike", melee=True, supports="pike", two_hands=True),
        Gear("Two-handed weapon", melee=True, grip="two_handed", two_hands=True),
        Gear("Hand-and-a-half weapon", melee=True, grip="hand_and_a_half"),
        Gear("Lance", melee=True, lance=True),
        Gear("War spear", melee=True, supports="spear", lance=True),
        Gear("Whip", melee=True, missile=(2.0, 1), throwing=True),
        Gear("Unarmed"),
        Gear("Shield", shield=1),
        Gear("Light shield", shield=0),
        Gear("Pavise", shield=3),
        Gear("Armour", armour=1),
        Gear("Heavy armour", armour=2),
        Gear("Heavy dwarf armour", armour=3),
        Gear("Mithril armour", armour=3),
        Gear("Light armour"),
        Gear("Bow", missile=(24.0, 2)),
        Gear("Orc bow", missile=(18.0, 2)),
        Gear("Elf bow", missile=(24.0, 3)),
        Gear("Longbow", missile=(24.0, 3)),
        Gear("Short bow", missile=(18.0, 2)),
        Gear("Dwarf bow", missile=(18.0, 3)),
        Gear("Uruk-hai bow", missile=(18.0, 3)),
        Gear("Great bow", missile=(24.0, 4)),
        Gear("Esgaroth bow", missile=(24.0, 3)),
        Gear("Dwarf longbow", missile=(24.0, 3)),  # Strength 2 in 2018: house_rules.DWARF_LONGBOW
        Gear("Crossbow", missile=(24.0, 4)),
        Gear("Sling", missile=(12.0, 1)),
        Gear("Blowpipe", missile=(12.0, 2)),
        Gear("Throwing weapons", missile=(6.0, 3), throwing=True),
        Gear("Throwing spears", missile=(8.0, 3), throwing=True),
        Gear("Banner"),
        Gear("War horn"),
        Gear("War drum"),
        Gear("Elven cloak"),
    ]
}

ALIASES = {
    **{
        name: "hand weapon"
        for name in (
            "sword", "axe", "blade", "dagger", "knife", "mace", "hammer", "club", "pick", "flail",
            "scimitar", "staff", "orc blade", "orc sword", "hand axe", "dwarf axe",
        )
    },
    **{f"two handed {w}": "two-handed weapon" for w in ("axe", "sword", "hammer", "pick", "club", "mace", "flail")},
    **{f"hand and a half {w}": "hand-and-a-half weapon" for w in ("sword", "axe", "hammer")},
    "staff of power": "hand-and-a-half weapon",
    "armor": "armour",
    "heavy armor": "heavy armour",
    "mithril coat": "mithril armour",
    "horn": "war horn",
    "throwing daggers": "throwing weapons",
    "throwing axes": "throwing weapons",
    "throwing knives": "throwing weapons",
}  # fmt: skip
ELVEN_PREFIXES = ("elven made ", "elven ", "elf ")
MASTER_FORGED_PREFIX = "master forged "


def _lookup_key(name: str) -> str:
    return re.sub(r"[\s_-]+", " ", name.lower()).strip()


_BY_LOOKUP = {_lookup_key(key): key for key in GEAR}


@dataclass(frozen=True)
class Piece:
    """One piece a model carries: its kind, and whether it is Elven-made or master-forged."""

    gear: Gear
    elven: bool = False
    master_forged: bool = False


def read_piece(name: str) -> Piece | None:
    """The piece a wargear name means, or None when the referee does not know it."""
    key = _lookup_key(name)
    elven = master = False
    if key.startswith(MASTER_FORGED_PREFIX):
        key, master = key[len(MASTER_FORGED_PREFIX) :], True
    base = _BY_LOOKUP.get(key) or ALIASES.get(key)
    if base is None:
        for prefix in ELVEN_PREFIXES:
            if key.startswith(prefix):
                rest = key[len(prefix) :]
                base = _BY_LOOKUP.get(rest) or ALIASES.get(rest)
                elven = True
                break
    if base is None:
        return None
    gear = GEAR[base]
    if not gear.melee:
        return None if master else Piece(gear)
    return Piece(gear, elven, master)


@dataclass(frozen=True)
class Kit:
    """Everything a model carries, read once per list of names."""

    pieces: tuple[Piece, ...]

    def has(self, name: str) -> bool:
        return any(p.gear.name.lower() == name for p in self.pieces)

    @property
    def melee(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.gear.melee)

    def grips(self) -> set[str]:
        return {p.gear.grip for p in self.melee}

    @property
    def elven(self) -> bool:
        return any(p.elven for p in self.melee)

    @property
    def unarmed(self) -> bool:
        return self.has("unarmed")

    @property
    def shield(self) -> Gear | None:
        return next((p.gear for p in self.pieces if p.gear.shield >= 0), None)

    @property
    def missile_pieces(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.gear.missile is not None)

    @property
    def armour(self) -> int:
        return max((p.gear.armour for p in self.pieces), default=0)

    @property
    def blocks_shield(self) -> bool:
        """A bow, crossbow, two-handed weapon or pike leaves no hand for the shield's Defence."""
        return any(p.gear.two_hands or self._bow(p) for p in self.pieces)

    @property
    def two_hands_only(self) -> bool:
        """Its only melee weapons need both hands (a two-handed weapon, a pike)."""
        return bool(self.melee) and all(p.gear.two_hands for p in self.melee)

    @staticmethod
    def _bow(piece: Piece) -> bool:
        """A bow of any kind or a crossbow (a sling, a blowpipe or a thrown weapon leaves the hand free)."""
        return piece.gear.missile is not None and piece.gear.name.lower().endswith("bow")


@cache
def kit(names: tuple[str, ...]) -> Kit:
    """The kit a list of (already checked) wargear names makes; unknown names are left out."""
    return Kit(tuple(p for p in (read_piece(n) for n in names) if p is not None))


_KITS_KEPT = 4096
_kits: dict[int, tuple[Profile, Kit]] = {}


def kit_of(profile: Profile) -> Kit:
    """All a model carries: its printed wargear and what its list bought for it.

    Profiles never change (a rule that alters one makes a new one), so each one's kit is read once
    and kept by the profile's identity (holding the profile, so that its id is not reused)."""
    kept = _kits.get(id(profile))
    if kept is not None and kept[0] is profile:
        return kept[1]
    if len(_kits) >= _KITS_KEPT:
        _kits.clear()
    found = kit((*profile.wargear, *profile.bought))
    _kits[id(profile)] = (profile, found)
    return found


def read_kit(profile: Profile, mounted: bool) -> Kit:
    """Check a profile's wargear: every name known, nothing carried twice, nothing that cannot go
    together. Raises RuleViolation (unknown_wargear, contradictory_wargear)."""
    seen: dict[str, str] = {}
    for name in (*profile.wargear, *profile.bought):
        piece = read_piece(name)
        if piece is None:
            raise RuleViolation(
                "unknown_wargear",
                f"{profile.name} carries {name!r}, which is not wargear the referee knows "
                f"(a named blade is a hand weapon; its rules are special rules).",
            )
        key = _lookup_key(name)
        if key in seen:
            raise RuleViolation(
                "contradictory_wargear",
                f"{profile.name} carries {seen[key]!r} and {name!r}: the same piece twice.",
            )
        seen[key] = name
    carried = kit_of(profile)
    shields = [p.gear.name for p in carried.pieces if p.gear.shield >= 0]
    clash = None
    if len(shields) > 1:
        clash = f"two shields ({' and '.join(shields)})"
    elif carried.unarmed and carried.melee:
        clash = "a melee weapon and is Unarmed"
    elif not mounted and any(p.gear.lance and p.gear.supports == "" for p in carried.pieces):
        clash = "a lance but has no mount (a lance is Cavalry wargear)"
    elif profile.missile is None and len(carried.missile_pieces) > 1:
        names = " and ".join(p.gear.name for p in carried.missile_pieces)
        clash = f"two missile weapons ({names}) and names neither as its missile"
    if clash:
        raise RuleViolation("contradictory_wargear", f"{profile.name} carries {clash}.")
    return carried


def missile_from_wargear(profile: Profile) -> Missile | None:
    """The missile weapon a profile's wargear gives it, when its profile names none."""
    pieces = kit_of(profile).missile_pieces
    if profile.missile is not None or len(pieces) != 1:
        return profile.missile
    gear = pieces[0].gear
    assert gear.missile is not None
    return Missile(gear.name, *gear.missile)


def missile_gear(model: Model) -> Gear | None:
    """What kind of missile weapon a model shoots with (a crossbow, a throwing weapon ...)."""
    missile = model.profile.missile
    if missile is None:
        return None
    piece = read_piece(missile.name)
    return piece.gear if piece is not None else None


# -- questions rules ask ---------------------------------------------------------------------------


def defence_bonus(profile: Profile, mounted: bool, two_handed: bool = False) -> int:
    """What armour and shield add to the printed Defence now: bought armour and shields, less a
    printed shield whose Defence is lost (the model fights two-handed)."""
    printed = _bonus(kit(tuple(profile.wargear)), mounted, profile)
    carried = _bonus(kit_of(profile), mounted, profile, two_handed)
    return carried - printed


def _counts_as(profile: Profile, what: str) -> bool:
    return any(
        shape.what == what
        for use in uses(profile)
        if use.spec is not None and use.param is not None
        for shape in use.spec.shapes
        if isinstance(shape, CountsAs)
    )


def _bonus(carried: Kit, mounted: bool, profile: Profile, two_handed: bool = False) -> int:
    shield = carried.shield
    shield_bonus = 0
    if shield is not None and not two_handed:
        blocked = carried.blocks_shield
        if blocked and _counts_as(profile, "pike_with_shield"):  # house_rules.PHALANX_SHIELD
            blocked = any(
                (p.gear.two_hands and p.gear.supports != "pike") or Kit._bow(p) for p in carried.pieces
            )
        kept = not blocked or (
            mounted and has(profile, EXPERT_RIDER) and not any(p.gear.two_hands for p in carried.pieces)
        )
        shield_bonus = shield.shield if kept else 0
    return carried.armour + shield_bonus


def pavise_lost(profile: Profile) -> int:
    """The Defence a pavise stops giving while its bearer is Engaged (as a shield it gives none)."""
    shield = kit_of(profile).shield
    if shield is None or shield.name != "Pavise" or kit_of(profile).blocks_shield:
        return 0
    return shield.shield


def must_fight_two_handed(model: Model) -> bool:
    """A model whose only melee weapons are two-handed fights with one, with no question."""
    grips = kit_of(model.profile).grips()
    return bool(grips) and grips <= {"two_handed"}


def chooses_grip(model: Model) -> bool:
    """A hand-and-a-half weapon, or a two-handed weapon beside another melee weapon: the player
    chooses before the Duel roll whether the model fights two-handed."""
    grips = kit_of(model.profile).grips()
    return "hand_and_a_half" in grips or ("two_handed" in grips and len(grips) > 1)


def loses_shield_two_handed(model: Model) -> bool:
    """Fighting two-handed with a hand-and-a-half weapon loses the shield's Defence for the Combat
    (a two-handed weapon's carrier never had it)."""
    return "hand_and_a_half" in kit_of(model.profile).grips()


def no_two_handed_penalty(model: Model) -> bool:
    carried = kit_of(model.profile)
    burly = any(shape.what == "no_two_handed_penalty" for _, shape in shaped(model, CountsAs))
    return burly or any(
        p.master_forged and p.gear.grip in ("two_handed", "hand_and_a_half") for p in carried.melee
    )


def support_kind(model: Model) -> str:
    """ "pike", "spear" or "" : what the model supports with (Infantry only, so never mounted): its
    spear or pike, throwing spears with Spear Mastery, or nothing at all with Chittering Hordes."""
    if model.mount is not None:
        return ""
    carried = kit_of(model.profile)
    kinds = {p.gear.supports for p in carried.melee}
    if "pike" in kinds:
        return "pike"
    if "spear" in kinds or (
        _counts_as(model.profile, "throwing_spears_as_spear") and carried.has("throwing spears")
    ):
        return "spear"
    return "spear" if _counts_as(model.profile, "supports_its_kind") else ""


def supports_its_kind(model: Model) -> bool:
    """It has a rule letting friends with the same rule support it with no spear (Chittering Hordes)."""
    return _counts_as(model.profile, "supports_its_kind")


def supports_only_its_kind(model: Model) -> bool:
    """It supports only through a rule that lets it support friends with the same rule
    (Chittering Hordes), having no spear, pike or Spear Mastery of its own."""
    if not _counts_as(model.profile, "supports_its_kind"):
        return False
    carried = kit_of(model.profile)
    kinds = {p.gear.supports for p in carried.melee}
    own = kinds & {"spear", "pike"} or (
        _counts_as(model.profile, "throwing_spears_as_spear") and carried.has("throwing spears")
    )
    return not own


def pike_penalty(model: Model) -> bool:
    """A pike carried with a shield or a missile weapon: -1 on the pike model's own Duel dice
    (none for a Phalanx model, which carries pike and shield without penalty)."""
    carried = kit_of(model.profile)
    if _counts_as(model.profile, "pike_with_shield"):
        return False
    return support_kind(model) == "pike" and (
        carried.shield is not None or any(not p.gear.melee for p in carried.missile_pieces)
    )


def can_shield(model: Model) -> bool:
    """Carries a shield (a light shield or a pavise too), on foot, and a weapon that leaves a hand
    for it (a model whose only weapon needs both hands must fight with it)."""
    carried = kit_of(model.profile)
    return model.mount is None and carried.shield is not None and not carried.two_hands_only


def lance_bonus(model: Model) -> bool:
    return model.mount is not None and any(p.gear.lance for p in kit_of(model.profile).melee)


def elven_weapon(model: Model) -> bool:
    return kit_of(model.profile).elven


def unarmed(model: Model) -> bool:
    """Unarmed (no melee weapon left), unless a rule says the model never is (Weapon Master)."""
    return kit_of(model.profile).unarmed and not _counts_as(model.profile, "never_unarmed")


def carries(model: Model, name: str) -> bool:
    """Whether `model` carries a piece of this kind ("banner", "war horn", "elven cloak" ...)."""
    return kit_of(model.profile).has(name)


def light_armour(model: Model) -> bool:
    return carries(model, "light armour")


def on_foot_wargear(profile: Profile) -> tuple[list[str], list[str]]:
    """A rider's wargear once it is on foot: a lance is discarded (a war spear is kept)."""

    def keep(names: list[str]) -> list[str]:
        return [n for n in names if not ((p := read_piece(n)) and p.gear.lance and p.gear.supports == "")]

    return keep(profile.wargear), keep(profile.bought)


def without(profile: Profile, item: str) -> Profile:
    """The profile once `item` is destroyed: a printed piece's armour or shield leaves its printed
    Defence, and a model that loses its last melee weapon is Unarmed."""
    wargear = [w for w in profile.wargear if w != item]
    bought = [w for w in profile.bought if w != item]
    lost_defence = _bonus(kit(tuple(profile.wargear)), False, profile) - _bonus(
        kit(tuple(wargear)), False, profile
    )
    if kit_of(profile).melee and not kit((*wargear, *bought)).melee:
        wargear.append("Unarmed")
    return replace(profile, wargear=wargear, bought=bought, defence=profile.defence - lost_defence)


def exchanged(profile: Profile, given_up: list[str]) -> Profile:
    """The profile as its army list fields it after an exchange gives up printed wargear ("Exchange
    shield for banner"): each piece is gone, its armour or shield leaves the printed Defence, and a
    missile weapon given up is no longer its missile. Raises RuleViolation (bad_setup) for a piece
    its printed profile does not carry."""
    for item in given_up:
        printed = next((w for w in profile.wargear if _lookup_key(w) == _lookup_key(item)), None)
        if printed is None:
            raise RuleViolation(
                "bad_setup",
                f"{profile.name} gives up {item} in an exchange, but its profile does not carry it.",
            )
        lost_missile = profile.missile is not None and _lookup_key(profile.missile.name) == _lookup_key(
            printed
        )
        profile = without(profile, printed)
        if lost_missile:
            profile = replace(profile, missile=None)
    return profile
