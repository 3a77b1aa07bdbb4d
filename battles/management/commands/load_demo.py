from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand
from django.urls import reverse

from battles.lists.services import load_catalogue
from battles.models import Battle
from battles.play.create import create_battle
from battles.play.mass_setups import demo_mass_setup
from battles.play.setups import demo_setup

DEMO_BATTLE = "Demo: Minas Tirith against Mordor"
DEMO_MASS_BATTLE = "Demo mass battle: Riders of Rohan against the Host of Mordor"
DEMOS: list[tuple[str, str, Callable[[], dict[str, Any]]]] = [
    ("Demo battle", DEMO_BATTLE, demo_setup),
    ("Demo mass battle", DEMO_MASS_BATTLE, demo_mass_setup),
]
"""Each demo: what the links printed call it, the battle's name, and its setup."""


class Command(BaseCommand):
    help = (
        "Load the example profiles and the demo battles, a skirmish and a mass battle "
        "(safe to run again; edited profiles are kept)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--base-url", default="", help="print the demo battles' seat links under this URL"
        )

    def handle(self, *args: object, **options: Any) -> None:
        added = load_catalogue()
        for label, name, setup in DEMOS:
            if not Battle.objects.filter(name=name).exists():
                create_battle(name, setup())
                self.stdout.write(f"{label} created.")
        self.stdout.write(f"Catalogue: {added} profiles added.")
        base = str(options["base_url"]).rstrip("/")
        for label, name, _ in DEMOS:
            battle = Battle.objects.filter(name=name).first()
            if not base or battle is None:
                continue
            link = f"{base}{reverse('battle', args=[battle.public_id])}"
            seats = {seat.side: seat.token for seat in battle.seats.all()}
            self.stdout.write(f"{label}, Good player:  {link}?seat={seats['good']}")
            self.stdout.write(f"{label}, Evil player:  {link}?seat={seats['evil']}")
            self.stdout.write(f"{label}, spectators:   {link}")
