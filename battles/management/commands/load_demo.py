from collections.abc import Callable
from functools import partial
from typing import Any

from django.core.management.base import BaseCommand
from django.urls import reverse

from battles.lists.services import load_catalogue
from battles.models import Battle
from battles.play.create import create_battle, demo_setup
from battles.rulesets import web_rulesets


def demos() -> list[tuple[str, str, Callable[[], dict[str, Any]]]]:
    """Each ruleset's demo: what the links printed call it, the battle's name, and its setup."""
    return [(r.demo_label, r.demo_battle_name, partial(demo_setup, r.key)) for r in web_rulesets()]


class Command(BaseCommand):
    help = (
        "Load the catalogue and the demo battles, one of each ruleset (safe to run again: the "
        "catalogue's profiles are brought up to date, players' own are left as they are)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--base-url", default="", help="print the demo battles' seat links under this URL"
        )

    def handle(self, *args: object, **options: Any) -> None:
        added, changed = load_catalogue()
        for label, name, setup in demos():
            if not Battle.objects.filter(name=name).exists():
                create_battle(name, setup())
                self.stdout.write(f"{label} created.")
        self.stdout.write(f"Catalogue: {added} profiles added, {changed} brought up to date.")
        base = str(options["base_url"]).rstrip("/")
        for label, name, _ in demos():
            battle = Battle.objects.filter(name=name).first()
            if not base or battle is None:
                continue
            link = f"{base}{reverse('battle', args=[battle.public_id])}"
            seats = {seat.side: seat.token for seat in battle.seats.all()}
            self.stdout.write(f"{label}, Good player:  {link}?seat={seats['good']}")
            self.stdout.write(f"{label}, Evil player:  {link}?seat={seats['evil']}")
            self.stdout.write(f"{label}, spectators:   {link}")
