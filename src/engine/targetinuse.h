// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>

namespace dm {

// What else uses a write test's target, found before anything is written (issue 12, items 1
// and 2). Each answer is a sentence naming the user and what to do, or nothing.

// A block device (or one of its partitions) that is mounted, has holders (device-mapper, LVM,
// RAID, bcache: /sys/block/X/holders) or backs a loop device (the loop driver does not claim its
// backing device, so O_EXCL alone lets a write through).
std::optional<std::string> blockDeviceInUse(dev_t device, const std::string& path);

// A regular file that backs a loop device (/sys/block/loop*/loop/backing_file), is an active
// swap file (/proc/swaps), or is open for writing by another process (a read lease cannot be
// taken on it; /proc/PID/fd names the process where we may look).
std::optional<std::string> regularFileInUse(const std::string& path);

// Either of the above, for whatever `path` is (nothing for a directory or a missing path).
std::optional<std::string> writeTargetInUse(const std::string& path);

// "/proc, a pseudo-filesystem ..." when `path` is on a filesystem the kernel makes up as it is
// read (proc, sysfs, debugfs, cgroup...): nothing there lives on a device, so there is nothing
// to measure, whatever the free space or direct I/O say.
std::optional<std::string> pseudoFilesystemOf(const std::string& path);

// A filesystem's magic number (linux/magic.h) from statfs's f_type. f_type is a signed word:
// `long` on 64-bit machines, `int` on 32-bit ARM, where the magics above 0x7fffffff (ramfs, bpf,
// efivarfs, btrfs) come out negative and never equal the header's unsigned constants. The low
// 32 bits are the magic everywhere.
constexpr uint32_t filesystemMagic(long fType) { return static_cast<uint32_t>(fType); }

} // namespace dm
