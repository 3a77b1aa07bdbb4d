from django.core.management.base import BaseCommand

from battles.catalogue import catalogue
from battles.demo import demo_setup
from battles.models import Battle, Profile
from battles.services import create_battle

DEMO_BATTLE = "Demo: Minas Tirith against Mordor"


class Command(BaseCommand):
    help = "Load the example profiles and a demo battle (safe to run again)."

    def handle(self, *args: object, **options: object) -> None:
        added = 0
        for entry in catalogue():
            data = dict(entry["profile"])
            name = data.pop("name")
            if Profile.objects.filter(name=name, owner=None).exists():
                continue
            data["tier"] = data.get("tier") or ""
            data["base_mm"] = int(data.get("base_mm", 25))
            Profile.objects.create(name=name, owner=None, points=entry["points"], **data)
            added += 1
        if not Battle.objects.filter(name=DEMO_BATTLE).exists():
            create_battle(DEMO_BATTLE, demo_setup())
            self.stdout.write("Demo battle created.")
        self.stdout.write(f"Catalogue: {added} profiles added.")
