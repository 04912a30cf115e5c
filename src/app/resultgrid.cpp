// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultgrid.h"

#include "gridmodel.h"
#include "resulttile.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>

namespace dm {

ResultGrid::ResultGrid(const GridModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_layout(new QGridLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    connect(m_model, &GridModel::resultsChanged, this, &ResultGrid::refreshTiles);
}

void ResultGrid::configure(Profile profile, bool mix, int mixReadPercent, Unit unit)
{
    m_profile = profile;
    m_mix = mix;
    m_mixReadPercent = mixReadPercent;
    m_unit = unit;

    while (QLayoutItem* item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_lines.clear();
    m_headers.clear();

    std::vector<Direction> columns { Direction::Read, Direction::Write };
    if (mix)
        columns.push_back(Direction::Mix);
    for (size_t c = 0; c < columns.size(); ++c) {
        auto* header = new QLabel(this);
        header->setAlignment(Qt::AlignCenter);
        QFont f = header->font();
        f.setBold(true);
        header->setFont(f);
        m_layout->addWidget(header, 0, int(c) + 1);
        m_layout->setColumnStretch(int(c) + 1, 1);
        m_headers.push_back(header);
    }

    const bool large = profile == Profile::Demo;
    const auto grid = gridRows(profile, m_model->rows().size());
    for (size_t i = 0; i < grid.size(); ++i) {
        Line line;
        line.grid = grid[i];
        line.button = new QPushButton(this);
        line.button->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
        const size_t testRow = grid[i].testRow;
        connect(line.button, &QPushButton::clicked, this, [this, testRow] { Q_EMIT rowButtonClicked(testRow); });
        m_layout->addWidget(line.button, int(i) + 1, 0);
        for (size_t c = 0; c < columns.size(); ++c) {
            auto* tile = new ResultTile(this);
            tile->setLarge(large);
            const Direction d = columns[c];
            connect(tile, &ResultTile::clicked, this, [this, testRow, d] { Q_EMIT tileClicked(testRow, d); });
            m_layout->addWidget(tile, int(i) + 1, int(c) + 1);
            line.tiles[d] = tile;
        }
        m_layout->setRowStretch(int(i) + 1, 1);
        m_lines.push_back(line);
    }
    refreshHeaders();
    refreshTiles();
    setRunning(m_running);
}

void ResultGrid::setUnit(Unit unit)
{
    m_unit = unit;
    refreshHeaders();
    refreshTiles();
}

ResultTile* ResultGrid::tile(size_t gridRow, Direction direction) const
{
    if (gridRow >= m_lines.size())
        return nullptr;
    auto it = m_lines[gridRow].tiles.find(direction);
    return it == m_lines[gridRow].tiles.end() ? nullptr : it->second;
}

QPushButton* ResultGrid::rowButton(size_t gridRow) const
{
    return gridRow < m_lines.size() ? m_lines[gridRow].button : nullptr;
}

void ResultGrid::setRunningTest(std::optional<std::pair<size_t, Direction>> test)
{
    for (auto& line : m_lines)
        for (auto& [d, tile] : line.tiles)
            tile->setRunning(test && test->first == line.grid.testRow && test->second == d);
}

void ResultGrid::setRunning(bool running)
{
    m_running = running;
    for (auto& line : m_lines)
        line.button->setText(running ? tr("Stop") : rowLabel(line));
}

QString ResultGrid::rowLabel(const Line& line) const
{
    const std::vector<TestRow>& rows = m_model->rows();
    if (line.grid.testRow >= rows.size())
        return {};
    const TestRow& r = rows[line.grid.testRow];
    QString label = QStringLiteral("%1%2\nQ%3T%4")
                        .arg(r.pattern == Pattern::Sequential ? QStringLiteral("SEQ") : QStringLiteral("RND"),
                            QString::fromStdString(blockSizeLabel(r.blockSize)))
                        .arg(r.queueDepth)
                        .arg(r.threads);
    // Peak and Real World show one test in several units: the unit tells the lines apart.
    if (line.grid.unit)
        label += QStringLiteral("\n%1").arg(unitName(*line.grid.unit));
    return label;
}

void ResultGrid::refreshHeaders()
{
    // Peak and Real World name the unit on each row instead: their rows differ.
    const bool unitPerRow = m_profile == Profile::Peak || m_profile == Profile::RealWorld;
    const QString unit = unitPerRow ? QString() : QStringLiteral(" [%1]").arg(unitName(m_unit));
    const QString names[]
        = { tr("Read"), tr("Write"), tr("Mix %1/%2").arg(m_mixReadPercent).arg(100 - m_mixReadPercent) };
    for (size_t c = 0; c < m_headers.size(); ++c)
        m_headers[c]->setText(names[c] + unit);
}

void ResultGrid::refreshTiles()
{
    for (auto& line : m_lines) {
        const Unit unit = line.grid.unit.value_or(m_unit);
        for (auto& [d, tile] : line.tiles) {
            if (const TestResult* r = m_model->result(line.grid.testRow, d))
                tile->setResult(*r, unit);
            else
                tile->clear();
        }
    }
}

} // namespace dm
