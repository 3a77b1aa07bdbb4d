from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import accounts, health
from .throttle import SIGN_UP, throttled_password_resets, throttled_posts, throttled_sign_in

urlpatterns = [
    path("", include("battles.play.urls")),
    path("", include("battles.lists.urls")),
    path("", include("battles.boards.urls")),
    path("health/", health.health, name="health"),
    path("health/address/", health.seen_address, name="seen_address"),
    path("accounts/signup/", throttled_posts("sign-up", SIGN_UP)(accounts.sign_up), name="signup"),
    path("accounts/login/", throttled_sign_in(auth_views.LoginView.as_view()), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/delete/", accounts.delete_account, name="delete_account"),
    path("accounts/confirm-email/send/", accounts.send_confirmation, name="send_confirmation"),
    path("accounts/confirm-email/<str:token>/", accounts.confirm_email, name="confirm_email"),
    path(
        "accounts/password-reset/",
        throttled_password_resets(accounts.PasswordReset.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        accounts.PasswordResetSent.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
