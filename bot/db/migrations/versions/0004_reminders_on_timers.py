"""reminders on durable timers: drop games.reminded_version

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 13:00:00

Reminders are timers now (one per decision, set in the decision's transaction). Running games
get theirs at start-up (GameService.ensure_reminders).
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("reminded_version")


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reminded_version", sa.Integer(), nullable=True))
