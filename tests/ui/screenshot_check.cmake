# Runs `umpire --screenshot` (or another program taking the same arguments) under Xvfb and checks the PNG: it exists, is a PNG of the
# requested size, and is big enough to hold a drawn window rather than a blank one.
#   cmake -DXVFB_RUN=... -DUMPIRE=... -DOUT=... -DWIDTH=1280 -DHEIGHT=800 [-DMIN_BYTES=...]
#         [-DEXTRA_ARGS="--state help --size 1920x1080"] -P screenshot_check.cmake
if(NOT MIN_BYTES)
  set(MIN_BYTES 30000)
endif()
file(REMOVE ${OUT})
# A fresh home for the program's files: the demo battle, imgui.ini and settings are made anew in
# the build tree, and the user's own files are never read or touched.
get_filename_component(_out_dir ${OUT} DIRECTORY)
get_filename_component(_out_name ${OUT} NAME_WE)
set(_home ${_out_dir}/${_out_name}-home)
file(REMOVE_RECURSE ${_home})
file(MAKE_DIRECTORY ${_home}/data ${_home}/state ${_home}/config)
set(ENV{XDG_DATA_HOME} ${_home}/data)
set(ENV{XDG_STATE_HOME} ${_home}/state)
set(ENV{XDG_CONFIG_HOME} ${_home}/config)
separate_arguments(_extra UNIX_COMMAND "${EXTRA_ARGS}")
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 ${WIDTH}x${HEIGHT}x24" ${UMPIRE} --screenshot ${OUT} ${_extra}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "umpire --screenshot exited with ${rc}\n${out}\n${err}")
endif()
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "no screenshot at ${OUT}\n${out}\n${err}")
endif()
file(SIZE ${OUT} size)
if(size LESS MIN_BYTES)
  message(FATAL_ERROR "${OUT} is only ${size} bytes: nothing much was drawn")
endif()
# PNG signature, then the IHDR chunk: width and height as big-endian 32-bit numbers.
file(READ ${OUT} head LIMIT 24 HEX)
string(SUBSTRING "${head}" 0 16 signature)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "${OUT} is not a PNG (starts ${signature})")
endif()
string(SUBSTRING "${head}" 32 8 w_hex)
string(SUBSTRING "${head}" 40 8 h_hex)
math(EXPR w "0x${w_hex}")
math(EXPR h "0x${h_hex}")
if(NOT w EQUAL WIDTH OR NOT h EQUAL HEIGHT)
  message(FATAL_ERROR "${OUT} is ${w}x${h}, expected ${WIDTH}x${HEIGHT}")
endif()
message(STATUS "${OUT}: ${w}x${h}, ${size} bytes")
