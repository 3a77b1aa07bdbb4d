from django.urls import path

from . import nudge_views, table_views, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("battles/new/", views.new_battle, name="new_battle"),
    path("battles/live/", views.live_battles, name="live_battles"),
    path("battles/<str:public_id>/", views.battle_page, name="battle"),
    path("battles/<str:public_id>/replay/", views.battle_replay, name="battle_replay"),
    path("battles/<str:public_id>/record.json", views.battle_record_file, name="battle_record"),
    path("battles/<str:public_id>/links/", views.battle_links, name="battle_links"),
    path("battles/<str:public_id>/models/<str:model_id>/", table_views.model_card, name="model_card"),
    path("battles/<str:public_id>/measure/", table_views.measure_view, name="measure"),
    path("battles/<str:public_id>/preview/", table_views.move_preview, name="move_preview"),
    path("battles/<str:public_id>/coach/", table_views.coach_view, name="coach"),
    path("battles/<str:public_id>/nudges/", nudge_views.seat_nudges, name="seat_nudges"),
    path("battles/<str:public_id>/push/", nudge_views.seat_push, name="seat_push"),
    path("nudges/unsubscribe/<str:token>/", nudge_views.unsubscribe_nudges, name="unsubscribe_nudges"),
]
