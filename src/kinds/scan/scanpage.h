// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "scanreport.h"
#include "toolpage.h"

#include <QElapsedTimer>

#include <optional>

class QCheckBox;
class QComboBox;
class QLineSeries;
class QScatterSeries;
class QSpinBox;

namespace dm {

class TargetCombo;
class ToolChart;

// The surface scan (GNOME Disks' transfer-rate graph, done better): read rate against position
// over the whole device, access times as dots on a second axis, min/average/max listed.
class ScanPage : public ToolPage {
    Q_OBJECT
public:
    explicit ScanPage(QWidget* parent = nullptr);

    void setDevice(const QString& device); // selects it (listed as itself when not found)
    void setSamples(int samples, uint64_t sampleSize, int accessSamples);
    const std::optional<ScanReport>& report() const { return m_report; }
    ToolChart* chart() const { return m_chart; }
    int plottedSamples() const;
    int plottedAccessTimes() const;

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;
    bool showStoredRun(const QByteArray& json, const QByteArray& csv) override;

protected:
    bool launch() override;
    QString fileKind() const override { return QStringLiteral("scan"); }
    QString runWhat() const override { return tr("The surface scan"); }
    QString tabTitle() const override { return tr("Surface s&can"); }
    QString tabToolTip() const override { return tr("Read rate across the whole device, and access times"); }
    void applyKindOptions(const AppOptions& options, bool current) override;

private:
    void run(ScanRequest request);
    void onSample(const ScanSample& s);
    void onAccess(const std::vector<AccessSample>& batch);
    void onFinished(Result<ScanResult> result, ReportHeader header);
    void updateSummary();

    TargetCombo* m_device;
    QSpinBox* m_samples;
    QComboBox* m_sampleSize;
    QSpinBox* m_accessSamples;
    QCheckBox* m_writeBack;
    ToolChart* m_chart;
    QLineSeries* m_read;
    QLineSeries* m_write;
    QScatterSeries* m_access;
    std::optional<ScanReport> m_report;
    ScanResult m_live; // what has arrived while running, for the summary
    QElapsedTimer m_summaryClock; // paces the summary while access times arrive
};

} // namespace dm
