# SPDX-License-Identifier: MIT
# Debian packages with CPack (`make deb`, or `cpack -G DEB` in build/release):
#   nqueens          the program, its man page and completions
#   nqueens-mpi      the count over an MPI job (pulls in OpenMPI; its own package for that)
#   libnqueens-dev   the static library, headers, CMake package and pkg-config file
# Dependencies come from dpkg-shlibdeps; each package carries the copyright and changelog that
# Debian policy asks for, so that lintian reports no errors (tests/package/deb.cmake checks).
set(NQ_MAINTAINER "nqueens developers <maintainers@users.noreply.a-seed-193a91ef.example>")

# /usr/share/doc/PACKAGE/{copyright,changelog.gz} for each package (changelog.gz: the name of a
# native package's changelog).
configure_file(${CMAKE_CURRENT_LIST_DIR}/debian/copyright.in ${PROJECT_BINARY_DIR}/debian/copyright
               COPYONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/debian/changelog.in ${PROJECT_BINARY_DIR}/debian/changelog
               @ONLY)
execute_process(COMMAND gzip -9 -n -f -k ${PROJECT_BINARY_DIR}/debian/changelog)
function(nq_package_docs component package)
  install(FILES ${PROJECT_BINARY_DIR}/debian/copyright
          ${PROJECT_BINARY_DIR}/debian/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component}
          EXCLUDE_FROM_ALL)
endfunction()
nq_package_docs(nqueens nqueens)
nq_package_docs(dev libnqueens-dev)
set(CPACK_COMPONENTS_ALL nqueens dev)
if(TARGET nqueens_mpi)
  nq_package_docs(mpi nqueens-mpi)
  list(APPEND CPACK_COMPONENTS_ALL mpi)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME nqueens)
set(CPACK_PACKAGE_VENDOR "the nqueens developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${NQ_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${NQ_MAINTAINER})
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

# A description is one string: its first line the synopsis, the rest (80 columns at most) the
# extended description. An empty summary keeps CPack from putting the project's description
# before each package's own synopsis.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_DEBIAN_NQUEENS_PACKAGE_NAME nqueens)
set(CPACK_DEBIAN_NQUEENS_DESCRIPTION "n-queens problem toolkit: count, solve, complete, teach
Counts every solution of the n-queens problem and the unique ones (meet in the
middle, checkpointed, on all cores), solves boards up to a billion queens or
finds the lexicographically first solution with a proof, completes partial
boards, and shows the textbook methods step by step.")
set(CPACK_DEBIAN_MPI_PACKAGE_NAME nqueens-mpi)
set(CPACK_DEBIAN_MPI_PACKAGE_DEPENDS openmpi-bin)  # mpirun, to start it
set(CPACK_DEBIAN_MPI_DESCRIPTION "n-queens counts over the ranks of an MPI job
nqueens-mpi counts the solutions of the n-queens problem over the ranks of an
MPI job (OpenMPI), with the options, checkpoints and subtotal logs of
nqueens count.")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libnqueens-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_DESCRIPTION "n-queens problem toolkit (static library and headers)
The nqueens C++20 library: counting, solving, enumerating, completing and
tracing n-queens placements. find_package(nqueens) gives nqueens::nqueens;
pkg-config knows it as nqueens.")
include(CPack)
