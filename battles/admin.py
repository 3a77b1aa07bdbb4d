from django.contrib import admin

from .models import Battle, BattleEvent, Profile, Seat


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("name", "tier", "points", "owner")
    search_fields = ("name",)


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ("name", "public_id", "status", "version", "updated_at")
    readonly_fields = ("state", "setup")


admin.site.register(Seat)
admin.site.register(BattleEvent)
