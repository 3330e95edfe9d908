"""Persistence: SQLAlchemy 2.0 async models, engine set-up and Alembic migrations."""
