"""The turn clock's deadline of each person the table waits for, stored with the seat
(Unix time), so that a restart goes on with the time left rather than a fresh
clock, and a table nobody has in memory still times out (indexed: the server looks
for the earliest ones now and then). The tables in play when this runs have none:
the server starts their waiting seats' clocks afresh when it loads them, once.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("deadline", sa.Float, nullable=True))
    op.create_index("ix_seats_deadline", "seats", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_seats_deadline", "seats")
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying
        seats.drop_column("deadline")
