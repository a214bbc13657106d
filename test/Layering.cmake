# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Included by test/CMakeLists.txt: the layering of lib/ (lib/CMakeLists.txt,
# aoti_add_layer), checked by ctest.
# A layer compiles a header of a layer it links, and fails to find one
# of a layer above or beside it.
# aoti_layering_test(LAYER SEES HEADER NOT HEADERS...)
function(aoti_layering_test layer)
  cmake_parse_arguments(T "" "" "SEES;NOT" ${ARGN})
  foreach(_header IN LISTS T_SEES T_NOT)
    string(REPLACE "/" "_" _name "${_header}")
    set(_src "${CMAKE_CURRENT_BINARY_DIR}/layering/${layer}_${_name}.cpp")
    file(WRITE "${_src}" "#include \"${_header}\"\n")
    add_test(NAME layering-${layer}-${_name}
      COMMAND "${CMAKE_CXX_COMPILER}" -std=c++17 -fsyntax-only
        "-I$<JOIN:$<TARGET_PROPERTY:${layer},INCLUDE_DIRECTORIES>,;-I>"
        ${AOTI_LLVM_DEFINITIONS} "${_src}"
      COMMAND_EXPAND_LISTS)
    if(_header IN_LIST T_NOT)
      set_tests_properties(layering-${layer}-${_name} PROPERTIES
        PASS_REGULAR_EXPRESSION "${_header}.*(file not found|No such file)")
    endif()
  endforeach()
endfunction()
aoti_layering_test(AOTISupport SEES Support/ToolError.h NOT Rules/Rules.h)
aoti_layering_test(AOTIRules SEES Rules/Rules.h NOT Analysis/LaunchSite.h)
aoti_layering_test(AOTIAnalysis SEES Support/AOTINames.h NOT Rules/Rules.h
  Runtime/RuntimeSource.h)
aoti_layering_test(AOTIInstrument SEES Runtime/RuntimeSource.h
  NOT Package/Rebuild.h Output/Inventory.h)
aoti_layering_test(AOTIOutput SEES Analysis/LaunchSite.h
  NOT Instrument/Rewriter.h)
aoti_layering_test(AOTIPackage SEES Runtime/RuntimeSource.h
  NOT Output/Inventory.h Driver/Driver.h)
aoti_layering_test(AOTICoreDump SEES Runtime/aoti_rt/abi.h Support/AOTINames.h
  NOT Package/PackageArchive.h Analysis/LaunchSite.h Driver/Driver.h)
aoti_layering_test(AOTIDriver SEES Package/Rebuild.h Instrument/Planner.h
  CoreDump/Explain.h)
