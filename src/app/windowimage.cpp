// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowimage.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLineEdit>
#include <QPainter>
#include <QWidget>

#include <utility>
#include <vector>

namespace dm {

QImage windowImage(QWidget& window)
{
    // A placeholder is a hint for the person at the window (the comment box's says what a
    // comment is for), not part of the result: the image shows an empty box, as
    // CrystalDiskMark's does. grab() paints at once, so the window never shows the blank.
    // The layouts first: a run's end hides its progress bar and sets the status in the same
    // call that saves the image, and the layout requests they post would otherwise run after
    // the grab, leaving the status wrapped in the half of the row the bar had. A layout that
    // settles may ask its parent's again, hence a few rounds.
    for (int round = 0; round < 4; ++round)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    std::vector<std::pair<QLineEdit*, QString>> hints;
    for (QLineEdit* edit : window.findChildren<QLineEdit*>()) {
        if (!edit->placeholderText().isEmpty()) {
            hints.emplace_back(edit, edit->placeholderText());
            edit->setPlaceholderText(QString());
        }
    }
    const QPixmap contents = window.grab();
    for (const auto& [edit, hint] : hints)
        edit->setPlaceholderText(hint);
    const qreal ratio = contents.devicePixelRatio();
    const QFontMetrics metrics(window.font());
    const int titleHeight = metrics.height() + 8; // in device-independent pixels, like the font
    const QSize logical = contents.deviceIndependentSize().toSize();
    QImage image(QSize(logical.width(), logical.height() + titleHeight) * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    const QPalette& palette = window.palette();
    image.fill(palette.color(QPalette::Window));
    QPainter painter(&image);
    painter.setFont(window.font());
    painter.setPen(palette.color(QPalette::WindowText));
    const QRect title(0, 0, logical.width(), titleHeight);
    painter.drawText(title, Qt::AlignCenter, metrics.elidedText(window.windowTitle(), Qt::ElideRight, title.width() - 8));
    painter.setPen(palette.color(QPalette::Mid));
    painter.drawLine(0, titleHeight - 1, logical.width(), titleHeight - 1);
    painter.drawPixmap(0, titleHeight, contents);
    painter.end();
    return image;
}

} // namespace dm
