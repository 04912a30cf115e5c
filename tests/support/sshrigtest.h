// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the tests of `remote ssh://` share (issue 31): the real sshd on both loopback addresses
// running the diskometer-cli under test (sshrig.h; the test skips without root or sshd), a
// scratch folder for the hosts' paths, and a history of the test's own. DM_CLI_PATH is the
// built diskometer-cli, as every CLI test target defines it.
#include "clirun.h"
#include "sshrig.h"
#include "testtargets.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <memory>

namespace dm::test {

inline QString builtCliDir() { return QFileInfo(QStringLiteral(DM_CLI_PATH)).absolutePath(); }

class SshRigTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_rig = std::make_unique<SshRig>(builtCliDir());
        if (!m_rig->skipReason().isEmpty())
            GTEST_SKIP() << m_rig->skipReason().toStdString();
        ASSERT_TRUE(m_rig->ready()) << m_rig->error().toStdString();
        ASSERT_FALSE(m_scratch.path().empty());
        m_home = dir("data-home");
    }

    // A folder of the scratch directory, made when missing: a host's PATH, an output's place.
    QString dir(const QString& name) const
    {
        const QString d = QString::fromStdString(m_scratch.path()) + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    }

    // The runs this test's history holds, newest first (`history list --json`).
    QJsonArray historyRuns() const
    {
        const CliOutcome o = runCli(
            { "history", "list", "--json" }, { .timeoutMs = 30000, .environment = historyEnvironment(m_home) });
        return QJsonDocument::fromJson(o.out).object().value("runs").toArray();
    }

    ScratchDir m_scratch;
    std::unique_ptr<SshRig> m_rig;
    QString m_home;
};

} // namespace dm::test
