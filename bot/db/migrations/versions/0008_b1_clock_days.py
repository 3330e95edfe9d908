"""clock days: vacation days a clock spends in a row, and the seats a pause is for

Revision ID: 0008_b1
Revises: 0007
Create Date: 2026-12-06 23:30:00

`seat_clocks.days_spent` counts the vacation days a clock has spent in a row (reset by a move
or a new holder); `guild_settings.clock_days` is the server's limit (3 by default);
`games.paused_seats` lists the seats whose clocks ran out when the pause policy paused the game
(None: paused by a moderator).
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_b1"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seat_clocks", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("days_spent", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("clock_days", sa.Integer(), nullable=False, server_default="3")
        )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("paused_seats", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("paused_seats")
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("clock_days")
    with op.batch_alter_table("seat_clocks", schema=None) as batch_op:
        batch_op.drop_column("days_spent")
