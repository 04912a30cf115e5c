// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real diskometer binary: it refuses to run as root (the window never needs it), and
// bad automation options exit with 2 and a one-line message, before any window appears.
#include "testtargets.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace dm::test;

namespace {
struct Outcome {
    int exitCode = -1;
    QByteArray err, out;
};
// display false: as on a server or in an ssh session without X forwarding.
Outcome runApp(const QStringList& args, bool display = true)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (!display)
        for (const char* name : { "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY" })
            env.remove(QString::fromLatin1(name));
    // Without a runtime directory Qt warns on stderr, which is not what this test reads.
    static QTemporaryDir runtime;
    QFile::setPermissions(runtime.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DM_APP_PATH), args);
    p.waitForFinished(20000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardError(),
        p.readAllStandardOutput() };
}
}

TEST(AppProcess, RefusesToRunAsRoot)
{
    if (!isRoot())
        GTEST_SKIP() << "runs as root to check the refusal";
    const auto o = runApp({ QStringLiteral("--start") });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("does not run as root")) << o.err.constData();
    EXPECT_TRUE(o.err.contains("diskometer-cli")) << "says what to use instead";
}

// What a package check and a bug report ask for; it works as root too (nothing is opened).
TEST(AppProcess, VersionIsPrintedAndNothingElseHappens)
{
    const auto o = runApp({ QStringLiteral("--version") });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(o.out, QByteArray("diskometer " DM_VERSION "\n"));
}

TEST(AppProcess, BadOptionsExitWithTwo)
{
    for (const QStringList& args : { QStringList { "--count", "0" }, QStringList { "--profile", "fastest" },
             QStringList { "stray-argument" } }) {
        const auto o = runApp(args + QStringList { "--allow-root" });
        EXPECT_EQ(o.exitCode, 2) << args.join(' ').toStdString();
        EXPECT_TRUE(o.err.startsWith("diskometer: ")) << o.err.constData();
        EXPECT_EQ(o.err.count('\n'), 1) << o.err.constData();
    }
}

// Without a display Qt would abort (134) with a message about platform plugins: the program says
// what to do instead, before anything else, and --help still works.
TEST(AppProcess, NoDisplaySaysWhatToDo)
{
    const auto o = runApp({ "--allow-root" }, false);
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.startsWith("diskometer: no display")) << o.err.constData();
    EXPECT_TRUE(o.err.contains("diskometer-cli") && o.err.contains("xvfb-run")) << o.err.constData();
    EXPECT_EQ(o.err.count('\n'), 1) << o.err.constData();
    EXPECT_EQ(runApp({ "--help" }, false).exitCode, 0);
    const auto version = runApp({ "--version" }, false);
    EXPECT_EQ(version.exitCode, 0) << version.err.constData();
    EXPECT_EQ(version.out, QByteArray("diskometer " DM_VERSION "\n"));
    EXPECT_EQ(runApp({ "--count", "0" }, false).exitCode, 2);
}

// A run that cannot start leaves no image or report behind (an empty grid is no result).
TEST(AppProcess, ARunThatCannotStartWritesNothing)
{
    QTemporaryDir out;
    const QString png = out.filePath(QStringLiteral("grid.png")), txt = out.filePath(QStringLiteral("grid.txt"));
    const auto o = runApp({ "--allow-root", "--target", "/nonexistent/diskometer", "--start", "--save-image", png,
        "--save-text", txt, "--quit-when-done" });
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.contains("does not exist")) << o.err.constData();
    EXPECT_FALSE(QFile::exists(png));
    EXPECT_FALSE(QFile::exists(txt));
}

// The copy test's page from the command line, as a script runs it: its JSON and CSV written,
// exit 0, nothing left in the folder.
TEST(AppProcess, TheCopyPageRunsFromTheCommandLineAndLeavesNothing)
{
    ScratchDir dir;
    QTemporaryDir out;
    const QString json = out.filePath(QStringLiteral("copy.json")), csv = out.filePath(QStringLiteral("copy.csv"));
    const auto o = runApp({ "--allow-root", "--page", "copy", "--target", QString::fromStdString(dir.path()), "--size",
        "16MiB", "--start", "--save-json", json, "--save-csv", csv, "--quit-when-done" });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    QFile report(json);
    ASSERT_TRUE(report.open(QIODevice::ReadOnly)) << o.err.constData();
    EXPECT_TRUE(report.readAll().contains("\"diskometer.copy/1\""));
    QFile rows(csv);
    ASSERT_TRUE(rows.open(QIODevice::ReadOnly));
    EXPECT_EQ(rows.readAll().count('\n'), 4); // the header and a row per set
    EXPECT_EQ(dir.entryCount(), 0u) << "the test's files are gone";
}

// Issue 13: every page is a TestPage, and the one --page names runs with --start, writes its
// --save-* files and gives the exit code, as the grid does without --page. A capacity check of a
// folder, because it is short and its report is its own kind's.
TEST(AppProcess, ThePageNamedByPageRunsWritesItsReportsAndQuits)
{
    ScratchDir dir;
    QTemporaryDir out;
    const QString json = out.filePath(QStringLiteral("capacity.json")), csv = out.filePath(QStringLiteral("capacity.csv"));
    const auto o = runApp({ "--allow-root", "--page", "capacity", "--target", QString::fromStdString(dir.path()),
        "--size", "16MiB", "--start", "--save-json", json, "--save-csv", csv, "--quit-when-done" });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    QFile report(json);
    ASSERT_TRUE(report.open(QIODevice::ReadOnly)) << o.err.constData();
    EXPECT_TRUE(report.readAll().contains("\"diskometer.capacity/1\""));
    EXPECT_GT(QFileInfo(csv).size(), 0);
    EXPECT_EQ(dir.entryCount(), 0u) << "the check's files are gone";

    // A page that cannot start: exit 2 and no report (nothing was measured).
    const QString none = out.filePath(QStringLiteral("none.json"));
    const auto refused = runApp({ "--allow-root", "--page", "capacity", "--target", "/nonexistent/diskometer",
        "--start", "--save-json", none, "--quit-when-done" });
    EXPECT_EQ(refused.exitCode, 2) << refused.err.constData();
    EXPECT_TRUE(refused.err.contains("diskometer: '/nonexistent/diskometer' does not exist"))
        << "the reason, on the terminal: " << refused.err.constData();
    EXPECT_FALSE(QFile::exists(none));
}

// Issue 30: the window saves the web page of the run, in its language: Japanese here, the page's
// lang, its headings and the kind's chart title in Japanese, the run's JSON report embedded.
TEST(AppProcess, TheWindowSavesTheWebPageInItsLanguage)
{
    ScratchDir dir;
    QTemporaryDir out;
    const QString html = out.filePath(QStringLiteral("copy.html")), json = out.filePath(QStringLiteral("copy.json"));
    const auto o = runApp({ "--allow-root", "--language", "ja", "--page", "copy", "--target",
        QString::fromStdString(dir.path()), "--size", "16MiB", "--start", "--save-html", html, "--save-json", json,
        "--quit-when-done" });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    QFile page(html), report(json);
    ASSERT_TRUE(page.open(QIODevice::ReadOnly)) << o.err.constData();
    ASSERT_TRUE(report.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(page.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("<html lang=\"ja\">")));
    EXPECT_TRUE(text.contains(QStringLiteral("測定条件"))) << "the conditions' heading in Japanese";
    EXPECT_TRUE(text.contains(QStringLiteral("data-kind=\"copy\"")));
    EXPECT_TRUE(text.contains(QStringLiteral("\"diskometer.copy/1\"")));
    EXPECT_EQ(dir.entryCount(), 0u);

    // Nothing measured, no page: exit 2 and no file.
    const QString none = out.filePath(QStringLiteral("none.html"));
    const auto refused = runApp({ "--allow-root", "--page", "copy", "--target", "/nonexistent/diskometer", "--start",
        "--save-html", none, "--quit-when-done" });
    EXPECT_EQ(refused.exitCode, 2) << refused.err.constData();
    EXPECT_FALSE(QFile::exists(none));
}
