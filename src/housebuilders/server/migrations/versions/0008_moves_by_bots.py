"""Each log entry says whether a bot made the move (a bot seat's, or the clock bot's
for a person away): a person takes back only the moves they made themselves.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "log_entries",
        sa.Column("by_bot", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("log_entries") as entries:  # SQLite drops a column by copying
        entries.drop_column("by_bot")
