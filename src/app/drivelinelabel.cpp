// SPDX-License-Identifier: GPL-3.0-or-later
#include "drivelinelabel.h"

#include "driveline.h"
#include "offguithread.h"
#include "targetcombo.h"
#include "targetinfo.h"

namespace dm {

DriveLineLabel::DriveLineLabel(TargetCombo* follow, QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long model and path wrap rather than widen the window (a 2x screenshot is narrow).
    setWordWrap(true);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QPalette muted = palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    setPalette(muted);
    if (follow)
        connect(follow, &TargetCombo::pathSet, this, &DriveLineLabel::showFor);
}

void DriveLineLabel::showFor(const QString& path)
{
    if (path == m_path)
        return;
    m_path = path;
    const quint64 asked = ++m_asked;
    const bool withSerial = serialShown();
    runOffGuiThread(
        this,
        [path, withSerial] {
            noteOffGuiThread("drive line");
            return driveLine(describeTarget(path, {}, withSerial), withSerial);
        },
        [this, asked](const QString& line) {
            if (asked != m_asked)
                return; // another path was chosen meanwhile, or a run ended
            m_drive = line;
            draw();
            Q_EMIT updated();
        });
}

void DriveLineLabel::readAgain(const QString& path)
{
    m_path.clear();
    showFor(path);
}

void DriveLineLabel::showRun(const TargetDescription& target)
{
    ++m_asked; // an answer still on its way describes the drive before the run
    m_drive = driveLine(target, serialShown());
    draw();
}

void DriveLineLabel::setSettingsText(const QString& text)
{
    m_settings = text;
    draw();
}

void DriveLineLabel::draw()
{
    QString text = m_drive;
    if (!m_settings.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" · ")) + m_settings;
    setText(text);
    setVisible(!text.isEmpty());
}

} // namespace dm
