// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportheader.h"
#include "targetinfo.h"
#include "testkind.h"

namespace dm {

// What every kind whose document parses into a report value with a ReportHeader (the scan, the
// sustained write, the sweep) does the same way: parse, then format with its own formatters, and
// Markdown as its text in a fenced block. A kind gives its parser and formatters and writes only
// what is its own: summary() and lines().
template <class ReportT> class DocumentKind : public TestKind {
public:
    using Parse = Result<ReportT> (*)(const QByteArray& json);
    using Text = QString (*)(const ReportT& report);
    using Csv = QByteArray (*)(const ReportT& report);

    // What names the kind, and its formatters.
    struct Names {
        QString id, schema, title;
        std::optional<SeriesAxes> axes; // the comparison's chart, when the kind has lines
    };
    DocumentKind(Names names, Parse parse, Text text, Csv csv)
        : m_names(std::move(names))
        , m_parse(parse)
        , m_text(text)
        , m_csv(csv)
    {
    }

    QString id() const override { return m_names.id; }
    QString schema() const override { return m_names.schema; }
    QString title() const override { return m_names.title; }
    std::optional<SeriesAxes> seriesAxes() const override { return m_names.axes; }

    Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
    {
        auto r = m_parse(json);
        if (!r)
            return r.error();
        if (!comment.isEmpty())
            r->header.comment = comment;
        const QString text = m_text(*r);
        const QString device = deviceSummary(r->header.target);
        return KindReports { m_csv(*r), text,
            markdownOfText(title(), device.isEmpty() ? r->header.target.path : device,
                r->header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")), r->header.comment, text) };
    }
    Result<RunSummary> summarize(const QByteArray& json) const override
    {
        auto r = m_parse(json);
        if (!r)
            return r.error();
        return summary(*r);
    }
    Result<std::vector<Series>> series(const QByteArray& json) const override
    {
        auto r = m_parse(json);
        if (!r)
            return r.error();
        return lines(*r);
    }

    Result<std::vector<KindBar>> bars(const QByteArray& json) const override
    {
        auto r = m_parse(json);
        if (!r)
            return r.error();
        return barValues(*r);
    }

    Result<QString> pageSection(const QByteArray& json) const override
    {
        auto r = m_parse(json);
        if (!r)
            return r.error();
        return pageHtml(*r);
    }

protected:
    virtual RunSummary summary(const ReportT& report) const = 0;
    virtual std::vector<Series> lines(const ReportT& /*report*/) const { return {}; }
    // A kind with bars (barAxes()) gives them from its report here.
    virtual std::vector<KindBar> barValues(const ReportT& /*report*/) const { return {}; }
    // A kind with a block of its own on its web page (TestKind::pageSection) makes it here.
    virtual QString pageHtml(const ReportT& /*report*/) const { return {}; }

private:
    Names m_names;
    Parse m_parse;
    Text m_text;
    Csv m_csv;
};

} // namespace dm
