// SPDX-License-Identifier: GPL-3.0-or-later
// The main() of a window test binary, in place of gtest_main: the same run of every test, then an
// end that waits for the window's threads (offguithread.h). A test ends the moment its checks
// pass, often while a page it showed still describes its target or reads its drive's health on a
// thread of its own; an exit that ran the globals' destructors under such a thread crashed after
// "[  PASSED  ]" (a destroyed static QRegularExpression, "QMutex: destroying locked mutex").
#include "offguithread.h"

#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    testing::InitGoogleTest(&argc, argv);
    const int code = RUN_ALL_TESTS();
    // Long enough for a look at the FUSE rig's mount a test froze and thawed again.
    return dm::exitLeavingOffGuiThreads(code, std::chrono::seconds(30));
}
