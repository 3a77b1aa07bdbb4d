from django.contrib import admin

from .lists.forms import ProfileForm
from .models import ArmyList, Battle, BattleEvent, Profile, Seat
from .rulesets import web_rulesets


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    """The catalogue (profiles without an owner) and players' own profiles, checked like on the site."""

    form = ProfileForm
    fields = ["owner", *ProfileForm.base_fields]
    list_display = ("name", "side", "tier", "points", "unique", "owner")
    list_filter = ("side", "tier", ("owner", admin.EmptyFieldListFilter))
    search_fields = ("name",)


@admin.register(ArmyList)
class ArmyListAdmin(admin.ModelAdmin[ArmyList]):
    list_display = ("name", "ruleset", "owner", "points_limit", "updated_at")
    list_filter = ("ruleset",)
    search_fields = ("name", "owner__username")
    inlines = [inline for ruleset in web_rulesets() for inline in ruleset.admin_inlines()]


for ruleset in web_rulesets():
    ruleset.register_admin(admin.site)


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin[Battle]):
    list_display = ("name", "public_id", "status", "version", "created_by", "updated_at")
    readonly_fields = ("state", "setup")


admin.site.register(Seat)
admin.site.register(BattleEvent)
