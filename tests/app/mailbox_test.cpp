// SPDX-License-Identifier: GPL-3.0-or-later
// The window's hand-off between threads (mailbox.h): every value arrives, in each poster's order,
// on the mailbox's thread; nothing runs once the mailbox is gone. Run under ThreadSanitizer too
// (tools/checks tsan): the values must cross under a lock it sees.
#include "mailbox.h"

#include "eventually.h"
#include "offscreenapp.h"

#include <QPointer>
#include <QThread>
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace dm {
namespace {

    using test::eventually;

    TEST(Mailbox, ValuesFromManyThreadsAllArriveInEachThreadsOrderOnTheMailboxsThread)
    {
        test::offscreenApp();
        Mailbox box;
        constexpr int kThreads = 4;
        constexpr int kEach = 2000;
        // Touched on the GUI thread only: a function run anywhere else would race here (TSan).
        std::map<int, std::vector<int>> seen;
        int wrongThread = 0;
        QThread* const gui = QThread::currentThread();
        std::vector<std::thread> posters;
        for (int t = 0; t < kThreads; ++t)
            posters.emplace_back([&, t, to = box.sender()] {
                for (int i = 0; i < kEach; ++i) {
                    // A value with heap storage, written on this thread and read on the other.
                    std::string payload = std::to_string(t) + ":" + std::to_string(i) + std::string(40, 'x');
                    to.post([&, t, payload] {
                        if (QThread::currentThread() != gui)
                            ++wrongThread;
                        seen[t].push_back(std::stoi(payload.substr(payload.find(':') + 1)));
                    });
                }
            });
        for (auto& p : posters)
            p.join();
        ASSERT_TRUE(eventually(
            [&] {
                size_t n = 0;
                for (auto& [t, v] : seen)
                    n += v.size();
                return n == size_t(kThreads * kEach);
            },
            10000));
        EXPECT_EQ(wrongThread, 0);
        for (int t = 0; t < kThreads; ++t) {
            ASSERT_EQ(seen[t].size(), size_t(kEach)) << "thread " << t;
            for (int i = 0; i < kEach; ++i)
                ASSERT_EQ(seen[t][i], i) << "thread " << t << " out of order";
        }
    }

    TEST(Mailbox, RunsOnTheThreadItWasMovedTo)
    {
        test::offscreenApp();
        QThread thread;
        auto* box = new Mailbox;
        box->moveToThread(&thread);
        thread.start();
        std::atomic<QThread*> ranOn { nullptr };
        box->post([&] { ranOn = QThread::currentThread(); });
        ASSERT_TRUE(eventually([&] { return ranOn.load() != nullptr; }, 5000));
        EXPECT_EQ(ranOn.load(), &thread);
        box->post([box] {
            delete box;
            QThread::currentThread()->quit();
        });
        thread.wait();
    }

    TEST(Mailbox, NothingRunsOnceTheMailboxIsGone)
    {
        test::offscreenApp();
        auto* box = new Mailbox;
        const Mailbox::Sender to = box->sender();
        int ran = 0;
        to.post([&] { ++ran; }); // queued, then the mailbox goes before the events turn
        delete box;
        to.post([&] { ++ran; }); // after: dropped, not a crash
        test::processEventsFor(100);
        EXPECT_EQ(ran, 0);
    }

    TEST(Mailbox, AFunctionThatDeletesTheMailboxEndsItsBatch)
    {
        test::offscreenApp();
        auto* box = new Mailbox;
        QPointer<Mailbox> alive(box);
        int after = 0;
        // All three are queued before the events turn, so they are one batch.
        box->post([box] { delete box; });
        box->post([&] { ++after; });
        box->post([&] { ++after; });
        ASSERT_TRUE(eventually([&] { return alive.isNull(); }, 5000));
        test::processEventsFor(100);
        EXPECT_EQ(after, 0);
    }

} // namespace
} // namespace dm
