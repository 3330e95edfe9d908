"""events: the role given to an event's winner(s)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07 12:00:00

`events.winner_role_id`: the Discord role `/event new winner_role:` names (None: no role).
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("winner_role_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("winner_role_id")
