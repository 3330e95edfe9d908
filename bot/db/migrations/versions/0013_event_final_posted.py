"""events.final_posted: the final standings are in the event's channel

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 12:00:00

A finished event whose final standings a crash kept from being posted is found at start-up and
posted then (once: the channel is looked at first).
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("final_posted", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("final_posted")
