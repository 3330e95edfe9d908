"""statistics: game results and ratings

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 10:00:00

Derived data for `/stats`, so that every view is one query: a row per person per game that is
over (`game_results`, with the rating before and after when the game was rated) and each
person's Elo per title (`ratings`). Both are rebuilt here from the games already over (the
same code as the recompute command, `python -m bot.local --recompute-stats`); from now on the
transaction that ends a game writes its rows.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("game_row", sa.Boolean(), nullable=False),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("seat_moves", sa.Integer(), nullable=False),
        sa.Column("timeouts", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("days", sa.Float(), nullable=False),
        sa.Column("rating_before", sa.Integer(), nullable=True),
        sa.Column("rating_after", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    op.create_index("ix_game_results_user", "game_results", ["user_id", "finished_at"])
    # covering indexes: the leaderboard and the server view read no table row
    op.create_index(
        "ix_game_results_guild_title",
        "game_results",
        ["guild_id", "title", "user_id", "counted", "place", "status", "game_row"],
    )
    op.create_index(
        "ix_game_results_guild_month",
        "game_results",
        ["guild_id", "title", "status", "finished_at", "game_row", "moves", "days", "timeouts"],
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=40), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "title"),
    )
    op.create_index("ix_ratings_title", "ratings", ["title", "rating"])

    from bot.db.stat_rows import rebuild

    rebuild(op.get_bind())


def downgrade() -> None:
    op.drop_index("ix_ratings_title", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_game_results_guild_month", table_name="game_results")
    op.drop_index("ix_game_results_guild_title", table_name="game_results")
    op.drop_index("ix_game_results_user", table_name="game_results")
    op.drop_table("game_results")
