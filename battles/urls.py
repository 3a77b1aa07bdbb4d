from django.contrib.auth import views as auth_views
from django.urls import path

from . import army_views, table_views, views

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
    path("accounts/signup/", views.sign_up, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("armies/", army_views.army_lists, name="army_lists"),
    path("armies/new/", army_views.new_list, name="new_list"),
    path("armies/import/", army_views.import_list, name="import_list"),
    path("armies/shared/<str:token>/", army_views.shared_list, name="shared_list"),
    path("armies/<int:pk>/", army_views.army, name="army"),
    path("armies/<int:pk>/settings/", army_views.list_settings, name="list_settings"),
    path("armies/<int:pk>/warbands/", army_views.add_warband, name="add_warband"),
    path("armies/<int:pk>/warbands/<int:warband_id>/general/", army_views.make_general, name="make_general"),
    path(
        "armies/<int:pk>/warbands/<int:warband_id>/remove/", army_views.remove_warband, name="remove_warband"
    ),
    path("armies/<int:pk>/warbands/<int:warband_id>/options/", army_views.hero_options, name="hero_options"),
    path(
        "armies/<int:pk>/warbands/<int:warband_id>/followers/", army_views.add_follower, name="add_follower"
    ),
    path("armies/<int:pk>/followers/<int:follower_id>/", army_views.update_follower, name="update_follower"),
    path(
        "armies/<int:pk>/followers/<int:follower_id>/remove/",
        army_views.remove_follower,
        name="remove_follower",
    ),
    path("armies/<int:pk>/share/", army_views.share_list, name="share_list"),
    path("armies/<int:pk>/duplicate/", army_views.duplicate_list, name="duplicate_list"),
    path("armies/<int:pk>/delete/", army_views.delete_list, name="delete_list"),
    path("armies/<int:pk>/export/", army_views.export_list_file, name="export_list"),
    path("armies/<int:pk>/print/", army_views.print_list, name="print_list"),
    path("profiles/", army_views.profile_list, name="profiles"),
    path("profiles/new/", army_views.profile_edit, name="new_profile"),
    path("profiles/<int:pk>/", army_views.profile_detail, name="profile"),
    path("profiles/<int:pk>/edit/", army_views.profile_edit, name="edit_profile"),
    path("profiles/<int:pk>/delete/", army_views.profile_delete, name="delete_profile"),
]
