// SPDX-License-Identifier: GPL-3.0-or-later
#include "explanationpanel.h"

#include "targetinfo.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

namespace dm {

ExplanationPanel::ExplanationPanel(QWidget* parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("explanations"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setContentsMargins(4, 2, 4, 2);
    hide();
}

void ExplanationPanel::explain(const QString& targetPath, const RunResult& run)
{
    const quint64 generation = ++m_generation;
    QPointer<ExplanationPanel> self(this);
    QThreadPool::globalInstance()->start([self, generation, targetPath, run] {
        // Off the GUI thread: describing the target reads sysfs and may wait on a slow mount.
        std::vector<Explanation> all = explainRun(describeTarget(targetPath), run);
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, warnings = run.warnings, all = std::move(all)]() mutable {
                if (self && self->m_generation == generation)
                    self->display(warnings, std::move(all));
            },
            Qt::QueuedConnection);
    });
}

void ExplanationPanel::show(const TargetDescription& target, const RunResult& run)
{
    ++m_generation;
    display(run.warnings, explainRun(target, run));
}

void ExplanationPanel::clear()
{
    ++m_generation;
    display({}, {});
}

void ExplanationPanel::display(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations)
{
    m_explanations = std::move(explanations);
    const QStringList explainedWarnings = explanationTexts(m_explanations, Explanation::Kind::Warning);
    QStringList lines;
    for (const std::string& w : runWarnings)
        if (!explainedWarnings.contains(QString::fromStdString(w)))
            lines << tr("⚠ %1").arg(QString::fromStdString(w).toHtmlEscaped());
    for (size_t n = 0; n < m_explanations.size(); ++n) {
        const Explanation& e = m_explanations[n];
        const QString text = QStringLiteral("[%1] ").arg(n + 1) + e.text.toHtmlEscaped();
        lines << (e.kind == Explanation::Kind::Warning ? tr("⚠ %1").arg(text) : tr("ⓘ %1").arg(text));
    }
    setText(lines.join(QStringLiteral("<br>")));
    setVisible(!lines.isEmpty());
    Q_EMIT explained();
}

} // namespace dm
