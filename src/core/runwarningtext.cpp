// SPDX-License-Identifier: GPL-3.0-or-later
#include "runwarningtext.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <functional>
#include <vector>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::RunWarnings)
    };

    // One engine warning: its English text as a pattern (the engine's own words, with the values
    // it puts in as groups), and the same in the window's language. Keep each pattern beside the
    // engine's text it matches: src/engine (runmarker.cpp, runner.cpp, testregion.cpp,
    // engineselect.cpp, surfacescan.cpp, sustainedwrite.cpp); RunWarningText tests every one
    // against the engine's own function where it has one.
    struct Entry {
        QRegularExpression pattern;
        std::function<QString(const QRegularExpressionMatch&)> text;
    };

    const std::vector<Entry>& table()
    {
        static const std::vector<Entry> entries = [] {
            const auto re = [](const char* p) { return QRegularExpression(QString::fromLatin1(p)); };
            std::vector<Entry> t;
            t.push_back({ re("^another Diskometer run \\(pid ([0-9]+)\\) used this drive at the same time: the drive was "
                             "shared, so these results are lower than it does alone; run one test at a time$"),
                [](const QRegularExpressionMatch& m) {
                    return Text::tr("another Diskometer run (pid %1) used this drive at the same time: the drive was "
                                    "shared, so these results are lower than it does alone; run one test at a time")
                        .arg(m.captured(1));
                } });
            t.push_back({ re("^other Diskometer runs \\(pids ([0-9, ]+)\\) used this drive at the same time: the drive "
                             "was shared, so these results are lower than it does alone; run one test at a time$"),
                [](const QRegularExpressionMatch& m) {
                    return Text::tr("other Diskometer runs (pids %1) used this drive at the same time: the drive was "
                                    "shared, so these results are lower than it does alone; run one test at a time")
                        .arg(m.captured(1));
                } });
            t.push_back({ re("^removed a test file left behind by an earlier run: (.+)$"),
                [](const QRegularExpressionMatch& m) {
                    return Text::tr("removed a test file left behind by an earlier run: %1").arg(m.captured(1));
                } });
            t.push_back({ re("^the test file is sparse: reads of its holes never reach the device$"),
                [](const QRegularExpressionMatch&) {
                    return Text::tr("the test file is sparse: reads of its holes never reach the device");
                } });
            t.push_back({ re("^io_uring is not available here \\((.+)\\): ran with libaio$"),
                [](const QRegularExpressionMatch& m) {
                    return Text::tr("io_uring is not available here (%1): ran with libaio").arg(m.captured(1));
                } });
            t.push_back({ re("^the run stopped after (.+): the device stopped answering, so the ([0-9]+) test\\(s\\) "
                             "after it were not run$"),
                [](const QRegularExpressionMatch& m) {
                    return Text::tr("the run stopped after %1: the device stopped answering, so the %2 test(s) after "
                                    "it were not run")
                        .arg(m.captured(1), m.captured(2));
                } });
            return t;
        }();
        return entries;
    }

} // namespace

QString runWarningText(const std::string& warning)
{
    const QString english = QString::fromStdString(warning);
    for (const Entry& e : table())
        if (const QRegularExpressionMatch m = e.pattern.match(english); m.hasMatch())
            return e.text(m);
    return english;
}

} // namespace dm
