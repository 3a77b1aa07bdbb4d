from django.urls import path

from . import views

urlpatterns = [
    path("boards/", views.library, name="board_library"),
    path("boards/new/", views.editor, name="board_new"),
    path("boards/save/", views.save, name="board_save"),
    path("boards/<int:pk>/", views.editor, name="board_edit"),
    path("boards/<int:pk>/delete/", views.delete, name="board_delete"),
]
