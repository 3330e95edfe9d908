"""play over days: clocks, people's settings, vacations, substitutes

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 15:50:00

Games get a pace (None: no clock, as before), an expiry policy, a pause mark and the quiet-hours
setting; seat tenures count time-outs and name whom an automatic player stands in for; each seat
of a paced game has a clock row. People's own settings, vacations and substitute requests get
their tables; server settings get the vacation allowance, the stall threshold and whether a
substitute needs a moderator's approval. Existing games keep playing without a clock.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pace", sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column(
                "expiry_policy", sa.String(length=16), nullable=False, server_default="automatic"
            )
        )
        batch_op.add_column(sa.Column("paused_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("clock_in_quiet", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("timeouts", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("stand_in_for", sa.BigInteger(), nullable=True))
        batch_op.add_column(
            sa.Column("coming_back", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("vacation_days", sa.Integer(), nullable=False, server_default="21")
        )
        batch_op.add_column(
            sa.Column("stall_days", sa.Integer(), nullable=False, server_default="7")
        )
        batch_op.add_column(
            sa.Column(
                "substitute_approval", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )
    op.create_table(
        "seat_clocks",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("remaining", sa.Float(), nullable=False),
        sa.Column("running_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("warned", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat_no"),
    )
    op.create_table(
        "people",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("quiet_from", sa.String(length=5), nullable=True),
        sa.Column("quiet_to", sa.String(length=5), nullable=True),
        sa.Column("pings", sa.String(length=16), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("automatic", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_vacations_user_id", "vacations", ["user_id"])
    op.create_table(
        "substitutes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("requested_by", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("volunteer_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_substitutes_game_id", "substitutes", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_substitutes_game_id", table_name="substitutes")
    op.drop_table("substitutes")
    op.drop_index("ix_vacations_user_id", table_name="vacations")
    op.drop_table("vacations")
    op.drop_table("people")
    op.drop_table("seat_clocks")
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("substitute_approval")
        batch_op.drop_column("stall_days")
        batch_op.drop_column("vacation_days")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("coming_back")
        batch_op.drop_column("stand_in_for")
        batch_op.drop_column("timeouts")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("clock_in_quiet")
        batch_op.drop_column("paused_at")
        batch_op.drop_column("expiry_policy")
        batch_op.drop_column("pace")
