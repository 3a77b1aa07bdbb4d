"""The boards a battle's creator may choose from (`docs/rules/terrain.md` §19.2): each drawn for a
48" by 48" table and stretched to another size, each turned half round the centre for its second
half so that both sides face the same ground, and each fair for every scenario (a test holds them
to it): no wall, building or rock face on the places scenarios put their markers (the centre, and
12" and 24" in from the edges)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..state import Board
from .shapes import blob, box, piece, scaled, strip, turned

SIZE = 48.0


@dataclass(frozen=True)
class LibraryBoard:
    key: str
    name: str
    about: str
    pieces: tuple[dict[str, Any], ...]

    def terrain(self, board: Board) -> list[dict[str, Any]]:
        """Its pieces on a board of that size."""
        sx, sy = board.width / SIZE, board.height / SIZE
        return [scaled(p, sx, sy) for p in self.pieces]


def _both(*pairs: tuple[dict[str, Any], str]) -> tuple[dict[str, Any], ...]:
    """Each piece of the northern half and its twin turned half round, named as given."""
    return tuple(p for north, south in pairs for p in (north, turned(north, SIZE, SIZE, south)))


FARMSTEAD = LibraryBoard(
    "farmstead",
    "Farmstead",
    "Two farms facing each other over walled fields, an orchard and a copse each, a stone circle and "
    "a ruined wall either side of the crossroads.",
    _both(
        (piece("building", "North farmhouse", box(17.5, 5.5, 7, 4.5)), "South farmhouse"),
        (piece("building", "North barn", box(30.5, 17.5, 5, 3.5, 8)), "South barn"),
        (piece("wood", "North orchard", blob(6.5, 6.5, 5.5, 5, 1)), "South orchard"),
        (
            piece("wall", "North field wall", strip([(2.5, 16), (8.5, 16), (8.5, 20.5)], 0.3)),
            "South field wall",
        ),
        (piece("fence", "North paddock fence", strip([(27, 9.3), (34, 9.3)], 0.2)), "South paddock fence"),
        (piece("hill", "North hill", blob(41, 6.5, 6.5, 5, 3), height=2.0), "South hill"),
        (piece("ruin", "North stone circle", blob(17.5, 17.5, 3.6, 3.6, 5)), "South stone circle"),
        (piece("wood", "North copse", blob(42, 17.5, 4.5, 4, 7)), "South copse"),
        (
            piece("wall", "West ruined wall", strip([(19, 21.5), (19, 26.5)], 0.3), height=0.8),
            "East ruined wall",
        ),
        (piece("rubble", "North ploughland", blob(29, 3.6, 5, 2.3, 2)), "South ploughland"),
    ),
)

OPEN_FIELD = LibraryBoard(
    "open_field",
    "Open field",
    "Rolling grassland for cavalry: low hedges and fences a horse strides over, two gentle hills, a "
    "few thickets and a single tor in each half.",
    _both(
        (piece("hill", "North downs", blob(10, 7.5, 8.5, 5.5, 2), height=1.5), "South downs"),
        (
            piece("hedge", "North hedgerow", strip([(16, 17.5), (21, 16.5), (21.5, 16.5)], 0.6), height=1.0),
            "South hedgerow",
        ),
        (piece("fence", "North rail fence", strip([(28, 7), (33, 7), (33, 3)], 0.2)), "South rail fence"),
        (piece("wood", "North thicket", blob(41, 17, 4.5, 4, 4)), "South thicket"),
        (piece("rocks", "North tor", blob(30, 17.5, 2.4, 2, 6), height=1.5), "South tor"),
        (piece("rubble", "North barrow field", blob(40, 5, 5, 3, 8)), "South barrow field"),
        (piece("hedge", "West hedge", strip([(3, 24), (8, 24)], 0.6), height=1.0), "East hedge"),
    ),
)

FOREST = LibraryBoard(
    "forest",
    "Forest edge",
    "The eaves of a great wood: thick stands of trees with narrow rides between them, a stream "
    "through a clearing at the centre, fallen trunks across the paths.",
    _both(
        (piece("wood", "North-west wood", blob(6, 7, 5, 5.5, 1)), "South-east wood"),
        (piece("wood", "North wood", blob(24, 4.5, 6, 3.2, 4)), "South wood"),
        (piece("wood", "North-east wood", blob(42, 8, 5, 6, 7)), "South-west wood"),
        (piece("wood", "West thicket", blob(5, 20, 3.5, 3, 9)), "East thicket"),
        (piece("wood", "North grove", blob(18, 17.5, 3, 2.5, 3)), "South grove"),
        (piece("wood", "North-east grove", blob(31, 17.5, 3, 2.5, 6)), "South-west grove"),
        (
            piece(
                "wall",
                "North fallen trunk",
                strip([(12.5, 13), (16.5, 14.5)], 0.6),
                height=0.7,
                climbable=True,
            ),
            "South fallen trunk",
        ),
        (
            piece("rocks", "North mossy boulder", blob(36, 15.5, 1.3, 1.1, 2), height=1.0),
            "South mossy boulder",
        ),
        (
            piece(
                "river", "West stream", strip([(0.5, 27.5), (6, 26.5), (12, 25.5), (18, 24.8), (24, 24)], 1.6)
            ),
            "East stream",
        ),
    ),
)

RUINS = LibraryBoard(
    "ruins",
    "Ruined city",
    "The broken streets of a fallen city: roofless halls, rubble heaps, standing walls to defend and "
    "a shattered tower either side of the old square.",
    _both(
        (piece("ruin", "North-west hall", box(6, 6.5, 9, 7.5)), "South-east hall"),
        (
            piece("wall", "North-west hall's wall", strip([(1.5, 11.4), (10.5, 11.4)], 0.4), height=1.2),
            "South-east hall's wall",
        ),
        (piece("building", "North tower", box(18.5, 5, 4.5, 4.5)), "South tower"),
        (piece("ruin", "North hall", box(31, 5.5, 8, 6, 5)), "South hall"),
        (piece("rubble", "North rubble", blob(41.5, 6, 5, 4.5, 3)), "South rubble"),
        (
            piece("wall", "North broken wall", strip([(16, 16.5), (21, 16.5)], 0.4), height=1.0),
            "South broken wall",
        ),
        (piece("ruin", "West ruin", box(5, 19.5, 6.5, 6)), "East ruin"),
        (piece("rubble", "North-east rubble", blob(30.5, 17.5, 4, 3, 6)), "South-west rubble"),
        (
            piece("wall", "North-east wall", strip([(40, 15), (44, 15), (44, 20)], 0.4), height=1.2),
            "South-west wall",
        ),
        (piece("rocks", "West fallen column", blob(18.5, 22, 1.6, 1.0, 1), height=1.0), "East fallen column"),
    ),
)

RIVER = LibraryBoard(
    "river_crossing",
    "River crossing",
    "A wide shallow river across the middle of the table, a deep pool beside each ford, reeds and "
    "willows on the banks, a hill and a ruin on each side to hold.",
    (
        piece(
            "river",
            "The river",
            strip([(0.5, 21), (8, 22.5), (16, 24.5), (24, 24), (32, 23.5), (40, 25.5), (47.5, 27)], 4.0),
        ),
        *_both(
            (piece("lake", "West pool", blob(5.5, 25, 2.5, 1.6, 2)), "East pool"),
            (piece("wood", "North willows", blob(30, 17, 4, 2.5, 5)), "South willows"),
            (piece("hill", "North bluff", blob(8, 8, 6, 5, 1), height=2.5), "South bluff"),
            (piece("ruin", "North toll house", box(30.5, 6.5, 6, 5, -6)), "South toll house"),
            (piece("rubble", "North reed bed", blob(17.5, 18.5, 3.5, 2, 7)), "South reed bed"),
            (piece("wood", "North-east copse", blob(42, 12.5, 4, 4.5, 3)), "South-west copse"),
            (piece("fence", "North fence", strip([(18, 4), (23, 4)], 0.2)), "South fence"),
        ),
    ),
)

HILLS = LibraryBoard(
    "hills",
    "Hills and tors",
    "High ground everywhere: broad hills to shoot from, rock tors to climb, scree between them, and "
    "a long ridge either side of the centre.",
    _both(
        (piece("hill", "North-west hill", blob(7, 7.5, 6, 5.5, 1), height=3.0), "South-east hill"),
        (piece("rocks", "North tor", blob(18, 5, 2.5, 2.2, 4), height=2.5), "South tor"),
        (piece("hill", "North-east hill", blob(38, 6, 6.5, 4.5, 6), height=2.0), "South-west hill"),
        (piece("rubble", "North scree", blob(30, 13.5, 3, 2, 2)), "South scree"),
        (piece("hill", "West ridge", blob(17, 22, 3.5, 6, 8, 20), height=1.5), "East ridge"),
        (piece("rocks", "North-east crag", blob(42.5, 17.5, 2.2, 2.5, 3), height=3.0), "South-west crag"),
        (piece("wood", "North pines", blob(4.5, 18.5, 3, 3, 5)), "South pines"),
    ),
)

VILLAGE = LibraryBoard(
    "village",
    "Village",
    "A village on a road: houses with walled gardens and hedged yards, a smithy, an inn by the green "
    "and a stone bridge's ruin, fought through street by street.",
    _both(
        (piece("building", "North inn", box(19, 5.5, 7, 5)), "South inn"),
        (piece("building", "North-west cottage", box(5.5, 4.5, 5, 4, -5)), "South-east cottage"),
        (
            piece("wall", "North-west garden wall", strip([(2.5, 8.5), (2.5, 13), (9, 13)], 0.3)),
            "South-east garden wall",
        ),
        (piece("building", "North smithy", box(30, 6.5, 5, 4.5, 4)), "South smithy"),
        (piece("hedge", "North yard hedge", strip([(27, 11), (33, 11)], 0.6)), "South yard hedge"),
        (piece("building", "North-east house", box(41.5, 5, 6, 4.5)), "South-east house"),
        (
            piece("fence", "North-east fence", strip([(38.5, 9), (45.5, 9), (45.5, 16)], 0.2)),
            "South-west fence",
        ),
        (piece("wood", "North green's oak", blob(17.5, 17.5, 3, 3, 4)), "South green's oak"),
        (piece("ruin", "West byre", box(5, 20, 6, 5)), "East byre"),
        (piece("rubble", "North kitchen garden", blob(30.5, 17.5, 3.5, 2.5, 6)), "South kitchen garden"),
        (piece("hedge", "North-east hedge", strip([(40, 19), (45, 19)], 0.6)), "South-west hedge"),
        (piece("wood", "North orchard", blob(24, 18, 2.6, 2.2, 2)), "South orchard"),
        (piece("rubble", "North lane's ruts", blob(11.5, 2.8, 3.5, 1.5, 5)), "South lane's ruts"),
    ),
)

PASS = LibraryBoard(
    "rocky_pass",
    "Rocky pass",
    "A pass through the foothills: sheer crags no model can scale, boulders to climb, scree slopes "
    "and three ways through, none of them wide.",
    _both(
        (
            piece(
                "rocks",
                "North crag",
                blob(18, 5.5, 4.5, 3.5, 2),
                height=4.0,
                impassable=True,
                climbable=False,
            ),
            "South crag",
        ),
        (piece("rocks", "North-west boulders", blob(5, 5, 3, 2.5, 4), height=2.0), "South-east boulders"),
        (
            piece(
                "rocks",
                "North-east crag",
                blob(42.5, 17.5, 3.5, 4.5, 7),
                height=4.0,
                impassable=True,
                climbable=False,
            ),
            "South-west crag",
        ),
        (piece("rubble", "North scree", blob(30, 5, 5, 3, 1)), "South scree"),
        (piece("rocks", "West outcrop", blob(5.5, 19, 3, 3, 6), height=1.2), "East outcrop"),
        (piece("rubble", "North-west scree", blob(17, 17, 3, 2.2, 3)), "South-east scree"),
        (
            piece("rocks", "North standing stone", blob(30, 17.5, 1.2, 1.2, 9), height=3.0),
            "South standing stone",
        ),
        (piece("hill", "North shoulder", blob(41, 6, 4, 3.5, 5), height=1.5), "South shoulder"),
    ),
)

LIBRARY: dict[str, LibraryBoard] = {
    b.key: b for b in (FARMSTEAD, OPEN_FIELD, FOREST, RUINS, RIVER, HILLS, VILLAGE, PASS)
}
DEFAULT = FARMSTEAD.key
