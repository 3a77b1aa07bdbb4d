from django.core.management.base import BaseCommand

from battles.catalogue import catalogue
from battles.demo import demo_setup
from battles.models import Battle, Profile
from battles.profiles import clean_profile
from battles.services import create_battle

DEMO_BATTLE = "Demo: Minas Tirith against Mordor"


class Command(BaseCommand):
    help = "Load the example profiles and a demo battle (safe to run again; edited profiles are kept)."

    def handle(self, *args: object, **options: object) -> None:
        added = 0
        for data in catalogue():
            if Profile.objects.filter(name=data["name"], owner=None).exists():
                continue
            profile = Profile(owner=None)
            profile.set_data(clean_profile(data))
            profile.save()
            added += 1
        if not Battle.objects.filter(name=DEMO_BATTLE).exists():
            create_battle(DEMO_BATTLE, demo_setup())
            self.stdout.write("Demo battle created.")
        self.stdout.write(f"Catalogue: {added} profiles added.")
