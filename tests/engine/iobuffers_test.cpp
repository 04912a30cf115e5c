// SPDX-License-Identifier: GPL-3.0-or-later
// The I/O buffers' memory (iobuffers.h): large blocks get a 2 MiB aligned mapping backed by
// transparent huge pages where the kernel offers them, small ones ordinary pages, and the memory
// goes back to the system when the buffers go.
#include "iobuffers.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

using namespace dm;

namespace {

// AnonHugePages (KiB) of the mapping that starts at `start`, or -1 when there is none.
long hugeKibAt(const void* start)
{
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    char want[32];
    std::snprintf(want, sizeof want, "%lx-", reinterpret_cast<unsigned long>(start));
    while (std::getline(smaps, line)) {
        if (line.find('-') != std::string::npos && line.find(' ') > line.find('-') && std::isxdigit(line[0])) {
            inside = line.rfind(want, 0) == 0;
            continue;
        }
        if (inside && line.rfind("AnonHugePages:", 0) == 0)
            return std::stol(line.substr(14));
    }
    return -1;
}

bool thpOffered()
{
    std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string s;
    std::getline(f, s);
    return s.find("[always]") != std::string::npos || s.find("[madvise]") != std::string::npos;
}

} // namespace

TEST(IoBuffers, LargeBlocksGetAlignedHugePages)
{
    IoBuffers buffers;
    uint8_t* p = buffers.allocate(8 * 1024 * 1024, 1024 * 1024);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % IoBuffers::kHugePage, 0u);
    std::memset(p, 1, 8 * 1024 * 1024); // fault the pages in, as the worker's fill does
    if (!thpOffered())
        GTEST_SKIP() << "this kernel offers no transparent huge pages (ordinary pages are the fallback)";
    EXPECT_TRUE(buffers.hugePagesAsked());
    // The kernel may be short of free huge pages; on a machine with 20 GiB free it is not.
    EXPECT_GT(hugeKibAt(p), 0) << "no huge pages behind the buffers";
}

TEST(IoBuffers, SmallBlocksStayOnOrdinaryPages)
{
    IoBuffers buffers;
    uint8_t* p = buffers.allocate(32 * 4096, 4096); // RND4K Q32: 128 KiB, not rounded up to 2 MiB
    ASSERT_NE(p, nullptr);
    std::memset(p, 1, 32 * 4096);
    EXPECT_FALSE(buffers.hugePagesAsked());
    EXPECT_EQ(hugeKibAt(p), 0);
}

TEST(IoBuffers, TheMemoryGoesBackWhenTheBuffersGo)
{
    const void* start = nullptr;
    {
        IoBuffers buffers;
        uint8_t* p = buffers.allocate(4 * 1024 * 1024, 1024 * 1024);
        ASSERT_NE(p, nullptr);
        std::memset(p, 1, 4 * 1024 * 1024);
        start = p;
        EXPECT_GE(hugeKibAt(start), 0);
    }
    EXPECT_EQ(hugeKibAt(start), -1) << "the mapping outlived the buffers";
}
