// SPDX-License-Identifier: GPL-3.0-or-later
// Running the real diskometer-cli (or another program) from a test, as a user would, and what
// it answered: its exit code and what it wrote on stdout and stderr. One copy for every test
// under tests/cli, which each had their own. The CLI's path is DM_CLI_PATH, which
// tests/cli/CMakeLists.txt defines for the test targets that run it.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

namespace dm::test {

// What a finished run answered. exitCode is -1 when the program crashed, was killed by a signal
// or did not end within its time (finishProcess() kills it then: a hung run never reads as 0).
struct CliOutcome {
    int exitCode = -1;
    QByteArray out, err;
};

// The same answer as text, for tests that compare it with QStrings and regular expressions.
struct CliTextOutcome {
    int exitCode = -1;
    QString out, err;
};

inline CliTextOutcome asText(const CliOutcome& o)
{
    return { o.exitCode, QString::fromUtf8(o.out), QString::fromUtf8(o.err) };
}

// How a test runs a program; the defaults are a plain run in the test's own environment.
struct CliRun {
    // How long a run may take before it counts as hung (the test fails, it does not wait on).
    int timeoutMs = 120000;
    // A program that runs the CLI: { "setpriv", "--reuid=nobody", ... } runs it as nobody.
    QStringList prefix {};
    // Where the child's stdout goes instead of a pipe, appended (a shell's `>> FILE`).
    QString stdoutFile {};
    QString workingDirectory {};
    std::optional<QProcessEnvironment> environment {};
};

// `base` (the test's environment) with a history of the test's own: XDG_DATA_HOME set to
// `dataHome`, and no DISKOMETER_HISTORY_DB from whoever runs the tests, so no run lands in theirs.
inline QProcessEnvironment historyEnvironment(
    const QString& dataHome, QProcessEnvironment env = QProcessEnvironment::systemEnvironment())
{
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    env.remove(QStringLiteral("DISKOMETER_HISTORY_DB"));
    return env;
}

// Starts `program args` (behind `how.prefix`, if any) and returns at once.
inline std::unique_ptr<QProcess> startProcess(const QString& program, const QStringList& args, const CliRun& how = {})
{
    auto p = std::make_unique<QProcess>();
    if (how.environment)
        p->setProcessEnvironment(*how.environment);
    if (!how.workingDirectory.isEmpty())
        p->setWorkingDirectory(how.workingDirectory);
    if (!how.stdoutFile.isEmpty())
        p->setStandardOutputFile(how.stdoutFile, QIODevice::Append);
    if (how.prefix.isEmpty())
        p->start(program, args);
    else
        p->start(how.prefix.front(), how.prefix.mid(1) + QStringList { program } + args);
    return p;
}

inline std::unique_ptr<QProcess> startCli(const QStringList& args, const CliRun& how = {})
{
    return startProcess(QStringLiteral(DM_CLI_PATH), args, how);
}

// Waits for a started program and reads its answer.
inline CliOutcome finishProcess(QProcess& p, int timeoutMs = CliRun {}.timeoutMs)
{
    if (!p.waitForFinished(timeoutMs) && p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished();
    }
    CliOutcome o;
    o.exitCode = p.exitStatus() == QProcess::NormalExit && p.error() != QProcess::FailedToStart ? p.exitCode() : -1;
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

inline CliOutcome runProcess(const QString& program, const QStringList& args, const CliRun& how = {})
{
    return finishProcess(*startProcess(program, args, how), how.timeoutMs);
}

inline CliOutcome runCli(const QStringList& args, const CliRun& how = {})
{
    return runProcess(QStringLiteral(DM_CLI_PATH), args, how);
}

// Bad input, as the user must see it: exit code 2 and one line on stderr, prefixed with the
// program's name, that contains `needle`.
inline void expectUsageError(const CliOutcome& o, const char* needle)
{
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.startsWith("diskometer-cli: ")) << o.err.constData();
    EXPECT_EQ(o.err.count('\n'), 1) << o.err.constData();
    EXPECT_TRUE(o.err.contains(needle)) << "wanted '" << needle << "' in: " << o.err.constData();
}

// A path from the test rigs (std::string) as an argument.
inline QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace dm::test
