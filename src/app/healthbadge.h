// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "drivehealth.h"
#include "runhealth.h"

#include <QLabel>
#include <QTimer>

namespace dm {

class TargetCombo;

// The chosen drive's health and temperature beside the target, as CrystalDiskInfo would show
// them next to CrystalDiskMark: "● Good · 38 °C", the reason and the model in the tooltip. It
// follows the combo's path; a path on no drive (tmpfs, a network filesystem) shows nothing.
// Reading health means sysfs, D-Bus and maybe smartctl (drivehealth.h), so it runs off the GUI
// thread; a read that never answers holds its own thread, and only the newest answer is shown.
class HealthBadge : public QLabel {
    Q_OBJECT
public:
    explicit HealthBadge(TargetCombo* follow, QWidget* parent = nullptr);

    // Reads the drive under `path` again (also every 30 s while visible: temperatures move).
    void showFor(const QString& path);
    // After a run: the drive as the run left it, and its temperature at the start and the end
    // ("● Good · 38 → 44 °C"), which a saved image of the results then carries. It stays until
    // another target is chosen or another run ends, so the image taken later still shows the
    // run's conditions rather than a drive that has cooled since.
    void showRun(const RunHealth& health);
    // Where the health is read (tests: a fixture sysfs tree, no UDisks2, no smartctl).
    void setSources(const HealthSources& sources) { m_sources = sources; }
    // The last answer's drive ("/dev/vda"), empty when the path is on no drive.
    QString device() const { return m_device; }

Q_SIGNALS:
    void updated(); // an answer for the newest path was drawn

private:
    void refresh();
    void draw(const std::optional<DriveHealth>& health);
    void draw(HealthStatus status, const QString& temperature, const QStringList& tip);
    static QString deviceName(const QString& model, const QString& device);

    HealthSources m_sources;
    QString m_path, m_device;
    quint64 m_asked = 0; // the newest request: older answers are dropped
    bool m_reading = false;
    bool m_showsRun = false; // showRun()'s picture stands until the path changes
    QTimer m_timer;
};

} // namespace dm
