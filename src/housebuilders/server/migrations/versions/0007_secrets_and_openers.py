"""A table whose seed the server draws keeps the 128-bit secret it derives it from,
and a table keeps a digest of the address that opened it (its bot seats count there).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("secret", sa.String(64), nullable=True))
    op.add_column("game_tables", sa.Column("opener", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:  # SQLite drops a column by copying
        tables.drop_column("secret")
        tables.drop_column("opener")
