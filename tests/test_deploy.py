"""docs/deploy.md's environment passes Django's deployment checks, and the app refuses to run on
one that leaves TLS out."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def deploy_environment() -> dict[str, str]:
    """The variables of docs/deploy.md's `beacon.env` block, with a real key of this test's."""
    doc = (ROOT / "docs" / "deploy.md").read_text()
    block = re.search(r"```sh\n# beacon\.env[^\n]*\n(.*?)```", doc, re.S)
    assert block, "docs/deploy.md has no beacon.env block"
    pairs = dict(line.split("=", 1) for line in block.group(1).splitlines() if "=" in line)
    return {**pairs, "SECRET_KEY": secrets.token_urlsafe(50)}


def check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "PYTHONPATH")}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**base, **env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
    )


def test_check_deploy_passes_with_the_documented_environment() -> None:
    env = deploy_environment()
    assert {"HTTPS", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "TRUST_X_FORWARDED_PROTO"} <= set(env)
    result = check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_fails_without_tls_settings() -> None:
    env = deploy_environment()
    del env["HTTPS"]
    result = check_deploy(env)
    assert result.returncode != 0
    assert "SESSION_COOKIE_SECURE" in result.stderr + result.stdout


def test_check_deploy_fails_while_links_in_e_mails_would_lead_to_the_players_own_machine() -> None:
    env = deploy_environment()
    del env["BEACON_BASE_URL"]  # its local default, http://127.0.0.1:8000
    result = check_deploy(env)
    assert result.returncode != 0
    assert "beacon.W001" in result.stderr + result.stdout


def test_a_deployment_refuses_scripted_dice(tmp_path: Path) -> None:
    """Browser tests load a server's dice through BEACON_DICE_SCRIPT: outside local development the
    app does not start with it set, so no deployment can roll loaded dice."""
    env = {**deploy_environment(), "BEACON_DICE_SCRIPT": str(tmp_path)}
    result = check_deploy(env)
    assert result.returncode != 0
    assert "BEACON_DICE_SCRIPT" in result.stderr
    assert check_deploy({**env, "BEACON_DEV": "1"}).returncode == 0
