// SPDX-License-Identifier: GPL-3.0-or-later
#include "testpage.h"

#include <QPushButton>

namespace dm {

void TestPage::setOtherTestRunning(bool running)
{
    m_otherRunning = running;
    startButton()->setEnabled(!running);
}

} // namespace dm
