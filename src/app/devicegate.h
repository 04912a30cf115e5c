// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace dm {

class UdisksOpener;

// The one way the window's tests get at a block device, for the grid and every page alike:
// whether a target is one (without holding the GUI thread on a mount that does not answer),
// the typed confirmation before anything is written (refused outright when nobody is at the
// window, as with --quit-when-done: a script cannot type it and would wait forever), and a
// descriptor from UDisks2 when this user may not open the device (asynchronously: polkit may
// ask for a password).
class DeviceGate : public QObject {
    Q_OBJECT
public:
    explicit DeviceGate(QWidget* window);

    void setUnattended(bool unattended) { m_unattended = unattended; }
    bool unattended() const { return m_unattended; }

    // Whether `path` is a block device node (stat(2), on the calling thread: a folder on a mount
    // that does not answer holds it as long as the mount does).
    static bool isBlockDevice(const QString& path);
    // The same without waiting, where it can be: a path under /dev is on devtmpfs, in memory,
    // and answers at once; any other path gets nothing here (ask kindOf()).
    static std::optional<bool> isBlockDeviceAtOnce(const QString& path);
    // Looks at `path` on a thread of its own and calls `then(isBlockDevice)` here; waiting()
    // meanwhile, and cancel() drops the answer.
    void kindOf(const QString& path, std::function<void(bool device)> then);

    // Asks for the typed device name. Nothing when confirmed; otherwise what to tell the user.
    std::optional<QString> confirmWrite(const QString& device);

    // `then(-1)` at once when this user may open the device; otherwise asks UDisks2 and later
    // calls `then(fd)` (the caller owns fd) or `failed(message)`. One request at a time.
    void open(const QString& device, bool write, std::function<void(int fd)> then,
        std::function<void(const QString& message)> failed);
    bool waiting() const { return m_waiting; }
    // What the page's status says while it waits.
    static QString waitingText(const QString& device);
    // Drops the pending request: a descriptor that still arrives is closed, a failure or a
    // target's kind ignored.
    void cancel() { m_waiting = false; }

private:
    QWidget* m_window;
    UdisksOpener* m_udisks = nullptr;
    bool m_unattended = false;
    bool m_waiting = false;
    quint64 m_request = 0; // kindOf()'s: an answer to an earlier one is dropped
};

} // namespace dm
