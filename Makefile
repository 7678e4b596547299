# SPDX-License-Identifier: MIT
# The two quick-start commands and the CI steps. Every target first makes sure the Debian
# packages are there (scripts/install-deps only installs what is missing).
#
#   make run [ARGS="count 12"]   install what the program needs, build it alone (release) and
#                                run nqueens with ARGS
#   make test                    install, build, run the whole test suite (+ fuzz smoke runs and
#                                the WebAssembly build's tests)
#   make web                     the WebAssembly build: build/web/package (npm) and
#                                build/web/playground/index.html
#   make deb                     the Debian packages nqueens, nqueens-mpi and libnqueens-dev in
#                                build/release (cmake/packaging.cmake)
#   make test-asan               the test suite under AddressSanitizer + UBSan (clang)
#   make format-check            clang-format finds nothing to change
#   make check-layers            every #include points down the layers (docs/architecture.md)
#   make check-links             every link of README.md, CONTRIBUTING.md and docs/ resolves inside
#                                the repository

ARGS ?= count 12
SOURCES = $(shell git ls-files --cached --others --exclude-standard '*.cpp' '*.hpp' 2>/dev/null)

.PHONY: deps deps-run build run deb test test-release test-fuzz test-web web test-asan format format-check check-layers check-links clean

deps:
	@scripts/install-deps

deps-run:
	@scripts/install-deps run

# `make run` needs only what `install-deps run` installs: the optional parts (the tests, the
# Python module, nqueens-mpi) are AUTO, built where their packages are and otherwise skipped with
# one line, and it builds the one target. `make build` asks for every part (ON), so a missing
# package stops it at configure (cmake/optional_parts.cmake).
ALL_PARTS = -DNQ_BUILD_TESTS=ON -DNQ_BUILD_PYTHON=ON -DNQ_BUILD_MPI=ON
AUTO_PARTS = -DNQ_BUILD_TESTS=AUTO -DNQ_BUILD_PYTHON=AUTO -DNQ_BUILD_MPI=AUTO

build: deps
	cmake --preset release $(ALL_PARTS)
	cmake --build --preset release

run: deps-run
	cmake --preset release $(AUTO_PARTS)
	cmake --build --preset release --target nqueens_cli
	./build/release/nqueens $(ARGS)

deb: build
	cd build/release && cpack -G DEB

test: test-release test-fuzz test-web

test-release: build
	ctest --preset release

test-fuzz: deps
	cmake --preset fuzz
	cmake --build --preset fuzz
	ctest --preset fuzz

web: deps
	cmake --preset web
	cmake --build --preset web

test-web: web
	ctest --preset web

test-asan: deps
	cmake --preset asan -DNQ_BUILD_TESTS=ON -DNQ_BUILD_MPI=ON
	cmake --build --preset asan
	ctest --preset asan

format:
	clang-format -i $(SOURCES)

format-check: deps
	clang-format --dry-run --Werror $(SOURCES)

check-layers:
	scripts/check-layers

check-links:
	scripts/check-links

clean:
	rm -rf build
