"""The installed package works, not only the checkout: both of its builds.

Builds the pure wheel (``HOUSEBUILDERS_PURE=1``: what an install without a C compiler
gets), installs it (not editable, with the server's extra) into a fresh virtual
environment, and from a directory outside the checkout: imports it from site-packages
(data files and py.typed included), checks it is pure Python, lists the games, plays a
short simulation of every game id, and serves the web table until the lobby and one
table answer. Then builds the compiled wheel (hatch_build.py), installs it over the
first and plays every game again, checking that the extensions are the ones in use;
without a C compiler that wheel is pure too, which is said and passes (unless
HOUSEBUILDERS_EXPECT_COMPILED=1). `make test` runs it; by hand:
``python3 scripts/smoke_wheel.py``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(
    *args: str | Path, cwd: Path, capture: bool = False, env: dict[str, str] | None = None
) -> str:
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        check=True,
        text=True,
        capture_output=capture,
        env=None if env is None else {**os.environ, **env},
    )
    return done.stdout if capture else ""


#: prints the build of the rules in use (housebuilders.core.build)
BUILD = "import housebuilders.core.build as b; print(b.summary())"


def build_wheel(work: Path, pure: bool) -> Path:
    """The pure or the compiled wheel, built from the checkout into its own folder."""
    out = work / ("pure" if pure else "compiled")
    env = {"HOUSEBUILDERS_PURE": "1" if pure else ""}
    pip = (sys.executable, "-m", "pip")
    run(*pip, "wheel", "--quiet", "--no-deps", "--wheel-dir", out, ROOT, cwd=work, env=env)
    (wheel,) = out.glob("housebuilders-*.whl")
    return wheel


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, payload: object | None = None) -> tuple[int, bytes]:
    data = None if payload is None else json.dumps(payload).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=10) as r:
        return r.status, r.read()


def wait_until_up(url: str, server: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"housebuilders serve stopped with exit code {server.returncode}")
        try:
            fetch(url)
            return
        except OSError:
            time.sleep(0.3)
    sys.exit(f"housebuilders serve did not answer {url} within {seconds:.0f} s")


def wait_for_the_bot(view: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if json.loads(fetch(view)[1])["log_length"] > 0:
            return
        time.sleep(0.3)
    sys.exit(f"the bot did not move within {seconds:.0f} s ({view})")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="housebuilders-smoke-") as tmp:
        work = Path(tmp)
        print("smoke: building the pure wheel (HOUSEBUILDERS_PURE=1)", flush=True)
        wheel = build_wheel(work, pure=True)
        if not wheel.name.endswith("-py3-none-any.whl"):
            sys.exit(f"the pure wheel is not pure: {wheel.name}")
        print(f"smoke: installing {wheel.name} into a fresh virtual environment", flush=True)
        run(sys.executable, "-m", "venv", work / "venv", cwd=work)
        bin_ = work / "venv" / "bin"
        run(bin_ / "pip", "install", "--quiet", f"{wheel}[server]", cwd=work)

        where = run(
            bin_ / "python",
            "-c",
            "import housebuilders as hb, pathlib; p = pathlib.Path(hb.__file__).parent; "
            "assert (p / 'py.typed').is_file(), 'py.typed is missing'; "
            "print(p); print(*hb.game_ids())",
            cwd=work,
            capture=True,
        ).split("\n")
        package, games = Path(where[0]), where[1].split()
        if ROOT in package.parents:
            sys.exit(f"the package was imported from the checkout ({package}), not the wheel")

        pure = run(bin_ / "python", "-c", BUILD, cwd=work, capture=True).strip()
        if pure != "rules: pure Python":
            sys.exit(f"the pure wheel is not pure Python: {pure}")
        run(bin_ / "housebuilders", "list", cwd=work)
        for game in games:
            print(f"smoke: simulating {game}", flush=True)
            run(bin_ / "housebuilders", "simulate", game, "--games", "2", "--jobs", "1", cwd=work)

        port = free_port()
        base = f"http://127.0.0.1:{port}"
        database = f"sqlite:///{work / 'smoke.db'}"
        command = [bin_ / "housebuilders", "serve", "--port", str(port), "--database-url", database]
        print(f"smoke: serving at {base}", flush=True)
        with subprocess.Popen(command, cwd=work) as server:
            try:
                wait_until_up(base + "/", server)
                # a bot moves first: its worker process imports the installed package
                seats = [{"kind": "bot", "bot": "random"}, {"kind": "human"}]
                game = "mr-house-basic"
                status, body = fetch(base + "/api/tables", {"game": game, "seats": seats})
                table = json.loads(body)
                status, page = fetch(base + table["seats"][1]["url"])
                assert status == 200 and b"<html" in page.lower(), "the table page did not load"
                status, _ = fetch(base + "/static/table.js")
                assert status == 200, "the table's script did not load"
                wait_for_the_bot(f"{base}/api/tables/{table['table']}/view")
            finally:
                server.terminate()
                server.wait(30)

        print("smoke: building the compiled wheel", flush=True)
        wheel = build_wheel(work, pure=False)
        print(f"smoke: installing {wheel.name} over it", flush=True)
        run(bin_ / "pip", "install", "--quiet", "--no-deps", "--force-reinstall", wheel, cwd=work)
        summary = run(bin_ / "python", "-c", BUILD, cwd=work, capture=True).strip()
        print(f"smoke: {summary}", flush=True)
        if "compiled" not in summary:
            if os.environ.get("HOUSEBUILDERS_EXPECT_COMPILED") == "1":
                sys.exit(f"the compiled wheel is not compiled: {wheel.name}: {summary}")
            print("smoke: (the compiled build is not in use: no C compiler, or ", end="")
            print("HOUSEBUILDERS_PURE set)", flush=True)
        for game in games:
            print(f"smoke: simulating {game} (compiled)", flush=True)
            run(bin_ / "housebuilders", "simulate", game, "--games", "2", "--jobs", "1", cwd=work)
    print("smoke: the installed package works, pure and compiled", flush=True)


if __name__ == "__main__":
    main()
