from django.apps import AppConfig


class BattlesConfig(AppConfig):
    name = "battles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import deploy_checks  # noqa: F401  registers the checks of `manage.py check --deploy`
