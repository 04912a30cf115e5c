# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers: the Qt, GoogleTest and standard headers most files include, parsed once per
# library (and once for all the test programs of a kind) instead of once per file. On this
# project's 2-vCPU CI a file spends 1.5-5 s in parsing, most of it in these headers; measured in
# docs/TESTING.md, "CI's time". DM_PCH=OFF builds without them (to check that every file
# includes what it uses, which a precompiled header would hide).
option(DM_PCH "Precompiled headers for Qt, GoogleTest and the standard library (a shorter build)" ON)

set(dm_pch_std <algorithm> <atomic> <chrono> <cmath> <functional> <memory> <optional> <string> <vector>)
set(dm_pch_qtcore <QByteArray> <QDir> <QFile> <QFileInfo> <QJsonArray> <QJsonDocument> <QJsonObject> <QString>
    <QStringList>)
set(dm_pch_qtwidgets <QApplication> <QComboBox> <QHBoxLayout> <QLabel> <QLineEdit> <QPushButton> <QVBoxLayout>
    <QWidget> <QtCharts/QChart> <QtCharts/QLineSeries>)

# dm_precompile(TARGET HEADERS...): TARGET parses HEADERS once.
function(dm_precompile target)
    if(DM_PCH)
        target_precompile_headers(${target} PRIVATE ${ARGN})
    endif()
endfunction()

# dm_precompile_carrier(NAME LIBS libs... HEADERS headers...): a program that is never run, only
# compiled as the test programs that link LIBS are, so that they reuse the HEADERS it parses
# (dm_reuse_precompiled). CMake's REUSE_FROM needs such a target with the same flags and defines.
function(dm_precompile_carrier name)
    cmake_parse_arguments(ARG "" "" "LIBS;HEADERS" ${ARGN})
    if(DM_PCH)
        add_executable(${name} ${CMAKE_SOURCE_DIR}/tests/support/pchcarrier.cpp)
        target_link_libraries(${name} PRIVATE ${ARG_LIBS})
        target_precompile_headers(${name} PRIVATE ${ARG_HEADERS})
    endif()
endfunction()

# dm_reuse_precompiled(TARGET FROM): TARGET uses FROM's precompiled headers; the two must be
# compiled alike (the same sanitizer, the same Qt defines such as QT_NO_KEYWORDS), else GCC
# refuses the header (-Winvalid-pch, an error under DM_WERROR).
function(dm_reuse_precompiled target from)
    if(DM_PCH)
        target_precompile_headers(${target} REUSE_FROM ${from})
    endif()
endfunction()
