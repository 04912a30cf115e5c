// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "sweepreport.h"
#include "toolpage.h"

#include <optional>

class QComboBox;
class QLineSeries;
class QScatterSeries;

namespace dm {

class TargetCombo;
class ToolChart;

// The block-size sweep: one pattern, depth and thread count at every power of two from 4 KiB
// to 16 MiB, read and write; MB/s and IOPS against block size on a log axis, and where the drive
// has a sensor its temperature as each block size was measured (a dot per measurement, on an
// axis outside the IOPS one: a rate that falls at the large sizes as the drive heats is
// throttling, not the block size).
class SweepPage : public ToolPage {
    Q_OBJECT
public:
    explicit SweepPage(QWidget* parent = nullptr);

    void setTarget(const QString& path);
    // For tests and scripts: a narrower range and shorter passes than the page offers.
    void setRange(uint32_t minBlockSize, uint32_t maxBlockSize);
    void setRunSettings(const RunSettings& settings) { m_runSettings = settings; }
    const std::optional<SweepReport>& report() const { return m_report; }
    ToolChart* chart() const { return m_chart; }
    int plottedPoints() const; // read and write points drawn
    const QScatterSeries* temperatureDots() const { return m_temperature; }
    void onTemperature(const TemperatureSample& reading) override; // public for the tests
    // A dot per measured block size and direction at the drive's temperature then; none, and no
    // axis, without readings.
    void plotTemperatures(const std::vector<SweepPoint>& points, const std::vector<TemperatureSample>& temperatures);

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;
    bool showStoredRun(const QByteArray& json, const QByteArray& csv) override;

protected:
    bool launch() override;
    QString fileKind() const override { return QStringLiteral("sweep"); }
    QString runWhat() const override { return tr("The block-size sweep"); }
    QString tabTitle() const override { return tr("Block si&zes"); }
    QString tabToolTip() const override { return tr("MB/s and IOPS from 4 KiB to 16 MiB blocks"); }
    void applyKindOptions(const AppOptions& options, bool current) override;

private:
    SweepRequest requestShown() const; // the settings shown, as launch() runs them
    void onPhase(const RunPhase& p);
    void onTestFinished(size_t index, const TestResult& result);
    void onFinished(Result<SweepResult> result, ReportHeader header);
    void updateSummary();

    TargetCombo* m_target;
    QComboBox* m_pattern;
    QComboBox* m_queueDepth;
    QComboBox* m_threads;
    QComboBox* m_minSize;
    QComboBox* m_maxSize;
    QComboBox* m_mode;
    ToolChart* m_chart;
    QLineSeries* m_readRate;
    QLineSeries* m_writeRate;
    QLineSeries* m_readIops;
    QLineSeries* m_writeIops;
    QScatterSeries* m_temperature;
    std::vector<TemperatureSample> m_liveTemperatures; // read while the sweep goes on
    RunSettings m_runSettings = SweepRequest {}.settings;
    std::vector<TestSpec> m_tests; // of the run going on, in run order
    std::optional<SweepReport> m_report;
};

} // namespace dm
