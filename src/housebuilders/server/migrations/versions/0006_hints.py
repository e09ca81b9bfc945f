"""A table may let its seats ask for a hint (the greedy bot's move).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:  # SQLite drops a column by copying
        tables.drop_column("hints")
