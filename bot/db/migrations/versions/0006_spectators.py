"""spectators: who watches a game, and who may

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 10:00:00

Games get a spectators setting (open, ask or closed; existing games are open). A watcher row is
one person watching one game: the whole game (player_id NULL: a DM when it ends), or one of its
players too (a DM when that player moves). In an "ask" game a row waits (allowed false) until a
seated player or a moderator presses Allow.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("spectators", sa.String(length=16), nullable=False, server_default="open")
        )
    op.create_table(
        "watchers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("player_id", sa.BigInteger(), nullable=True),
        sa.Column("allowed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "user_id", "player_id"),
    )
    op.create_index("ix_watchers_game_id", "watchers", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_watchers_game_id", table_name="watchers")
    op.drop_table("watchers")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("spectators")
