// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace dm {

// Reads the fields of fio's JSON output with their type and range checked (issue 12, item 7):
// a field that is missing where fio always writes it, of the wrong type, or out of range is an
// error naming the field and quoting at most a short prefix of the value. The first error is
// kept; later reads still return something so the caller can go on and check `failed()` once.
class FioFields {
public:
    // A number: finite, in [lo, hi], whole when asked. Missing: nullopt, an error if required.
    std::optional<double> number(
        const QJsonObject& o, const char* key, const QString& where, double lo, double hi, bool whole, bool required);
    // A job option (fio writes "iodepth": "32"; a number is taken too): a whole number in
    // [lo, hi], or `fallback` when it is not given.
    qint64 option(const QJsonObject& options, const char* key, const QString& where, qint64 lo, qint64 hi, qint64 fallback);
    // A string, or `fallback` when missing; an error when present and not a string.
    QString string(const QJsonObject& o, const char* key, const QString& where, const QString& fallback = {});
    // An object (empty when missing); an error when present and not an object.
    QJsonObject object(const QJsonObject& o, const char* key, const QString& where);

    void fail(const QString& message);
    bool failed() const { return m_error.has_value(); }
    const Error& error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

// A value as it appears in the file, cut to a short prefix: a 10 MB value must not become a
// 10 MB line on stderr.
QString shortValue(const QJsonValue& value);
QString shortText(const QString& text);

} // namespace dm
