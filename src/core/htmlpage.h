// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace dm {

// The frame of every web page Diskometer writes (htmlreport.h): one file that opens offline,
// fetches nothing and runs nothing. Its Content-Security-Policy forbids every load and every
// script, so even a string that slipped past escaping could not run or call a server; every
// string is escaped all the same. Its style sheet (one, inline) reads in light and dark
// (prefers-color-scheme), on a phone's width without scrolling sideways (wide tables and the text
// report scroll inside their own box), and prints on A4. docs/WEBPAGE.md describes
// the page; tests/browser checks it in Chromium.

// Text for HTML element content and attribute values: & < > " ' escaped.
QString htmlEscape(const QString& text);

// The JSON report as the page embeds it, inside <script type="application/json">: '<', '>' and '&'
// written as \u003c \u003e \u0026 (the same JSON to a parser), so no string in it can close the
// block ("</script>") or open a comment.
QByteArray jsonForScriptBlock(const QByteArray& json);

// A table of figures: the first `textColumns` columns are names (left), the rest numbers (right,
// tabular digits). Cells are plain text (escaped when written).
struct HtmlTable {
    QString caption;
    QStringList header;
    std::vector<QStringList> rows;
    int textColumns = 1;
    QStringList rowTitles; // the tooltip of each row's first cell (a run's full name); may be empty
};

// The table as HTML: <table class="figures"> in a box that scrolls on its own when too wide.
QString htmlTableHtml(const HtmlTable& table);

class HtmlPage {
public:
    // `title`: the browser's (<title>); `heading`: the page's first (<h1>); `kind`: data-kind of
    // the page's <main> ("grid", "scan", "comparison"); `language`: <html lang>.
    HtmlPage(const QString& title, const QString& heading, const QString& kind, const QString& language);

    // Each writes one block; text is escaped here.
    void paragraph(const QString& text, const QString& cssClass = {});
    void heading(const QString& text); // a section's <h2>
    void headline(const QString& value, const QString& unit, const QString& label);
    void table(const HtmlTable& table, bool collapsed = false, const QString& summary = {});
    void list(const QString& cssClass, const QString& title, const QStringList& items);
    void definitions(const QString& cssClass, const QString& title, const std::vector<std::pair<QString, QString>>& terms);
    // The text report, folded away unless `open` (a few lines that say what no chart does).
    void preformatted(const QString& summary, const QString& text, bool open = false);
    // Markup this program made itself (svgchart.h, the tiles), its strings escaped by its maker.
    void markup(const QString& html);
    // The JSON report, in <script type="application/json" id="diskometer-report">.
    void embedJson(const QByteArray& json);

    // The whole page, UTF-8.
    QByteArray finish() const;

private:
    void closeHeader();

    bool m_headerClosed = false;
    QString m_title, m_kind, m_language;
    QString m_body;
    QByteArray m_json;
};

// The page's language code, as the translator installed says it ("en" without one, "ja" with
// the window's Japanese): the code is itself a translated message, so it always agrees with the
// words on the page.
QString htmlLanguage();

} // namespace dm
