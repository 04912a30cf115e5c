// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetscommand.h"
#include "clicommands.h"

#include "blockdevices.h"
#include "mountlist.h"
#include "targetinfo.h"
#include "targetjson.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace dm {

namespace {

    // "476.9 GiB": binary units like the report's Test line, one decimal so that two similar
    // drives (a "500 GB" and a "512 GB" one) can be told apart.
    QString byteSize(qint64 bytes)
    {
        if (bytes <= 0)
            return {};
        const char* units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
        double value = double(bytes);
        int unit = 0;
        while (value >= 1024 && unit < 5) {
            value /= 1024;
            ++unit;
        }
        if (unit == 0)
            return QStringLiteral("%1 B").arg(bytes);
        return QStringLiteral("%1 %2").arg(value, 0, 'f', 1).arg(QLatin1String(units[unit]));
    }

    // A table printed with columns as wide as their widest cell; numbers right-aligned.
    class Table {
    public:
        Table(QStringList headings, QList<bool> rightAligned)
            : m_right(std::move(rightAligned))
        {
            m_rows << std::move(headings);
        }

        void add(QStringList row) { m_rows << std::move(row); }

        QString text(const QString& indent) const
        {
            QList<qsizetype> widths(m_rows.first().size(), 0);
            for (const QStringList& row : m_rows)
                for (qsizetype c = 0; c < row.size(); ++c)
                    widths[c] = std::max(widths[c], row[c].size());
            QString out;
            for (const QStringList& row : m_rows) {
                QString line = indent;
                for (qsizetype c = 0; c < row.size(); ++c) {
                    if (c > 0)
                        line += QStringLiteral("  ");
                    const bool right = c < m_right.size() && m_right[c];
                    line += right ? row[c].rightJustified(widths[c]) : row[c].leftJustified(widths[c]);
                }
                // Empty trailing cells would leave spaces that show up as noise in pasted text.
                while (line.endsWith(QLatin1Char(' ')))
                    line.chop(1);
                out += line + QLatin1Char('\n');
            }
            return out;
        }

    private:
        QList<QStringList> m_rows;
        QList<bool> m_right;
    };

    // The link speed and, for USB, the protocol: "USB 3.2 Gen 1 (5 Gbps), UAS". Bulk-Only
    // Transport is named too, since it explains a slow stick on a fast port.
    QString linkLabel(const TargetDescription& t)
    {
        QStringList parts;
        if (!t.link.isEmpty())
            parts << t.link;
        if (t.uas)
            parts << (*t.uas ? QStringLiteral("UAS") : QStringLiteral("no UAS"));
        return parts.join(QStringLiteral(", "));
    }

    // HDD or SSD from the kernel's rotational flag; nothing for loop and device-mapper devices,
    // which inherit the flag from whatever they sit on (or make it up).
    QString mediaLabel(const TargetDescription& t)
    {
        if (t.bus.isEmpty() || t.bus == QLatin1String("loop"))
            return {};
        return t.rotational ? QStringLiteral("HDD") : QStringLiteral("SSD");
    }

    QString blockSizes(const TargetDescription& t)
    {
        if (!t.logicalBlockSize)
            return {};
        return QStringLiteral("%1/%2").arg(t.logicalBlockSize).arg(t.physicalBlockSize);
    }

    QString flags(const TargetDescription& t)
    {
        QStringList f;
        if (t.readOnly)
            f << QStringLiteral("ro");
        if (t.removable)
            f << QStringLiteral("removable");
        return f.join(QLatin1Char(','));
    }

    // "/ (ext4)", "/home, /var/home (btrfs)": where a device is mounted and as what.
    QString mountedLabel(const TargetDescription& t)
    {
        if (t.mountPoints.isEmpty())
            return {};
        QString label = t.mountPoints.join(QStringLiteral(", "));
        if (!t.filesystem.isEmpty())
            label += QStringLiteral(" (%1)").arg(t.filesystem);
        return label;
    }

    QString filesystemsTable(const QList<TargetDescription>& filesystems, bool withSerial)
    {
        QStringList headings { QStringLiteral("Mount point"), QStringLiteral("Type"), QStringLiteral("Free"),
            QStringLiteral("Total"), QStringLiteral("Device"), QStringLiteral("Model"), QStringLiteral("Bus"),
            QStringLiteral("Link") };
        if (withSerial)
            headings << QStringLiteral("Serial");
        Table table(headings, { false, false, true, true });
        for (const TargetDescription& t : filesystems) {
            QStringList row { t.mountPoint, t.filesystem, t.freeBytes ? byteSize(*t.freeBytes) : QString(),
                byteSize(t.capacityBytes), t.device, deviceName(t), t.bus, linkLabel(t) };
            if (withSerial)
                row << t.serial;
            table.add(row);
        }
        return table.text(QStringLiteral("  "));
    }

    QString blockDevicesTable(const QList<TargetDescription>& devices, bool withSerial)
    {
        QStringList headings { QStringLiteral("Device"), QStringLiteral("Size"), QStringLiteral("Model"),
            QStringLiteral("Bus"), QStringLiteral("Link"), QStringLiteral("Media"), QStringLiteral("Blocks L/P"),
            QStringLiteral("Flags"), QStringLiteral("Mounted") };
        if (withSerial)
            headings.insert(3, QStringLiteral("Serial"));
        Table table(headings, { false, true });
        for (const TargetDescription& t : devices) {
            QStringList row;
            if (t.wholeDisk.isEmpty()) {
                row = QStringList { t.device, byteSize(t.sizeBytes), deviceName(t), t.bus, linkLabel(t), mediaLabel(t),
                    blockSizes(t), flags(t), mountedLabel(t) };
                if (withSerial)
                    row.insert(3, t.serial);
            } else {
                // A partition shares its disk's model, bus and queue: only what is its own is shown.
                row = QStringList { QStringLiteral("  ") + t.device, byteSize(t.sizeBytes), QString(), QString(),
                    QString(), QString(), QString(), t.readOnly ? QStringLiteral("ro") : QString(), mountedLabel(t) };
                if (withSerial)
                    row.insert(3, QString());
            }
            table.add(row);
        }
        return table.text(QStringLiteral("  "));
    }

    QJsonArray jsonList(const QList<TargetDescription>& targets)
    {
        QJsonArray list;
        for (const TargetDescription& t : targets)
            list.append(targetDescriptionJson(t));
        return list;
    }

    void printError(const QString& message)
    {
        std::fprintf(stderr, "diskometer-cli: %s\n", message.toLocal8Bit().constData());
    }

} // namespace

QString formatTargetsText(
    const QList<TargetDescription>& filesystems, const QList<TargetDescription>& blockDevices, bool withSerial)
{
    QString out = QStringLiteral("Filesystems\n");
    out += filesystems.isEmpty() ? QStringLiteral("  (none found)\n") : filesystemsTable(filesystems, withSerial);
    out += QStringLiteral("\nBlock devices\n");
    out += blockDevices.isEmpty() ? QStringLiteral("  (none found)\n") : blockDevicesTable(blockDevices, withSerial);
    return out;
}

QByteArray formatTargetsJson(const QList<TargetDescription>& filesystems, const QList<TargetDescription>& blockDevices)
{
    const QJsonObject root {
        { QStringLiteral("schema"), QLatin1String(kTargetsSchema) },
        { QStringLiteral("filesystems"), jsonList(filesystems) },
        { QStringLiteral("block_devices"), jsonList(blockDevices) },
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

int runTargetsCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Lists what can be tested: every mounted filesystem and every block device and partition,\n"
                       "with model, bus, USB link speed and UAS, block sizes and flags. Serial numbers are left\n"
                       "out unless --show-serial is given, so the output can be posted as it is."));
    p.addPositionalArgument(QStringLiteral("targets"), QStringLiteral("The command."), QStringLiteral("targets"));
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print JSON (schema diskometer.targets/1) instead of tables."));
    const QCommandLineOption showSerial(
        QStringLiteral("show-serial"), QStringLiteral("Include the drives' serial numbers (they identify a drive)."));
    p.addOption(json);
    p.addOption(showSerial);
    addRunOnlyOptionsAsNoOps(p);
    const auto helpOption = p.addHelpOption();

    const bool parsed = p.parse(arguments);
    if (p.positionalArguments().value(0) != QLatin1String("targets"))
        return kNotThisCommand; // "targets" was an option's value
    if (!parsed) {
        printError(p.errorText() + QStringLiteral(" (see targets --help)"));
        return 2;
    }
    if (p.isSet(helpOption)) {
        std::fputs(p.helpText().toLocal8Bit().constData(), stdout);
        return 0;
    }
    const QStringList positional = p.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("targets takes no arguments, got: %1").arg(positional.mid(1).join(QLatin1Char(' '))));
        return 2;
    }

    const bool withSerial = p.isSet(showSerial);
    const QList<TargetDescription> filesystems = listFilesystemTargets({}, withSerial);
    const QList<TargetDescription> devices = listBlockDevices({}, withSerial);
    const QByteArray out = p.isSet(json) ? formatTargetsJson(filesystems, devices)
                                         : formatTargetsText(filesystems, devices, withSerial).toUtf8();
    std::fwrite(out.constData(), 1, size_t(out.size()), stdout);
    std::fflush(stdout);
    return 0;
}

} // namespace dm
