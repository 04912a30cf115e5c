// SPDX-License-Identifier: GPL-3.0-or-later
#include "healthbadge.h"

#include "offguithread.h"
#include "targetcombo.h"
#include "targetinfo.h"

#include <cmath>

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
    m_showsRun = false;
    m_reading = false; // an answer for another path may still come; it is dropped
    refresh();
}

void HealthBadge::refresh()
{
    if (m_path.isEmpty() || m_reading || m_showsRun)
        return;
    m_reading = true;
    const quint64 asked = ++m_asked;
    runOffGuiThread(
        this,
        [path = m_path, sources = m_sources]() -> std::optional<DriveHealth> {
            noteOffGuiThread("drive health");
            return readTargetHealth(describeTarget(path), sources);
        },
        [this, asked](std::optional<DriveHealth> health) {
            if (asked != m_asked || m_showsRun)
                return;
            m_reading = false;
            draw(health);
            Q_EMIT updated();
        });
}

void HealthBadge::showRun(const RunHealth& health)
{
    if (!health.known())
        return;
    m_showsRun = true;
    const HealthMoment& last = health.end ? *health.end : *health.start;
    const std::optional<double> first = health.start ? health.start->temperatureC : std::nullopt;
    QString temperature;
    if (first && last.temperatureC && int(std::lround(*first)) != int(std::lround(*last.temperatureC)))
        temperature = QStringLiteral("%1 → %2 °C").arg(*first, 0, 'f', 0).arg(*last.temperatureC, 0, 'f', 0);
    else if (last.temperatureC)
        temperature = QStringLiteral("%1 °C").arg(*last.temperatureC, 0, 'f', 0);
    QStringList tip { deviceName(health.model, health.device), last.reason };
    if (const std::optional<double> top = health.hottest(); top && !health.temperatures.empty())
        tip << tr("During the run: %1 °C at the hottest").arg(*top, 0, 'f', 0);
    tip << tr("As the last run found the drive; choosing a target reads it again");
    m_device = health.device;
    draw(last.status, temperature, tip);
}

QString HealthBadge::deviceName(const QString& model, const QString& device)
{
    return model.isEmpty() ? device : model + QStringLiteral(" (") + device + ')';
}

void HealthBadge::draw(const std::optional<DriveHealth>& health)
{
    m_device = health ? health->device : QString();
    if (!health) {
        hide();
        return;
    }
    QStringList tip { deviceName(health->model, health->device), health->reason };
    if (health->powerOnHours)
        tip << tr("Powered on for %1 hours").arg(*health->powerOnHours);
    draw(health->status,
        health->temperatureC ? QStringLiteral("%1 °C").arg(*health->temperatureC, 0, 'f', 0) : QString(), tip);
}

void HealthBadge::draw(HealthStatus status, const QString& temperature, const QStringList& tip)
{
    QString text = QStringLiteral("<span style=\"color:%1\">●</span> %2")
                       .arg(statusColor(status).name(), statusText(status).toHtmlEscaped());
    if (!temperature.isEmpty())
        text += QStringLiteral(" · ") + temperature;
    setText(text);
    setToolTip(tip.join(QLatin1Char('\n')));
    show();
}

} // namespace dm
