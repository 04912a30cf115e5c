// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QLabel>

namespace dm {

class TargetCombo;

// The drive line above a page's comment (core/driveline.h): the drive, its connection and link,
// its size, the filesystem and how full it is, and for the grid the run's settings, so that a
// posted screenshot says what was tested. It follows the combo's path; describing a target reads
// sysfs and may wait on a mount that does not answer, so it runs off the GUI thread and only the
// newest path's answer is drawn. After a run it shows the target as the run found it, until
// another target is chosen.
class DriveLineLabel : public QLabel {
    Q_OBJECT
public:
    explicit DriveLineLabel(TargetCombo* follow, QWidget* parent = nullptr);

    void showFor(const QString& path);
    // Reads `path` again even when it is the one shown (a stored run's drive was on the line).
    void readAgain(const QString& path);
    // The target as a run described it (its header), which the saved image then carries.
    void showRun(const TargetDescription& target);
    // What follows the drive ("Measure 5 s × 3 · Interval 5 s"); empty for none.
    void setSettingsText(const QString& text);

Q_SIGNALS:
    void updated(); // an answer for the newest path was drawn

private:
    void draw();

    QString m_path;
    quint64 m_asked = 0; // the newest request: older answers are dropped
    QString m_drive, m_settings;
};

} // namespace dm
