"""web: the table on the web (bot.web)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07 10:00:00

`guild_settings.web_pages`: are the server's game pages served (every existing server: yes).
`people.web_links`: the number personal web links carry; revoking them advances it.
`web_keys`: the key that signs the web links, made on first use and shared by every process.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("web_pages", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("web_links", sa.Integer(), nullable=False, server_default="0")
        )
    op.create_table(
        "web_keys",
        sa.Column("name", sa.String(length=16), nullable=False),
        sa.Column("key", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("web_keys")
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.drop_column("web_links")
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("web_pages")
