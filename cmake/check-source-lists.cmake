# CTest check (cmake -P): CMakeLists.txt and wscript must name the same files.
# Compares the .cc/.h files of the module, its tests and its examples listed by
#   CMakeLists.txt (the set(dualcc_sources/headers/test_sources ...) lists) and
#   examples/CMakeLists.txt (SOURCE_FILES of each build_lib_example)
# with those listed by wscript and examples/wscript; then that examples/CMakeLists.txt (NAME of
# each build_lib_example), examples/wscript (create_ns3_program) and test/examples-to-run.py (the
# first word of each cpp_examples entry, what ns-3's test.py runs) name the same examples, so
# that every example is run by test.py and by the standalone "example ..." CTest tests; and that
# every usage program doc/usage/<name>.cc is built as the example usage-<name>.
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

# Example names.
string(REGEX MATCHALL "build_lib_example\\([ \t\r\n]*NAME[ \t\r\n]+[A-Za-z0-9_.-]+" cmake_named
             "${cmake_examples}")
set(cmake_example_names)
foreach(item ${cmake_named})
  string(REGEX REPLACE ".*[ \t\r\n]" "" name "${item}")
  list(APPEND cmake_example_names ${name})
endforeach()
string(REGEX MATCHALL "create_ns3_program\\([ \t\r\n]*'[^']+'" waf_named "${waf_examples}")
set(waf_example_names)
foreach(item ${waf_named})
  string(REGEX REPLACE ".*'([^']+)'" "\\1" name "${item}")
  list(APPEND waf_example_names ${name})
endforeach()
# test/examples-to-run.py: the cpp_examples list, up to its closing bracket; each entry's first
# string, up to the first blank, is the example.
set(run_file ${DUALCC_DIR}/test/examples-to-run.py)
set(run_names)
if(EXISTS ${run_file})
  # One list element per line; brackets and semicolons would group or split CMake list elements.
  file(READ ${run_file} run_text)
  string(REPLACE ";" "," run_text "${run_text}")
  string(REPLACE "[" "<" run_text "${run_text}")
  string(REPLACE "]" ">" run_text "${run_text}")
  string(REPLACE "\n" ";" run_lines "${run_text}")
  set(in_list FALSE)
  foreach(line ${run_lines})
    string(REGEX REPLACE "#.*" "" line "${line}")
    if(line MATCHES "^cpp_examples[ \t]*=")
      set(in_list TRUE)
    endif()
    if(in_list AND line MATCHES "\\([ \t]*\"([A-Za-z0-9_.-]+)")
      list(APPEND run_names ${CMAKE_MATCH_1})
    endif()
    if(in_list AND line MATCHES "^[ \t]*>[ \t]*$")
      set(in_list FALSE)
    endif()
  endforeach()
  list(REMOVE_DUPLICATES run_names)
endif()

set(example_errors)
foreach(name ${cmake_example_names})
  list(FIND waf_example_names ${name} found)
  if(found EQUAL -1)
    string(APPEND example_errors "\n  example '${name}' is not in examples/wscript")
  endif()
  list(FIND run_names ${name} found)
  if(found EQUAL -1)
    string(APPEND example_errors "\n  example '${name}' is not run by test/examples-to-run.py "
                                 "(add an entry with short arguments)")
  endif()
endforeach()
foreach(name ${waf_example_names})
  list(FIND cmake_example_names ${name} found)
  if(found EQUAL -1)
    string(APPEND example_errors "\n  example '${name}' of examples/wscript is not in "
                                 "examples/CMakeLists.txt")
  endif()
endforeach()
foreach(name ${run_names})
  list(FIND cmake_example_names ${name} found)
  if(found EQUAL -1)
    string(APPEND example_errors "\n  test/examples-to-run.py runs '${name}', which "
                                 "examples/CMakeLists.txt does not build")
  endif()
endforeach()
# Usage programs: every doc/usage/<name>.cc is built as the example usage-<name>.
file(GLOB usage_programs RELATIVE ${DUALCC_DIR}/doc/usage ${DUALCC_DIR}/doc/usage/*.cc)
foreach(program ${usage_programs})
  string(REGEX REPLACE "\\.cc$" "" name "${program}")
  list(FIND cmake_example_names "usage-${name}" found)
  list(FIND cmake_files "examples/../doc/usage/${program}" found_source)
  if(found EQUAL -1 OR found_source EQUAL -1)
    string(APPEND example_errors "\n  doc/usage/${program} is not built as the example "
                                 "usage-${name} (SOURCE_FILES ../doc/usage/${program}) in "
                                 "examples/CMakeLists.txt")
  endif()
endforeach()
if(NOT cmake_example_names)
  string(APPEND example_errors "\n  no build_lib_example(NAME ...) found in examples/CMakeLists.txt")
endif()
if(example_errors)
  message(FATAL_ERROR "example lists differ:${example_errors}")
endif()
list(LENGTH cmake_example_names count)
message(STATUS "examples/CMakeLists.txt, examples/wscript and test/examples-to-run.py name the same "
               "${count} examples")
