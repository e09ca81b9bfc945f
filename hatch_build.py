"""The compiled build: the rules' modules compiled by Cython from the same .py files.

A hatchling build hook (pyproject.toml, ``[tool.hatch.build.targets.wheel.hooks.custom]``)
that turns each module its ``compile`` globs name (less those of ``skip``) into a C
extension with Cython in pure-Python mode: the .py files are not changed and stay in
the wheel beside the extensions, which Python imports in their place. A module may
have a .pxd beside it that gives Cython C types for its hot arithmetic (core/rng.pxd);
Python never reads it. Nothing but speed
changes (tests/test_same_games.py; docs/notes/compiled-build.md says why Cython).

- ``pip install .`` / ``pip wheel .``: a wheel for this Python and platform, the
  extensions inside it.
- ``pip install -e .``: the extensions are built in place, beside the sources in src/
  (gitignored), where the editable install imports them; a reinstall rebuilds only the
  modules whose source changed. A compiled module whose .py was edited since is stale:
  the tests refuse to run on it (``housebuilders.core.build.stale``), ``make`` rebuilds.
- ``HOUSEBUILDERS_PURE=1``: no compiling, a pure-Python wheel (py3-none-any); an
  editable install also removes the extensions built in place before.
- No C compiler, or Cython missing: a one-line warning, then the same pure build.
  ``HOUSEBUILDERS_COMPILED=1`` makes that an error instead.

The C files and objects go to build/compiled/ (gitignored) and are kept for the next
build. ``housebuilders.core.build`` (src/housebuilders/core/build.py) tells at run time
which build is in use; it reads the sources' digests this hook writes to
housebuilders/_compiled.json.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "housebuilders"
#: written beside the package's __init__.py: each compiled module and its source's digest
RECORD = "_compiled.json"


#: Cython's directives: Python's semantics exactly. With annotation typing (Cython's
#: default) an argument annotated ``int`` refuses a str with a TypeError and takes 1.0
#: as 1, where the rules answer ``apply("a", ...)`` with an IllegalAction naming the seat
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}


def _wanted(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def digest(path: Path) -> str:
    """A module's source digest: its .py and the .pxd typing it, if any (as
    ``housebuilders.core.build.source_digest`` reads it)."""
    h = hashlib.sha256(path.read_bytes())
    types = path.with_suffix(".pxd")
    if types.is_file():
        h.update(types.read_bytes())
    return h.hexdigest()


class CompiledRules(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        src = root / "src"
        editable = version == "editable"
        if editable:  # whatever happens next, no extension of an earlier build stays
            self._clean_in_place(src)
        if _wanted("HOUSEBUILDERS_PURE"):
            self._say("HOUSEBUILDERS_PURE is set: building pure Python (no extensions)")
            return
        modules = self._modules(src)
        try:
            built = self._compile(root, src, modules)
        except Exception as error:  # no compiler, no Cython, a compile error: pure Python
            if _wanted("HOUSEBUILDERS_COMPILED"):
                raise
            first = str(error).strip().splitlines()[0] if str(error).strip() else ""
            self._say(
                f"warning: the rules are not compiled ({type(error).__name__}: {first}); "
                "installing the pure-Python build (same games, slower)"
            )
            return
        record = {name: digest(src / path) for name, path in modules.items()}
        record_json = json.dumps({"modules": record}, indent=1, sort_keys=True) + "\n"
        if editable:
            for name, so in built.items():
                shutil.copy2(so, src / Path(*name.split(".")).parent / so.name)
            (src / PACKAGE / RECORD).write_text(record_json)
        else:
            out = root / "build" / "compiled" / "record"
            out.mkdir(parents=True, exist_ok=True)
            (out / RECORD).write_text(record_json)
            build_data["force_include"][str(out / RECORD)] = f"{PACKAGE}/{RECORD}"
            for name, so in built.items():
                target = "/".join(name.split(".")[:-1]) + "/" + so.name
                build_data["force_include"][str(so)] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._say(f"compiled {len(built)} modules of the rules with Cython")

    # -- which modules ---------------------------------------------------------------
    def _modules(self, src: Path) -> dict[str, Path]:
        """Module name -> path under src/, for the globs of ``compile`` less ``skip``."""
        picked: set[Path] = set()
        for pattern in self.config.get("compile", []):
            picked.update(src.glob(pattern))
        for pattern in self.config.get("skip", []):
            picked.difference_update(src.glob(pattern))
        return {
            ".".join(path.relative_to(src).with_suffix("").parts): path.relative_to(src)
            for path in sorted(picked)
            if path.suffix == ".py" and path.name != "__init__.py"
        }

    # -- compiling -------------------------------------------------------------------
    def _compile(self, root: Path, src: Path, modules: dict[str, Path]) -> dict[str, Path]:
        """Cythonize and compile ``modules``; each module's extension file, built in
        build/compiled/ (kept, so that an unchanged module is not built again)."""
        import Cython
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension

        # a build of other flags, directives or another Cython starts afresh
        flags = ["-O2", "-g0"]  # the extensions' size: a fifth without debugging symbols
        key = f"{Cython.__version__} {flags} {sorted(DIRECTIVES.items())}"
        key = hashlib.sha256(key.encode()).hexdigest()[:10]
        work = root / "build" / "compiled" / f"{sysconfig.get_config_var('SOABI')}-{key}"
        self._probe(Distribution, Extension, work)
        extensions = [
            Extension(name, [str(path)], extra_compile_args=flags) for name, path in modules.items()
        ]
        jobs = max(1, min(len(os.sched_getaffinity(0)), 8))
        cwd = os.getcwd()
        os.chdir(src)  # the C files' comments name the sources relative to src/
        try:
            extensions = cythonize(
                extensions,
                build_dir=str(work / "c"),
                nthreads=jobs,
                quiet=True,
                compiler_directives=DIRECTIVES,
            )
        finally:
            os.chdir(cwd)
        self._build_ext(Distribution, extensions, work, jobs)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = {}
        for name in modules:
            so = work / "lib" / Path(*name.split(".")).with_suffix("").parent / (
                name.rsplit(".", 1)[1] + suffix
            )
            if not so.is_file():
                raise FileNotFoundError(f"{so} was not built")
            built[name] = so
        return built

    @staticmethod
    def _build_ext(distribution: Any, extensions: list[Any], work: Path, jobs: int) -> None:
        dist = distribution({"name": PACKAGE, "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = jobs
        command.ensure_finalized()
        command.run()

    def _probe(self, distribution: Any, extension: Any, work: Path) -> None:
        """Compile an empty extension first: no compiler or no Python headers fails in a
        second, before a minute of Cython."""
        probe = work / "probe"
        probe.mkdir(parents=True, exist_ok=True)
        source = probe / "probe.c"
        source.write_text("#include <Python.h>\nPyMODINIT_FUNC PyInit_probe(void) { return 0; }\n")
        self._build_ext(distribution, [extension("probe", [str(source)])], probe, 1)

    def _clean_in_place(self, src: Path) -> None:
        """Remove the extensions and record an earlier editable build left in src/."""
        for so in (src / PACKAGE).rglob("*" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")):
            so.unlink()
        (src / PACKAGE / RECORD).unlink(missing_ok=True)

    def _say(self, line: str) -> None:
        print(f"housebuilders build: {line}", file=sys.stderr, flush=True)
