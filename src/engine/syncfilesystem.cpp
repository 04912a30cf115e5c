// SPDX-License-Identifier: GPL-3.0-or-later
#include "syncfilesystem.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

namespace dm {

Status syncFilesystem(int fd, const std::atomic<bool>& cancel)
{
    struct Shared {
        std::mutex mutex;
        std::condition_variable cv;
        bool done = false;
        int rc = 0, err = 0;
    };
    auto shared = std::make_shared<Shared>();
    // Its own descriptor: the thread may outlive the run directory's.
    const int own = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0)
        return ioError(std::string("syncfs failed: ") + std::strerror(errno), errno);
    std::thread([shared, own] {
        const int rc = ::syncfs(own);
        const int err = errno;
        ::close(own);
        const std::lock_guard lock(shared->mutex);
        shared->rc = rc;
        shared->err = err;
        shared->done = true;
        shared->cv.notify_all();
    }).detach();
    std::unique_lock lock(shared->mutex);
    while (!shared->cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return shared->done; }))
        if (cancel.load())
            return Error { Error::Kind::Cancelled, "stopped", 0 };
    if (shared->rc != 0)
        return ioError(std::string("syncfs failed: ") + std::strerror(shared->err), shared->err);
    return Ok {};
}

} // namespace dm
