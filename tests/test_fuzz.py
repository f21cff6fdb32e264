"""``digiconform fuzz`` (issue 15): two workers at once share one Redis example database
(a real ``redis-server`` on a free localhost port, started here and stopped after): what
one finds, the other replays from the database; and the game stored replays through any
engine (the oracle agrees with it).

Skipped only when ``redis-server`` is missing outside CI (``$CI`` set: fail)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from digiconform.verifier.fuzz import parse_duration

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get(
    "PYTHONPATH", "")}
FUZZ = [sys.executable, "-m", "digiconform.cli", "fuzz"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A fresh redis-server on 127.0.0.1 (no persistence), stopped after the test."""
    server = shutil.which("redis-server")
    if server is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed (.ci/run installs redis-server)")
        pytest.skip("redis-server not installed (apt-get install redis-server)")
    import redis

    port = _free_port()
    proc = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = redis.Redis(host="127.0.0.1", port=port)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        else:
            pytest.fail("redis-server did not start")
        yield f"redis://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_two_workers_share_findings_through_redis(redis_url: str, tmp_path: Path) -> None:
    mutant = miniatures.command("tie_scores_points")
    common = ["--database", redis_url, "--budget", "90s", "--max-findings", "1",
              "--shrink-seconds", "2", "--progress-interval", "5"]
    finder = subprocess.Popen(
        [*FUZZ, "--impl", mutant, *common, "--seed", "0", "--traces", str(tmp_path / "a"),
         "--findings", str(tmp_path / "a.json")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=HERE.parent)
    # The second worker, started at the same time, plays no game of its own: whatever it
    # reports comes from the database.
    replayer = subprocess.Popen(
        [*FUZZ, "--impl", mutant, *common, "--no-generate", "--traces", str(tmp_path / "b"),
         "--findings", str(tmp_path / "b.json")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=HERE.parent)
    a_out, a_err = finder.communicate(timeout=180)
    b_out, b_err = replayer.communicate(timeout=180)
    print(a_out, b_out, sep="\n")
    assert finder.returncode == 1, a_out + a_err[-2000:]
    assert replayer.returncode == 1, b_out + b_err[-2000:]
    a = json.loads((tmp_path / "a.json").read_text())
    b = json.loads((tmp_path / "b.json").read_text())
    assert [f["source"] for f in a] == ["generated"] and a[0]["clause"] == "DB-C.8"
    assert [f["source"] for f in b] == ["database"]
    assert b[0]["key"] == a[0]["key"] and b[0]["actions"] == a[0]["actions"]
    assert "FINDING 1 [DB-C.8]" in a_out and "replayed from the database" in b_out
    assert "digiconform replay" in b_out
    # The stored game replays anywhere: the oracle itself agrees with it.
    oracle = subprocess.run(
        [*FUZZ, "--impl", f"{sys.executable} -m digiconform.cli serve", "--database",
         redis_url, "--budget", "2s", "--no-generate"],
        capture_output=True, text=True, env=ENV, cwd=HERE.parent, timeout=120)
    assert oracle.returncode == 0, oracle.stdout + oracle.stderr[-2000:]
    assert "1 replayed from the database; 0 findings" in oracle.stdout


def test_a_directory_database_is_the_default_kind(tmp_path: Path) -> None:
    from hypothesis.database import DirectoryBasedExampleDatabase

    from digiconform.verifier.fuzz import open_database

    assert isinstance(open_database(tmp_path / "db"), DirectoryBasedExampleDatabase)


def test_budget_durations() -> None:
    assert parse_duration("90") == 90 and parse_duration("90s") == 90
    assert parse_duration("10m") == 600 and parse_duration("1h30m") == 5400
    assert parse_duration("1.5h") == 5400
    for bad in ("", "0", "ten minutes", "5x", "1h 30m"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_an_unreachable_redis_is_a_usage_error() -> None:
    proc = subprocess.run([*FUZZ, "--impl", "x", "--budget", "1s", "--database",
                           f"redis://127.0.0.1:{_free_port()}"],
                          capture_output=True, text=True, env=ENV, timeout=60)
    assert proc.returncode == 2 and "cannot reach the Redis database" in proc.stderr
