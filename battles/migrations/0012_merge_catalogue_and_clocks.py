"""The army lists of the 2024 catalogue (issue 24) and the clocks and nudges (issue 30), made side by side, joined."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("battles", "0011_list_built_from_an_army_list"),
        ("battles", "0011_seat_nudges"),
    ]

    operations = []
