// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explanations.h"
#include "report.h"

#include <QLabel>

#include <vector>

namespace dm {

// Under the grid and under each tool page's chart: the run's warnings and the explanations of its
// figures (explanations.h), numbered as in the grid's text report, so the window and its image
// say what the reports say. Hidden while there is nothing to say.
class ExplanationPanel : public QLabel {
    Q_OBJECT
public:
    explicit ExplanationPanel(QWidget* parent = nullptr);

    // Explains `run` on `target` under the power conditions it had: a run's header as the
    // engine's thread described it, or one read back from the history (no sysfs read here).
    void show(const TargetDescription& target, const RunResult& run, const PowerDescription& power);
    void clear();
    // Explanations already made (explainConditions() for the tool pages' kinds), after the run's
    // own warnings that they do not repeat.
    void display(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations);

    const std::vector<Explanation>& explanations() const { return m_explanations; }

Q_SIGNALS:
    void explained(); // the panel shows the explanations of the latest show()

private:
    // The lines wrap into as many as the window's width makes them, and the window's minimum
    // size does not count them (its layout has no height for a width): without room of their
    // own they take it from the page, and the grid's row buttons are squeezed below their text
    // (at 2x scale). The window grows by what the page lacks, unless the window manager decides
    // its size (maximized, full screen).
    void makeRoom();

    std::vector<Explanation> m_explanations;
};

} // namespace dm
