"""Without PostgreSQL the PostgreSQL tier is skipped with a reason that says what to install."""
from __future__ import annotations

from bench import pg_cluster


def test_the_reason_names_what_is_missing(monkeypatch):
    monkeypatch.setattr(pg_cluster, "_tool", lambda name: None)
    assert "apt-get install -y postgresql" in pg_cluster.unavailable()


def test_a_url_for_the_unix_socket_of_the_cluster():
    cluster = pg_cluster.Cluster()
    cluster.folder = "/tmp/paisho-pg-x"
    assert cluster.url == "postgresql://postgres@/postgres?host=/tmp/paisho-pg-x"
