// SPDX-License-Identifier: GPL-3.0-or-later
// statfs's f_type is an `int` on 32-bit ARM: the magics above 0x7fffffff come out negative there.
// These run on every architecture (and under qemu in tools/cross-build), so the comparison that
// failed to compile on armhf, and the ramfs check that would have silently missed, stay right.
#include "targetinuse.h"

#include <gtest/gtest.h>

#include <linux/magic.h>
#include <sys/statfs.h>

#include <cstdint>

namespace {

TEST(FilesystemMagic, AMagicAbove31BitsReadsTheSameFromASigned32BitWord)
{
    // What a 32-bit kernel hands back in an int f_type for ramfs, bpf and btrfs.
    for (const uint32_t magic : { uint32_t(RAMFS_MAGIC), uint32_t(BPF_FS_MAGIC), uint32_t(BTRFS_SUPER_MAGIC) }) {
        const int32_t asInt = static_cast<int32_t>(magic);
        ASSERT_LT(asInt, 0) << "the case this is about: a magic with the top bit set";
        EXPECT_EQ(dm::filesystemMagic(asInt), magic);
        EXPECT_EQ(dm::filesystemMagic(static_cast<long>(magic)), magic) << "64-bit f_type";
    }
    EXPECT_EQ(dm::filesystemMagic(TMPFS_MAGIC), uint32_t(TMPFS_MAGIC));
}

TEST(FilesystemMagic, ThisMachinesProcIsAPseudoFilesystem)
{
    struct statfs sfs { };
    ASSERT_EQ(::statfs("/proc", &sfs), 0);
    EXPECT_EQ(dm::filesystemMagic(sfs.f_type), uint32_t(PROC_SUPER_MAGIC));
    const auto why = dm::pseudoFilesystemOf("/proc/cpuinfo");
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("pseudo-filesystem"), std::string::npos) << *why;
    EXPECT_FALSE(dm::pseudoFilesystemOf("/").has_value());
}

} // namespace
