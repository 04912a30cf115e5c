// SPDX-License-Identifier: GPL-3.0-or-later
#include "healthbadge.h"

#include "offguithread.h"
#include "targetcombo.h"
#include "targetinfo.h"

namespace dm {

namespace {

    // CrystalDiskInfo's colours, as its users read them: blue good, yellow caution, red bad.
    QColor statusColor(HealthStatus s)
    {
        switch (s) {
        case HealthStatus::Good:
            return QColor(0x2f, 0x7f, 0xd8);
        case HealthStatus::Caution:
            return QColor(0xd8, 0xa8, 0x00);
        case HealthStatus::Bad:
            return QColor(0xd8, 0x30, 0x30);
        case HealthStatus::Unknown:
            break;
        }
        return QColor(0x80, 0x80, 0x80);
    }

    QString statusText(HealthStatus s)
    {
        switch (s) {
        case HealthStatus::Good:
            return HealthBadge::tr("Good");
        case HealthStatus::Caution:
            return HealthBadge::tr("Caution");
        case HealthStatus::Bad:
            return HealthBadge::tr("Bad");
        case HealthStatus::Unknown:
            break;
        }
        return HealthBadge::tr("Health unknown");
    }

} // namespace

HealthBadge::HealthBadge(TargetCombo* follow, QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    hide();
    m_timer.setInterval(30'000);
    // Only the page in view: five pages' badges each asking every 30 s would be five reads (D-Bus,
    // maybe smartctl) for the one a person sees.
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (parentWidget() && parentWidget()->isVisible())
            refresh();
    });
    m_timer.start();
    if (follow)
        connect(follow, &TargetCombo::pathSet, this, &HealthBadge::showFor);
}

void HealthBadge::showFor(const QString& path)
{
    if (path == m_path)
        return; // the timer reads it again
    m_path = path;
    m_reading = false; // an answer for another path may still come; it is dropped
    refresh();
}

void HealthBadge::refresh()
{
    if (m_path.isEmpty() || m_reading)
        return;
    m_reading = true;
    const quint64 asked = ++m_asked;
    runOffGuiThread(
        this,
        [path = m_path, sources = m_sources]() -> std::optional<DriveHealth> {
            noteOffGuiThread("drive health");
            const TargetDescription target = describeTarget(path);
            // tmpfs, NFS, FUSE name their source ("tmpfs", "server:/export"), not a block device.
            if (!target.device.startsWith(QLatin1String("/dev/")))
                return std::nullopt;
            return readDriveHealth(target.device, sources);
        },
        [this, asked](std::optional<DriveHealth> health) {
            if (asked != m_asked)
                return;
            m_reading = false;
            draw(health);
            Q_EMIT updated();
        });
}

void HealthBadge::draw(const std::optional<DriveHealth>& health)
{
    m_device = health ? health->device : QString();
    if (!health) {
        hide();
        return;
    }
    QString text = QStringLiteral("<span style=\"color:%1\">●</span> %2")
                       .arg(statusColor(health->status).name(), statusText(health->status).toHtmlEscaped());
    if (health->temperatureC)
        text += QStringLiteral(" · %1 °C").arg(*health->temperatureC, 0, 'f', 0);
    setText(text);
    QStringList tip;
    tip << (health->model.isEmpty() ? health->device : health->model + QStringLiteral(" (") + health->device + ')');
    tip << health->reason;
    if (health->powerOnHours)
        tip << tr("Powered on for %1 hours").arg(*health->powerOnHours);
    setToolTip(tip.join(QLatin1Char('\n')));
    show();
}

} // namespace dm
