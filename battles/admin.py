from django.contrib import admin

from .lists.forms import ProfileForm
from .models import ArmyList, Battle, BattleEvent, Follower, ListHero, Profile, Seat, StandLine, Warband


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    """The catalogue (profiles without an owner) and players' own profiles, checked like on the site."""

    form = ProfileForm
    fields = ["owner", *ProfileForm.base_fields]
    list_display = ("name", "side", "tier", "points", "unique", "owner")
    list_filter = ("side", "tier", ("owner", admin.EmptyFieldListFilter))
    search_fields = ("name",)


class WarbandInline(admin.TabularInline[Warband, ArmyList]):
    model = Warband
    extra = 0
    show_change_link = True


class StandLineInline(admin.TabularInline[StandLine, ArmyList]):
    model = StandLine
    extra = 0


class ListHeroInline(admin.TabularInline[ListHero, ArmyList]):
    model = ListHero
    extra = 0


@admin.register(ArmyList)
class ArmyListAdmin(admin.ModelAdmin[ArmyList]):
    list_display = ("name", "ruleset", "owner", "points_limit", "updated_at")
    list_filter = ("ruleset",)
    search_fields = ("name", "owner__username")
    inlines = [WarbandInline, StandLineInline, ListHeroInline]


class FollowerInline(admin.TabularInline[Follower, Warband]):
    model = Follower
    extra = 0


@admin.register(Warband)
class WarbandAdmin(admin.ModelAdmin[Warband]):
    list_display = ("__str__", "army_list", "is_general")
    inlines = [FollowerInline]


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin[Battle]):
    list_display = ("name", "public_id", "status", "version", "created_by", "updated_at")
    readonly_fields = ("state", "setup")


admin.site.register(Seat)
admin.site.register(BattleEvent)
