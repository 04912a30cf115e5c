// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "copyreport.h"
#include "toolpage.h"

#include <optional>

class QBarSet;
class QChart;
class QChartView;
class QComboBox;
class QValueAxis;

namespace dm {

class TargetCombo;

// The copy test, after AS SSD's: the ISO, Program and Game sets copied on the drive's
// filesystem, a bar per set as each is copied, the summary with each set's MB/s, files and
// folders, and what a clone would do on a filesystem that can.
class CopyPage : public ToolPage {
    Q_OBJECT
public:
    explicit CopyPage(QWidget* parent = nullptr);

    void setTarget(const QString& path);
    void setSize(uint64_t bytes); // the three sets together
    const std::optional<CopyReport>& report() const { return m_report; }
    QBarSet* bars() const { return m_bars; }

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;
    bool showStoredRun(const QByteArray& json, const QByteArray& csv) override;

protected:
    bool launch() override;
    QString fileKind() const override { return QStringLiteral("copy"); }
    QString runWhat() const override { return tr("The copy test"); }
    QString tabTitle() const override { return tr("C&opy"); }
    QString tabToolTip() const override
    {
        return tr("How fast the drive copies a large file, many small ones and a mix, as AS SSD's copy benchmark");
    }
    void applyKindOptions(const AppOptions& options, bool current) override;
    void changeEvent(QEvent* event) override;

private:
    void onPhase(const RunPhase& p, const QString& target);
    void onSetDone(size_t index, double mbPerSec);
    void onFinished(Result<CopyResult> result, ReportHeader header);
    void updateSummary();
    void clearBars();
    void styleChart();

    TargetCombo* m_target;
    QComboBox* m_size;
    QChart* m_chart;
    QChartView* m_view;
    QBarSet* m_bars;
    QValueAxis* m_y;
    std::optional<CopyReport> m_report;
};

} // namespace dm
