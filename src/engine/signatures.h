// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// What the start of a device (or image file) holds that a write test would destroy, in words a
// user knows: "GPT partition table", "ext4 filesystem", "ext4 filesystem in partition 1", "swap
// area", "LUKS encrypted volume"... Looks for partition tables (MBR, GPT), filesystems (ext2/3/4,
// XFS, btrfs, NTFS, FAT12/16/32, exFAT, F2FS, ISO 9660), swap, LUKS, LVM and Linux RAID members, at
// the start and at the start of each partition the table lists. Reads with O_DIRECT-aligned
// buffers, so `fd` may be an O_DIRECT descriptor; it only reads (pread, the file offset is kept).
// Empty when nothing is found or the device cannot be read. It reads a few hundred KiB: call it
// off a GUI thread.
std::vector<std::string> findSignatures(int fd);

// The same for a path, opened read-only (O_DIRECT where possible, never O_EXCL). Empty when it
// cannot be opened.
std::vector<std::string> findSignatures(const std::string& path);

// findSignatures() for a block device nobody uses: opened with O_EXCL, which the kernel refuses
// while it or a partition of it is mounted or held (a write test is refused there anyway, with
// its own message). Empty for anything else.
std::vector<std::string> findSignaturesOfUnusedDevice(const std::string& path);

// The probe on a device that may not answer (issue 12: Stop within half a second, whatever the
// device does): findSignatures(fd) on a thread of its own with a descriptor of its own, waited
// for at most `timeout` (the run's stall timeout) and no longer than `cancel` stays unset
// (looked at every 50 ms). nullopt when it did not come back: the thread is left to the kernel
// and ends when the device answers (its reads count as held I/O meanwhile, heldio.h).
std::optional<std::vector<std::string>> findSignaturesWithin(
    int fd, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel);

// findSignaturesOfUnusedDevice(), bounded in the same way. While a probe that did not come back
// holds the device (its descriptor shares the exclusive open), nothing else can open it so.
std::optional<std::vector<std::string>> findSignaturesOfUnusedDeviceWithin(
    const std::string& path, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel);

// "an ext4 filesystem and a GPT partition table", "a swap area", for a sentence about `names`.
std::string signatureList(const std::vector<std::string>& names);

// For the report of a write test on a device: "/dev/sdb held an ext4 filesystem and a GPT
// partition table when the run started; its write tests overwrite them", or "" when `fd` shows
// nothing. Called on the region's descriptor before anything is written, bounded as
// findSignaturesWithin(): a device that does not answer the probe gives no warning, and the
// test's own first I/O then meets the same stall timeout or Stop.
std::string overwriteWarning(
    int fd, const std::string& device, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel);

} // namespace dm
