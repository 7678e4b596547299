# SPDX-License-Identifier: MIT
"""The pip route, as a user takes it: `pip install --no-build-isolation .` from a copy of the
source tree into a fresh virtual environment (which sees Debian's NumPy, setuptools and
pybind11), then the tour run from a directory outside the tree, and the installed files checked.

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
    subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q",
                    tree], check=True, env=env, cwd=work)
    elsewhere.mkdir()
    tour = subprocess.run([python, tree / "examples" / "python" / "tour.py"], check=True,
                          capture_output=True, text=True, env=env, cwd=elsewhere).stdout
    assert "12 queens: 14200 solutions, 1787 unique" in tour, tour
    assert "1 5 8 6 3 7 2 4" in tour, tour
    where = subprocess.run([python, "-c", "import nqueens, pathlib; p = pathlib.Path("
                            "nqueens.__file__).parent; print(p); print(sorted(f.name for f in "
                            "p.iterdir()))"], check=True, capture_output=True, text=True,
                           env=env, cwd=elsewhere).stdout
    assert str(venv) in where and "site-packages" in where, where
    for part in ("_core.cpython", "_core.pyi", "py.typed", "__init__.py"):
        assert part in where, (part, where)
    print("package test: pip install, the tour and the installed files are fine")


if __name__ == "__main__":
    main()
