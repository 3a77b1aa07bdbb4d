from typing import Any

from django.core.management.base import BaseCommand

from battles.play.nudges import send_due_nudges


class Command(BaseCommand):
    help = (
        "Send the e-mail nudges that are due (battles/play/nudges.py), once: for a deployment whose "
        "server processes do not sweep themselves (NUDGE_EVERY_SECONDS=0), run it every minute. "
        "It needs the servers' presence in Redis (REDIS_URL) to know who has a socket open."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        sent = send_due_nudges()
        self.stdout.write(f"{sent} nudge{'' if sent == 1 else 's'} sent.")
