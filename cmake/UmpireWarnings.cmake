# umpire_warnings(target): the project's warning set, applied to our own code only.
# Third-party headers come in as SYSTEM includes, so their warnings stay out of our build log.
function(umpire_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
endfunction()
