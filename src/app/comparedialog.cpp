// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparedialog.h"
#include "offguithread.h"

#include "chartstyle.h"
#include "kindtext.h"
#include "reportfile.h"
#include "toolchart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

namespace dm {

using namespace chartstyle;

namespace {
    std::optional<double> value(const ComparisonCell& c, ComparisonMetric m)
    {
        switch (m) {
        case ComparisonMetric::MBps:
            return c.mbPerSec;
        case ComparisonMetric::Iops:
            return c.iops;
        case ComparisonMetric::LatencyUs:
            return c.latencyUs;
        }
        return {};
    }

    QString number(double v, ComparisonMetric m)
    {
        const int decimals = m == ComparisonMetric::Iops ? (v < 100 ? 1 : 0) : (v < 100 ? 2 : 1);
        return QLocale().toString(v, 'f', decimals);
    }

    QString unitText(ComparisonMetric m)
    {
        switch (m) {
        case ComparisonMetric::MBps:
            return CompareDialog::tr("MB/s");
        case ComparisonMetric::Iops:
            return CompareDialog::tr("IOPS");
        case ComparisonMetric::LatencyUs:
            return CompareDialog::tr("µs (mean latency)");
        }
        return {};
    }

    QIcon swatch(const QColor& color, int size)
    {
        QPixmap pixmap(size, size);
        pixmap.fill(color);
        return QIcon(pixmap);
    }
}

CompareDialog::CompareDialog(Comparison comparison, QWidget* parent)
    : QDialog(parent)
    , m_comparison(std::move(comparison))
{
    setWindowTitle(tr("Comparison of %1 runs — Diskometer").arg(m_comparison.runs.size()));
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("MB/s"), int(ComparisonMetric::MBps));
    m_metricBox->addItem(tr("IOPS"), int(ComparisonMetric::Iops));
    m_metricBox->addItem(tr("Latency (µs)"), int(ComparisonMetric::LatencyUs));
    auto* metricLabel = new QLabel(tr("&Show:"), this);
    metricLabel->setBuddy(m_metricBox);
    top->addWidget(metricLabel);
    top->addWidget(m_metricBox);
    top->addStretch(1);
    const struct {
        const char* label;
        QString suffix, filter;
    } saves[] = {
        { QT_TR_NOOP("Save &Markdown…"), QStringLiteral("md"), QStringLiteral("Markdown (*.md)") },
        { QT_TR_NOOP("Save &CSV…"), QStringLiteral("csv"), QStringLiteral("CSV (*.csv)") },
        { QT_TR_NOOP("Save &Image…"), QStringLiteral("png"), QStringLiteral("PNG (*.png)") },
    };
    for (const auto& s : saves) {
        auto* button = new QPushButton(tr(s.label), this);
        connect(button, &QPushButton::clicked, this,
            [this, suffix = s.suffix, filter = s.filter] { exportInteractive(suffix, filter); });
        top->addWidget(button);
    }
    layout->addLayout(top);

    // What the image shows: the charts and the table, without the buttons.
    m_content = new QWidget(this);
    m_content->setAutoFillBackground(true);
    auto* content = new QVBoxLayout(m_content);
    content->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, m_content);
    splitter->setChildrenCollapsible(false);
    content->addWidget(splitter);
    layout->addWidget(m_content, 1);

    auto* charts = new QWidget(splitter);
    auto* chartRow = new QHBoxLayout(charts);
    chartRow->setContentsMargins(0, 0, 0, 0);
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setBackgroundRoundness(0);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_bars = new QBarSeries;
    m_chart->addSeries(m_bars);
    m_chartView = new QChartView(m_chart, charts);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setFrameShape(QFrame::NoFrame);
    const int line = fontMetrics().height();
    m_chartView->setMinimumSize(30 * line, 16 * line);
    chartRow->addWidget(m_chartView, 2);

    // Overlaid lines, one chart per kind that has them (the kind says how: testkind.h): a drive's
    // cache running out, an HDD slowing towards its end, where a block size stops paying.
    const auto& runs = m_comparison.runs;
    for (const ComparisonChart& ch : m_comparison.charts) {
        auto* chart = new ToolChart(ch.axes.xLog2 ? ToolChart::XScale::Log2 : ToolChart::XScale::Linear, charts);
        chart->setObjectName(QStringLiteral("compareChart-") + ch.kind);
        chart->setTitle(kindText(ch.axes.title));
        chart->setYTitle(ToolChart::Side::Left, kindText(ch.axes.yLabel));
        double minX = 0, maxX = 0, maxY = 0;
        bool first = true;
        for (const ComparisonLine& l : ch.lines) {
            // A run with several lines (read and write) names each; a run with one keeps its name.
            const bool several = std::count_if(ch.lines.begin(), ch.lines.end(), [&](const ComparisonLine& o) {
                return o.run == l.run;
            }) > 1;
            QLineSeries* series = chart->addRunLine(
                several ? runs[l.run].label + QStringLiteral(" · ") + kindText(l.series.name) : runs[l.run].label,
                int(l.run));
            QList<QPointF> points;
            for (const SeriesPoint& p : l.series.points) {
                points << QPointF(p.x, p.y);
                minX = first ? p.x : std::min(minX, p.x);
                maxX = first ? p.x : std::max(maxX, p.x);
                maxY = std::max(maxY, p.y);
                first = false;
            }
            series->replace(points);
        }
        chart->fitY(ToolChart::Side::Left, maxY);
        if (ch.axes.xLog2)
            chart->setXAxis(kindText(ch.axes.xLabel), minX > 0 ? minX : 1, std::max(maxX, 2 * (minX > 0 ? minX : 1)));
        else
            chart->setXAxis(kindText(ch.axes.xLabel), 0, std::max(0.001, maxX));
        chartRow->addWidget(chart, 1);
        m_lineCharts.push_back(chart);
    }
    // Grouped bars, one chart per kind that has them (a copy test's MB/s per set): a bar per run
    // in the run's colour, as the grid's.
    for (const ComparisonBarChart& ch : m_comparison.barCharts) {
        auto* chart = new QChart;
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setBackgroundRoundness(0);
        chart->layout()->setContentsMargins(0, 0, 0, 0);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->setTitle(kindText(ch.axes.title));
        auto* series = new QBarSeries;
        double maxValue = 0;
        for (const ComparisonBarRun& r : ch.runs) {
            auto* set = new QBarSet(runs[r.run].label);
            set->setProperty("runIndex", int(r.run));
            for (const std::optional<double>& v : r.values) {
                maxValue = std::max(maxValue, v.value_or(0));
                *set << v.value_or(0);
            }
            series->append(set);
        }
        chart->addSeries(series);
        auto* x = new QBarCategoryAxis;
        for (const QString& g : ch.groups)
            x->append(kindText(g));
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        QValueAxis* y = makeAxis();
        y->setTitleText(kindText(ch.axes.unit));
        applyAxis(y, niceAxis(maxValue, 1.1, 1, 5));
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
        auto* view = new QChartView(chart, charts);
        view->setObjectName(QStringLiteral("compareBars-") + ch.kind);
        view->setRenderHint(QPainter::Antialiasing);
        view->setFrameShape(QFrame::NoFrame);
        view->setMinimumSize(20 * line, 16 * line);
        chartRow->addWidget(view, 1);
        m_barCharts.push_back(chart);
        m_barViews.push_back(view);
    }
    // Only kinds with lines or their own bars: no grid test, so they get the room.
    m_chartView->setVisible(!m_comparison.columns.empty());

    m_table = new QTableWidget(splitter);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this,
        [this] { setMetric(ComparisonMetric(m_metricBox->currentData().toInt())); });
    auto* close = new QPushButton(tr("Close"), this);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    auto* bottom = new QHBoxLayout;
    bottom->addStretch(1);
    bottom->addWidget(close);
    layout->addLayout(bottom);

    fill();
    applyLook();
    // Wide enough for the whole table (the figures are what people copy), within the screen.
    int tableWidth = 2 * m_table->frameWidth();
    for (int c = 0; c < m_table->columnCount(); ++c)
        tableWidth += m_table->columnWidth(c);
    int width = std::max({ 70 * line, tableWidth + 2 * layout->contentsMargins().left(),
        30 * int(m_lineCharts.size() + m_barCharts.size()) * line + 8 * int(m_comparison.columns.size()) * line });
    if (const QScreen* screen = this->screen())
        width = std::min(width, screen->availableGeometry().width() * 9 / 10);
    resize(width, 50 * line);
}

void CompareDialog::setMetric(ComparisonMetric metric)
{
    m_metric = metric;
    m_metricBox->setCurrentIndex(m_metricBox->findData(int(metric)));
    fill();
    applyLook();
}

void CompareDialog::fill()
{
    const auto& columns = m_comparison.columns;
    const auto& runs = m_comparison.runs;

    m_bars->clear();
    for (QAbstractAxis* axis : m_chart->axes())
        m_chart->removeAxis(axis), delete axis;
    QStringList categories;
    for (const ComparisonColumn& c : columns) // two lines (labels are HTML), so ten tests fit unelided
        categories << QString(c.label.toHtmlEscaped())
                          .replace(QStringLiteral(" Read"), QStringLiteral("<br>Read"))
                          .replace(QStringLiteral(" Write"), QStringLiteral("<br>Write"))
                          .replace(QStringLiteral(" Mix"), QStringLiteral("<br>Mix"));
    double maxValue = 0;
    for (size_t r = 0; r < runs.size(); ++r) {
        const bool any = std::any_of(runs[r].cells.begin(), runs[r].cells.end(),
            [this](const ComparisonCell& c) { return value(c, m_metric).has_value(); });
        if (!any)
            continue; // a scan or sustained write: in the table and the timelines, not the bars
        auto* set = new QBarSet(runs[r].label);
        set->setProperty("runIndex", int(r));
        for (const ComparisonCell& c : runs[r].cells) {
            const double v = value(c, m_metric).value_or(0);
            maxValue = std::max(maxValue, v);
            *set << v;
        }
        m_bars->append(set);
    }
    auto* x = new QBarCategoryAxis;
    x->setTruncateLabels(false); // the two-line labels fit; Qt would elide them by their one-line width
    x->append(categories);
    m_chart->addAxis(x, Qt::AlignBottom);
    m_bars->attachAxis(x);
    QValueAxis* y = makeAxis();
    y->setTitleText(unitText(m_metric));
    applyAxis(y, niceAxis(maxValue, 1.1, 1, 5));
    m_chart->addAxis(y, Qt::AlignLeft);
    m_bars->attachAxis(y);
    m_chart->setTitle(tr("Headline pass per test, %1").arg(unitText(m_metric)));

    const bool notes = std::any_of(runs.begin(), runs.end(), [](const ComparisonRun& r) { return !r.note.isEmpty(); });
    m_table->clear();
    m_table->setRowCount(int(runs.size()));
    m_table->setColumnCount(2 + int(columns.size()) + (notes ? 1 : 0));
    QStringList headers { tr("Run"), tr("Date") };
    for (const ComparisonColumn& c : columns)
        headers << c.label;
    if (notes)
        headers << tr("Note");
    m_table->setHorizontalHeaderLabels(headers);
    const int icon = fontMetrics().height() * 2 / 3;
    const bool dark = isDark(palette().color(QPalette::Base));
    for (size_t r = 0; r < runs.size(); ++r) {
        const ComparisonRun& run = runs[r];
        auto* name = new QTableWidgetItem(swatch(runColor(int(r), dark), icon), run.label);
        name->setToolTip(tr("Run %1: %2").arg(run.entry.id).arg(run.entry.targetPath));
        m_table->setItem(int(r), 0, name);
        m_table->setItem(int(r), 1,
            new QTableWidgetItem(
                QLocale().toString(run.entry.created.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"))));
        for (size_t c = 0; c < run.cells.size() && c < columns.size(); ++c) {
            const ComparisonCell& cell = run.cells[c];
            const auto v = value(cell, m_metric);
            auto* item = new QTableWidgetItem(v ? number(*v, m_metric)
                    : cell.error.isEmpty()      ? QString()
                                                : tr("error"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!cell.error.isEmpty())
                item->setToolTip(cell.error);
            m_table->setItem(int(r), 2 + int(c), item);
        }
        if (notes) {
            // The core's note speaks to CLI users; the window says where to look, in its language.
            QString note = run.note;
            const bool inChart
                = std::any_of(m_comparison.charts.begin(), m_comparison.charts.end(), [r](const ComparisonChart& ch) {
                      return std::any_of(
                          ch.lines.begin(), ch.lines.end(), [r](const ComparisonLine& l) { return l.run == r; });
                  });
            const bool inBars = std::any_of(m_comparison.barCharts.begin(), m_comparison.barCharts.end(),
                [r](const ComparisonBarChart& ch) {
                    return std::any_of(
                        ch.runs.begin(), ch.runs.end(), [r](const ComparisonBarRun& b) { return b.run == r; });
                });
            if (const TestKind* kind = kindForSchema(run.entry.schema); kind && inChart)
                note = tr("%1: see its lines in the chart").arg(kindText(kind->title()));
            else if (kind && inBars)
                note = tr("%1: see its bars in the chart").arg(kindText(kind->title()));
            auto* item = new QTableWidgetItem(note);
            item->setToolTip(run.note);
            m_table->setItem(int(r), m_table->columnCount() - 1, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Every run visible without scrolling, up to ten: the table is half of what is compared.
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height();
    for (int r = 0; r < std::min(10, m_table->rowCount()); ++r)
        height += m_table->rowHeight(r);
    m_table->setMinimumHeight(height);
}

void CompareDialog::applyLook()
{
    applyPalette(m_chartView, m_chart, this);
    applyFonts(m_chart, this);
    const bool dark = isDark(palette().color(QPalette::Base));
    for (QBarSet* set : m_bars->barSets()) {
        const QColor color = runColor(set->property("runIndex").toInt(), dark);
        set->setColor(color);
        set->setBorderColor(color);
    }
    for (size_t i = 0; i < m_barCharts.size(); ++i) {
        applyPalette(m_barViews[i], m_barCharts[i], this);
        applyFonts(m_barCharts[i], this);
        for (QAbstractSeries* series : m_barCharts[i]->series())
            for (QBarSet* set : static_cast<QBarSeries*>(series)->barSets()) {
                const QColor color = runColor(set->property("runIndex").toInt(), dark);
                set->setColor(color);
                set->setBorderColor(color);
            }
    }
    // The category labels a little smaller than the legend's: ten of them may share the width.
    for (QAbstractAxis* axis : m_chart->axes(Qt::Horizontal)) {
        QFont f = axis->labelsFont();
        f.setPointSizeF(std::max(6.0, f.pointSizeF() * 0.85));
        axis->setLabelsFont(f);
        axis->setGridLineVisible(false);
    }
}

void CompareDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyLook();
    QDialog::changeEvent(event);
}

QByteArray CompareDialog::markdown() const { return formatComparisonMarkdown(m_comparison, m_metric).toUtf8(); }

QByteArray CompareDialog::csv() const { return formatComparisonCsv(m_comparison); }

QImage CompareDialog::image() const { return m_content->grab().toImage(); }

bool CompareDialog::saveImage(const QString& path) const
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image().save(&buffer, "PNG");
    return writeReportFile(path, png).isEmpty();
}

void CompareDialog::exportInteractive(const QString& suffix, const QString& filter)
{
    const QString dir = QStandardPaths::writableLocation(
        suffix == QLatin1String("png") ? QStandardPaths::PicturesLocation : QStandardPaths::DocumentsLocation);
    const QString name = QStringLiteral("Diskometer_compare_%1.%2")
                             .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMddhhmmss")), suffix);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Comparison"), QDir(dir).filePath(name), filter);
    if (path.isEmpty())
        return;
    // The image is grabbed here, as the dialog draws itself; the rest is made and written off the
    // GUI thread.
    QByteArray png;
    if (suffix == QLatin1String("png")) {
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image().save(&buffer, "PNG");
    }
    runOffGuiThread(
        this,
        [comparison = m_comparison, metric = m_metric, suffix, path, png] {
            noteOffGuiThread("comparison report");
            const QByteArray content = suffix == QLatin1String("md") ? formatComparisonMarkdown(comparison, metric).toUtf8()
                : suffix == QLatin1String("csv")                       ? formatComparisonCsv(comparison)
                                                                       : png;
            return writeReportFile(path, content);
        },
        [this](const QString& error) {
            if (!error.isEmpty())
                QMessageBox::warning(this, tr("Save Comparison"), error);
        });
}

} // namespace dm
