// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QObject>
#include <QString>

namespace dm {

// Opening a raw block device the user may not open, through UDisks2, as GNOME Disks does:
// org.freedesktop.UDisks2.Block.OpenDevice makes udisksd (root) open the device once polkit
// agrees (org.freedesktop.udisks2.open-device, or open-device-system for system devices; the
// desktop's polkit agent asks for the password) and hand the descriptor over the system bus.
// The descriptor is opened with O_DIRECT, and with O_EXCL for writing so the kernel refuses a
// device that is mounted or otherwise held; it goes into RunRequest::fd.

// True when `device` is a block device this user cannot open directly for reading (or for
// reading and writing), so a run on it needs openDeviceViaUdisks / UdisksOpener first.
bool needsUdisksToOpen(const QString& device, bool write);

// The UDisks2 object path of a device node ("/org/freedesktop/UDisks2/block_devices/sdb"):
// Manager.ResolveDevice on UDisks2 >= 2.7, else (or with `enumerate`) the Block interface's
// DeviceNumber, Device and PreferredDevice of every object from GetManagedObjects.
Result<QString> udisksObjectPath(const QString& device, bool enumerate = false);

// Blocking, for the command line: the object path, then OpenDevice ("r" or "rw"), waiting as long
// as a person may take to type a password. Returns a descriptor the caller owns (close it). On
// failure the message says what to do: UDisks2 not running, not authorised by polkit (refused,
// no password asked, dialog dismissed), the device unknown to UDisks2, or the daemon's own error.
// `explanation`, when given, receives the details for a log: the object path on success, the
// D-Bus error name and text on failure.
Result<int> openDeviceViaUdisks(const QString& device, bool write, QString* explanation = nullptr);

// The same without blocking, for the window, whose event loop must keep running while polkit's
// dialog is open. Each open() ends in exactly one opened() or failed(); an open() while another is
// pending supersedes it (the earlier one's result, descriptor included, is dropped).
class UdisksOpener : public QObject {
    Q_OBJECT
public:
    explicit UdisksOpener(QObject* parent = nullptr);
    ~UdisksOpener() override;

    void open(const QString& device, bool write);
    bool isPending() const { return m_pending; }

Q_SIGNALS:
    // The receiver owns `fd`: put it into RunRequest::fd and close it after the run.
    void opened(int fd);
    void failed(const QString& message);

private:
    void openObject(quint64 generation, const QString& device, const QString& objectPath, bool write);
    void fail(quint64 generation, const Error& error);

    quint64 m_generation = 0; // results of an earlier open() carry a stale number and are dropped
    bool m_pending = false;
};

} // namespace dm
