// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "report.h"

#include <QComboBox>
#include <QList>

namespace dm {

// The target chooser shared by the grid and the other tests' pages: mounted filesystems (free
// and total space, model), block devices (raw, with bus, link and mount points), a folder picked
// by hand. Each entry's data is its path; the group header and "Choose folder…" carry none.
class TargetCombo : public QComboBox {
    Q_OBJECT
public:
    enum Kind { Filesystems = 1, Devices = 2 };

    explicit TargetCombo(int kinds, QWidget* parent = nullptr);

    // Selects `current` at once, listed as itself when it is none of the targets (a folder given
    // with --target or chosen by hand), and lists the targets again. Listing calls statvfs on every
    // mount and reads sysfs, so it runs on a thread of its own and the entries change when it
    // answers; a mount that never answers (a stalled FUSE or NFS server) holds that thread, never
    // the window. While the combo is hidden (a tab not opened yet) it lists when it is shown.
    void refill(const QString& current);
    QString currentPath() const { return currentData().toString(); }

    // Human sizes as the list shows them: "238 GiB", "1.5 TiB".
    static QString humanBytes(qint64 bytes);

protected:
    void showEvent(QShowEvent* event) override;
    // Opening the list lists again: a stick plugged in after the window opened shows up.
    void showPopup() override;

Q_SIGNALS:
    // The user picked an entry or a folder (not emitted by refill).
    void pathChosen(const QString& path);
    // The path shown now, by refill or a pick (the health beside the target follows it).
    void pathSet(const QString& path);

private:
    // What a listing found, on its thread: the mounted filesystems, the block devices, and which
    // filesystem holds the home directory (resolving it reads the filesystem too).
    struct Listing {
        QList<TargetDescription> filesystems, devices;
        int home = -1;
    };
    // The entries from the last listing and m_current (no I/O: on the GUI thread).
    void rebuild();
    void relist();
    void listed(Listing listing);

    int m_kinds;
    bool m_stale = true; // not listed since it was hidden: list when shown
    bool m_listing = false; // a listing runs (one at a time: a hung mount holds one thread only)
    bool m_listAgain = false; // asked for while one ran
    QString m_current;
    Listing m_last;
};

} // namespace dm
