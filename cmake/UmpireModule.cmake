# umpire_module(TARGET OUTPUT SOURCES ... LIBS ...): a part of the program that only the commands
# needing it load (install/modules.h): OUTPUT.so beside the programs in the build tree (app/), as in
# <prefix>/lib/games/umpire once installed (install/companions.h). Only its entry is exported: the
# static libraries inside keep their symbols to themselves, so a module and the program never bind
# to each other's copies. UMPIRE_VERSION is the build its entry answers to.
function(umpire_module)
  cmake_parse_arguments(M "" "TARGET;OUTPUT" "SOURCES;LIBS" ${ARGN})
  add_library(${M_TARGET} MODULE ${M_SOURCES})
  target_link_libraries(${M_TARGET} PRIVATE ${M_LIBS})
  target_compile_definitions(${M_TARGET} PRIVATE UMPIRE_VERSION="${PROJECT_VERSION}")
  set_target_properties(${M_TARGET} PROPERTIES OUTPUT_NAME ${M_OUTPUT} PREFIX "" SUFFIX ".so"
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/app C_VISIBILITY_PRESET hidden CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${M_TARGET} PRIVATE -Wl,--exclude-libs,ALL -Wl,-z,relro,-z,now -Wl,--no-undefined)
  umpire_warnings(${M_TARGET})
endfunction()
