// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparedialog.h"
#include "htmlreport.h"
#include "offguithread.h"

#include "chartstyle.h"
#include "kindtext.h"
#include "reportfile.h"
#include "scaledbars.h"
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

namespace dm {

using namespace chartstyle;

namespace {
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
    // Bars a thousand times apart (a RAM disk beside a USB 2.0 stick) on a log axis, or each as a
    // share of its test's fastest (issue 30); Automatic lets the figures decide.
    m_scaleBox = new QComboBox(this);
    m_scaleBox->setObjectName(QStringLiteral("barScale"));
    m_scaleBox->addItem(tr("Automatic"), QString());
    m_scaleBox->addItem(tr("Linear"), barScaleName(BarScale::Linear));
    m_scaleBox->addItem(tr("Logarithmic"), barScaleName(BarScale::Log));
    m_scaleBox->addItem(tr("Relative to the fastest"), barScaleName(BarScale::Relative));
    m_scaleBox->setToolTip(tr("How the bars are drawn. Automatic: on a logarithmic axis where the figures differ by "
                              "more than %1 times, so a slow drive's bars still show beside a fast one's.")
                               .arg(kLogScaleSpan));
    auto* scaleLabel = new QLabel(tr("S&cale:"), this);
    scaleLabel->setBuddy(m_scaleBox);
    top->addSpacing(fontMetrics().height());
    top->addWidget(scaleLabel);
    top->addWidget(m_scaleBox);
    top->addStretch(1);
    const struct {
        const char* label;
        QString suffix, filter;
    } saves[] = {
        { QT_TR_NOOP("Save &Markdown…"), QStringLiteral("md"), QStringLiteral("Markdown (*.md)") },
        { QT_TR_NOOP("Save &CSV…"), QStringLiteral("csv"), QStringLiteral("CSV (*.csv)") },
        { QT_TR_NOOP("Save &Image…"), QStringLiteral("png"), QStringLiteral("PNG (*.png)") },
        { QT_TR_NOOP("Save as &Web Page…"), QStringLiteral("html"), QStringLiteral("HTML (*.html)") },
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
    m_content->setObjectName(QStringLiteral("compareContent")); // what image() grabs, for tests
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
    m_gridBars = new ScaledBars(m_chart);
    m_chartView = new QChartView(m_chart, charts);
    m_chartView->setObjectName(QStringLiteral("compareBars-grid"));
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
            QLineSeries* series
                = chart->addRunLine(several ? runs[l.run].shortLabel + QStringLiteral(" · ") + kindText(l.series.name)
                                            : runs[l.run].shortLabel,
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
        auto* bars = new ScaledBars(chart);
        auto* x = new QBarCategoryAxis;
        for (const QString& g : ch.groups)
            x->append(kindText(g));
        chart->addAxis(x, Qt::AlignBottom);
        bars->series()->attachAxis(x);
        m_kindBars.push_back(bars);
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
    // Only the user's own choice is announced (and kept): setChosenBarScale() is silent.
    connect(m_scaleBox, &QComboBox::activated, this, [this] {
        setChosenBarScale(barScaleFromName(m_scaleBox->currentData().toString()));
        Q_EMIT barScaleChosen(m_chosenScale);
    });
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

void CompareDialog::setChosenBarScale(std::optional<BarScale> scale)
{
    m_chosenScale = scale;
    m_scaleBox->setCurrentIndex(std::max(0, m_scaleBox->findData(scale ? barScaleName(*scale) : QString())));
    fill();
    applyLook();
}

BarScale CompareDialog::scaleFor(const std::vector<double>& figures) const
{
    return m_chosenScale ? *m_chosenScale : defaultBarScale(figures);
}

BarScale CompareDialog::barScale() const { return m_gridBars->scale(); }

QBarSeries* CompareDialog::bars() const { return m_gridBars->series(); }

void CompareDialog::fill()
{
    const auto& columns = m_comparison.columns;
    const auto& runs = m_comparison.runs;

    for (QAbstractAxis* axis : m_chart->axes(Qt::Horizontal))
        m_chart->removeAxis(axis), delete axis;
    QStringList categories;
    for (const ComparisonColumn& c : columns) // two lines (labels are HTML), so ten tests fit unelided
        categories << QString(c.label.toHtmlEscaped())
                          .replace(QStringLiteral(" Read"), QStringLiteral("<br>Read"))
                          .replace(QStringLiteral(" Write"), QStringLiteral("<br>Write"))
                          .replace(QStringLiteral(" Mix"), QStringLiteral("<br>Mix"));
    std::vector<ScaledBars::Set> sets;
    std::vector<double> figures;
    for (size_t r = 0; r < runs.size(); ++r) {
        ScaledBars::Set set { runs[r].shortLabel, runs[r].label, int(r), {} };
        for (const ComparisonCell& c : runs[r].cells) {
            set.values.push_back(cellValue(c, m_metric));
            if (set.values.back())
                figures.push_back(*set.values.back());
        }
        // A scan or sustained write: in the table and the timelines, not the bars.
        if (std::any_of(set.values.begin(), set.values.end(), [](const auto& v) { return v.has_value(); }))
            sets.push_back(std::move(set));
    }
    auto* x = new QBarCategoryAxis;
    x->setTruncateLabels(false); // the two-line labels fit; Qt would elide them by their one-line width
    x->append(categories);
    m_chart->addAxis(x, Qt::AlignBottom);
    m_gridBars->series()->attachAxis(x);
    const BarScale scale = scaleFor(figures);
    const QString axisTitle = scale == BarScale::Relative
        ? (m_metric == ComparisonMetric::LatencyUs ? tr("% of the longest latency in each test")
                                                   : tr("% of the fastest run in each test"))
        : scale == BarScale::Log ? tr("%1, logarithmic scale").arg(unitText(m_metric))
                                 : unitText(m_metric);
    m_gridBars->setBars(std::move(sets), scale, axisTitle, [this](double v) { return number(v, m_metric); });
    m_chart->setTitle(tr("Headline pass per test, %1").arg(unitText(m_metric)));
    fillKindBars();

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
        auto* name = new QTableWidgetItem(swatch(runColor(int(r), dark), icon), run.shortLabel);
        name->setToolTip(run.label + QLatin1Char('\n') + tr("Run %1: %2").arg(run.entry.id).arg(run.entry.targetPath));
        m_table->setItem(int(r), 0, name);
        m_table->setItem(int(r), 1,
            new QTableWidgetItem(
                QLocale().toString(run.entry.created.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"))));
        for (size_t c = 0; c < run.cells.size() && c < columns.size(); ++c) {
            const ComparisonCell& cell = run.cells[c];
            const auto v = cellValue(cell, m_metric);
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
            const bool inBars = std::any_of(
                m_comparison.barCharts.begin(), m_comparison.barCharts.end(), [r](const ComparisonBarChart& ch) {
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

void CompareDialog::fillKindBars()
{
    const auto& runs = m_comparison.runs;
    for (size_t i = 0; i < m_kindBars.size(); ++i) {
        const ComparisonBarChart& ch = m_comparison.barCharts[i];
        std::vector<ScaledBars::Set> sets;
        std::vector<double> figures;
        for (const ComparisonBarRun& r : ch.runs) {
            sets.push_back({ runs[r.run].shortLabel, runs[r.run].label, int(r.run), r.values });
            for (const std::optional<double>& v : r.values)
                if (v)
                    figures.push_back(*v);
        }
        const BarScale scale = scaleFor(figures);
        const QString unit = kindText(ch.axes.unit);
        const QString axisTitle = scale == BarScale::Relative ? tr("% of the largest in each group")
            : scale == BarScale::Log                          ? tr("%1, logarithmic scale").arg(unit)
                                                              : unit;
        m_kindBars[i]->setBars(
            std::move(sets), scale, axisTitle, [](double v) { return number(v, ComparisonMetric::MBps); });
    }
}

void CompareDialog::applyLook()
{
    applyPalette(m_chartView, m_chart, this);
    applyFonts(m_chart, this);
    m_gridBars->restyle(this);
    for (size_t i = 0; i < m_barCharts.size(); ++i) {
        applyPalette(m_barViews[i], m_barCharts[i], this);
        applyFonts(m_barCharts[i], this);
        m_kindBars[i]->restyle(this);
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

QByteArray CompareDialog::webPage() const { return formatComparisonHtml(m_comparison, m_metric, m_chosenScale); }

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
        [comparison = m_comparison, metric = m_metric, scale = m_chosenScale, suffix, path, png] {
            noteOffGuiThread("comparison report");
            // The web page on the scale the dialog shows: the one chosen, or each chart's own
            // default (barscale.h) as the dialog's Automatic does.
            const QByteArray content = suffix == QLatin1String("md")
                ? formatComparisonMarkdown(comparison, metric).toUtf8()
                : suffix == QLatin1String("csv")  ? formatComparisonCsv(comparison)
                : suffix == QLatin1String("html") ? formatComparisonHtml(comparison, metric, scale)
                                                  : png;
            return writeReportFile(path, content);
        },
        [this](const QString& error) {
            if (!error.isEmpty())
                QMessageBox::warning(this, tr("Save Comparison"), error);
        });
}

} // namespace dm
