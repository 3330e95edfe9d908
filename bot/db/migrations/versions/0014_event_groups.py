"""events.groups: the groups of a round-robin-in-groups event

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 13:00:00

A `groups` event splits its entrants into groups balanced by rating when it starts; the groups
(lists of user ids, each strongest first) are kept here, and each round's seating is worked out
again from them and the event's seed. Null for a Swiss event, and before the start.
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("groups", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("groups")
