// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "results.h"
#include "units.h"

#include <QString>
#include <QWidget>

namespace dm {

// One cell of the result grid, drawn like CrystalDiskMark's: the headline number right-aligned in
// a large bold font over a thin log-scale bar. It keeps only what it shows (text, bar length,
// tooltip), never the result: the window's model owns results and pushes them in again when the
// unit changes.
class ResultTile : public QWidget {
    Q_OBJECT
public:
    explicit ResultTile(QWidget* parent = nullptr);

    void clear();
    // A subtle highlighted frame while this tile's test runs.
    void setRunning(bool running);
    void setResult(const TestResult& r, Unit unit);
    // The Demo profile's two big tiles: the number about twice as large.
    void setLarge(bool large);

    QString text() const { return m_text; }
    double barFraction() const { return m_fraction; }
    bool isFailed() const { return m_failed; }
    bool isRunning() const { return m_running; }
    bool isLarge() const { return m_large; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The colours the tile paints with, derived from a palette; public so tests can check contrast.
    static QColor barColor(const QPalette& palette);
    static QColor errorColor(const QPalette& palette);

Q_SIGNALS:
    // Released inside the tile with the left button: the window shows this test's timeline.
    void clicked();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QFont numberFont() const;
    int padding() const;
    int barHeight() const;
    QSize sizeFor(const QFont& font) const;

    QString m_text;
    double m_fraction = 0;
    bool m_failed = false;
    bool m_running = false;
    bool m_large = false;
    bool m_pressed = false;
};

} // namespace dm
