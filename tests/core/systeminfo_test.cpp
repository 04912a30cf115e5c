// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the system description: PRETTY_NAME from os-release (quoting, escapes, fallbacks), the
// CPU model from /proc/cpuinfo text of several architectures, and a real call on this machine.

#include "systeminfo.h"

#include <QFile>
#include <QSysInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace dm;

TEST(SystemInfo, PrettyNameFromOsRelease)
{
    EXPECT_EQ(prettyNameFromOsRelease(
                  "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n"),
        QStringLiteral("Debian GNU/Linux 12 (bookworm)"));
    EXPECT_EQ(prettyNameFromOsRelease("# comment\nPRETTY_NAME='Fedora Linux 40 (Workstation Edition)'\n"),
        QStringLiteral("Fedora Linux 40 (Workstation Edition)"));
    EXPECT_EQ(prettyNameFromOsRelease("PRETTY_NAME=Arch\\ Linux\n"), QStringLiteral("Arch\\ Linux")); // unquoted: as is
    EXPECT_EQ(prettyNameFromOsRelease("PRETTY_NAME=\"Say \\\"hi\\\" OS\"\n"), QStringLiteral("Say \"hi\" OS"));
    // Without PRETTY_NAME: NAME and VERSION, then "Linux" as os-release(5) says.
    EXPECT_EQ(prettyNameFromOsRelease("NAME=\"Alpine\"\nVERSION=\"3.19\"\n"), QStringLiteral("Alpine 3.19"));
    EXPECT_EQ(prettyNameFromOsRelease(""), QStringLiteral("Linux"));
}

TEST(SystemInfo, CpuModelFromCpuInfo)
{
    EXPECT_EQ(cpuModelFromCpuInfo("processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
                                  "model name\t: AMD Ryzen 7 5800X 8-Core Processor\ncpu MHz\t\t: 3800.000\n"),
        QStringLiteral("AMD Ryzen 7 5800X 8-Core Processor"));
    EXPECT_EQ(cpuModelFromCpuInfo("processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n"),
        QStringLiteral("POWER9 (raw), altivec supported"));
    // Modern arm64 kernels name no model: report none rather than a made-up one.
    EXPECT_EQ(cpuModelFromCpuInfo("processor\t: 0\nBogoMIPS\t: 48.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0b\n"),
        QString());
}

TEST(SystemInfo, DescribesThisMachine)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QFile osRelease(dir.filePath(QStringLiteral("os-release")));
    ASSERT_TRUE(osRelease.open(QIODevice::WriteOnly));
    osRelease.write("ID=test\nPRETTY_NAME=\"Test OS 1.0\"\n");
    osRelease.close();

    const SystemDescription system = describeSystem(osRelease.fileName());
    EXPECT_EQ(system.os, QStringLiteral("Test OS 1.0"));
    EXPECT_EQ(system.kernel, QSysInfo::kernelVersion()); // both uname's release
    EXPECT_FALSE(system.kernel.isEmpty());

    EXPECT_EQ(describeSystem(dir.filePath(QStringLiteral("missing"))).os, QStringLiteral("Linux"));
}
