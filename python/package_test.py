# SPDX-License-Identifier: MIT
"""The pip route, as a user or a teacher takes it: `pip wheel --no-build-isolation .` from a copy
of the source tree, that wheel installed into a fresh virtual environment (which sees Debian's
NumPy, and nbclient and ipykernel for the notebook), then the tour notebook executed by that
environment's python from a directory outside the tree, and the installed files checked.

    python3 python/package_test.py SOURCE_DIR WORK_DIR
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path


def main():
    source, work = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    shutil.rmtree(work, ignore_errors=True)
    tree, venv, elsewhere = work / "src", work / "venv", work / "elsewhere"
    files = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], check=True, capture_output=True).stdout
    for name in filter(None, files.decode().split("\0")):
        if (source / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / name, tree / name)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
    python = venv / "bin" / "python"
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL="2", PYTHONPATH="")
    wheels = work / "wheels"
    subprocess.run([python, "-m", "pip", "wheel", "--no-build-isolation", "--no-index",
                    "--no-deps", "-q", "-w", wheels, tree], check=True, env=env, cwd=work)
    wheel = next(wheels.glob("nqueens-*.whl"))
    subprocess.run([python, "-m", "pip", "install", "--no-index", "-q", wheel], check=True,
                   env=env, cwd=work)
    elsewhere.mkdir()
    notebook = subprocess.run([python, "-Xfrozen_modules=off", source / "python" /
                               "notebook_test.py", tree / "examples" / "python" / "tour.ipynb"],
                              check=True, capture_output=True, text=True, env=env,
                              cwd=elsewhere).stdout
    assert "cells ran" in notebook, notebook
    where = subprocess.run([python, "-c", "import nqueens, pathlib; p = pathlib.Path("
                            "nqueens.__file__).parent; print(p); print(sorted(f.name for f in "
                            "p.iterdir()))"], check=True, capture_output=True, text=True,
                           env=env, cwd=elsewhere).stdout
    assert str(venv) in where and "site-packages" in where, where
    for part in ("_core.cpython", "_core.pyi", "py.typed", "__init__.py"):
        assert part in where, (part, where)
    print(f"package test: {wheel.name} installed; {notebook.strip()}; the installed files "
          "are fine")


if __name__ == "__main__":
    main()
