// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowimage.h"

#include <QPainter>
#include <QWidget>

namespace dm {

QImage windowImage(QWidget& window)
{
    const QPixmap contents = window.grab();
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
