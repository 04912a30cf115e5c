// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gridlayout.h"
#include "results.h"
#include "units.h"

#include <QWidget>
#include <map>
#include <optional>
#include <vector>

class QGridLayout;
class QLabel;
class QPushButton;

namespace dm {

class GridModel;
class ResultTile;

// CrystalDiskMark's grid: one line per grid row with its row button and a Read, a Write and
// (with mix) a Mix tile, under column headers that name the unit. It only draws the model's rows
// and results (gridmodel.h), and again whenever they change; the main window decides what runs.
class ResultGrid : public QWidget {
    Q_OBJECT
public:
    explicit ResultGrid(const GridModel* model, QWidget* parent = nullptr);

    // Rebuilds the grid for the model's rows as a profile lays them out.
    void configure(Profile profile, bool mix, int mixReadPercent, Unit unit);
    void setUnit(Unit unit);
    // The tile(s) of the test that runs now are highlighted; nullopt = none.
    void setRunningTest(std::optional<std::pair<size_t, Direction>> test);
    // While a run goes on every row button reads "Stop".
    void setRunning(bool running);

    ResultTile* tile(size_t gridRow, Direction direction) const; // for tests
    QPushButton* rowButton(size_t gridRow) const;
    size_t gridRowCount() const { return m_lines.size(); }

Q_SIGNALS:
    void rowButtonClicked(size_t testRow);
    void tileClicked(size_t testRow, dm::Direction direction);

private:
    struct Line {
        GridRow grid;
        QPushButton* button = nullptr;
        std::map<Direction, ResultTile*> tiles;
    };
    void refreshTiles();
    void refreshHeaders();
    QString rowLabel(const Line& line) const;

    const GridModel* m_model;
    QGridLayout* m_layout;
    std::vector<Line> m_lines;
    std::vector<QLabel*> m_headers;
    Profile m_profile = Profile::Default;
    bool m_mix = false;
    int m_mixReadPercent = 70;
    Unit m_unit = Unit::MBps;
    bool m_running = false;
};

} // namespace dm
