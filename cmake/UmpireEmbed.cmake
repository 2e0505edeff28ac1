# umpire_embed(TARGET target SYMBOL name FILE path)
# Turns a data file into a C++ source defining
#   std::string_view umpire::embedded::<name>();
# so reference tables travel inside the binary. The source is regenerated whenever the file changes.
set(_UMPIRE_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_file.cmake)

function(umpire_embed)
  cmake_parse_arguments(E "" "TARGET;SYMBOL;FILE" "" ${ARGN})
  get_filename_component(abs ${E_FILE} ABSOLUTE)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded_${E_SYMBOL}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${abs} -DOUTPUT=${out} -DSYMBOL=${E_SYMBOL} -P ${_UMPIRE_EMBED_SCRIPT}
    DEPENDS ${abs} ${_UMPIRE_EMBED_SCRIPT}
    COMMENT "Embedding ${E_FILE}"
    VERBATIM)
  target_sources(${E_TARGET} PRIVATE ${out})
  # Compiled alone in a unity build: it is only an array, and a large one.
  set_source_files_properties(${out} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
