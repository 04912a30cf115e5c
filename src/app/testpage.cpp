// SPDX-License-Identifier: GPL-3.0-or-later
#include "testpage.h"

#include <QPushButton>

namespace dm {

void TestPage::setOtherTestRunning(bool running)
{
    m_otherRunning = running;
    startButton()->setEnabled(!running);
}

Result<QStringList> TestPage::hostsRun() const
{
    return usageError(tr("%1 does not run on hosts from the window: use diskometer-cli remote ssh://HOST/PATH "
                         "--kind KIND (docs/REMOTE.md).")
                          .arg(runWhat())
                          .toStdString());
}

} // namespace dm
