// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace dm {

// Errors are values inside the engine: nothing throws across a thread. The kind tells a front end
// which exit code or dialog fits; the message is one line a user can act on.
struct Error {
    enum class Kind {
        Usage, // the request itself is malformed or out of range
        Target, // the target cannot be used as asked (missing, read-only, mounted, no space...)
        Io, // an I/O failed while a test ran
        Cancelled, // the user stopped the run
    };
    Kind kind = Kind::Target;
    std::string message;
    int errnum = 0; // errno behind it, 0 when none
};

inline Error usageError(std::string message) { return { Error::Kind::Usage, std::move(message), 0 }; }
inline Error targetError(std::string message, int errnum = 0)
{
    return { Error::Kind::Target, std::move(message), errnum };
}
inline Error ioError(std::string message, int errnum = 0) { return { Error::Kind::Io, std::move(message), errnum }; }

// A small std::expected stand-in (C++23 is not available on our minimum compilers).
template <typename T> class Result {
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }
    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(m_data); }
    const T& value() const { return std::get<0>(m_data); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// For operations that return nothing on success.
struct Ok { };
using Status = Result<Ok>;

} // namespace dm
