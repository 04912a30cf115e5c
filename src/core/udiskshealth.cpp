// SPDX-License-Identifier: GPL-3.0-or-later
// Health through UDisks2, which reads SMART as root so that we need not: the Drive interface for
// the model, Drive.Ata (libatasmart, every UDisks2 we support) and NVMe.Controller (UDisks2 2.10
// and later). Reading properties and SmartGetAttributes needs no polkit authorisation.
#include "drivehealth.h"
#include "udisksbus.h"
#include "udisksopener.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusVariant>
#include <QFileInfo>

namespace dm {

namespace {

    using udisks::kService;
    const QString kProperties = QStringLiteral("org.freedesktop.DBus.Properties");
    const QString kAta = QStringLiteral("org.freedesktop.UDisks2.Drive.Ata");
    const QString kNvme = QStringLiteral("org.freedesktop.UDisks2.NVMe.Controller");
    constexpr int kTimeoutMs = 5000; // a sleeping disk may take a moment; never minutes

    QDBusMessage call(const QString& path, const QString& interface, const QString& method, const QVariantList& args)
    {
        auto message = QDBusMessage::createMethodCall(kService, path, interface, method);
        message.setArguments(args);
        return QDBusConnection::systemBus().call(message, QDBus::Block, kTimeoutMs);
    }

    // Properties.GetAll; empty when the object lacks the interface.
    QVariantMap properties(const QString& path, const QString& interface)
    {
        const QDBusMessage reply = call(path, kProperties, QStringLiteral("GetAll"), { interface });
        if (reply.type() != QDBusMessage::ReplyMessage)
            return {};
        return qdbus_cast<QVariantMap>(reply.arguments().value(0));
    }

    QVariant property(const QString& path, const QString& interface, const QString& name)
    {
        const QDBusMessage reply = call(path, kProperties, QStringLiteral("Get"), { interface, name });
        if (reply.type() != QDBusMessage::ReplyMessage)
            return {};
        return qdbus_cast<QDBusVariant>(reply.arguments().value(0)).variant();
    }

    std::optional<double> kelvinToCelsius(const QVariant& kelvin)
    {
        const double k = kelvin.toDouble();
        if (k <= 0)
            return std::nullopt; // 0 = not known
        return k - 273.15;
    }

    // Drive.Ata.SmartGetAttributes: a(ysqiiixia{sv}) = id, name, flags, value, worst, threshold,
    // pretty, pretty unit, expansion. libatasmart's pretty value of the sector attributes is the
    // sector count (unit 3 = sectors), which the raw value only is for some vendors.
    void readAtaAttributes(const QString& drive, AtaHealth& ata)
    {
        const QDBusMessage reply = call(drive, kAta, QStringLiteral("SmartGetAttributes"), { QVariantMap {} });
        if (reply.type() != QDBusMessage::ReplyMessage)
            return;
        const auto arg = reply.arguments().value(0).value<QDBusArgument>();
        arg.beginArray();
        while (!arg.atEnd()) {
            uchar id = 0;
            QString name;
            quint16 flags = 0;
            qint32 value = 0, worst = 0, threshold = 0, prettyUnit = 0;
            qint64 pretty = 0;
            QVariantMap expansion;
            arg.beginStructure();
            arg >> id >> name >> flags >> value >> worst >> threshold >> pretty >> prettyUnit >> expansion;
            arg.endStructure();
            std::optional<qint64>* slot = id == 5 ? &ata.reallocatedSectors
                : id == 197                       ? &ata.pendingSectors
                : id == 198                       ? &ata.uncorrectableSectors
                                                  : nullptr;
            if (slot && pretty >= 0)
                *slot = pretty;
        }
        arg.endArray();
    }

    bool readAta(const QString& drive, DriveHealth& health)
    {
        const QVariantMap p = properties(drive, kAta);
        if (p.isEmpty())
            return false;
        health.interface = QStringLiteral("ata");
        if (!p.value(QStringLiteral("SmartSupported")).toBool()) {
            health.unavailable << QStringLiteral("the drive does not support ATA SMART");
            return true;
        }
        if (!p.value(QStringLiteral("SmartEnabled")).toBool()) {
            health.unavailable << QStringLiteral("SMART is turned off on the drive (GNOME Disks or `smartctl -s on` "
                                                 "turns it on)");
            return true;
        }
        if (p.value(QStringLiteral("SmartUpdated")).toULongLong() == 0) {
            health.unavailable << QStringLiteral("UDisks2 has not read SMART yet (the drive may be asleep)");
            return true;
        }
        health.ata.smartFailing = p.value(QStringLiteral("SmartFailing")).toBool();
        health.ata.attributesFailing = p.value(QStringLiteral("SmartNumAttributesFailing")).toInt();
        if (const quint64 seconds = p.value(QStringLiteral("SmartPowerOnSeconds")).toULongLong())
            health.powerOnHours = qint64(seconds / 3600);
        if (!health.temperatureC)
            if ((health.temperatureC = kelvinToCelsius(p.value(QStringLiteral("SmartTemperature")))))
                health.temperatureSource = QStringLiteral("udisks2");
        readAtaAttributes(drive, health.ata);
        health.sources << QStringLiteral("udisks2");
        return true;
    }

    // NVMe.Controller's SmartCriticalWarning names the bits; back into the bit field.
    unsigned criticalWarningBits(const QStringList& words)
    {
        static const char* const names[]
            = { "spare", "temperature", "degraded", "readonly", "volatile_mem", "pmr_readonly" };
        unsigned bits = 0;
        for (const QString& w : words) {
            bool known = false;
            for (unsigned bit = 0; bit < 6; ++bit)
                if (w == QLatin1String(names[bit])) {
                    bits |= 1u << bit;
                    known = true;
                }
            if (!known)
                bits |= 0x80; // a warning newer than this list: still a warning
        }
        return bits;
    }

    bool readNvme(const QString& drive, DriveHealth& health)
    {
        const QVariantMap p = properties(drive, kNvme);
        if (p.isEmpty())
            return false;
        health.interface = QStringLiteral("nvme");
        if (p.value(QStringLiteral("SmartUpdated")).toULongLong() == 0) {
            health.unavailable << QStringLiteral("UDisks2 has not read the NVMe health log yet");
            return true;
        }
        health.nvme.criticalWarning
            = criticalWarningBits(qdbus_cast<QStringList>(p.value(QStringLiteral("SmartCriticalWarning"))));
        health.powerOnHours = qint64(p.value(QStringLiteral("SmartPowerOnHours")).toULongLong());
        if (!health.temperatureC)
            if ((health.temperatureC = kelvinToCelsius(p.value(QStringLiteral("SmartTemperature")))))
                health.temperatureSource = QStringLiteral("udisks2");
        const QDBusMessage reply = call(drive, kNvme, QStringLiteral("SmartGetAttributes"), { QVariantMap {} });
        if (reply.type() == QDBusMessage::ReplyMessage) {
            const QVariantMap a = qdbus_cast<QVariantMap>(reply.arguments().value(0));
            const auto number = [&](const char* key) -> std::optional<quint64> {
                const QVariant v = a.value(QLatin1String(key));
                return v.isValid() ? std::optional<quint64>(v.toULongLong()) : std::nullopt;
            };
            if (auto v = number("avail_spare"))
                health.nvme.availableSpare = int(*v);
            if (auto v = number("spare_thresh"))
                health.nvme.spareThreshold = int(*v);
            if (auto v = number("percent_used"))
                health.nvme.percentageUsed = int(*v);
            health.nvme.dataWrittenBytes = number("total_data_written"); // UDisks2 gives bytes
            health.nvme.mediaErrors = number("media_errors");
            if (auto v = kelvinToCelsius(a.value(QStringLiteral("wctemp"))))
                health.nvme.warningTemperatureC = int(*v + 0.5);
        } else {
            health.unavailable
                << QStringLiteral("UDisks2 did not give the NVMe health log: %1").arg(reply.errorMessage());
        }
        health.sources << QStringLiteral("udisks2");
        return true;
    }

} // namespace

void readUdisksHealth(const QString& device, DriveHealth& health)
{
    QDBusConnection bus = QDBusConnection::systemBus();
    // Not running yet may still mean started on the first call (D-Bus activation, as systemd does).
    if (!bus.isConnected()
        || (!bus.interface()->isServiceRegistered(kService)
            && !bus.interface()->activatableServiceNames().value().contains(kService))) {
        health.unavailable << QStringLiteral("UDisks2 is not running (Debian package udisks2), so SMART cannot be "
                                             "read without root");
        return;
    }
    const auto block = udisksObjectPath(device);
    if (!block) {
        health.unavailable << QStringLiteral("UDisks2 does not know %1").arg(device);
        return;
    }
    const QString drive
        = qdbus_cast<QDBusObjectPath>(property(*block, udisks::kBlockInterface, QStringLiteral("Drive"))).path();
    if (drive.isEmpty() || drive == QLatin1String("/")) {
        health.unavailable << QStringLiteral("UDisks2 knows no drive behind %1").arg(device);
        return;
    }
    const QVariantMap d = properties(drive, QStringLiteral("org.freedesktop.UDisks2.Drive"));
    const QString model = (d.value(QStringLiteral("Vendor")).toString().trimmed() + QLatin1Char(' ')
        + d.value(QStringLiteral("Model")).toString().trimmed())
                              .trimmed();
    if (!model.isEmpty())
        health.model = model;
    if (readAta(drive, health) || readNvme(drive, health))
        return;
    if (QFileInfo(device).fileName().startsWith(QLatin1String("nvme"))) {
        const QString version
            = property(udisks::kManagerPath, udisks::kManagerInterface, QStringLiteral("Version")).toString();
        health.unavailable << QStringLiteral("UDisks2 %1 has no NVMe health (2.10 and later have it)")
                                  .arg(version.isEmpty() ? QStringLiteral("here") : version);
    } else {
        health.unavailable << QStringLiteral("UDisks2 offers no SMART for this drive (neither ATA SMART nor NVMe "
                                             "health)");
    }
}

} // namespace dm
