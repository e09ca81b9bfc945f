"""A person's seat keeps the name it was opened with.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("name", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying
        seats.drop_column("name")
