// SPDX-License-Identifier: GPL-3.0-or-later
#include "htmlpage.h"

#include <QCoreApplication>

namespace dm {

namespace {

    // One style sheet for every page. Colours are variables, set once for light and once for dark,
    // so the charts (inline SVG, styled by class) follow the scheme too. The run colours are the
    // window's (chartstyle.cpp runColor), light and night sets, colour-blind safe (Okabe-Ito).
    const char kStyle[] = R"css(
:root{--bg:#ffffff;--fg:#1b1f24;--muted:#57606a;--rule:#d0d7de;--panel:#f3f6f9;--tile:#e8f0f8;
--bar:#1565c0;--warn:#9a3412;--warnbg:#fff4e5;--grid:#e3e7eb;--axis:#8c959f;
--s0:#0072b2;--s1:#e69f00;--s2:#009e73;--s3:#cc79a7;--s4:#d55e00;--s5:#56b4e9;--s6:#8c8c28;--s7:#555555;
color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#15181c;--fg:#e6e8eb;--muted:#a0a8b2;--rule:#3a414a;
--panel:#1e2329;--tile:#1f2a36;--bar:#64b5f6;--warn:#ffb74d;--warnbg:#2d2316;--grid:#2b323a;--axis:#6e7781;
--s0:#5aaee8;--s1:#e69f00;--s2:#19c08f;--s3:#e08fc0;--s4:#ff7a33;--s5:#9ad3f5;--s6:#f0e442;--s7:#bbbbbb}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",
"Noto Sans","Noto Sans CJK JP","Hiragino Sans",Meiryo,sans-serif}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.45em;margin:.2em 0 .3em;line-height:1.25}
h2{font-size:1.1em;margin:1.4em 0 .5em;padding-bottom:.2em;border-bottom:1px solid var(--rule)}
p{margin:.3em 0}
header p{overflow-wrap:anywhere}
.drive{font-weight:600}
.comment{font-style:italic}
.muted,.date{color:var(--muted)}
.headline{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1em .5em;margin:.8em 0;padding:.6em .9em;
background:var(--panel);border-radius:6px}
.headline .value{font-size:2.2em;font-weight:650;font-variant-numeric:tabular-nums;line-height:1.1}
.headline .unit{font-size:1.1em}
.headline .label{color:var(--muted);overflow-wrap:anywhere}
.tiles{display:grid;grid-template-columns:minmax(4.8em,auto) 1fr 1fr;gap:6px;margin:.8em 0}
.tiles.three{grid-template-columns:minmax(4.8em,auto) 1fr 1fr 1fr}
.tiles .colhead{font-weight:600;text-align:center;color:var(--muted);font-size:.9em}
.tiles .rowhead{display:flex;flex-direction:column;justify-content:center;padding:.3em .5em;
background:var(--bar);color:var(--bg);border-radius:4px;font-weight:650;line-height:1.15;font-size:.92em}
.tiles .rowhead small{font-weight:400;font-size:.85em}
.tile{position:relative;background:var(--tile);border-radius:4px;padding:.35em .5em .45em;text-align:right;
overflow:hidden;min-width:0}
.tile .value{display:block;font-size:clamp(1.05em,6vw,1.75em);font-weight:650;font-variant-numeric:tabular-nums;line-height:1.15}
.tile .unit{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.timelines{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:0 1.5em}
.timelines figure.chart{margin:.4em 0}.timelines figcaption{font-size:.9em}
.timelines .plot{height:120px}
.tile .more{display:block;font-size:.78em;color:var(--muted);font-variant-numeric:tabular-nums;
white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tile .meter{position:absolute;left:0;bottom:0;height:4px;background:var(--bar)}
.tile.failed .value{font-size:1em;color:var(--warn);white-space:normal}
.tile.empty .value{color:var(--muted)}
figure.chart{margin:1em 0;break-inside:avoid}
figure.chart figcaption{font-weight:600;margin-bottom:.4em}
.ytitle{font-size:.78em;color:var(--muted);margin:.2em 0 .5em}
.plot{position:relative;height:220px;margin:0 1.2em 2.4em 3.6em}
.plot svg{position:absolute;inset:0;width:100%;height:100%;overflow:visible}
.plot .xtitle{position:absolute;right:0;top:100%;margin-top:1.2em;font-size:.78em;color:var(--muted);white-space:nowrap}
.tick{position:absolute;font-size:.75em;color:var(--muted);white-space:nowrap;font-variant-numeric:tabular-nums}
.tick.y{right:100%;padding-right:.35em;transform:translateY(-50%)}
.tick.x{top:100%;padding-top:.2em;transform:translateX(-50%)}
.tick.x.first{transform:none}.tick.x.last{transform:translateX(-100%)}
.gridline{stroke:var(--grid);stroke-width:1}
.axisline{stroke:var(--axis);stroke-width:1}
.line{fill:none;stroke-width:2;stroke-linejoin:round}
.s0{stroke:var(--s0);fill:var(--s0);color:var(--s0)}.s1{stroke:var(--s1);fill:var(--s1);color:var(--s1)}
.s2{stroke:var(--s2);fill:var(--s2);color:var(--s2)}.s3{stroke:var(--s3);fill:var(--s3);color:var(--s3)}
.s4{stroke:var(--s4);fill:var(--s4);color:var(--s4)}.s5{stroke:var(--s5);fill:var(--s5);color:var(--s5)}
.s6{stroke:var(--s6);fill:var(--s6);color:var(--s6)}.s7{stroke:var(--s7);fill:var(--s7);color:var(--s7)}
polyline.line{fill:none}
.legend{list-style:none;padding:0;margin:.3em 0;display:flex;flex-wrap:wrap;gap:.2em 1em;font-size:.88em}
.legend li{display:flex;align-items:center;gap:.35em;min-width:0;overflow-wrap:anywhere}
.swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;background:currentColor;flex:none}
.legend li>span:not(.swatch){color:var(--fg)}
svg.bars{display:block;width:100%;overflow:visible;font-size:12px}
svg.bars .group{fill:var(--fg);font-weight:600}
svg.bars .figure{fill:var(--fg);font-variant-numeric:tabular-nums}
svg.bars .figure.inside{fill:var(--bg);font-weight:600}
svg.bars .bar:is(.s1,.s2,.s3,.s4,.s5,.s6)+.figure.inside{fill:#000}
svg.bars .ticklabel{fill:var(--muted);font-size:11px}
.scale{color:var(--muted);font-size:.85em;margin:.2em 0}
svg.spans{display:block;width:100%;overflow:visible;font-size:12px;margin:.4em 0}
svg.spans .ticklabel{fill:var(--muted);font-size:11px}
.verdict{font-weight:650;font-size:1.1em;padding:.5em .8em;border-radius:6px;background:var(--panel);
border-left:5px solid var(--s2);overflow-wrap:anywhere}
.verdict.fake,.verdict.damaged{border-left-color:var(--warn);background:var(--warnbg)}
.table-wrap{overflow-x:auto;margin:.5em 0;max-width:100%}
table.figures{border-collapse:collapse;font-size:.88em;font-variant-numeric:tabular-nums}
table.figures caption{text-align:left;font-weight:600;padding:.3em 0}
table.figures th,table.figures td{padding:.25em .6em;border-bottom:1px solid var(--rule);white-space:nowrap}
table.figures thead th.n{white-space:normal;overflow-wrap:anywhere;min-width:5em;vertical-align:bottom}
table.figures th{text-align:left;background:var(--panel)}
table.figures td.n,table.figures th.n{text-align:right}
details{margin:.6em 0}
details>summary{cursor:pointer;color:var(--muted)}
pre{overflow-x:auto;background:var(--panel);padding:.7em;border-radius:4px;font-size:.8em;line-height:1.35;
max-width:100%;font-family:ui-monospace,"DejaVu Sans Mono","Noto Sans Mono CJK JP",monospace}
section.warnings ul{padding:0;list-style:none}
section.warnings li{background:var(--warnbg);border-left:4px solid var(--warn);padding:.4em .6em;margin:.3em 0;
overflow-wrap:anywhere}
section.notes li,section.conditions dd{overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2em .9em;margin:.4em 0}
dt{color:var(--muted)}dd{margin:0;min-width:0}
footer{margin-top:2em;color:var(--muted);font-size:.8em}
.tiles.three .tile .value{font-size:clamp(.95em,4.3vw,1.75em)}
@media (max-width:480px){main{padding:10px}body{font-size:14px}.tile{padding:.3em .35em .45em}
.tile .more{white-space:normal;overflow-wrap:anywhere}.tiles{gap:4px}
.headline .value{font-size:1.8em}dl{grid-template-columns:1fr}dt{margin-top:.3em}
.plot{margin-left:3.1em;margin-right:.8em}}
@page{size:A4;margin:14mm}
@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--panel:#f2f2f2;--tile:#eef3f8}
body{font-size:10.5pt}main{max-width:none;padding:0}details.text-report:not([open]),.noprint{display:none}
details.text-report pre{white-space:pre-wrap;overflow-wrap:anywhere}
.table-wrap{overflow:visible}table.figures th,table.figures td{white-space:normal;overflow-wrap:anywhere}
h2{break-after:avoid}figure.chart,.tiles,table.figures{break-inside:avoid}}
)css";

} // namespace

QString htmlEscape(const QString& text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '&':
            out += QLatin1String("&amp;");
            break;
        case '<':
            out += QLatin1String("&lt;");
            break;
        case '>':
            out += QLatin1String("&gt;");
            break;
        case '"':
            out += QLatin1String("&quot;");
            break;
        case '\'':
            out += QLatin1String("&#39;");
            break;
        default:
            out += c;
        }
    }
    return out;
}

QByteArray jsonForScriptBlock(const QByteArray& json)
{
    QByteArray out;
    out.reserve(json.size() + 64);
    for (const char c : json) {
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

QString htmlLanguage()
{
    //: The web page's language code (<html lang>): "ja" in the Japanese translation.
    return QCoreApplication::translate("dm::HtmlPage", "en");
}

HtmlPage::HtmlPage(const QString& title, const QString& heading, const QString& kind, const QString& language)
    : m_title(title)
    , m_kind(kind)
    , m_language(language)
{
    m_body += QStringLiteral("<header><h1>%1</h1>\n").arg(htmlEscape(heading));
}

void HtmlPage::paragraph(const QString& text, const QString& cssClass)
{
    if (text.isEmpty())
        return;
    m_body += cssClass.isEmpty() ? QStringLiteral("<p>") : QStringLiteral("<p class=\"%1\">").arg(htmlEscape(cssClass));
    m_body += htmlEscape(text) + QStringLiteral("</p>\n");
}

// The header (title, drive line, comment) ends where the first block that is not a paragraph begins.
void HtmlPage::closeHeader()
{
    if (m_headerClosed)
        return;
    m_body += QStringLiteral("</header>\n");
    m_headerClosed = true;
}

void HtmlPage::heading(const QString& text)
{
    // The header (title, drive line, comment) ends at the first section.
    closeHeader();
    m_body += QStringLiteral("<h2>%1</h2>\n").arg(htmlEscape(text));
}

void HtmlPage::headline(const QString& value, const QString& unit, const QString& label)
{
    closeHeader();
    m_body += QStringLiteral("<div class=\"headline\"><span class=\"value\">%1</span><span class=\"unit\">%2</span>"
                             "<span class=\"label\">%3</span></div>\n")
                  .arg(htmlEscape(value), htmlEscape(unit), htmlEscape(label));
}

QString htmlTableHtml(const HtmlTable& t)
{
    QString html = QStringLiteral("<div class=\"table-wrap\"><table class=\"figures\">");
    if (!t.caption.isEmpty())
        html += QStringLiteral("<caption>%1</caption>").arg(htmlEscape(t.caption));
    html += QStringLiteral("\n<thead><tr>");
    for (qsizetype c = 0; c < t.header.size(); ++c)
        html += QStringLiteral("<th scope=\"col\"%1>%2</th>")
                    .arg(c >= t.textColumns ? QStringLiteral(" class=\"n\"") : QString(), htmlEscape(t.header[c]));
    html += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < t.rows.size(); ++r) {
        html += QStringLiteral("<tr>");
        const QStringList& row = t.rows[r];
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c == 0) {
                const QString title = r < size_t(t.rowTitles.size()) && !t.rowTitles[qsizetype(r)].isEmpty()
                    ? QStringLiteral(" title=\"%1\"").arg(htmlEscape(t.rowTitles[qsizetype(r)]))
                    : QString();
                html += QStringLiteral("<th scope=\"row\"%1>%2</th>").arg(title, htmlEscape(row[c]));
            } else {
                html += QStringLiteral("<td%1>%2</td>")
                            .arg(c >= t.textColumns ? QStringLiteral(" class=\"n\"") : QString(), htmlEscape(row[c]));
            }
        }
        html += QStringLiteral("</tr>\n");
    }
    return html + QStringLiteral("</tbody></table></div>\n");
}

void HtmlPage::table(const HtmlTable& t, bool collapsed, const QString& summary)
{
    closeHeader();
    if (!collapsed) {
        m_body += htmlTableHtml(t);
        return;
    }
    m_body += QStringLiteral("<details class=\"figures\"><summary>%1</summary>\n").arg(htmlEscape(summary)) + htmlTableHtml(t)
        + QStringLiteral("</details>\n");
}

void HtmlPage::list(const QString& cssClass, const QString& title, const QStringList& items)
{
    if (items.isEmpty())
        return;
    QString html = QStringLiteral("<section class=\"%1\"><h2>%2</h2><ul>\n").arg(htmlEscape(cssClass), htmlEscape(title));
    for (const QString& item : items)
        html += QStringLiteral("<li>%1</li>\n").arg(htmlEscape(item));
    closeHeader();
    m_body += html + QStringLiteral("</ul></section>\n");
}

void HtmlPage::definitions(
    const QString& cssClass, const QString& title, const std::vector<std::pair<QString, QString>>& terms)
{
    if (terms.empty())
        return;
    closeHeader();
    QString html = QStringLiteral("<section class=\"%1\"><h2>%2</h2><dl>\n").arg(htmlEscape(cssClass), htmlEscape(title));
    for (const auto& [term, value] : terms)
        html += QStringLiteral("<dt>%1</dt><dd>%2</dd>\n").arg(htmlEscape(term), htmlEscape(value));
    m_body += html + QStringLiteral("</dl></section>\n");
}

void HtmlPage::preformatted(const QString& summary, const QString& text, bool open)
{
    closeHeader();
    m_body += QStringLiteral("<details class=\"text-report\"%1><summary>%2</summary><pre>%3</pre></details>\n")
                  .arg(open ? QStringLiteral(" open") : QString(), htmlEscape(summary), htmlEscape(text));
}

void HtmlPage::markup(const QString& html)
{
    closeHeader();
    m_body += html;
}

void HtmlPage::embedJson(const QByteArray& json) { m_json = json; }

QByteArray HtmlPage::finish() const
{
    QString body = m_body;
    if (!m_headerClosed)
        body += QStringLiteral("</header>\n");
    QByteArray out;
    out += "<!DOCTYPE html>\n<html lang=\"" + htmlEscape(m_language).toUtf8() + "\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    // Nothing may load and nothing may run: the page is read offline and tells no server who read it.
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
    out += "<meta name=\"generator\" content=\"Diskometer\">\n";
    out += "<title>" + htmlEscape(m_title).toUtf8() + "</title>\n<style>" + QByteArray(kStyle) + "</style>\n</head>\n";
    out += "<body>\n<main class=\"report\" data-kind=\"" + htmlEscape(m_kind).toUtf8() + "\">\n";
    out += body.toUtf8();
    if (!m_json.isEmpty()) {
        out += "<script type=\"application/json\" id=\"diskometer-report\">";
        out += jsonForScriptBlock(m_json);
        out += "</script>\n";
    }
    out += "</main>\n</body>\n</html>\n";
    return out;
}

} // namespace dm
