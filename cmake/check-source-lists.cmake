# CTest check (cmake -P): CMakeLists.txt and wscript must name the same files.
# Compares the .cc/.h files of the module, its tests and its examples listed by
#   CMakeLists.txt (the set(dualcc_sources/headers/test_sources ...) lists) and
#   examples/CMakeLists.txt (SOURCE_FILES of each build_lib_example)
# with those listed by wscript and examples/wscript.
if(NOT DUALCC_DIR)
  message(FATAL_ERROR "usage: cmake -DDUALCC_DIR=<module dir> -P check-source-lists.cmake")
endif()

function(files_in_text text prefix out)
  string(REGEX MATCHALL "[A-Za-z0-9_./-]+\\.(cc|h)" names "${text}")
  set(result)
  foreach(name ${names})
    list(APPEND result "${prefix}${name}")
  endforeach()
  list(REMOVE_DUPLICATES result)
  list(SORT result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# CMake side: only the lists, not comments or the standalone test-runner.
file(READ ${DUALCC_DIR}/CMakeLists.txt cmake_text)
string(REGEX MATCHALL "set\\(dualcc_(sources|headers|test_sources)[^)]*\\)" cmake_lists
             "${cmake_text}")
file(READ ${DUALCC_DIR}/examples/CMakeLists.txt cmake_examples)
string(REGEX MATCHALL "SOURCE_FILES[^)]*\\)" cmake_example_lists "${cmake_examples}")
files_in_text("${cmake_lists}" "" cmake_files)
files_in_text("${cmake_example_lists}" "examples/" cmake_example_files)
list(APPEND cmake_files ${cmake_example_files})
list(SORT cmake_files)

# waf side: every quoted .cc/.h name in wscript and examples/wscript.
file(READ ${DUALCC_DIR}/wscript waf_text)
string(REGEX MATCHALL "'[^']+\\.(cc|h)'" waf_quoted "${waf_text}")
file(READ ${DUALCC_DIR}/examples/wscript waf_examples)
string(REGEX MATCHALL "'[^']+\\.(cc|h)'" waf_example_quoted "${waf_examples}")
files_in_text("${waf_quoted}" "" waf_files)
files_in_text("${waf_example_quoted}" "examples/" waf_example_files)
list(APPEND waf_files ${waf_example_files})
list(SORT waf_files)

set(only_cmake ${cmake_files})
list(REMOVE_ITEM only_cmake ${waf_files})
set(only_waf ${waf_files})
list(REMOVE_ITEM only_waf ${cmake_files})

# Every listed file must exist.
set(missing)
foreach(f ${cmake_files})
  if(NOT EXISTS ${DUALCC_DIR}/${f})
    list(APPEND missing ${f})
  endif()
endforeach()

if(only_cmake OR only_waf OR missing OR NOT cmake_files)
  message(FATAL_ERROR "source lists differ:\n"
                      "  only in CMakeLists.txt: ${only_cmake}\n"
                      "  only in wscript:        ${only_waf}\n"
                      "  listed but missing:     ${missing}")
endif()
list(LENGTH cmake_files count)
message(STATUS "CMakeLists.txt and wscript list the same ${count} files")
