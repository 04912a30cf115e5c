// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appoptions.h"
#include "filesreport.h"
#include "toolpage.h"

#include <array>
#include <optional>

class QComboBox;
class QLineSeries;
class QSpinBox;

namespace dm {

class TargetCombo;
class ToolChart;

// Small files: how many files a second the filesystem in a folder creates, stats, reads and
// deletes. Each phase's rate is drawn over the files done; the summary lists every phase's
// rate and p99 and says whether the reads reached the drive.
class FilesPage : public ToolPage {
    Q_OBJECT
public:
    explicit FilesPage(QWidget* parent = nullptr);

    void setTarget(const QString& path);
    void setFiles(uint32_t files, uint64_t fileSize, uint32_t dirs);
    const std::optional<FilesReport>& report() const { return m_report; }
    QString summaryHtml() const { return m_summary; }

    bool completedRun() const override { return m_report && !m_report->result.cancelled; }
    Result<QStringList> hostsRun() const override;

protected:
    bool launch() override;
    QString fileKind() const override { return QStringLiteral("files"); }
    QString runWhat() const override { return tr("The small-file test"); }
    // Alt+I: F is the File menu's, C the surface scan's (and a copy tab's to come would take O).
    QString tabTitle() const override { return tr("Small f&iles"); }
    QString tabToolTip() const override
    {
        return tr("How many small files a second the filesystem creates, reads and deletes");
    }
    void applyKindOptions(const AppOptions& options, bool current) override;

private:
    void onPhase(const RunPhase& p, const QString& target);
    void onSeries(const SeriesSample& s);
    void onFinished(Result<FilesResult> result, ReportHeader header);
    void updateSummary();

    TargetCombo* m_target;
    QSpinBox* m_files;
    QComboBox* m_size;
    QSpinBox* m_dirs;
    QComboBox* m_sync;
    ToolChart* m_chart;
    std::array<QLineSeries*, kFilesPhases> m_lines {};
    std::optional<FilesReport> m_report;
    QString m_summary;
};

} // namespace dm
