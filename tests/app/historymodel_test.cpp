// SPDX-License-Identifier: GPL-3.0-or-later
// The History tab's model under Qt's QAbstractItemModelTester (every index, role, header and
// reset checked against the model contract), with runs of every kind: each row has its kind's
// title and headline, sorting by the headline orders figures as numbers, and a run without a
// headline sorts below every figure.
#include "fakekindreports.h"
#include "fakereport.h"
#include "historyimport.h"
#include "historymodel.h"
#include "jsonreport.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

int g_argc = 1;
char g_arg0[] = "historymodel_test";
char* g_argv[] = { g_arg0, nullptr };

QCoreApplication& app()
{
    static auto* a = new QCoreApplication(g_argc, g_argv);
    return *a;
}

// The tester reports a broken contract through qWarning in Warning mode: collected here, so a
// gtest assertion fails (its Fatal mode would abort the whole test program instead).
QStringList g_warnings;
void collect(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type != QtDebugMsg && type != QtInfoMsg)
        g_warnings << message;
}

std::vector<HistoryEntry> everyKind()
{
    std::vector<HistoryEntry> entries;
    qint64 id = 1;
    for (const QByteArray& json : { formatJson(fakeReport()), formatScanJson(fakeScanReport()),
             formatSustainedJson(fakeSustainedReport()), formatSweepJson(fakeSweepReport()) }) {
        auto in = historyInputsFromFile(json);
        EXPECT_TRUE(in) << in.error().message;
        HistoryEntry e = in->front().entry;
        e.id = id++;
        entries.push_back(e);
    }
    HistoryEntry unknown; // a newer kind this build cannot summarize
    unknown.id = id++;
    unknown.kind = QStringLiteral("health");
    unknown.schema = QStringLiteral("diskometer.health/1");
    entries.push_back(unknown);
    return entries;
}

} // namespace

TEST(HistoryModel, PassesTheModelTesterThroughResets)
{
    app();
    g_warnings.clear();
    const QtMessageHandler old = qInstallMessageHandler(collect);
    {
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
        model.setEntries(everyKind());
        model.setEntries({});
        model.setEntries(everyKind());
        QSortFilterProxyModel proxy;
        proxy.setSortRole(HistoryModel::kSortRole);
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);
        proxy.sort(HistoryModel::Headline, Qt::DescendingOrder);
        model.setEntries(everyKind());
    }
    qInstallMessageHandler(old);
    EXPECT_TRUE(g_warnings.isEmpty()) << g_warnings.join('\n').toStdString();
}

// A run of a custom --tests list is labelled as custom (issue 14, item 10), CrystalDiskMark 9's
// Flash Memory profile by its name; a profile this build does not know shows as stored.
TEST(HistoryModel, TheKindColumnNamesTheProfile)
{
    app();
    std::vector<HistoryEntry> entries;
    for (const char* profile : { "custom", "flash", "default", "tomorrows" }) {
        HistoryEntry e = everyKind().front();
        e.id = qint64(entries.size()) + 1;
        e.profile = QString::fromLatin1(profile);
        entries.push_back(e);
    }
    HistoryModel model;
    model.setEntries(entries);
    ASSERT_EQ(model.rowCount(), 4);
    QStringList kinds;
    for (int row = 0; row < 4; ++row)
        kinds << model.index(row, HistoryModel::Kind).data().toString();
    EXPECT_EQ(kinds,
        QStringList({ "Benchmark · Custom", "Benchmark · Flash Memory", "Benchmark · Default", "Benchmark · tomorrows" }));
}

TEST(HistoryModel, EveryKindHasItsTitleAndHeadline)
{
    app();
    HistoryModel model;
    model.setEntries(everyKind());
    ASSERT_EQ(model.rowCount(), 5);
    const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    EXPECT_TRUE(text(0, HistoryModel::Kind).startsWith("Benchmark")) << text(0, HistoryModel::Kind).toStdString();
    EXPECT_EQ(text(1, HistoryModel::Kind), "Surface scan");
    EXPECT_EQ(text(2, HistoryModel::Kind), "Sustained write");
    EXPECT_EQ(text(3, HistoryModel::Kind), "Block-size sweep");
    EXPECT_EQ(text(4, HistoryModel::Kind), "health"); // unknown: its id, never blank
    EXPECT_EQ(text(0, HistoryModel::Headline), QStringLiteral("%1 MB/s").arg(QLocale().toString(3552.486, 'f', 1)));
    EXPECT_EQ(text(2, HistoryModel::Headline), QStringLiteral("%1 MB/s").arg(QLocale().toString(400.0, 'f', 1)));
    EXPECT_EQ(model.index(2, HistoryModel::Headline).data(Qt::ToolTipRole).toString(), "sustained write");
    EXPECT_TRUE(text(4, HistoryModel::Headline).isEmpty());
    EXPECT_TRUE(text(2, HistoryModel::SeqRead).isEmpty()); // a sustained write has no SEQ1M figure

    QSortFilterProxyModel proxy;
    proxy.setSortRole(HistoryModel::kSortRole);
    proxy.setSourceModel(&model);
    proxy.sort(HistoryModel::Headline, Qt::DescendingOrder);
    QList<double> order;
    for (int r = 0; r < proxy.rowCount(); ++r)
        order << proxy.index(r, HistoryModel::Headline).data(HistoryModel::kSortRole).toDouble();
    EXPECT_NEAR(order.first(), 3552.486, 0.001);
    EXPECT_DOUBLE_EQ(order.last(), -1.0) << "no headline sorts below every figure";
    EXPECT_TRUE(std::is_sorted(order.rbegin(), order.rend()));
}
