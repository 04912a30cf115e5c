// SPDX-License-Identifier: GPL-3.0-or-later
// The history's import path (`history import FILE`, the window's import): a file becomes entries
// (historyInputsFromFile), each entry's stored JSON is summarised again as the store does after a
// migration, and shown as a report where it is a grid; each entry's web page is made and imported
// again, and must give as many entries. Any bytes: entries or an error, never a crash, undefined
// behaviour or a leak.
#include "historyimport.h"
#include "htmlreport.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    auto inputs = dm::historyInputsFromFile(bytes);
    if (!inputs)
        return 0;
    for (const dm::HistoryInput& in : *inputs) {
        (void)dm::summarizeStoredJson(in.json);
        dm::HistoryRecord record;
        record.entry = in.entry;
        record.json = in.json;
        (void)dm::reportFromRecord(record);
        // The page of a stored run holds that run: what `history show --html` wrote, History ›
        // Import reads back. A page that formats but does not import is a bug, not an input's fault.
        if (auto page = dm::formatHtmlReport(in.json, {}, in.entry.schema)) {
            const auto again = dm::historyInputsFromFile(*page);
            if (!again || again->empty())
                std::abort();
        }
    }
    return 0;
}
