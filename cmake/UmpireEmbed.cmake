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

# umpire_embed_compiled_toml(TARGET target SYMBOL name FILE path.toml)
# Embeds the compiled form of a TOML file (core/rules/compiled_toml.h) as
#   std::string_view umpire::embedded::<name>();
# made at build time by umpire_compile_toml, which checks it loads back to toml++'s parse of it.
function(umpire_embed_compiled_toml)
  cmake_parse_arguments(E "" "TARGET;SYMBOL;FILE" "" ${ARGN})
  get_filename_component(abs ${E_FILE} ABSOLUTE)
  set(compiled ${CMAKE_CURRENT_BINARY_DIR}/compiled_${E_SYMBOL}.bin)
  add_custom_command(
    OUTPUT ${compiled}
    COMMAND umpire_compile_toml ${abs} ${compiled}
    DEPENDS ${abs} umpire_compile_toml
    COMMENT "Compiling ${E_FILE}"
    VERBATIM)
  umpire_embed(TARGET ${E_TARGET} SYMBOL ${E_SYMBOL} FILE ${compiled})
endfunction()
