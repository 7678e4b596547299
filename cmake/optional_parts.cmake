# SPDX-License-Identifier: MIT
# The optional parts of the build: the tests, the Python module and nqueens-mpi. Each is chosen
# by a cache variable that takes
#   ON    build it; configure stops, naming the Debian packages, if any of its needs is missing
#   AUTO  build it where its needs are found, else skip it with one line saying how to get them
#   OFF   skip it
# `make run` builds the program alone from what `scripts/install-deps run` installs, so the parts
# are AUTO there; `make test` asks for every part with ON, so CI cannot skip one unseen.
#
# After nq_resolve_parts(), NQ_BUILD_TESTS, NQ_BUILD_PYTHON and NQ_BUILD_MPI are plain ON or OFF
# (normal variables that shadow the cache entries), so the rest of the build reads them with if().
# The looking happens in functions; the folders that build a part find its packages again
# (REQUIRED, from the same cached paths) to have their variables and targets.

set(NQ_PART_VALUES ON AUTO OFF)
set(NQ_BUILD_TESTS AUTO CACHE STRING "Build the tests: ON, AUTO (where their packages are found) or OFF")
set(NQ_BUILD_PYTHON OFF CACHE STRING "Build the Python module: ON, AUTO (where pybind11 and Python's headers are found) or OFF")
set(NQ_BUILD_MPI AUTO CACHE STRING "Build nqueens-mpi: ON, AUTO (where MPI is found) or OFF")
foreach(part NQ_BUILD_TESTS NQ_BUILD_PYTHON NQ_BUILD_MPI)
  set_property(CACHE ${part} PROPERTY STRINGS ${NQ_PART_VALUES})
endforeach()

# The choice in ${var} (ON, AUTO, OFF or any of CMake's words for true and false) as ON, AUTO or OFF.
function(nq_part_choice var out)
  string(TOUPPER "${${var}}" value)
  if(value STREQUAL "AUTO")
    set(${out} AUTO PARENT_SCOPE)
  elseif(value MATCHES "^(ON|YES|TRUE|Y|1)$")
    set(${out} ON PARENT_SCOPE)
  elseif(value MATCHES "^(OFF|NO|FALSE|N|0|)$")
    set(${out} OFF PARENT_SCOPE)
  else()
    message(FATAL_ERROR "${var} is '${${var}}': choose ON, AUTO or OFF")
  endif()
endfunction()

# Sets ${var} to ON or OFF in the caller from its choice and the list of missing needs, each
# written "what (Debian package)". A part asked for with ON that misses something stops here.
macro(nq_settle_part var what missing)
  nq_part_choice(${var} nq_choice)
  if(nq_choice STREQUAL "OFF")
    set(${var} OFF)
  elseif("${${missing}}" STREQUAL "")
    set(${var} ON)
  else()
    string(REPLACE ";" ", " nq_missing_text "${${missing}}")
    if(nq_choice STREQUAL "ON")
      message(FATAL_ERROR "Cannot build ${what}, missing: ${nq_missing_text} "
        "(scripts/install-deps installs every package)")
    endif()
    message(STATUS "Skipping ${what}, missing: ${nq_missing_text} "
      "(scripts/install-deps installs every package; make test builds every part)")
    set(${var} OFF)
  endif()
endmacro()

# Looks for what the Python module needs unless it is OFF: Debian's interpreter (the one that
# has Debian's pybind11, NumPy and pytest, rather than a pyenv shim or a virtualenv first on
# PATH), its headers, pybind11, and Node (which bundles the trace page's player, as for the
# program).
function(nq_find_python_needs out)
  set(missing "")
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the module is built for")
  endif()
  find_package(Python3 3.9 QUIET COMPONENTS Interpreter Development.Module)
  if(NOT Python3_Development.Module_FOUND)
    list(APPEND missing "Python's headers (python3-dev)")
  else()
    find_package(pybind11 2.6 CONFIG QUIET)
    if(NOT pybind11_FOUND)
      list(APPEND missing "pybind11 (pybind11-dev)")
    endif()
  endif()
  find_program(NQ_FOUND_node node)
  if(NOT NQ_FOUND_node)
    list(APPEND missing "node (nodejs)")
  endif()
  set(${out} "${missing}" PARENT_SCOPE)
endfunction()

# What the tests need beyond the program's own packages; with the Python module, what its tests
# import too.
function(nq_find_test_needs out with_python)
  set(missing "")
  find_package(GTest QUIET)
  if(NOT GTest_FOUND)
    list(APPEND missing "GoogleTest (libgtest-dev libgmock-dev)")
  endif()
  find_package(rapidcheck QUIET)
  if(NOT rapidcheck_FOUND)
    list(APPEND missing "rapidcheck (librapidcheck-dev)")
  endif()
  foreach(need "xmllint;libxml2-utils" "cadical;cadical" "node;nodejs" "chromium;chromium")
    list(GET need 0 program)
    list(GET need 1 package)
    find_program(NQ_FOUND_${program} ${program})
    if(NOT NQ_FOUND_${program})
      list(APPEND missing "${program} (${package})")
    endif()
  endforeach()
  if(with_python)
    execute_process(
      COMMAND ${Python3_EXECUTABLE} -c "import numpy, pytest, nbclient, ipykernel, nbconvert"
      RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
    if(NOT status EQUAL 0)
      list(APPEND missing "NumPy, pytest, nbclient, ipykernel and nbconvert for "
        "${Python3_EXECUTABLE} (python3-numpy python3-pytest python3-nbclient python3-ipykernel "
        "python3-nbconvert)")
    endif()
  endif()
  set(${out} "${missing}" PARENT_SCOPE)
endfunction()

# Settles the three parts, in the order their needs depend on: the Python module first (its
# tests join the tests'), then the tests, then nqueens-mpi (a program, so only with the app).
macro(nq_resolve_parts)
  nq_part_choice(NQ_BUILD_PYTHON nq_python_choice)
  set(nq_python_missing "")
  if(NOT nq_python_choice STREQUAL "OFF")
    nq_find_python_needs(nq_python_missing)
  endif()
  nq_settle_part(NQ_BUILD_PYTHON "the Python module" nq_python_missing)

  nq_part_choice(NQ_BUILD_TESTS nq_tests_choice)
  set(nq_tests_missing "")
  if(NOT nq_tests_choice STREQUAL "OFF")
    nq_find_test_needs(nq_tests_missing "${NQ_BUILD_PYTHON}")
  endif()
  nq_settle_part(NQ_BUILD_TESTS "the tests" nq_tests_missing)

  nq_part_choice(NQ_BUILD_MPI nq_mpi_choice)
  set(nq_mpi_missing "")
  if(NOT NQ_BUILD_APP OR EMSCRIPTEN)
    set(NQ_BUILD_MPI OFF)
  else()
    if(NOT nq_mpi_choice STREQUAL "OFF")
      # FindMPI asks pkg-config aloud even when QUIET: look for the wrapper compiler first.
      find_program(NQ_FOUND_mpicxx NAMES mpicxx mpic++)
      if(NQ_FOUND_mpicxx)
        find_package(MPI QUIET COMPONENTS CXX)
      endif()
      if(NOT MPI_CXX_FOUND)
        list(APPEND nq_mpi_missing "MPI (libopenmpi-dev openmpi-bin)")
      endif()
    endif()
    nq_settle_part(NQ_BUILD_MPI "nqueens-mpi" nq_mpi_missing)
  endif()
endmacro()
