# SPDX-License-Identifier: MIT
"""Builds nqueens._core with CMake (the target python/CMakeLists.txt defines) for pip; the rest
of the package's metadata is in pyproject.toml."""
import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target_dir = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        build_dir = Path(self.build_temp).resolve() / "cmake"
        build_dir.mkdir(parents=True, exist_ok=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run([
            "cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", "-DNQ_BUILD_PYTHON=ON", "-DNQ_BUILD_TESTS=OFF",
            "-DNQ_BUILD_MPI=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
        ], check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "nqueens_python",
                        "-j", jobs], check=True)
        built = next((build_dir / "python" / "nqueens").glob("_core*.so"))
        target_dir.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), self.get_ext_fullpath(ext.name))


setup(ext_modules=[CMakeExtension("nqueens._core")], cmdclass={"build_ext": CMakeBuild})
