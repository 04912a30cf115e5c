// SPDX-License-Identifier: GPL-3.0-or-later
// The web page (issue 30; htmlreport.h): every kind's golden document makes a page that holds it
// and imports back, strings from drives and people are text, the serial number only when asked,
// the grid's tiles say the report's figures, and a comparison of a RAM disk and a USB 2.0 stick
// draws both bars. tests/browser renders the same pages in Chromium.
#include "driveline.h"
#include "historyimport.h"
#include "htmlpage.h"
#include "htmlreport.h"
#include "jsonreport.h"
#include "tileformat.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <gtest/gtest.h>

using namespace dm;

namespace {

QByteArray golden(const QString& name)
{
    QFile f(QStringLiteral(DM_TEST_DATA_DIR "/") + name);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
    return f.readAll();
}

QJsonObject objectOf(const QByteArray& json) { return QJsonDocument::fromJson(json).object(); }

// A document whose drive and comment try to break out of the page.
const QString kHostileModel = QStringLiteral("</script><script>window.__dm_pwned=1</script>");
const QString kHostileComment = QStringLiteral("<img src=x onerror=\"window.__dm_pwned=2\"> & 'quotes'");

QByteArray withHostileStrings(const QByteArray& json)
{
    QJsonObject root = objectOf(json);
    QJsonObject target = root.value(QLatin1String("target")).toObject();
    target.insert(QStringLiteral("model"), kHostileModel);
    root.insert(QStringLiteral("target"), target);
    root.insert(QStringLiteral("comment"), kHostileComment);
    return QJsonDocument(root).toJson();
}

struct SerialShown {
    explicit SerialShown(bool on) { setSerialShown(on); }
    ~SerialShown() { setSerialShown(false); }
};

} // namespace

TEST(HtmlEscape, EscapesEveryCharacterThatOpensMarkupOrEndsAnAttribute)
{
    EXPECT_EQ(htmlEscape(QStringLiteral("<a href=\"x\" title='y'>&amp;</a>")),
        QStringLiteral("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;"));
    EXPECT_EQ(htmlEscape(QStringLiteral("ünïcode 日本語")), QStringLiteral("ünïcode 日本語"));
}

TEST(HtmlEscape, TheEmbeddedJsonCannotCloseItsBlockAndReadsTheSame)
{
    const QByteArray json = R"({"comment":"</script><!-- & <b>","n":1})";
    const QByteArray block = jsonForScriptBlock(json);
    EXPECT_FALSE(block.contains('<'));
    EXPECT_FALSE(block.contains('>'));
    EXPECT_FALSE(block.contains('&'));
    EXPECT_EQ(objectOf(block), objectOf(json));
}

TEST(HtmlReport, EveryKindsDocumentMakesAPageThatHoldsItAndImportsBack)
{
    const std::vector<std::pair<QString, QString>> documents { { "golden/grid.json", "grid" },
        { "golden/scan.json", "scan" }, { "golden/sustained.json", "sustained" }, { "golden/sweep.json", "sweep" },
        { "golden/capacity.json", "capacity" }, { "golden/files.json", "files" }, { "golden/copy.json", "copy" },
        { "fio/single.json", "fio" } };
    for (const auto& [file, kind] : documents) {
        SCOPED_TRACE(file.toStdString());
        const QByteArray json = golden(file);
        auto page = formatHtmlReport(json);
        ASSERT_TRUE(page) << page.error().message;
        EXPECT_TRUE(page->startsWith("<!DOCTYPE html>"));
        EXPECT_TRUE(page->contains(QStringLiteral("data-kind=\"%1\"").arg(kind).toUtf8()));
        // Nothing may load or run: the policy, and no element that loads.
        EXPECT_TRUE(page->contains("default-src 'none'"));
        EXPECT_FALSE(page->contains(" src="));
        EXPECT_FALSE(page->contains("<link"));
        EXPECT_FALSE(QString::fromUtf8(*page).contains(QRegularExpression(QStringLiteral("href=\"(?!#)")))) ;
        // Every kind has a chart or the grid's tiles, and a table of figures or its text report.
        EXPECT_TRUE(page->contains("class=\"tiles") || page->contains("class=\"chart") || kind == QLatin1String("capacity"));
        EXPECT_TRUE(page->contains("<pre>"));

        const auto embedded = reportJsonFromHtml(*page);
        ASSERT_TRUE(embedded);
        EXPECT_EQ(objectOf(*embedded), objectOf(json));
        auto fromPage = historyInputsFromFile(*page);
        auto fromJson = historyInputsFromFile(json);
        ASSERT_TRUE(fromPage) << fromPage.error().message;
        ASSERT_TRUE(fromJson) << fromJson.error().message;
        ASSERT_EQ(fromPage->size(), fromJson->size());
        EXPECT_EQ(fromPage->front().entry.kind, fromJson->front().entry.kind);
        EXPECT_EQ(fromPage->front().entry.headline, fromJson->front().entry.headline);
    }
}

TEST(HtmlReport, StringsFromTheDriveAndTheCommentAreText)
{
    for (const char* file : { "golden/grid.json", "golden/scan.json", "golden/copy.json" }) {
        SCOPED_TRACE(file);
        auto page = formatHtmlReport(withHostileStrings(golden(QString::fromLatin1(file))));
        ASSERT_TRUE(page) << page.error().message;
        const QString html = QString::fromUtf8(*page);
        EXPECT_FALSE(html.contains(QStringLiteral("<img")));
        EXPECT_FALSE(html.contains(QStringLiteral("<script>")));
        EXPECT_EQ(html.count(QStringLiteral("<script")), 1) << "only the JSON block";
        EXPECT_EQ(html.count(QStringLiteral("</script>")), 1);
        EXPECT_TRUE(html.contains(htmlEscape(kHostileComment)));
        EXPECT_TRUE(html.contains(htmlEscape(kHostileModel)));
        // The page's own comment from the history replaces the document's, escaped as well.
        auto edited = formatHtmlReport(golden(QString::fromLatin1(file)), QStringLiteral("<b>edited</b>"));
        ASSERT_TRUE(edited);
        EXPECT_TRUE(edited->contains("&lt;b&gt;edited&lt;/b&gt;"));
        EXPECT_FALSE(edited->contains("<b>edited"));
    }
}

TEST(HtmlReport, TheSerialNumberOnlyWhenAsked)
{
    QJsonObject root = objectOf(golden(QStringLiteral("golden/grid.json")));
    QJsonObject target = root.value(QLatin1String("target")).toObject();
    target.insert(QStringLiteral("serial"), QStringLiteral("S5GXNX0R812345"));
    root.insert(QStringLiteral("target"), target);
    const QByteArray json = QJsonDocument(root).toJson();
    {
        SerialShown off(false);
        auto page = formatHtmlReport(json);
        ASSERT_TRUE(page);
        EXPECT_FALSE(page->contains("S5GXNX0R812345"));
    }
    {
        SerialShown on(true);
        auto page = formatHtmlReport(json);
        ASSERT_TRUE(page);
        EXPECT_TRUE(page->contains("S5GXNX0R812345"));
    }
}

TEST(HtmlReport, TheTilesSayTheReportsFiguresAsTheWindowFormatsThem)
{
    const QByteArray json = golden(QStringLiteral("golden/grid.json"));
    auto report = parseJson(json);
    ASSERT_TRUE(report);
    auto page = formatHtmlReport(json);
    ASSERT_TRUE(page);
    const QString html = QString::fromUtf8(*page);
    ASSERT_FALSE(report->run.tests.empty());
    for (const TestResult& t : report->run.tests) {
        const QString pattern = QStringLiteral("data-test=\"%1\" data-direction=\"%2\"[^>]*><span class=\"value\">([^<]*)</span>")
                                    .arg(QRegularExpression::escape(QString::fromStdString(rowName(t.spec.row))),
                                        QString::fromLatin1(directionName(t.spec.direction)));
        const auto m = QRegularExpression(pattern).match(html);
        ASSERT_TRUE(m.hasMatch()) << pattern.toStdString();
        EXPECT_EQ(m.captured(1), formatTileValue(t, Unit::MBps));
    }
}

TEST(HtmlReport, AFakeSticksPageSaysSoAndMapsWhatWasLost)
{
    auto page = formatHtmlReport(golden(QStringLiteral("golden/capacity.json")));
    ASSERT_TRUE(page);
    const QString html = QString::fromUtf8(*page);
    EXPECT_TRUE(html.contains(QStringLiteral("<p class=\"verdict fake\">FAKE: holds 7.8 GB of the 64.0 GB")));
    // Intact from 0 to 7.8 GB (12.19 % of 64 GB), lost from there to the end.
    EXPECT_TRUE(html.contains(QStringLiteral("<rect class=\"span s2\" x=\"0.00%\" y=\"0\" width=\"12.19%\"")));
    EXPECT_TRUE(html.contains(QStringLiteral("<rect class=\"span s4\" x=\"12.19%\" y=\"0\" width=\"87.81%\"")));
}

TEST(HtmlReport, NotAReportIsRefusedWithWhatItIs)
{
    auto page = formatHtmlReport(R"({"schema":"something/9"})");
    ASSERT_FALSE(page);
    EXPECT_NE(page.error().message.find("something/9"), std::string::npos);
    EXPECT_FALSE(formatHtmlReport("not json at all"));

    auto foreign = historyInputsFromFile("<!DOCTYPE html><html><body><p>a blog post</p></body></html>");
    ASSERT_FALSE(foreign);
    EXPECT_NE(foreign.error().message.find("holds no Diskometer report"), std::string::npos);
}

namespace {

// Two runs of one test: a RAM disk and a USB 2.0 stick.
Comparison fastAndSlow()
{
    Comparison c;
    c.columns.push_back({ { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Read, 100, QStringLiteral("SEQ1M Q8T1 Read") });
    for (const auto& [name, mbps] : { std::pair { "RAM disk", 7000.0 }, std::pair { "USB 2.0 stick", 15.0 } }) {
        ComparisonRun run;
        run.label = QString::fromLatin1(name) + QStringLiteral(" (usb, the whole name)");
        run.shortLabel = QString::fromLatin1(name);
        run.entry.kind = QStringLiteral("grid");
        ComparisonCell cell;
        cell.mbPerSec = mbps;
        run.cells.push_back(cell);
        c.runs.push_back(run);
    }
    return c;
}

// A bar's length in percent of the chart's width, by its figure.
double barPercent(const QString& html, const QString& value)
{
    const auto m = QRegularExpression(QStringLiteral("<rect class=\"bar[^\"]*\" data-value=\"%1\"[^>]* width=\"([0-9.]+)%\"")
                                          .arg(QRegularExpression::escape(value)))
                       .match(html);
    EXPECT_TRUE(m.hasMatch()) << value.toStdString();
    return m.captured(1).toDouble();
}

} // namespace

TEST(HtmlComparison, ARamDiskAndAUsbStickBothHaveBarsWithTheirFigures)
{
    const QString html = QString::fromUtf8(formatComparisonHtml(fastAndSlow()));
    // 7000 / 15 spans far more than 20 times: a log axis by default.
    EXPECT_TRUE(html.contains(QStringLiteral("data-scale=\"log\"")));
    const double fast = barPercent(html, QStringLiteral("7000")), slow = barPercent(html, QStringLiteral("15"));
    EXPECT_GT(fast, 80);
    // A tenth of the width at least: 90 px in a 900 px chart, 30 px on a phone, beside its figure.
    EXPECT_GT(slow, 10) << "the stick's bar must be readable beside the RAM disk's";
    EXPECT_GT(slow, 0.12 * fast);
    EXPECT_TRUE(html.contains(QStringLiteral(">7000</text>")));
    EXPECT_TRUE(html.contains(QStringLiteral(">15.0</text>")));
    // Short names in the legend, the full name in its tooltip.
    EXPECT_TRUE(html.contains(QStringLiteral("title=\"USB 2.0 stick (usb, the whole name)\"")));

    // On a linear axis, which the user may still choose, the stick is the sliver it is.
    const QString linear = QString::fromUtf8(formatComparisonHtml(fastAndSlow(), ComparisonMetric::MBps, BarScale::Linear));
    EXPECT_LT(barPercent(linear, QStringLiteral("15")), 1.0);
    // Relative: the stick is 0.2 % of the RAM disk, said beside its figure.
    const QString relative = QString::fromUtf8(formatComparisonHtml(fastAndSlow(), ComparisonMetric::MBps, BarScale::Relative));
    EXPECT_TRUE(relative.contains(QStringLiteral("15.0 (0.214 %)")));
}
