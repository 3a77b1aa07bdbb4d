from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("battles/new/", views.new_battle, name="new_battle"),
    path("battles/<str:public_id>/", views.battle_page, name="battle"),
    path("battles/<str:public_id>/links/", views.battle_links, name="battle_links"),
]
