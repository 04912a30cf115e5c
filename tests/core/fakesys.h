// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A sysfs tree for the health tests (health_test.cpp, runhealth_test.cpp), laid out as /sys is.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace dm::test {

// A tree laid out as /sys is, in a temporary directory.
class FakeSys {
public:
    QString root() const { return m_dir.path(); }
    void file(const QString& path, const QByteArray& content)
    {
        const QString full = m_dir.filePath(path);
        QDir().mkpath(QFileInfo(full).path());
        QFile f(full);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << full.toStdString();
        f.write(content + '\n');
    }
    void link(const QString& path, const QString& target)
    {
        const QString full = m_dir.filePath(path);
        QDir().mkpath(QFileInfo(full).path());
        ASSERT_TRUE(QFile::link(target, full)) << full.toStdString();
    }
    // A disk's directory in devices/ with /sys/block and /sys/class/block links to it.
    QString disk(const QString& name, const QString& devicePath)
    {
        const QString dir = devicePath + QStringLiteral("/block/") + name;
        file(dir + QStringLiteral("/size"), "2000409264");
        link(QStringLiteral("block/") + name, QStringLiteral("../") + dir);
        link(QStringLiteral("class/block/") + name, QStringLiteral("../../") + dir);
        return dir;
    }
    // A device of the kernel's own (loop, dm, zram): devices/virtual/block/<name>.
    QString virtualDisk(const QString& name, const QByteArray& size = "65536")
    {
        const QString dir = QStringLiteral("devices/virtual/block/") + name;
        file(dir + QStringLiteral("/size"), size);
        link(QStringLiteral("block/") + name, QStringLiteral("../") + dir);
        link(QStringLiteral("class/block/") + name, QStringLiteral("../../") + dir);
        return dir;
    }
    void partition(const QString& diskDir, const QString& name)
    {
        file(diskDir + QLatin1Char('/') + name + QStringLiteral("/partition"), "1");
        link(QStringLiteral("class/block/") + name, QStringLiteral("../../") + diskDir + QLatin1Char('/') + name);
    }

private:
    QTemporaryDir m_dir;
};

// An NVMe drive: /sys/block/nvme0n1/device is the controller nvme0, whose hwmon is "nvme".
inline void addNvme(FakeSys& sys)
{
    const QString ctrl = QStringLiteral("devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0");
    sys.file(ctrl + QStringLiteral("/model"), "Samsung SSD 980 PRO 1TB");
    sys.file(ctrl + QStringLiteral("/hwmon2/name"), "nvme");
    sys.file(ctrl + QStringLiteral("/hwmon2/temp1_input"), "43850");
    sys.file(ctrl + QStringLiteral("/hwmon2/temp1_max"), "81850");
    const QString disk = sys.disk(QStringLiteral("nvme0n1"), ctrl);
    sys.link(disk + QStringLiteral("/device"), QStringLiteral("../.."));
    sys.partition(disk, QStringLiteral("nvme0n1p2"));
}

} // namespace dm::test
