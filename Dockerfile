# Boardroom: the Discord bot in a container. Build with `docker compose build` (see compose.yaml
# and docs/deploy.md) or `docker build -t boardroom .`.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Install the package from a copy of the sources, then drop the copy: what runs is the installed
# package (every dependency has a wheel for this image, so no compiler is needed), at the
# tested versions in requirements.lock.
WORKDIR /src
COPY pyproject.toml README.md requirements.lock ./
COPY engine/ engine/
COPY render/ render/
COPY bot/ bot/
RUN pip install . --constraint requirements.lock \
    && rm -rf /src

# A user without privileges, and /app (the working directory) as the only place it may write:
# the default DATABASE_URL, sqlite+aiosqlite:///boardroom.db, is a file here (mount a volume on
# /app to keep it). compose.yaml runs the bot on PostgreSQL instead.
RUN useradd --system --user-group --uid 10001 --home-dir /app --no-create-home boardroom \
    && mkdir -p /app \
    && chown boardroom:boardroom /app
WORKDIR /app
USER boardroom

# The bot reads its settings from the environment (or /app/.env). It migrates the database at
# start-up and, on SIGTERM, finishes the deliveries under way before it exits.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
