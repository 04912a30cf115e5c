// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "capacityreport.h"
#include "toolpage.h"

#include <optional>

class QCheckBox;
class QComboBox;
class QLineSeries;

namespace dm {

class TargetCombo;
class ToolChart;

// The capacity check (issue 15): does the stick hold what it announces? On a folder the free
// space is filled and read back, the rates drawn against the bytes; on an unmounted device a
// quick probe, after the typed confirmation. The summary says the verdict in plain words.
class CapacityPage : public ToolPage {
    Q_OBJECT
public:
    explicit CapacityPage(QWidget* parent = nullptr);

    void setTarget(const QString& path);
    void setSize(uint64_t bytes); // 0 = all the free space
    const std::optional<CapacityReport>& report() const { return m_report; }
    ToolChart* chart() const { return m_chart; }
    // The verdict in the window's language, from the same values the reports use.
    static QString verdictText(const CapacityResult& result);

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;

protected:
    bool launch() override;
    // The rest of launch() once it is known whether `target` is a device (then it is probed).
    bool launchOn(const QString& target, bool device);
    QString fileKind() const override { return QStringLiteral("capacity"); }
    QString runWhat() const override { return tr("The capacity check"); }
    QString tabTitle() const override { return tr("Ca&pacity"); }
    QString tabToolTip() const override { return tr("Does the stick hold what it announces, and give it all back?"); }
    void applyKindOptions(const AppOptions& options, bool current) override;

private:
    void run(CapacityRequest request);
    void onPhase(const RunPhase& p, const QString& target);
    void onSeries(const SeriesSample& s);
    void onFinished(Result<CapacityResult> result, ReportHeader header);
    void updateSummary();

    TargetCombo* m_target;
    QComboBox* m_size;
    QCheckBox* m_restore;
    ToolChart* m_chart;
    QLineSeries* m_write;
    QLineSeries* m_read;
    std::optional<CapacityReport> m_report;
    uint64_t m_chartBytes = 0; // what the position axis spans now
    bool m_probe = false;
};

} // namespace dm
