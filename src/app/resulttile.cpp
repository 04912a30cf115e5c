// SPDX-License-Identifier: GPL-3.0-or-later
#include "resulttile.h"

#include "tileformat.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    // Number size relative to the widget's font: CrystalDiskMark's tiles carry the number at about
    // twice the label size; Demo's two tiles are meant to be read from across a room.
    constexpr double kNumberScale = 1.8;
    constexpr double kLargeNumberScale = 2 * kNumberScale;

    // The widest text a tile must hold without shrinking (formatTileNumber prints at most 7).
    const QString kWidestText = QStringLiteral("99999.99");

    // WCAG 2 relative luminance and contrast ratio: the measure a palette's colours are judged by.
    double luminance(const QColor& c)
    {
        auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    }

    double contrast(const QColor& a, const QColor& b)
    {
        const double la = luminance(a), lb = luminance(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    }

    // Moves a colour's lightness away from the background until it stands out by minRatio, keeping
    // its hue: a theme's highlight stays recognisable but never vanishes into a dark or light base.
    QColor withContrast(QColor c, const QColor& background, double minRatio)
    {
        const bool darkBackground = luminance(background) < 0.18;
        float h, s, l, a;
        c.getHslF(&h, &s, &l, &a);
        for (int i = 0; i < 20 && contrast(c, background) < minRatio; ++i) {
            l = std::clamp(darkBackground ? l + 0.04f : l - 0.04f, 0.0f, 1.0f);
            c.setHslF(h, s, l, a);
        }
        return c;
    }

    QColor blend(const QColor& a, const QColor& b, double t)
    {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }

} // namespace

ResultTile::ResultTile(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void ResultTile::clear()
{
    m_text.clear();
    m_fraction = 0;
    m_failed = false;
    setToolTip({});
    setAccessibleName({});
    setAccessibleDescription({});
    unsetCursor();
    update();
}

void ResultTile::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    update();
}

void ResultTile::setResult(const TestResult& r, Unit unit)
{
    m_failed = r.error.has_value();
    // Passes that finished before an error are in the tooltip; the tile itself must not show a
    // number for a test that did not complete, or it would be read as the drive's figure.
    m_text = m_failed ? tr("Error") : formatTileValue(r, unit);
    m_fraction = m_failed ? 0.0 : tileBarFraction(r, unit);
    const QString tip = tileTooltip(r);
    setToolTip(tip);
    setAccessibleName(m_failed || m_text.isEmpty() ? m_text : m_text + QLatin1Char(' ') + unitName(unit));
    setAccessibleDescription(tip);
    // Clicking shows the test's timeline, so say it is clickable once there is one.
    if (r.timeline.empty())
        unsetCursor();
    else
        setCursor(Qt::PointingHandCursor);
    update();
}

void ResultTile::setLarge(bool large)
{
    if (m_large == large)
        return;
    m_large = large;
    updateGeometry();
    update();
}

QFont ResultTile::numberFont() const
{
    QFont f = font();
    f.setBold(true);
    const double scale = m_large ? kLargeNumberScale : kNumberScale;
    // Fonts set in pixels (some platform themes do) have no point size to scale.
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(int(std::lround(f.pixelSize() * scale)));
    return f;
}

// Spacing follows the widget's text size, so a 200% font or scale factor keeps the proportions.
int ResultTile::padding() const { return std::max(2, fontMetrics().height() / 4); }

int ResultTile::barHeight() const { return std::max(3, fontMetrics().height() / 4); }

QSize ResultTile::sizeFor(const QFont& numberFont) const
{
    const QFontMetrics fm(numberFont);
    const int frame = std::max(2, padding() / 2);
    const int w = fm.horizontalAdvance(kWidestText) + 2 * padding() + 2 * frame;
    const int h = fm.height() + barHeight() + padding() + 2 * frame;
    return { w, h };
}

QSize ResultTile::sizeHint() const { return sizeFor(numberFont()); }

QSize ResultTile::minimumSizeHint() const
{
    // Below the hint the number shrinks to fit (see paintEvent); never below the normal text size.
    QFont f = font();
    f.setBold(true);
    return sizeFor(f);
}

QColor ResultTile::barColor(const QPalette& palette)
{
    // 3:1 is WCAG's minimum for graphical objects; the highlight is the palette's own accent.
    return withContrast(
        palette.color(QPalette::Active, QPalette::Highlight), palette.color(QPalette::Active, QPalette::Base), 3.0);
}

QColor ResultTile::errorColor(const QPalette& palette)
{
    // Qt 6.4 palettes have no error role; a red lifted or darkened to 4.5:1, text contrast.
    return withContrast(QColor(0xd3, 0x2f, 0x2f), palette.color(QPalette::Active, QPalette::Base), 4.5);
}

void ResultTile::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const QRect r = rect();

    painter.fillRect(r, base);

    // Frame: a quiet line normally, the highlight (thicker) while this test runs. The contents sit
    // inside the thick frame either way, so starting a test does not shift the number or the bar.
    const int thickFrame = std::max(2, padding() / 2);
    const int frame = m_running ? thickFrame : 1;
    const QColor frameColor = m_running ? barColor(pal) : blend(base, text, 0.3);
    painter.fillRect(QRect(r.left(), r.top(), r.width(), frame), frameColor);
    painter.fillRect(QRect(r.left(), r.bottom() - frame + 1, r.width(), frame), frameColor);
    painter.fillRect(QRect(r.left(), r.top(), frame, r.height()), frameColor);
    painter.fillRect(QRect(r.right() - frame + 1, r.top(), frame, r.height()), frameColor);

    // The bar's track is always drawn, so an empty bar still reads as a meter at zero.
    const QRect inner = r.adjusted(thickFrame, thickFrame, -thickFrame, -thickFrame);
    const int barH = std::min(barHeight(), inner.height() / 3);
    const QRect track(inner.left(), inner.bottom() - barH + 1, inner.width(), barH);
    painter.fillRect(track, blend(base, text, 0.1));
    const int filled = int(std::lround(track.width() * std::clamp(m_fraction, 0.0, 1.0)));
    if (filled > 0)
        painter.fillRect(QRect(track.left(), track.top(), filled, track.height()), barColor(pal));

    if (m_text.isEmpty())
        return;

    const int pad = padding();
    const QRect textRect(inner.left() + pad, inner.top(), inner.width() - 2 * pad, inner.height() - barH);
    QFont f = numberFont();
    // A tile squeezed below its size hint shrinks its number instead of clipping it.
    {
        const QFontMetricsF fm(f);
        const double scale = std::min(
            { 1.0, textRect.width() / std::max(1.0, fm.horizontalAdvance(m_text)), textRect.height() / fm.height() });
        if (scale < 1.0) {
            if (f.pointSizeF() > 0)
                f.setPointSizeF(std::max(1.0, f.pointSizeF() * scale));
            else
                f.setPixelSize(std::max(1, int(f.pixelSize() * scale)));
        }
    }
    painter.setFont(f);
    painter.setPen(m_failed ? errorColor(pal) : text);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.drawText(textRect, Qt::AlignRight | Qt::AlignVCenter, m_text);
}

void ResultTile::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_pressed = true;
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void ResultTile::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_pressed) {
        m_pressed = false;
        event->accept();
        // As with a button: dragging off the tile before letting go cancels the click.
        if (rect().contains(event->position().toPoint()))
            Q_EMIT clicked();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void ResultTile::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace dm
