// SPDX-License-Identifier: GPL-3.0-or-later
// The shapes of the copy benchmark's three sets (copybench.h): AS SSD's, scaled to --size.
#include "copybench.h"

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    // AS SSD's sets: their bytes (in MB), files and folders (the set's own folder counted).
    struct Reference {
        CopySetKind kind;
        uint64_t megabytes;
        uint32_t files, folders;
        uint32_t minFiles, minFolders; // the floor when a small --size cuts the counts
        // The spread of file sizes: a file's weight is (256..511) << (0..maxShift), drawn from the
        // seed. Program: 1:512 between the smallest and the largest (a few KB of config or icon to
        // a few MB of library, for AS SSD's mean of 251 KB); Game: 1:8192 (small scripts beside
        // big archives, for its mean of 3.2 MB). ISO: two files of about the same size.
        uint32_t maxShift;
    };
    constexpr Reference kReference[] = {
        { CopySetKind::Iso, 1500, 2, 1, 2, 1, 0 },
        { CopySetKind::Program, 660, 2627, 373, 64, 8, 9 },
        { CopySetKind::Game, 1200, 373, 101, 16, 4, 13 },
    };
    constexpr uint64_t kReferenceMegabytes = 1500 + 660 + 1200;

    // splitmix64: small, fast, and the same on every platform, so a seed repeats a set anywhere.
    struct SplitMix {
        uint64_t state;
        uint64_t next()
        {
            uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            return z ^ (z >> 31);
        }
    };

    uint32_t scaled(uint32_t count, double factor, uint32_t floor)
    {
        return std::max(floor, uint32_t(std::llround(double(count) * factor)));
    }

} // namespace

const char* copySetId(CopySetKind kind)
{
    switch (kind) {
    case CopySetKind::Iso:
        return "iso";
    case CopySetKind::Program:
        return "program";
    case CopySetKind::Game:
        return "game";
    }
    return "?";
}

const char* copySetTitle(CopySetKind kind)
{
    switch (kind) {
    case CopySetKind::Iso:
        return "ISO";
    case CopySetKind::Program:
        return "Program";
    case CopySetKind::Game:
        return "Game";
    }
    return "?";
}

std::string CopySetPlan::folderPath(uint32_t folder) const
{
    std::string path;
    for (uint32_t f = folder; f != 0; f = folderParents[f])
        path = "d" + std::to_string(f) + (path.empty() ? "" : "/") + path;
    return path;
}

std::string CopySetPlan::fileName(size_t file) const
{
    return kind == CopySetKind::Iso ? "image" + std::to_string(file + 1) + ".iso" : "f" + std::to_string(file) + ".bin";
}

uint64_t CopySetPlan::allocatedBytes(uint64_t block) const
{
    uint64_t total = uint64_t(folders()) * block;
    for (const File& f : files)
        total += (f.bytes + block - 1) / block * block;
    return total;
}

std::vector<CopySetPlan> planCopySets(uint64_t size, uint64_t seed)
{
    std::vector<CopySetPlan> plans;
    uint64_t given = 0;
    for (const Reference& ref : kReference) {
        CopySetPlan plan;
        plan.kind = ref.kind;
        // The last set takes what rounding left, so the three add up to `size` exactly.
        plan.bytes = ref.kind == CopySetKind::Game ? size - given : size * ref.megabytes / kReferenceMegabytes;
        given += plan.bytes;
        const double factor = double(plan.bytes) / (double(ref.megabytes) * 1e6);
        const uint32_t files = ref.kind == CopySetKind::Iso ? ref.files : scaled(ref.files, factor, ref.minFiles);
        const uint32_t folders
            = ref.kind == CopySetKind::Iso ? ref.folders : std::min(files, scaled(ref.folders, factor, ref.minFolders));
        SplitMix rng { seed ^ (0x436f7079ull * (uint64_t(ref.kind) + 1)) };
        // A random tree: each folder's parent is any folder made before it, which nests them a
        // few levels deep as an installed program's are.
        plan.folderParents.assign(folders, 0);
        for (uint32_t f = 1; f < folders; ++f)
            plan.folderParents[f] = uint32_t(rng.next() % f);
        std::vector<uint64_t> weights(files);
        // In 64 bits: at most 64 GiB times a weight under 2^23 (kMaxCopySize), and 2^23 times the files.
        uint64_t sum = 0;
        for (uint64_t& w : weights) {
            const uint64_t r = rng.next();
            w = (256 + (r & 255)) << ((r >> 8) % (ref.maxShift + 1));
            sum += w;
        }
        plan.files.resize(files);
        uint64_t assigned = 0;
        size_t largest = 0;
        for (size_t i = 0; i < files; ++i) {
            plan.files[i].bytes = plan.bytes * weights[i] / sum;
            assigned += plan.files[i].bytes;
            if (weights[i] > weights[largest])
                largest = i;
            // Folder 0 too, and every folder when there are as many files as folders: no set
            // has more empty folders than it must.
            plan.files[i].folder = i < folders ? uint32_t(i) : uint32_t(rng.next() % folders);
        }
        plan.files[largest].bytes += plan.bytes - assigned;
        plans.push_back(std::move(plan));
    }
    return plans;
}

} // namespace dm
