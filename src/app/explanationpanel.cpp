// SPDX-License-Identifier: GPL-3.0-or-later
#include "explanationpanel.h"

#include "runwarningtext.h"

#include <QLayout>

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

void ExplanationPanel::show(const TargetDescription& target, const RunResult& run, const PowerDescription& power)
{
    display(run.warnings, explainRun(target, run, power));
}

void ExplanationPanel::clear()
{
    display({}, {});
}

void ExplanationPanel::display(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations)
{
    m_explanations = std::move(explanations);
    const QStringList explainedWarnings = explanationTexts(m_explanations, Explanation::Kind::Warning);
    QStringList lines;
    for (const std::string& w : runWarnings)
        if (!explainedWarnings.contains(QString::fromStdString(w)))
            lines << tr("⚠ %1").arg(runWarningText(w).toHtmlEscaped()); // in the window's language
    for (size_t n = 0; n < m_explanations.size(); ++n) {
        const Explanation& e = m_explanations[n];
        const QString text = QStringLiteral("[%1] ").arg(n + 1) + e.text.toHtmlEscaped();
        lines << (e.kind == Explanation::Kind::Warning ? tr("⚠ %1").arg(text) : tr("ℹ %1").arg(text));
    }
    setText(lines.join(QStringLiteral("<br>")));
    setVisible(!lines.isEmpty());
    makeRoom();
    Q_EMIT explained(); // after makeRoom(): an image saved now has the window at its new height
}

void ExplanationPanel::makeRoom()
{
    QWidget* page = parentWidget();
    QWidget* top = window();
    if (isHidden() || !page || !page->layout() || top == this
        || (top->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        return;
    // From the size hints, which setText() and setVisible() have already renewed: no layout pass.
    const int missing = page->layout()->totalHeightForWidth(page->width()) - page->height();
    if (missing > 0)
        top->resize(top->width(), top->height() + missing);
}

} // namespace dm
