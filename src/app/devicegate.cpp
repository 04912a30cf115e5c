// SPDX-License-Identifier: GPL-3.0-or-later
#include "devicegate.h"

#include "destructiveconfirmdialog.h"
#include "offguithread.h"
#include "udisksopener.h"

#include <QDir>
#include <QFile>
#include <QWidget>

#include <sys/stat.h>
#include <unistd.h>

namespace dm {

DeviceGate::DeviceGate(QWidget* window)
    : QObject(window)
    , m_window(window)
{
}

bool DeviceGate::isBlockDevice(const QString& path)
{
    struct stat st { };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISBLK(st.st_mode);
}

std::optional<bool> DeviceGate::isBlockDeviceAtOnce(const QString& path)
{
    if (QDir::cleanPath(path).startsWith(QLatin1String("/dev/")))
        return isBlockDevice(path);
    return std::nullopt;
}

void DeviceGate::kindOf(const QString& path, std::function<void(bool device)> then)
{
    const quint64 request = ++m_request;
    m_waiting = true;
    runOffGuiThread(
        this,
        [path] {
            noteOffGuiThread("target kind");
            return isBlockDevice(path);
        },
        [this, request, then = std::move(then)](bool device) {
            if (request != m_request || !m_waiting) // cancelled or superseded meanwhile
                return;
            m_waiting = false;
            then(device);
        });
}

QString DeviceGate::waitingText(const QString& device) { return tr("Asking for permission to open %1…").arg(device); }

std::optional<QString> DeviceGate::confirmWrite(const QString& device)
{
    if (m_unattended)
        return tr("writing to %1 destroys its data and needs the typed confirmation in the window; "
                  "for scripts use diskometer-cli --allow-destructive")
            .arg(device);
    if (!DestructiveConfirmDialog::confirm(device, m_window))
        return tr("Cancelled: nothing was written to %1").arg(device);
    return std::nullopt;
}

void DeviceGate::open(const QString& device, bool write, std::function<void(int fd)> then,
    std::function<void(const QString& message)> failed)
{
    if (!needsUdisksToOpen(device, write)) {
        then(-1);
        return;
    }
    // A new opener per request: an answer to an earlier, cancelled one cannot reach this one.
    delete m_udisks;
    m_udisks = new UdisksOpener(this);
    connect(m_udisks, &UdisksOpener::opened, this, [this, then](int fd) {
        if (!m_waiting) { // cancelled meanwhile
            ::close(fd);
            return;
        }
        m_waiting = false;
        then(fd);
    });
    connect(m_udisks, &UdisksOpener::failed, this, [this, failed](const QString& message) {
        if (!m_waiting)
            return;
        m_waiting = false;
        failed(message);
    });
    m_waiting = true;
    m_udisks->open(device, write);
}

} // namespace dm
