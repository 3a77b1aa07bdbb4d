from django.contrib import admin
from django.urls import include, path

from battles.throttle import throttled_sign_in

urlpatterns = [
    path("admin/login/", throttled_sign_in(admin.site.login)),  # before the admin's own: the same throttle
    path("admin/", admin.site.urls),
    path("", include("battles.urls")),
]
