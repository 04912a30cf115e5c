// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explanations.h"
#include "report.h"

#include <QLabel>

#include <vector>

namespace dm {

// Under the grid: the run's warnings and the explanations of its figures (explanations.h),
// numbered as in the text report, so the window and its image say what the reports say. Hidden
// while there is nothing to say.
class ExplanationPanel : public QLabel {
    Q_OBJECT
public:
    explicit ExplanationPanel(QWidget* parent = nullptr);

    // Describes `targetPath` (sysfs, mounts: a worker thread's job) and explains `run` on it;
    // the panel fills when that is done. A newer call or clear() wins over an older one still out.
    void explain(const QString& targetPath, const RunResult& run);
    // A run whose target is already described (one from the history).
    void show(const TargetDescription& target, const RunResult& run);
    void clear();

    const std::vector<Explanation>& explanations() const { return m_explanations; }

Q_SIGNALS:
    void explained(); // the panel shows the explanations of the latest explain()/show()

private:
    void display(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations);

    std::vector<Explanation> m_explanations;
    quint64 m_generation = 0;
};

} // namespace dm
