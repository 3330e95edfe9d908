"""The deployment files (Dockerfile, .dockerignore, compose.yaml, deploy/*.service,
docs/deploy.md) agree with the bot: every variable they set is a real setting, the database URL
points at the database service, the units start `python -m bot` and do not restart a bot that
reported a start-up problem. No network and no Docker needed; with Docker Compose on PATH,
compose.yaml is also checked by `docker compose config`."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from sqlalchemy.engine import make_url

from bot.config import Settings
from bot.startup import EXIT_CODE

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "compose.yaml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
TEMPLATE_UNIT = ROOT / "deploy" / "boardroom@.service"
SINGLE_UNIT = ROOT / "deploy" / "boardroom.service"
DOCS = ROOT / "docs" / "deploy.md"
ENV_EXAMPLE = ROOT / ".env.example"

#: Every key the bot reads, as written in the environment.
SETTINGS = {name.upper() for name in Settings.model_fields}
VENV_PYTHON = "/opt/boardroom/.venv/bin/python"


def _is_db_var(name: str) -> bool:
    return name.startswith("POSTGRES_")


# ---------------------------------------------------------------- compose.yaml


def _compose(text: str | None = None) -> dict:
    return yaml.safe_load(COMPOSE.read_text() if text is None else text)


def _interpolate(value: str) -> str:
    """Compose's ${VAR:-default} / ${VAR-default} / ${VAR}, with the defaults (no environment)."""
    return re.sub(
        r"(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}",
        lambda m: m.group(2) or "",
        value,
    ).replace("$$", "$")


def _environment(service: dict) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
    return {str(k): "" if v is None else str(v) for k, v in env.items()}


def _bot_services(compose: dict) -> dict[str, dict]:
    """The services run from the bot's image (built from this repository)."""
    return {name: s for name, s in compose["services"].items() if "build" in s}


def _db_service(compose: dict) -> str:
    (name,) = [
        n for n, s in compose["services"].items() if str(s.get("image", "")).startswith("postgres:")
    ]
    return name


def _with_examples(text: str) -> str:
    """compose.yaml with its commented-out extra bot services (`# bot-1:` ...) uncommented."""
    lines, out, inside = text.splitlines(), [], False
    for line in lines:
        if re.match(r"^  # bot-\d+:\s*$", line):
            inside = True
            out.append("  " + line[4:])
        elif inside and line.startswith("  #   "):
            out.append("    " + line[6:])
        else:
            inside = False
            out.append(line)
    return "\n".join(out) + "\n"


def test_compose_has_the_services():
    services = _compose()["services"]
    assert {"postgres", "bot", "migrate"} <= set(services)
    assert _db_service(_compose()) == "postgres"
    assert str(services["postgres"]["image"]).split(":")[1].split(".")[0] == "16"


def test_the_bot_waits_for_a_healthy_database_and_the_migration():
    compose = _compose()
    bot = compose["services"]["bot"]
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert bot["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert bot["restart"] == "unless-stopped"
    assert bot.get("command") in (None, ["python", "-m", "bot"])
    migrate = compose["services"]["migrate"]
    assert migrate["command"] == ["python", "-m", "bot.admin", "migrate"]
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    # A one-shot: restarted after it succeeds, it would never count as completed.
    assert migrate.get("restart", "no") == "no"


def test_the_postgres_service_is_healthchecked_and_keeps_its_data():
    compose = _compose()
    pg = compose["services"]["postgres"]
    test = pg["healthcheck"]["test"]
    assert "pg_isready" in (test if isinstance(test, str) else " ".join(test))
    named = set(compose.get("volumes") or {})
    mounts = [str(v).split(":") for v in pg["volumes"]]
    assert any(src in named and dst == "/var/lib/postgresql/data" for src, dst, *_ in mounts)
    env = _environment(pg)
    assert {"POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"} <= set(env)
    for value in env.values():
        assert re.search(r"\$\{POSTGRES_\w+:-[^}]+\}", value), f"{value}: from .env, a default"


def test_every_bot_container_uses_the_postgres_service():
    compose = _compose(_with_examples(COMPOSE.read_text()))
    db = _db_service(compose)
    pg = {k: _interpolate(v) for k, v in _environment(compose["services"][db]).items()}
    bots = _bot_services(compose)
    assert {"bot", "migrate", "bot-1"} <= set(bots)
    for name, service in bots.items():
        raw = _environment(service).get("DATABASE_URL")
        assert raw, f"{name} sets no DATABASE_URL (.env's SQLite default would win)"
        url = make_url(_interpolate(raw))
        assert url.drivername == "postgresql+asyncpg", name
        assert url.host == db, name
        assert url.port in (None, 5432), name
        assert url.username == pg["POSTGRES_USER"], name
        assert url.password == pg["POSTGRES_PASSWORD"], name
        assert url.database == pg["POSTGRES_DB"], name
        Settings(_env_file=None, database_url=url.render_as_string(hide_password=False))


def test_compose_sets_only_real_settings():
    text = COMPOSE.read_text()
    compose = _compose(_with_examples(text))
    for name, service in compose["services"].items():
        env = set(_environment(service))
        if name in _bot_services(compose):
            assert env <= SETTINGS, f"{name}: {env - SETTINGS} are not settings"
        else:
            assert all(_is_db_var(k) for k in env), f"{name}: {env}"
    interpolated = set(re.findall(r"(?<!\$)\$\{([A-Za-z_]\w*)", text))
    assert all(k in SETTINGS or _is_db_var(k) for k in interpolated), interpolated
    # The healthcheck reads the bot's own setting.
    health = " ".join(compose["services"]["bot"]["healthcheck"]["test"])
    read = set(re.findall(r"environ(?:\.get\(|\[)'(\w+)'", health))
    assert read and read <= SETTINGS
    assert "/healthz" in health


def test_compose_reads_env_optionally_and_publishes_the_web_port_on_loopback_only():
    """The bot only dials out, except for the web table's port (WEB_PORT), which the `bot`
    service publishes on the host's loopback for a reverse proxy (docs/deploy.md)."""
    compose = _compose()
    for name, service in _bot_services(compose).items():
        env_files = service["env_file"]
        assert {"path": ".env", "required": False} in env_files, name
    for name, service in compose["services"].items():
        if name != "bot":
            assert "ports" not in service, f"{name} publishes a port; only bot serves the web"
    assert compose["services"]["bot"]["ports"] == ["127.0.0.1:${WEB_PORT:-8080}:${WEB_PORT:-8080}"]
    assert _environment(compose["services"]["bot"])["WEB_HOST"] == "0.0.0.0"


def test_the_commented_extra_process_is_one_shard_more():
    text = COMPOSE.read_text()
    assert "# bot-1:" in text
    compose = _compose(_with_examples(text))
    bot, extra = compose["services"]["bot"], compose["services"]["bot-1"]
    assert _environment(extra)["SHARD_IDS"] == "1"
    for key in ("depends_on", "restart", "build", "env_file", "healthcheck"):
        assert extra[key] == bot[key], key
    # With SHARD_COUNT=2 in .env (docs/deploy.md), bot serves 0 and bot-1 serves 1.
    assert Settings(_env_file=None, shard_count=2, shard_ids="1").shard_id_list() == [1]
    assert "SHARD_COUNT=2" in text and "SHARD_IDS=0" in text


def test_the_stop_grace_matches_the_units():
    bot = _compose()["services"]["bot"]
    grace = bot["stop_grace_period"]
    assert grace.endswith("s")
    for path in (TEMPLATE_UNIT, SINGLE_UNIT):
        assert _unit(path)["Service"]["TimeoutStopSec"] == [grace.removesuffix("s")]


def _compose_command() -> list[str] | None:
    """`docker compose` (the plugin) or a standalone Compose v2 `docker-compose`; None: neither."""
    candidates = []
    if shutil.which("docker"):
        candidates.append(["docker", "compose"])
    if shutil.which("docker-compose"):
        candidates.append(["docker-compose"])
    for cmd in candidates:
        try:
            done = subprocess.run(
                [*cmd, "version", "--short"], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0 and re.match(r"v?([2-9]|\d\d)\.", done.stdout.strip()):
            return cmd
    return None


def test_docker_compose_accepts_the_file(tmp_path):
    cmd = _compose_command()
    if cmd is None:
        pytest.skip("no Docker Compose v2 on PATH")
    base = [*cmd, "--project-directory", str(ROOT)]
    done = subprocess.run(
        [*base, "-f", str(COMPOSE), "config", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    examples = tmp_path / "compose.yaml"
    examples.write_text(_with_examples(COMPOSE.read_text()))
    done = subprocess.run(
        [*base, "-f", str(examples), "config", "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    resolved = json.loads(done.stdout)["services"]
    assert resolved["bot-1"]["environment"]["SHARD_IDS"] == "1"
    assert make_url(resolved["bot"]["environment"]["DATABASE_URL"]).host == "postgres"


# ---------------------------------------------------------------- Dockerfile, .dockerignore


def _instructions() -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def _min_python() -> tuple[int, int]:
    spec = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    major, minor = re.match(r">=\s*(\d+)\.(\d+)", spec).groups()
    return int(major), int(minor)


def test_the_dockerfile_runs_the_bot_on_a_supported_python():
    steps = _instructions()
    froms = [rest for word, rest in steps if word == "FROM"]
    assert len(froms) >= 1
    image = froms[-1].split()[0]
    match = re.fullmatch(r"python:(\d+)\.(\d+)(?:\.\d+)?(?:-slim.*)?", image)
    assert match, image
    version = (int(match[1]), int(match[2]))
    assert version >= (3, 11) and version >= _min_python()
    (cmd,) = [rest for word, rest in steps if word == "CMD"]
    assert json.loads(cmd) == ["python", "-m", "bot"]
    runs = " ".join(rest for word, rest in steps if word == "RUN")
    assert re.search(r"\bpip install \.(\s|$)", runs)
    users = [rest for word, rest in steps if word == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert [rest for word, rest in steps if word == "WORKDIR"][-1] == "/app"
    for word, rest in steps:
        if word == "ENV":
            keys = re.findall(r"(?:^|\s)([A-Z_][A-Z0-9_]*)=", rest)
            for key in keys:
                assert key.startswith(("PYTHON", "PIP_")) or key in SETTINGS, key


def _ignored(name: str, patterns: list[str]) -> bool:
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.removeprefix("!").removeprefix("**/").rstrip("/")
        if fnmatch.fnmatch(name, pattern):
            ignored = not negate
    return ignored


def test_the_image_gets_the_packages_and_nothing_secret():
    patterns = [
        line.strip()
        for line in DOCKERIGNORE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for name in (".env", ".venv", ".git", "tests", "boardroom.db", "bench-results", "__pycache__"):
        assert _ignored(name, patterns), f"{name} would go into the image"
    copied = set()
    for word, rest in _instructions():
        if word == "COPY" and "--from" not in rest:
            *sources, _dest = rest.split()
            copied |= {s.rstrip("/") for s in sources}
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {
        p.rstrip("*") for p in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    }
    needed = packages | {"pyproject.toml", pyproject["project"]["readme"]}
    assert needed <= copied, f"the image lacks {needed - copied}"
    for source in copied:
        assert (ROOT / source).exists(), source
        assert not _ignored(source, patterns), f"{source} is copied but .dockerignore drops it"


# ---------------------------------------------------------------- systemd units


def _unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """A unit file as {section: {key: [values, in order]}} (keys may repeat in systemd)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    text = re.sub(r"\\\n", " ", path.read_text())
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            assert line.endswith("]"), line
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"{path.name}: {line} outside a section"
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: {line}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def _one(unit: dict, section: str, key: str) -> str:
    values = unit[section].get(key)
    assert values and len(values) == 1, f"[{section}] {key}: {values}"
    return values[0]


def _exec_env(command: str) -> tuple[dict[str, str], list[str]]:
    """`/usr/bin/env K=V ... program args` -> ({K: V}, [program, args])."""
    words = shlex.split(command.lstrip("-@:+!"))
    env = {}
    if Path(words[0]).name == "env":
        words = words[1:]
        while words and "=" in words[0]:
            key, _, value = words.pop(0).partition("=")
            env[key] = value
    return env, words


def _unit_env(unit: dict) -> dict[str, str]:
    env = {}
    for value in unit["Service"].get("Environment", []):
        for word in shlex.split(value):
            key, _, val = word.partition("=")
            env[key] = val
    return env


@pytest.mark.parametrize("path", [TEMPLATE_UNIT, SINGLE_UNIT], ids=lambda p: p.name)
def test_the_units_run_the_bot_and_stop_it_gently(path):
    unit = _unit(path)
    assert {"Unit", "Service", "Install"} <= set(unit)
    env, argv = _exec_env(_one(unit, "Service", "ExecStart"))
    assert argv == [VENV_PYTHON, "-m", "bot"]
    assert set(env) <= SETTINGS
    assert set(_unit_env(unit)) <= SETTINGS
    assert _one(unit, "Service", "Restart") == "on-failure"
    assert _one(unit, "Service", "RestartPreventExitStatus") == str(EXIT_CODE)
    assert _one(unit, "Service", "KillSignal") == "SIGTERM"
    assert _one(unit, "Service", "User") == "boardroom"
    assert _one(unit, "Service", "NoNewPrivileges") == "yes"
    assert _one(unit, "Service", "ProtectSystem") == "strict"
    assert _one(unit, "Service", "PrivateTmp") == "yes"
    assert "/etc/boardroom/boardroom.env" in unit["Service"]["EnvironmentFile"]
    assert _one(unit, "Install", "WantedBy") == "multi-user.target"


def test_the_template_serves_the_shards_of_its_instance_name():
    unit = _unit(TEMPLATE_UNIT)
    shard_ids = _unit_env(unit)["SHARD_IDS"]
    assert shard_ids in ("%i", "%I")
    # The command line sets it too: an EnvironmentFile= line would override Environment=.
    env, _ = _exec_env(_one(unit, "Service", "ExecStart"))
    assert env.get("SHARD_IDS") == shard_ids
    pre = _one(unit, "Service", "ExecStartPre")
    assert re.search(rf"{re.escape(VENV_PYTHON)} -m bot\.admin migrate$", pre)


def test_the_sqlite_unit_may_write_its_database_folder():
    unit = _unit(SINGLE_UNIT)
    env = _unit_env(unit)
    assert "SHARD_IDS" not in env  # one process serves every shard
    url = env.get("DATABASE_URL", Settings.model_fields["database_url"].default)
    parsed = make_url(url)
    assert parsed.get_backend_name() == "sqlite"
    folder = Path(_one(unit, "Service", "WorkingDirectory")) / Path(parsed.database).parent
    writable = set(unit["Service"].get("ReadWritePaths", []))
    writable |= {f"/var/lib/{d}" for d in unit["Service"].get("StateDirectory", [])}
    assert str(folder.resolve()) in writable or str(folder) in writable


def test_the_migrate_commands_run(tmp_path):
    """compose's `migrate` command and the template's ExecStartPre, run for real on a SQLite
    file: the first creates the schema, the second finds nothing to do."""
    compose_argv = _compose()["services"]["migrate"]["command"]
    pre = shlex.split(_one(_unit(TEMPLATE_UNIT), "Service", "ExecStartPre"))
    unit_argv = pre[pre.index(VENV_PYTHON) :]
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env["DATABASE_URL"] = f"sqlite+inline:///{tmp_path / 'boardroom.db'}"
    env["PYTHONPATH"] = str(ROOT)
    for argv in (compose_argv, unit_argv):
        assert Path(argv[0]).name == "python"
        done = subprocess.run(
            [sys.executable, *argv[1:]],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "boardroom.db").exists()


# ---------------------------------------------------------------- .env.example and the docs


def _example_keys() -> list[str]:
    return re.findall(r"^([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), re.MULTILINE)


def test_env_example_lists_exactly_the_settings():
    keys = _example_keys()
    assert set(keys) <= SETTINGS, set(keys) - SETTINGS
    assert set(keys) >= SETTINGS, f".env.example misses {SETTINGS - set(keys)}"


def test_the_docs_explain_sharding_and_name_real_settings():
    text = DOCS.read_text()
    for word in (
        "SHARD_COUNT",
        "SHARD_IDS",
        "METRICS_PORT",
        "docker compose up -d",
        "docker compose build",
        "systemctl enable --now boardroom@0 boardroom@1",
        "pg_dump",
    ):
        assert word in text, word
    assigned = set(re.findall(r"\b([A-Z][A-Z0-9_]{2,})=", text))
    assert all(k in SETTINGS or _is_db_var(k) for k in assigned), assigned
    for path in re.findall(r"`deploy/([^`\s]+)`", text):
        assert (ROOT / "deploy" / path).exists(), path
