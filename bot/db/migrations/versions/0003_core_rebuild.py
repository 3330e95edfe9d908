"""core rebuild: snapshots as a cache, durable deliveries and timers, the turn message id

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 12:30:00

Existing games keep every action (the log is the record). Their snapshots are thinned to the
ones the new policy keeps: the latest, one every K actions and the final one.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: Must match bot.service.loader.SNAPSHOT_EVERY at the time of writing.
SNAPSHOT_EVERY = 100


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("turn_message_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("checkpoint", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("prefix", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "version", "kind"),
    )
    op.create_table(
        "timers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_timers_due_at", "timers", ["due_at"])
    op.create_index("ix_timers_game_id", "timers", ["game_id"])
    _thin_snapshots()


def _thin_snapshots() -> None:
    """Mark one snapshot per K actions (the first of each bucket) and each finished game's last
    as checkpoints; delete every other snapshot but each game's latest."""
    conn = op.get_bind()
    rows = conn.execute(
        sa.text("SELECT id, game_id, version, last_seq FROM snapshots ORDER BY game_id, version")
    ).fetchall()
    latest: dict[int, int] = {}
    buckets: dict[tuple[int, int], int] = {}
    for snap_id, game_id, _version, last_seq in rows:
        latest[game_id] = snap_id
        buckets.setdefault((game_id, last_seq // SNAPSHOT_EVERY), snap_id)
    keep = set(buckets.values())
    finished = {
        r[0] for r in conn.execute(sa.text("SELECT id FROM games WHERE status = 'finished'"))
    }
    keep |= {snap for game, snap in latest.items() if game in finished}
    for snap_id in keep:
        conn.execute(
            sa.text("UPDATE snapshots SET checkpoint = :t WHERE id = :i"), {"t": True, "i": snap_id}
        )
    drop = [r[0] for r in rows if r[0] not in keep and r[0] not in set(latest.values())]
    for start in range(0, len(drop), 500):
        chunk = drop[start : start + 500]
        conn.execute(
            sa.text("DELETE FROM snapshots WHERE id IN :ids").bindparams(
                sa.bindparam("ids", expanding=True)
            ),
            {"ids": chunk},
        )


def downgrade() -> None:
    op.drop_index("ix_timers_game_id", table_name="timers")
    op.drop_index("ix_timers_due_at", table_name="timers")
    op.drop_table("timers")
    op.drop_table("deliveries")
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.drop_column("checkpoint")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("turn_message_id")
