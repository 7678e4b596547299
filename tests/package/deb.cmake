# SPDX-License-Identifier: MIT
# ctest -P script: build the Debian packages (cmake/packaging.cmake) from BUILD_DIR, check their
# control fields and lintian's verdict, unpack them into a scratch root as dpkg would install
# them, and use only what is there: the installed nqueens counts n = 12, `man nqueens` finds and
# renders its page, bash completes from the installed script, nqueens-mpi runs, and the consumer
# project builds against the installed library through find_package(nqueens).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()
function(expect text pattern what)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: expected /${pattern}/ in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
run(cpack -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR}/debs)
file(GLOB debs ${WORK_DIR}/debs/*.deb)
list(LENGTH debs count)
if(count LESS 2)
  message(FATAL_ERROR "expected nqueens, libnqueens-dev (and nqueens-mpi) packages, got: ${debs}")
endif()

set(root ${WORK_DIR}/root)
foreach(deb IN LISTS debs)
  run(dpkg-deb -x ${deb} ${root})
  run(dpkg-deb -f ${deb} Package Depends)
  message(STATUS "${out}")
  if(deb MATCHES "/nqueens_[^/]*\\.deb$")
    # dpkg-shlibdeps found the shared libraries the program needs.
    expect("${out}" "Depends: .*libc6.*libfmt9.*libstdc\\+\\+6" "nqueens's Depends")
  elseif(deb MATCHES "/nqueens-mpi_[^/]*\\.deb$")
    expect("${out}" "Depends: .*openmpi-bin.*libopenmpi" "nqueens-mpi's Depends")
  endif()
endforeach()

# lintian: warnings are listed, errors fail the test.
find_program(LINTIAN lintian)
if(LINTIAN)
  execute_process(COMMAND ${LINTIAN} --tag-display-limit 0 ${debs} OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  message(STATUS "lintian:\n${out}")
  if(out MATCHES "(^|\n)E: ")
    message(FATAL_ERROR "lintian reports errors:\n${out}")
  endif()
else()
  message(FATAL_ERROR "lintian not found (scripts/install-deps installs it)")
endif()

set(bin ${root}/usr/bin)
run(${bin}/nqueens count 12)
expect("${out}" "14200 solutions, 1787 unique" "the installed nqueens count 12")

# man finds the installed page by name alone (MANPATH set as /usr/share/man is on a system).
set(ENV{MANPATH} ${root}/usr/share/man)
set(ENV{MANWIDTH} 100)
set(ENV{LANG} C)
run(man -w nqueens)
expect("${out}" "^${root}/usr/share/man/man1/nqueens.1.gz" "man -w nqueens")
run(man nqueens)
expect("${out}" "EXIT STATUS" "man nqueens")
expect("${out}" "audit-first" "man nqueens")

file(WRITE ${WORK_DIR}/complete.sh "source ${root}/usr/share/bash-completion/completions/nqueens
COMP_WORDS=(nqueens solve 9 --method f)
COMP_CWORD=4
_nqueens
echo \"\${COMPREPLY[@]}\"
")
run(bash ${WORK_DIR}/complete.sh)
expect("${out}" "^first\n$" "bash completion from the installed script")

if(EXISTS ${bin}/nqueens-mpi)
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
  run(${bin}/nqueens-mpi --version)
  expect("${out}" "^nqueens-mpi " "the installed nqueens-mpi")
  run(man -w nqueens-mpi)
endif()

run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${root}/usr -DCMAKE_CXX_COMPILER=${CXX})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/consumer)
message(STATUS "${out}")
