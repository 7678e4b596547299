# SPDX-License-Identifier: MIT
# The WebAssembly build's dependencies. nlohmann_json and fmt are header-only here, taken from
# Debian's packages (nlohmann-json3-dev, libfmt-dev) through a folder that holds only them:
# putting /usr/include itself on emscripten's include path would hide its own libc behind glibc's.
set(NQ_WEB_HEADERS ${PROJECT_BINARY_DIR}/third_party/include)
file(MAKE_DIRECTORY ${NQ_WEB_HEADERS})
foreach(dir nlohmann fmt)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "the web build needs /usr/include/${dir} (scripts/install-deps installs it)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${NQ_WEB_HEADERS}/${dir} SYMBOLIC)
endforeach()
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES ${NQ_WEB_HEADERS})
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES ${NQ_WEB_HEADERS} INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

# emcc's JavaScript optimizer needs acorn, which Debian installs for its own Node.js only
# (/usr/share/nodejs); with another Node.js first on PATH the link would not find it.
set(CMAKE_CXX_LINKER_LAUNCHER env NODE_PATH=/usr/share/nodejs)

# The library reports bad input by throwing; emscripten compiles with -fignore-exceptions unless
# told otherwise, which would turn every throw into an abort.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# size_t is 32 bits here: the library's 64-bit counts meet it at every vector index. The sizes
# the web build accepts are held under its heap budget (web/src/binding.hpp), so the narrowing
# warnings say nothing new there.
list(APPEND NQ_WARNINGS -Wno-shorten-64-to-32)
