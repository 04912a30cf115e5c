// SPDX-License-Identifier: GPL-3.0-or-later
#include "sleepinhibitor.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusUnixFileDescriptor>

#include <fcntl.h>
#include <unistd.h>

namespace dm {

namespace {
    // logind answers in milliseconds; a hung one must not hold up the start of a run for long.
    constexpr int kInhibitTimeoutMs = 3000;
} // namespace

SleepInhibitor::SleepInhibitor()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        m_whyNot = tr("no D-Bus system bus, so suspend is not inhibited");
        return;
    }
    auto call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.login1"),
        QStringLiteral("/org/freedesktop/login1"), QStringLiteral("org.freedesktop.login1.Manager"),
        QStringLiteral("Inhibit"));
    call << QStringLiteral("sleep:idle") << QStringLiteral("Diskometer") << tr("A storage benchmark is running")
         << QStringLiteral("block");
    const QDBusMessage reply = bus.call(call, QDBus::Block, kInhibitTimeoutMs);
    if (reply.type() != QDBusMessage::ReplyMessage) {
        const QDBusError error(reply);
        m_whyNot = error.type() == QDBusError::ServiceUnknown
                || error.name() == QLatin1String("org.freedesktop.DBus.Error.NameHasNoOwner")
            ? tr("logind is not running, so suspend is not inhibited")
            : tr("logind did not inhibit suspend: %1").arg(error.message());
        return;
    }
    const auto received = reply.arguments().value(0).value<QDBusUnixFileDescriptor>();
    // The received descriptor closes with the reply; the inhibition lasts as long as our copy.
    m_fd = received.isValid() ? ::fcntl(received.fileDescriptor(), F_DUPFD_CLOEXEC, 0) : -1;
    if (m_fd < 0)
        m_whyNot = tr("logind's inhibitor descriptor did not arrive, so suspend is not inhibited");
}

SleepInhibitor::~SleepInhibitor()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

} // namespace dm
