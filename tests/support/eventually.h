// SPDX-License-Identifier: GPL-3.0-or-later
// Waiting for the event loop inside a GoogleTest test. QtTest's QTRY_* macros `return` from the
// function when they time out, and a gtest test that returns early has passed: the wait could
// never fail and silently skipped the rest of its test. These helpers turn the events until a
// condition holds and hand back a gtest AssertionResult, so the caller writes
//     ASSERT_TRUE(eventually([&] { return rows(w) == 1; }, 15000));
//     ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 15000));
// and a timeout fails the test with what was last seen.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

#include <gtest/gtest.h>

#include <sstream>

namespace dm::test {

// Processes events (posted and timer events, deferred deletes) in slices of at most 10 ms until
// `condition()` is true or `timeoutMs` has passed. The condition is checked once more at the end.
template <class Condition> ::testing::AssertionResult eventually(Condition condition, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!condition()) {
        if (clock.elapsed() >= timeoutMs) {
            if (condition())
                break;
            return ::testing::AssertionFailure() << "the condition did not hold within " << timeoutMs << " ms";
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
    return ::testing::AssertionSuccess();
}

// As eventually(), for `get() == expected`; the failure says the last value seen.
template <class Get, class T> ::testing::AssertionResult eventuallyEq(Get get, const T& expected, int timeoutMs)
{
    if (eventually([&] { return get() == expected; }, timeoutMs))
        return ::testing::AssertionSuccess();
    std::ostringstream seen;
    seen << get();
    std::ostringstream wanted;
    wanted << expected;
    return ::testing::AssertionFailure() << "expected " << wanted.str() << " within " << timeoutMs
                                         << " ms, last seen " << seen.str();
}

// Turns the events for `ms` milliseconds whatever happens: time for a run to get going, or for a
// window to paint before a screenshot. Never a wait for a condition (use eventually()).
inline void processEventsFor(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

} // namespace dm::test
