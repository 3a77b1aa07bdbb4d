from typing import Any

from django.core.management.base import BaseCommand
from django.urls import reverse

from battles.lists.services import load_catalogue
from battles.models import Battle
from battles.play.create import create_battle
from battles.play.setups import demo_setup

DEMO_BATTLE = "Demo: Minas Tirith against Mordor"


class Command(BaseCommand):
    help = "Load the example profiles and a demo battle (safe to run again; edited profiles are kept)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--base-url", default="", help="print the demo battle's seat links under this URL"
        )

    def handle(self, *args: object, **options: Any) -> None:
        added = load_catalogue()
        if not Battle.objects.filter(name=DEMO_BATTLE).exists():
            create_battle(DEMO_BATTLE, demo_setup())
            self.stdout.write("Demo battle created.")
        self.stdout.write(f"Catalogue: {added} profiles added.")
        base = str(options["base_url"]).rstrip("/")
        battle = Battle.objects.filter(name=DEMO_BATTLE).first()
        if base and battle is not None:
            link = f"{base}{reverse('battle', args=[battle.public_id])}"
            seats = {seat.side: seat.token for seat in battle.seats.all()}
            self.stdout.write(f"Demo battle, Good player:  {link}?seat={seats['good']}")
            self.stdout.write(f"Demo battle, Evil player:  {link}?seat={seats['evil']}")
            self.stdout.write(f"Demo battle, spectators:   {link}")
