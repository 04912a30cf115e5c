// SPDX-License-Identifier: GPL-3.0-or-later
// The registry of test kinds: the grid's, then every kind that is a folder of its own
// (src/kinds/CMakeLists.txt lists them; kindregistry.h is made from that list), then fio's output,
// which is read but never run. See docs/ARCHITECTURE.md.
#include "testkind.h"

#include "kindregistry.h"

namespace dm {

const TestKind& gridKind();
const TestKind& fioKind();
#define DM_DECLARE_KIND(id) const TestKind& id##Kind();
DM_FOLDER_KINDS_CORE(DM_DECLARE_KIND)
#undef DM_DECLARE_KIND

const std::vector<const TestKind*>& kinds()
{
    static const std::vector<const TestKind*> all {
        &gridKind(),
#define DM_KIND_ENTRY(id) &id##Kind(),
        DM_FOLDER_KINDS_CORE(DM_KIND_ENTRY)
#undef DM_KIND_ENTRY
        &fioKind(),
    };
    return all;
}

const TestKind* kindForSchema(const QString& schema)
{
    for (const TestKind* k : kinds()) {
        const QString own = k->schema();
        if (schema == own || (own.endsWith(QLatin1Char('-')) && schema.startsWith(own)))
            return k;
    }
    return nullptr;
}

const TestKind* kindById(const QString& id)
{
    for (const TestKind* k : kinds())
        if (k->id() == id)
            return k;
    return nullptr;
}

Result<Report> TestKind::gridReport(const QByteArray&) const
{
    return usageError(QStringLiteral("a %1 is not a grid of tests").arg(title().toLower()).toStdString());
}

std::optional<double> RunSummary::metric(const QString& name) const
{
    for (const Metric& m : metrics)
        if (m.name == name)
            return m.value;
    return std::nullopt;
}

QString markdownOfText(
    const QString& title, const QString& device, const QString& date, const QString& comment, const QString& text)
{
    QString out = QStringLiteral("## %1: %2, %3\n\n").arg(title, device.simplified(), date);
    if (!comment.trimmed().isEmpty())
        out += QStringLiteral("> %1\n\n").arg(comment.simplified());
    // A fence longer than any run of backticks in the text, so nothing in it can close it.
    QString fence = QStringLiteral("```");
    while (text.contains(fence))
        fence += QLatin1Char('`');
    out += fence + QStringLiteral("text\n") + text
        + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + fence + QLatin1Char('\n');
    return out;
}

} // namespace dm
