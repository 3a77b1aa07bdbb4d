from django.urls import path

from battles.rulesets import web_rulesets

from . import views

urlpatterns = [
    path("armies/", views.army_lists, name="army_lists"),
    path("armies/new/", views.new_list, name="new_list"),
    path("armies/import/", views.import_list, name="import_list"),
    path("armies/shared/<str:token>/", views.shared_list, name="shared_list"),
    path("armies/<int:pk>/", views.army, name="army"),
    path("armies/<int:pk>/settings/", views.list_settings, name="list_settings"),
    path("armies/<int:pk>/share/", views.share_list, name="share_list"),
    path("armies/<int:pk>/duplicate/", views.duplicate_list, name="duplicate_list"),
    path("armies/<int:pk>/delete/", views.delete_list, name="delete_list"),
    path("armies/<int:pk>/export/", views.export_list_file, name="export_list"),
    path("armies/<int:pk>/print/", views.print_list, name="print_list"),
    path("profiles/", views.profile_list, name="profiles"),
    path("profiles/new/", views.profile_edit, name="new_profile"),
    path("profiles/import/", views.import_profiles, name="import_profiles"),
    path("profiles/<int:pk>/", views.profile_detail, name="profile"),
    path("profiles/<int:pk>/edit/", views.profile_edit, name="edit_profile"),
    path("profiles/<int:pk>/delete/", views.profile_delete, name="delete_profile"),
    *(pattern for ruleset in web_rulesets() for pattern in ruleset.urls()),
]
