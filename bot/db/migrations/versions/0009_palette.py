"""palette: the high-contrast palette a person may choose for the images sent to them alone

Revision ID: 0009
Revises: 0008_b1
Create Date: 2026-12-07 03:00:00

`people.palette` is `standard` (the images as drawn; every existing person) or `high` (a
high-contrast palette, render/contrast.py) for their hand, plan and other private images.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008_b1"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("palette", sa.String(length=16), nullable=False, server_default="standard")
        )


def downgrade() -> None:
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.drop_column("palette")
