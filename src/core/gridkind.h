// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "testkind.h"

namespace dm {

// The grid's history figures, for any Report (ours, or fio's output read as one): the headline is
// SEQ1M Q8T1 read (else write, else the first test that measured), and the metrics the headline
// MB/s of the two rows every CrystalDiskMark user reads first, each direction.
RunSummary summarizeGrid(const Report& report);

// A kind whose documents read as a grid of tests (ours, diskometer.result/1, and fio's jobs): its
// reports, figures and tiles all come from the Report its parser gives.
class GridShapedKind final : public TestKind {
public:
    using Parse = Result<Report> (*)(const QByteArray& json);
    GridShapedKind(QString id, QString schema, QString title, Parse parse);

    QString id() const override { return m_id; }
    QString schema() const override { return m_schema; }
    QString title() const override { return m_title; }
    Result<KindReports> reports(const QByteArray& json, const QString& comment) const override;
    Result<RunSummary> summarize(const QByteArray& json) const override;
    bool readsAsGrid() const override { return true; }
    Result<Report> gridReport(const QByteArray& json) const override { return m_parse(json); }

private:
    QString m_id, m_schema, m_title;
    Parse m_parse;
};

} // namespace dm
