from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import accounts

urlpatterns = [
    path("", include("battles.play.urls")),
    path("", include("battles.lists.urls")),
    path("accounts/signup/", accounts.sign_up, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
