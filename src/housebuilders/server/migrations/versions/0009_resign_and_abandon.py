"""A person may resign (their seat loses) and vote to abandon the game (when every
person agrees, the table ends with no winner: status "void").

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for column in ("resigned", "abandon"):
        op.add_column(
            "seats", sa.Column(column, sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying
        seats.drop_column("resigned")
        seats.drop_column("abandon")
