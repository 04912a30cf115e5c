// SPDX-License-Identifier: GPL-3.0-or-later
#include "signatures.h"

#include "heldio.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <thread>

namespace dm {

namespace {

    using Bytes = std::span<const unsigned char>;

    // Offsets and lengths of O_DIRECT reads must be multiples of the logical block size; 4096
    // covers every common device and the filesystems' own direct-I/O alignment.
    constexpr uint64_t kAlign = 4096;
    // The first MiB holds every signature we know at the start of a device, and a GPT's entries.
    constexpr size_t kHeadBytes = 1024 * 1024;
    // Enough of a partition to reach btrfs' superblock (64 KiB + 64) and a 64 KiB-page swap header.
    constexpr size_t kPartitionBytes = 128 * 1024;
    // A table may list 128 partitions; naming the first few is warning enough, and each costs a seek.
    constexpr size_t kMaxPartitionsProbed = 16;

    struct FreeDeleter {
        void operator()(unsigned char* p) const { std::free(p); }
    };

    // `length` bytes of `fd` from `offset` (fewer at the end of the file), read as O_DIRECT wants.
    class Block {
    public:
        Block(int fd, uint64_t offset, size_t length)
        {
            const uint64_t start = offset / kAlign * kAlign;
            const size_t lead = size_t(offset - start);
            const size_t total = (lead + length + kAlign - 1) / kAlign * kAlign;
            void* raw = nullptr;
            if (::posix_memalign(&raw, kAlign, total) != 0)
                return;
            m_buffer.reset(static_cast<unsigned char*>(raw));
            size_t done = 0;
            while (done < total) {
                const ssize_t n = ::pread(fd, m_buffer.get() + done, total - done, off_t(start + done));
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    break;
                done += size_t(n);
            }
            if (done > lead)
                m_bytes = Bytes(m_buffer.get() + lead, std::min(done - lead, length));
        }
        Bytes bytes() const { return m_bytes; }

    private:
        std::unique_ptr<unsigned char, FreeDeleter> m_buffer;
        Bytes m_bytes;
    };

    bool has(Bytes b, size_t offset, std::string_view magic)
    {
        return offset + magic.size() <= b.size() && std::memcmp(b.data() + offset, magic.data(), magic.size()) == 0;
    }

    uint32_t le32(Bytes b, size_t offset)
    {
        if (offset + 4 > b.size())
            return 0;
        return uint32_t(b[offset]) | uint32_t(b[offset + 1]) << 8 | uint32_t(b[offset + 2]) << 16
            | uint32_t(b[offset + 3]) << 24;
    }

    uint64_t le64(Bytes b, size_t offset) { return le32(b, offset) | uint64_t(le32(b, offset + 4)) << 32; }

    // ext2, ext3 or ext4, told apart by feature flags as blkid does: ext4's own features make ext4,
    // a journal without them ext3.
    std::string extName(Bytes b)
    {
        constexpr size_t sb = 1024;
        const uint32_t compat = le32(b, sb + 0x5c), incompat = le32(b, sb + 0x60), roCompat = le32(b, sb + 0x64);
        if (incompat & 0x8)
            return "ext3/ext4 journal device";
        constexpr uint32_t ext3Incompat = 0x2 | 0x4 | 0x10; // filetype, recover, meta_bg
        constexpr uint32_t ext3RoCompat = 0x1 | 0x2 | 0x4; // sparse_super, large_file, btree_dir
        if ((incompat & ~ext3Incompat) || (roCompat & ~ext3RoCompat))
            return "ext4 filesystem";
        return (compat & 0x4) ? "ext3 filesystem" : "ext2 filesystem";
    }

    // The DOS boot sector of FAT, NTFS and exFAT ends in 55 AA like an MBR; these come first so
    // that a formatted stick without a partition table is not called an MBR.
    std::string bootSectorFilesystem(Bytes b)
    {
        if (has(b, 3, "NTFS    "))
            return "NTFS filesystem";
        if (has(b, 3, "EXFAT   "))
            return "exFAT filesystem";
        if (!has(b, 510, "\x55\xaa"))
            return {};
        if (has(b, 82, "FAT32   "))
            return "FAT32 filesystem";
        for (const char* fat : { "FAT12   ", "FAT16   " })
            if (has(b, 54, fat))
                return std::string(fat, 5) + " filesystem";
        if (has(b, 54, "FAT     "))
            return "FAT filesystem";
        return {};
    }

    // Filesystems and containers that sit at the start of a device or partition.
    std::vector<std::string> contentSignatures(Bytes b)
    {
        std::vector<std::string> found;
        if (has(b, 0, "LUKS\xba\xbe"))
            found.push_back(b.size() > 7 && b[7] == 2 ? "LUKS2 encrypted volume" : "LUKS encrypted volume");
        if (has(b, 0, "XFSB"))
            found.push_back("XFS filesystem");
        if (has(b, 1080, "\x53\xef"))
            found.push_back(extName(b));
        if (has(b, 65600, "_BHRfS_M"))
            found.push_back("btrfs filesystem");
        if (has(b, 1024, "\x10\x20\xf5\xf2"))
            found.push_back("F2FS filesystem");
        if (has(b, 32769, "CD001"))
            found.push_back("ISO 9660 filesystem");
        if (auto fs = bootSectorFilesystem(b); !fs.empty())
            found.push_back(fs);
        for (size_t sector = 0; sector < 4; ++sector)
            if (has(b, sector * 512, "LABELONE") && has(b, sector * 512 + 24, "LVM2 001")) {
                found.push_back("LVM physical volume");
                break;
            }
        // md superblock 1.1 sits at 0, 1.2 at 4 KiB (0.90 and 1.0 sit at the end and are not seen here).
        for (size_t offset : { size_t(0), size_t(4096) })
            if (has(b, offset, "\xfc\x4e\x2b\xa9") && le32(b, offset + 4) == 1) {
                found.push_back("Linux RAID member");
                break;
            }
        // The swap header ends its first page, whatever the page size of the machine that made it.
        for (size_t page : { 4096, 8192, 16384, 65536 })
            if (has(b, page - 10, "SWAPSPACE2") || has(b, page - 10, "SWAP-SPACE")) {
                found.push_back("swap area");
                break;
            } else if (has(b, page - 10, "S1SUSPEND") || has(b, page - 10, "S2SUSPEND")) {
                found.push_back("swap area holding a hibernation image");
                break;
            }
        return found;
    }

    struct Partition {
        int number = 0;
        uint64_t offset = 0; // bytes from the start of the device
    };

    struct Table {
        std::string name;
        std::vector<Partition> partitions;
    };

    std::optional<Table> gpt(Bytes head)
    {
        for (uint64_t sector : { 512, 4096 }) {
            if (!has(head, sector, "EFI PART"))
                continue;
            Table t { "GPT partition table", {} };
            const uint64_t entriesLba = le64(head, sector + 72);
            const uint32_t count = le32(head, sector + 80), entrySize = le32(head, sector + 84);
            if (entrySize < 128 || entrySize > 4096 || entriesLba == 0)
                return t;
            for (uint32_t i = 0; i < count && t.partitions.size() < kMaxPartitionsProbed; ++i) {
                const uint64_t at = entriesLba * sector + uint64_t(i) * entrySize;
                if (at + 48 > head.size())
                    break;
                static constexpr unsigned char unused[16] = {};
                if (std::memcmp(head.data() + at, unused, sizeof unused) == 0)
                    continue;
                t.partitions.push_back({ int(i + 1), le64(head, at + 32) * sector });
            }
            return t;
        }
        return std::nullopt;
    }

    // An MBR needs more than 55 AA: every entry's boot flag 0x00 or 0x80 and at least one entry
    // with a type, a start and a length, as blkid asks.
    std::optional<Table> mbr(Bytes head, uint32_t sectorSize)
    {
        if (!has(head, 510, "\x55\xaa"))
            return std::nullopt;
        Table t { "MBR partition table", {} };
        bool anyEntry = false, protective = false;
        for (int i = 0; i < 4; ++i) {
            const size_t e = 446 + size_t(i) * 16;
            const unsigned status = head[e], type = head[e + 4];
            if (status != 0x00 && status != 0x80)
                return std::nullopt;
            const uint32_t start = le32(head, e + 8), sectors = le32(head, e + 12);
            if (type == 0 || start == 0 || sectors == 0)
                continue;
            anyEntry = true;
            protective = protective || type == 0xee;
            // Extended partitions hold a chain of further tables, not a filesystem.
            if (type == 0xee || type == 0x05 || type == 0x0f || type == 0x85)
                continue;
            t.partitions.push_back({ i + 1, uint64_t(start) * sectorSize });
        }
        if (!anyEntry)
            return std::nullopt;
        // gpt() looked first: this is what is left of a GPT disk whose header is gone.
        if (protective && t.partitions.empty())
            t.name = "protective MBR of a GPT disk";
        return t;
    }

} // namespace

std::vector<std::string> findSignatures(int fd)
{
    std::vector<std::string> found;
    const Block head(fd, 0, kHeadBytes);
    const Bytes b = head.bytes();
    if (b.size() < 512)
        return found;

    uint32_t sectorSize = 512;
    struct stat st { };
    int lbs = 0;
    if (::fstat(fd, &st) == 0 && S_ISBLK(st.st_mode) && ::ioctl(fd, BLKSSZGET, &lbs) == 0 && lbs > 0)
        sectorSize = uint32_t(lbs);

    const bool bootSector = !bootSectorFilesystem(b).empty();
    std::optional<Table> table = gpt(b);
    if (!table && !bootSector)
        table = mbr(b, sectorSize);
    if (table)
        found.push_back(table->name);
    for (auto& name : contentSignatures(b))
        found.push_back(std::move(name));

    if (table) {
        for (const Partition& p : table->partitions) {
            if (p.offset == 0)
                continue;
            const Block part(fd, p.offset, kPartitionBytes);
            for (const auto& name : contentSignatures(part.bytes()))
                found.push_back(name + " in partition " + std::to_string(p.number));
        }
    }
    return found;
}

std::vector<std::string> findSignatures(const std::string& path)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_DIRECT);
    if (fd < 0 && errno == EINVAL)
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC); // a filesystem without O_DIRECT: a file read is fine
    if (fd < 0)
        return {};
    auto found = findSignatures(fd);
    ::close(fd);
    return found;
}

std::vector<std::string> findSignaturesOfUnusedDevice(const std::string& path)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0 || !S_ISBLK(st.st_mode))
        return {};
    const int fd = ::open(path.c_str(), O_RDONLY | O_EXCL | O_CLOEXEC | O_DIRECT);
    if (fd < 0)
        return {};
    auto found = findSignatures(fd);
    ::close(fd);
    return found;
}

std::optional<std::vector<std::string>> findSignaturesOfUnusedDeviceWithin(
    const std::string& path, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0 || !S_ISBLK(st.st_mode))
        return std::vector<std::string> {};
    const int fd = ::open(path.c_str(), O_RDONLY | O_EXCL | O_CLOEXEC | O_DIRECT);
    if (fd < 0)
        return std::vector<std::string> {};
    auto found = findSignaturesWithin(fd, timeout, cancel);
    ::close(fd);
    return found;
}

std::string signatureList(const std::vector<std::string>& names)
{
    auto withArticle = [](const std::string& name) {
        // "an" where the name is spoken starting with a vowel sound: "an ext4", "an MBR", "an XFS".
        const bool vowel = !name.empty()
            && (std::string_view("aeiouAEIOU").find(name[0]) != std::string_view::npos || name.starts_with("MBR")
                || name.starts_with("NTFS") || name.starts_with("XFS") || name.starts_with("LVM")
                || name.starts_with("F2FS"));
        return (vowel ? "an " : "a ") + name;
    };
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += i + 1 == names.size() ? " and " : ", ";
        out += withArticle(names[i]);
    }
    return out;
}

std::optional<std::vector<std::string>> findSignaturesWithin(
    int fd, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel)
{
    // Shared with the thread, which may outlive this call (and so must own its descriptor).
    struct Probe {
        std::mutex mutex;
        std::condition_variable done;
        std::optional<std::vector<std::string>> found;
    };
    const int own = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0)
        return std::nullopt;
    auto probe = std::make_shared<Probe>();
    std::thread([probe, own] {
        auto found = findSignatures(own);
        ::close(own);
        const std::lock_guard lock(probe->mutex);
        probe->found = std::move(found);
        probe->done.notify_all();
    }).detach();
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    std::unique_lock lock(probe->mutex);
    while (!probe->found) {
        if (cancel.load() || std::chrono::steady_clock::now() >= giveUp) {
            lock.unlock();
            // Counted as held I/O until it is back: the program's exit then says what to do.
            holdUntilThreadsReturn(1, [probe] {
                std::unique_lock wait(probe->mutex);
                probe->done.wait(wait, [&] { return probe->found.has_value(); });
            });
            return std::nullopt;
        }
        probe->done.wait_for(lock, std::chrono::milliseconds(50));
    }
    return probe->found;
}

std::string overwriteWarning(
    int fd, const std::string& device, std::chrono::nanoseconds timeout, const std::atomic<bool>& cancel)
{
    const auto found = findSignaturesWithin(fd, timeout, cancel);
    if (!found || found->empty())
        return {};
    const auto& names = *found;
    return device + " held " + signatureList(names) + " when the run started; its write tests overwrite "
        + (names.size() == 1 ? "it" : "them");
}

} // namespace dm
