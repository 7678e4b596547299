# SPDX-License-Identifier: MIT
# Writes a program's man page (gzipped as Debian ships them) and its bash, zsh and fish
# completions from `PROGRAM --generate KIND` (appkit/cli_docs.hpp), laid out under OUT_DIR as
# under /usr/share, so that the install rules copy the tree as it is. Usage:
#   cmake -DPROGRAM=path/to/nqueens -DNAME=nqueens -DOUT_DIR=build/share -P generate_docs.cmake
foreach(var PROGRAM NAME OUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "generate_docs.cmake: ${var} is not set")
  endif()
endforeach()

function(generate kind file)
  get_filename_component(dir ${file} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  # Under the sanitizers, OpenMPI's own allocations in nqueens-mpi would trip LeakSanitizer.
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
                          ${PROGRAM} --generate ${kind}
                  OUTPUT_FILE ${file}.tmp RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --generate ${kind} failed: ${status}")
  endif()
  file(RENAME ${file}.tmp ${file})
endfunction()

generate(man ${OUT_DIR}/man/man1/${NAME}.1)
generate(complete-bash ${OUT_DIR}/bash-completion/completions/${NAME})
generate(complete-zsh ${OUT_DIR}/zsh/vendor-completions/_${NAME})
generate(complete-fish ${OUT_DIR}/fish/vendor_completions.d/${NAME}.fish)
# -n: no name or time stamp in the header, so that the same page gives the same bytes.
execute_process(COMMAND gzip -9 -n -c ${OUT_DIR}/man/man1/${NAME}.1
                OUTPUT_FILE ${OUT_DIR}/man/man1/${NAME}.1.gz RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gzip of ${NAME}.1 failed: ${status}")
endif()
