// SPDX-License-Identifier: GPL-3.0-or-later
#include "udisksopener.h"
#include "udisksbus.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusUnixFileDescriptor>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QVariantMap>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dm {

namespace {

    using udisks::kService;
    const QString kNotAuthorized = QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorized");
    const QString kNotAuthorizedCanObtain = QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain");
    const QString kNotAuthorizedDismissed = QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorizedDismissed");
    const QString kUnknownMethod = QStringLiteral("org.freedesktop.DBus.Error.UnknownMethod");

    // Lookups answer at once; OpenDevice waits for polkit, which may wait for a person to find and
    // type a password, so its timeout is generous (the dialog has its own cancel button).
    constexpr int kQueryTimeoutMs = 25 * 1000;
    constexpr int kAuthTimeoutMs = 10 * 60 * 1000;

    std::string text(const QString& s) { return s.toStdString(); }
    QString quoted(const QString& s) { return QLatin1Char('\'') + s + QLatin1Char('\''); }

    // Device links (/dev/disk/by-id/...) resolved, so every lookup below compares device nodes.
    QString canonicalDevice(const QString& device)
    {
        const QString canonical = QFileInfo(device).canonicalFilePath();
        return canonical.isEmpty() ? device : canonical;
    }

    Error notRunning()
    {
        return targetError(
            text(UdisksOpener::tr("UDisks2 is not running: run diskometer-cli with sudo, or add yourself "
                                  "to the 'disk' group (then log out and in)")),
            EACCES);
    }

    // What went wrong in a reply, as one line that says what to do.
    Error udisksError(const QDBusError& e, const QString& device)
    {
        const QString name = e.name();
        if (e.type() == QDBusError::ServiceUnknown || e.type() == QDBusError::NoServer
            || e.type() == QDBusError::Disconnected
            || name == QLatin1String("org.freedesktop.DBus.Error.NameHasNoOwner")
            || name.startsWith(QLatin1String("org.freedesktop.DBus.Error.Spawn")))
            return notRunning();
        if (name == kNotAuthorized)
            return targetError(text(UdisksOpener::tr("not authorised by polkit: this system's policy does not let you "
                                                     "open %1; ask an administrator, or run diskometer-cli with sudo")
                                        .arg(quoted(device))),
                EACCES);
        if (name == kNotAuthorizedCanObtain)
            return targetError(text(UdisksOpener::tr("not authorised by polkit: opening %1 needs an administrator's "
                                                     "password, and no polkit agent asked for it; start it from your "
                                                     "desktop session (whose agent asks), or run diskometer-cli with "
                                                     "sudo")
                                        .arg(quoted(device))),
                EACCES);
        if (name == kNotAuthorizedDismissed)
            return targetError(text(UdisksOpener::tr("not authorised by polkit: the password dialog was dismissed; "
                                                     "start again and enter the password to test %1")
                                        .arg(quoted(device))),
                EACCES);
        if (e.type() == QDBusError::NoReply || e.type() == QDBusError::Timeout)
            return targetError(text(UdisksOpener::tr("UDisks2 did not answer in time while opening %1 (was the "
                                                     "password dialog left open?): start again")
                                        .arg(quoted(device))),
                ETIMEDOUT);
        // udisksd passes open(2)'s error on in words ("Error opening /dev/sdb: Device or resource busy").
        if (e.message().contains(QLatin1String("resource busy")))
            return targetError(text(UdisksOpener::tr("%1 is in use (mounted, swap, LVM, RAID or held by another "
                                                     "program): stop that use first; Diskometer never writes to a "
                                                     "device that is in use")
                                        .arg(quoted(device))),
                EBUSY);
        return targetError(
            text(UdisksOpener::tr("UDisks2 could not open %1: %2").arg(quoted(device), e.message())), EACCES);
    }

    Error unknownDevice(const QString& device)
    {
        return targetError(text(UdisksOpener::tr("UDisks2 does not know %1: give a block device such as /dev/sdb "
                                                 "(if it is one, udev may not be running)")
                                    .arg(quoted(device))),
            ENODEV);
    }

    QString details(const QDBusMessage& reply)
    {
        return reply.errorName() + QStringLiteral(": ") + reply.errorMessage();
    }

    QDBusMessage resolveDeviceCall(const QString& device)
    {
        auto call = QDBusMessage::createMethodCall(
            kService, udisks::kManagerPath, udisks::kManagerInterface, QStringLiteral("ResolveDevice"));
        call << QVariantMap { { QStringLiteral("path"), device } } << QVariantMap {};
        return call;
    }

    QDBusMessage managedObjectsCall()
    {
        return QDBusMessage::createMethodCall(kService, QStringLiteral("/org/freedesktop/UDisks2"),
            QStringLiteral("org.freedesktop.DBus.ObjectManager"), QStringLiteral("GetManagedObjects"));
    }

    QDBusMessage openDeviceCall(const QString& objectPath, bool write)
    {
        auto call = QDBusMessage::createMethodCall(
            kService, objectPath, udisks::kBlockInterface, QStringLiteral("OpenDevice"));
        // udisksd adds these to the mode's O_RDONLY or O_RDWR; O_EXCL makes the kernel refuse a
        // device that is mounted or held, as the engine's own open does.
        const int flags = O_DIRECT | (write ? O_EXCL : 0);
        call << (write ? QStringLiteral("rw") : QStringLiteral("r"))
             << QVariantMap { { QStringLiteral("flags"), QVariant::fromValue<qint32>(flags) } };
        // Without this flag polkit must not ask for a password and refuses outright.
        call.setInteractiveAuthorizationAllowed(true);
        return call;
    }

    Result<QString> objectFromResolve(const QDBusMessage& reply, const QString& device)
    {
        const auto paths = qdbus_cast<QList<QDBusObjectPath>>(reply.arguments().value(0));
        if (paths.isEmpty())
            return unknownDevice(device);
        return paths.first().path();
    }

    QByteArray deviceName(const QVariant& bytes)
    {
        QByteArray name = bytes.toByteArray();
        while (name.endsWith('\0')) // D-Bus 'ay' paths carry their C string terminator
            name.chop(1);
        return name;
    }

    // GetManagedObjects: a{oa{sa{sv}}}, object -> interface -> property -> value.
    Result<QString> objectFromManagedObjects(const QDBusMessage& reply, const QString& device)
    {
        const QByteArray wanted = QFile::encodeName(device);
        struct stat st { };
        const bool haveNumber = ::stat(wanted.constData(), &st) == 0 && S_ISBLK(st.st_mode);
        const auto arg = reply.arguments().value(0).value<QDBusArgument>();
        QString found;
        arg.beginMap();
        while (!arg.atEnd()) {
            QDBusObjectPath path;
            QMap<QString, QVariantMap> interfaces;
            arg.beginMapEntry();
            arg >> path >> interfaces;
            arg.endMapEntry();
            const auto block = interfaces.constFind(udisks::kBlockInterface);
            if (!found.isEmpty() || block == interfaces.constEnd())
                continue;
            const bool sameNumber
                = haveNumber && block->value(QStringLiteral("DeviceNumber")).toULongLong() == quint64(st.st_rdev);
            if (sameNumber || deviceName(block->value(QStringLiteral("Device"))) == wanted
                || deviceName(block->value(QStringLiteral("PreferredDevice"))) == wanted)
                found = path.path();
        }
        arg.endMap();
        if (found.isEmpty())
            return unknownDevice(device);
        return found;
    }

    Result<int> takeDescriptor(const QDBusMessage& reply, const QString& device)
    {
        const auto received = reply.arguments().value(0).value<QDBusUnixFileDescriptor>();
        if (!received.isValid())
            return targetError(text(UdisksOpener::tr("UDisks2 opened %1 but its descriptor did not arrive (this "
                                                     "D-Bus connection cannot pass descriptors)")
                                        .arg(quoted(device))),
                EBADF);
        // The received descriptor closes with its QDBusUnixFileDescriptor: keep a copy.
        const int fd = ::fcntl(received.fileDescriptor(), F_DUPFD_CLOEXEC, 0);
        if (fd < 0)
            return targetError(text(UdisksOpener::tr("cannot keep the descriptor UDisks2 opened for %1: %2")
                                        .arg(quoted(device), QString::fromLocal8Bit(std::strerror(errno)))),
                errno);
        return fd;
    }

} // namespace

bool needsUdisksToOpen(const QString& device, bool write)
{
    const QByteArray path = QFile::encodeName(device);
    struct stat st { };
    if (::stat(path.constData(), &st) != 0 || !S_ISBLK(st.st_mode))
        return false;
    // AT_EACCESS: the effective ids decide, as they do for open(2).
    if (::faccessat(AT_FDCWD, path.constData(), write ? R_OK | W_OK : R_OK, AT_EACCESS) == 0)
        return false;
    return errno == EACCES || errno == EPERM;
}

Result<QString> udisksObjectPath(const QString& givenDevice, bool enumerate)
{
    const QString device = canonicalDevice(givenDevice);
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected())
        return notRunning();
    if (!enumerate) {
        const QDBusMessage reply = bus.call(resolveDeviceCall(device), QDBus::Block, kQueryTimeoutMs);
        if (reply.type() == QDBusMessage::ReplyMessage)
            return objectFromResolve(reply, device);
        // ResolveDevice came with UDisks2 2.7; older daemons are asked for everything.
        if (reply.errorName() != kUnknownMethod)
            return udisksError(QDBusError(reply), device);
    }
    const QDBusMessage reply = bus.call(managedObjectsCall(), QDBus::Block, kQueryTimeoutMs);
    if (reply.type() != QDBusMessage::ReplyMessage)
        return udisksError(QDBusError(reply), device);
    return objectFromManagedObjects(reply, device);
}

Result<int> openDeviceViaUdisks(const QString& givenDevice, bool write, QString* explanation)
{
    const QString device = canonicalDevice(givenDevice);
    auto objectPath = udisksObjectPath(device);
    if (!objectPath) {
        if (explanation)
            *explanation = QString::fromStdString(objectPath.error().message);
        return objectPath.error();
    }
    const QDBusMessage reply
        = QDBusConnection::systemBus().call(openDeviceCall(*objectPath, write), QDBus::Block, kAuthTimeoutMs);
    if (reply.type() != QDBusMessage::ReplyMessage) {
        if (explanation)
            *explanation = details(reply);
        return udisksError(QDBusError(reply), device);
    }
    if (explanation)
        *explanation = *objectPath;
    return takeDescriptor(reply, device);
}

UdisksOpener::UdisksOpener(QObject* parent)
    : QObject(parent)
{
}

UdisksOpener::~UdisksOpener() = default;

void UdisksOpener::open(const QString& givenDevice, bool write)
{
    const quint64 generation = ++m_generation;
    m_pending = true;
    const QString device = canonicalDevice(givenDevice);
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        // Queued, so failed() never arrives inside open(), before the caller is ready for it.
        QMetaObject::invokeMethod(
            this, [this, generation] { fail(generation, notRunning()); }, Qt::QueuedConnection);
        return;
    }
    auto* resolve = new QDBusPendingCallWatcher(bus.asyncCall(resolveDeviceCall(device), kQueryTimeoutMs), this);
    connect(resolve, &QDBusPendingCallWatcher::finished, this, [=, this](QDBusPendingCallWatcher* watcher) {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        const QDBusMessage reply = watcher->reply();
        if (reply.type() == QDBusMessage::ReplyMessage) {
            auto objectPath = objectFromResolve(reply, device);
            if (!objectPath)
                return fail(generation, objectPath.error());
            return openObject(generation, device, *objectPath, write);
        }
        if (reply.errorName() != kUnknownMethod)
            return fail(generation, udisksError(QDBusError(reply), device));
        auto* all = new QDBusPendingCallWatcher(
            QDBusConnection::systemBus().asyncCall(managedObjectsCall(), kQueryTimeoutMs), this);
        connect(all, &QDBusPendingCallWatcher::finished, this, [=, this](QDBusPendingCallWatcher* allWatcher) {
            allWatcher->deleteLater();
            if (generation != m_generation)
                return;
            const QDBusMessage objects = allWatcher->reply();
            if (objects.type() != QDBusMessage::ReplyMessage)
                return fail(generation, udisksError(QDBusError(objects), device));
            auto objectPath = objectFromManagedObjects(objects, device);
            if (!objectPath)
                return fail(generation, objectPath.error());
            openObject(generation, device, *objectPath, write);
        });
    });
}

void UdisksOpener::openObject(quint64 generation, const QString& device, const QString& objectPath, bool write)
{
    auto* watcher = new QDBusPendingCallWatcher(
        QDBusConnection::systemBus().asyncCall(openDeviceCall(objectPath, write), kAuthTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [=, this](QDBusPendingCallWatcher* w) {
        w->deleteLater();
        // A superseded answer's descriptor closes with the reply: nothing to clean up.
        if (generation != m_generation)
            return;
        const QDBusMessage reply = w->reply();
        if (reply.type() != QDBusMessage::ReplyMessage)
            return fail(generation, udisksError(QDBusError(reply), device));
        auto fd = takeDescriptor(reply, device);
        if (!fd)
            return fail(generation, fd.error());
        m_pending = false;
        Q_EMIT opened(*fd);
    });
}

void UdisksOpener::fail(quint64 generation, const Error& error)
{
    if (generation != m_generation)
        return;
    m_pending = false;
    Q_EMIT failed(QString::fromStdString(error.message));
}

} // namespace dm
