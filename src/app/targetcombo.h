// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QComboBox>

namespace dm {

// The target chooser shared by the grid and the other tests' pages: mounted filesystems (free
// and total space, model), block devices (raw, with bus, link and mount points), a folder picked
// by hand. Each entry's data is its path; the group header and "Choose folder…" carry none.
class TargetCombo : public QComboBox {
    Q_OBJECT
public:
    enum Kind { Filesystems = 1, Devices = 2 };

    explicit TargetCombo(int kinds, QWidget* parent = nullptr);

    // Lists the targets again and selects `current`, which is listed as itself when it is none
    // of them (a folder given with --target or chosen by hand). While the combo is hidden (a tab
    // not opened yet) only `current` is listed; the rest waits until it is shown: listing calls
    // statvfs on every mount and reads sysfs, on the GUI thread.
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

private:
    void fill();

    int m_kinds;
    bool m_stale = true; // only m_current is listed
    QString m_current;
};

} // namespace dm
