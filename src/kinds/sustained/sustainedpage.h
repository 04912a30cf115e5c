// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "sustainedreport.h"
#include "toolpage.h"

#include <optional>

class QComboBox;
class QLineSeries;

namespace dm {

class TargetCombo;
class ToolChart;

// The sustained write: MB/s against GB written while a long write runs, and where the drive's
// cache ran out (a marker) with the rates before and after.
class SustainedPage : public ToolPage {
    Q_OBJECT
public:
    explicit SustainedPage(QWidget* parent = nullptr);

    void setTarget(const QString& path);
    void setTotal(uint64_t bytes);
    const std::optional<SustainedReport>& report() const { return m_report; }
    ToolChart* chart() const { return m_chart; }
    int plottedSamples() const;
    // The drive's temperature along the write on the right axis: while it runs, with the
    // readings so far (onTemperature), and at its end with the run header's; hidden with fewer
    // than two readings.
    void plotTemperature(
        const std::vector<SustainedSample>& timeline, const std::vector<TemperatureSample>& temperatures);
    // Why no cache cliff was reported, in the window's language; empty when one was.
    static QString noCliffText(const CacheCliff& cliff);

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;
    bool showStoredRun(const QByteArray& json, const QByteArray& csv) override;

protected:
    bool launch() override;
    QString fileKind() const override { return QStringLiteral("sustained"); }
    QString runWhat() const override { return tr("The sustained write"); }
    QString tabTitle() const override { return tr("Sustained &write"); }
    QString tabToolTip() const override { return tr("One long write: where the drive's cache runs out"); }
    void applyKindOptions(const AppOptions& options, bool current) override;
public:
    void onTemperature(const TemperatureSample& reading) override; // public for the tests

private:
    void onSample(const SustainedSample& s);
    void onFinished(Result<SustainedResult> result, ReportHeader header);
    void updateSummary();

    TargetCombo* m_target;
    QComboBox* m_total;
    ToolChart* m_chart;
    QLineSeries* m_rate;
    QLineSeries* m_temperature; // on the right axis, shown only with two readings or more
    std::vector<TemperatureSample> m_liveTemperatures; // the readings of the run going on
    bool m_ended = true; // the run's end was drawn: a reading that comes after is not
    std::optional<SustainedReport> m_report;
    std::vector<SustainedSample> m_live;
    double m_elapsed = 0;
};

} // namespace dm
