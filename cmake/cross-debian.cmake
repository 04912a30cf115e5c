# SPDX-License-Identifier: GPL-3.0-or-later
# Cross builds with Debian's cross toolchains and multiarch libraries (tools/cross-build):
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/cross-debian.cmake -DDM_CROSS_ARCH=armhf|arm64 ...
# No sysroot: Debian installs the target's libraries in /usr/lib/<triplet>, its headers in
# /usr/include(/<triplet>), and CMake finds them through CMAKE_LIBRARY_ARCHITECTURE, which it
# takes from the cross compiler. Qt's build tools (moc, rcc, uic, lrelease) are the host's.
if(NOT DM_CROSS_ARCH)
    set(DM_CROSS_ARCH $ENV{DM_CROSS_ARCH})
endif()
if(DM_CROSS_ARCH STREQUAL "armhf")
    set(CMAKE_SYSTEM_PROCESSOR arm)
    set(dm_triplet arm-linux-gnueabihf)
    set(dm_qemu qemu-arm-static)
elseif(DM_CROSS_ARCH STREQUAL "arm64")
    set(CMAKE_SYSTEM_PROCESSOR aarch64)
    set(dm_triplet aarch64-linux-gnu)
    set(dm_qemu qemu-aarch64-static)
else()
    message(FATAL_ERROR "DM_CROSS_ARCH must be armhf or arm64 (got '${DM_CROSS_ARCH}')")
endif()
# Kept in the cache for CPack, and passed on to the try_compile projects that read this file again.
set(DM_CROSS_ARCH ${DM_CROSS_ARCH} CACHE STRING "Debian architecture of a cross build")
set(ENV{DM_CROSS_ARCH} ${DM_CROSS_ARCH})
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES DM_CROSS_ARCH)

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${dm_triplet}-gcc)
set(CMAKE_CXX_COMPILER ${dm_triplet}-g++)
# GCC's note that the ABI for passing some vectors changed in GCC 7.1 (-Wpsabi) fills an armhf
# build log with thousands of lines; everything here is built by one compiler, so it never applies.
if(DM_CROSS_ARCH STREQUAL "armhf")
    string(APPEND CMAKE_CXX_FLAGS_INIT " -Wno-psabi")
endif()
# Tests, gtest_discover_tests and the man page generator run target programs through qemu-user;
# its loader and libraries are the multiarch ones in /lib and /usr/lib/<triplet>.
find_program(DM_QEMU ${dm_qemu} REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${DM_QEMU})

set(QT_HOST_PATH /usr CACHE PATH "Where the host's Qt tools are")
set(QT_HOST_PATH_CMAKE_DIR /usr/lib/x86_64-linux-gnu/cmake CACHE PATH "The host Qt's CMake files")
# liburing's .pc file: the target's, never the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${dm_triplet}/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
