// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiofields.h"

#include <QJsonDocument>
#include <QJsonArray>

#include <cmath>

namespace dm {

namespace {
    constexpr int kQuoteChars = 40;

    QString field(const QString& where, const char* key)
    {
        return where.isEmpty() ? QString::fromLatin1(key) : where + QLatin1Char('.') + QLatin1String(key);
    }

    QString rangeText(double lo, double hi)
    {
        return QStringLiteral("from %1 to %2").arg(lo, 0, 'g', 15).arg(hi, 0, 'g', 15);
    }
}

QString shortText(const QString& text)
{
    return text.size() <= kQuoteChars ? text : text.left(kQuoteChars) + QStringLiteral("…");
}

QString shortValue(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return QLatin1Char('"') + shortText(value.toString()) + QLatin1Char('"');
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Array:
        return shortText(QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)));
    case QJsonValue::Object:
        return shortText(QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)));
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

void FioFields::fail(const QString& message)
{
    if (!m_error)
        m_error = usageError(("not usable fio output: " + message).toStdString());
}

std::optional<double> FioFields::number(
    const QJsonObject& o, const char* key, const QString& where, double lo, double hi, bool whole, bool required)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined()) {
        if (required)
            fail(QStringLiteral("%1 is missing").arg(field(where, key)));
        return std::nullopt;
    }
    const double d = v.toDouble();
    if (!v.isDouble() || !std::isfinite(d) || d < lo || d > hi || (whole && d != std::floor(d))) {
        fail(QStringLiteral("%1 must be a %2 %3 (got %4)")
                 .arg(field(where, key), whole ? QStringLiteral("whole number") : QStringLiteral("number"),
                     rangeText(lo, hi), shortValue(v)));
        return std::nullopt;
    }
    return d;
}

qint64 FioFields::option(const QJsonObject& options, const char* key, const QString& where, qint64 lo, qint64 hi, qint64 fallback)
{
    const QJsonValue v = options.value(QLatin1String(key));
    if (v.isUndefined())
        return fallback;
    bool ok = false;
    qint64 n = 0;
    if (v.isString())
        n = v.toString().trimmed().toLongLong(&ok);
    else if (v.isDouble() && v.toDouble() == std::floor(v.toDouble()) && std::fabs(v.toDouble()) < 1e15) {
        n = qint64(v.toDouble());
        ok = true;
    }
    if (!ok || n < lo || n > hi) {
        fail(QStringLiteral("%1=%2 must be a whole number %3").arg(field(where, key), shortValue(v), rangeText(double(lo), double(hi))));
        return fallback;
    }
    return n;
}

QString FioFields::string(const QJsonObject& o, const char* key, const QString& where, const QString& fallback)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fallback;
    if (!v.isString()) {
        fail(QStringLiteral("%1 must be text (got %2)").arg(field(where, key), shortValue(v)));
        return fallback;
    }
    return v.toString();
}

QJsonObject FioFields::object(const QJsonObject& o, const char* key, const QString& where)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return {};
    if (!v.isObject()) {
        fail(QStringLiteral("%1 must be an object (got %2)").arg(field(where, key), shortValue(v)));
        return {};
    }
    return v.toObject();
}

} // namespace dm
