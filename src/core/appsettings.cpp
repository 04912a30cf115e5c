// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsettings.h"

#include <QVariant>
#include <limits>
#include <optional>

namespace dm {

namespace {

    // Enums are stored by their stable names, never their numeric values, so reordering an enum
    // cannot silently change what an existing settings file means.
    QString name(const char* stableName) { return QString::fromLatin1(stableName); }

    std::string stdString(const QVariant& value) { return value.toString().trimmed().toLower().toStdString(); }

    const char* dataFillName(DataFill d) { return d == DataFill::Zeros ? "zeros" : "random"; }

    std::optional<DataFill> parseDataFill(std::string_view s)
    {
        if (s == "random")
            return DataFill::Random;
        if (s == "zeros")
            return DataFill::Zeros;
        return std::nullopt;
    }

    std::optional<Pattern> parsePattern(std::string_view s)
    {
        if (s == patternName(Pattern::Sequential))
            return Pattern::Sequential;
        if (s == patternName(Pattern::Random))
            return Pattern::Random;
        return std::nullopt;
    }

    QString rowKey(std::size_t index, const char* field)
    {
        // 1-based, like QSettings arrays, because people who edit the file count from one.
        return QStringLiteral("rows/%1/%2").arg(index + 1).arg(QLatin1String(field));
    }

    std::optional<QVariant> read(QSettings& store, const QString& key)
    {
        QVariant value = store.value(key);
        if (!value.isValid())
            return std::nullopt;
        return value;
    }

    std::optional<long long> readInteger(QSettings& store, const QString& key)
    {
        const auto value = read(store, key);
        if (!value)
            return std::nullopt;
        bool ok = false;
        const long long n = value->toLongLong(&ok);
        return ok ? std::optional(n) : std::nullopt;
    }

    std::optional<double> readNumber(QSettings& store, const QString& key)
    {
        const auto value = read(store, key);
        if (!value)
            return std::nullopt;
        bool ok = false;
        const double x = value->toDouble(&ok);
        return ok ? std::optional(x) : std::nullopt;
    }

    // Sizes go through the engine's parser so that a hand-written "4GiB" or "64K" works as well
    // as the byte count we write.
    std::optional<uint64_t> readSize(QSettings& store, const QString& key)
    {
        const auto value = read(store, key);
        if (!value)
            return std::nullopt;
        const auto size = parseSize(value->toString().trimmed().toStdString());
        return size ? std::optional(*size) : std::nullopt;
    }

    // QVariant::toBool() calls any string but "", "0" and "false" true; a typo must not switch
    // mix tests on.
    std::optional<bool> readBool(QSettings& store, const QString& key)
    {
        const auto value = read(store, key);
        if (!value)
            return std::nullopt;
        const std::string s = stdString(*value);
        if (s == "true" || s == "1")
            return true;
        if (s == "false" || s == "0")
            return false;
        return std::nullopt;
    }

    template <typename T, typename Parse> std::optional<T> readEnum(QSettings& store, const QString& key, Parse parse)
    {
        const auto value = read(store, key);
        if (!value)
            return std::nullopt;
        return parse(stdString(*value));
    }

    std::optional<uint32_t> narrow(std::optional<long long> n)
    {
        if (!n || *n < 0 || *n > std::numeric_limits<uint32_t>::max())
            return std::nullopt;
        return uint32_t(*n);
    }

    std::optional<uint32_t> narrow(std::optional<uint64_t> n)
    {
        if (!n || *n > std::numeric_limits<uint32_t>::max())
            return std::nullopt;
        return uint32_t(*n);
    }

    // validate() judges a whole row or a whole RunSettings. Putting one candidate field into an
    // otherwise default (valid) struct checks that field alone, with the ranges the CLI and the
    // engine use, so one bad value costs only itself.
    template <typename Struct, typename T>
    void takeIfValid(Struct& target, T Struct::*field, std::optional<T> candidate)
    {
        if (!candidate)
            return;
        Struct probe;
        probe.*field = *candidate;
        if (validate(probe))
            target.*field = *candidate;
    }

    TestRow loadRow(QSettings& store, std::size_t index, const TestRow& fallback)
    {
        TestRow row = fallback;
        if (const auto pattern = readEnum<Pattern>(store, rowKey(index, "pattern"), parsePattern))
            row.pattern = *pattern;
        takeIfValid(row, &TestRow::blockSize, narrow(readSize(store, rowKey(index, "blockSize"))));
        takeIfValid(row, &TestRow::queueDepth, narrow(readInteger(store, rowKey(index, "queueDepth"))));
        takeIfValid(row, &TestRow::threads, narrow(readInteger(store, rowKey(index, "threads"))));
        return row;
    }

    std::optional<int> toInt(std::optional<long long> n)
    {
        if (!n || *n < std::numeric_limits<int>::min() || *n > std::numeric_limits<int>::max())
            return std::nullopt;
        return int(*n);
    }

} // namespace

GuiSettings defaultGuiSettings(Preset preset)
{
    GuiSettings s;
    s.preset = preset;
    s.rows = profileRows(Profile::Default, preset);
    return s;
}

GuiSettings loadGuiSettings(QSettings& store)
{
    // The preset first: rows that are missing or broken fall back to that preset's rows, not to
    // another preset's.
    const Preset preset = readEnum<Preset>(store, QStringLiteral("preset"), parsePreset).value_or(Preset::Default);
    GuiSettings s = defaultGuiSettings(preset);

    if (const auto profile = readEnum<Profile>(store, QStringLiteral("profile"), parseProfile))
        s.profile = *profile;
    if (const auto mode = readEnum<Mode>(store, QStringLiteral("mode"), parseMode))
        s.mode = *mode;
    if (const auto mix = readBool(store, QStringLiteral("mix/enabled")))
        s.mixEnabled = *mix;
    if (const auto percent = toInt(readInteger(store, QStringLiteral("mix/readPercent")));
        percent && *percent >= kMinMixRead && *percent <= kMaxMixRead)
        s.mixReadPercent = *percent;

    for (std::size_t i = 0; i < s.rows.size(); ++i)
        s.rows[i] = loadRow(store, i, s.rows[i]);

    takeIfValid(s.run, &RunSettings::count, toInt(readInteger(store, QStringLiteral("run/count"))));
    takeIfValid(s.run, &RunSettings::measureSeconds, readNumber(store, QStringLiteral("run/measureSeconds")));
    takeIfValid(s.run, &RunSettings::intervalSeconds, readNumber(store, QStringLiteral("run/intervalSeconds")));
    takeIfValid(s.run, &RunSettings::warmupSeconds, readNumber(store, QStringLiteral("run/warmupSeconds")));
    takeIfValid(s.run, &RunSettings::testSize, readSize(store, QStringLiteral("run/testSize")));
    if (const auto data = readEnum<DataFill>(store, QStringLiteral("run/data"), parseDataFill))
        s.run.data = *data;

    if (const auto unit = read(store, QStringLiteral("unit")))
        s.unit = parseUnit(unit->toString().trimmed().toLower()).value_or(s.unit);
    if (const auto target = read(store, QStringLiteral("target")))
        s.targetPath = target->toString();
    if (const auto engine = readEnum<EngineKind>(store, QStringLiteral("run/engine"), parseEngine))
        s.engine = *engine;
    if (const auto hold = readBool(store, QStringLiteral("run/holdPowerProfile")))
        s.holdPowerProfile = *hold;
    if (const auto serial = readBool(store, QStringLiteral("reports/showSerial")))
        s.showSerial = *serial;
    return s;
}

void saveGuiSettings(QSettings& store, const GuiSettings& s)
{
    store.setValue(QStringLiteral("profile"), name(profileName(s.profile)));
    store.setValue(QStringLiteral("preset"), name(presetName(s.preset)));
    store.setValue(QStringLiteral("mode"), name(modeName(s.mode)));
    store.setValue(QStringLiteral("mix/enabled"), s.mixEnabled);
    store.setValue(QStringLiteral("mix/readPercent"), s.mixReadPercent);

    // Rows left over from a longer list must not come back on the next load.
    store.remove(QStringLiteral("rows"));
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        const TestRow& row = s.rows[i];
        store.setValue(rowKey(i, "pattern"), name(patternName(row.pattern)));
        store.setValue(rowKey(i, "blockSize"), row.blockSize);
        store.setValue(rowKey(i, "queueDepth"), row.queueDepth);
        store.setValue(rowKey(i, "threads"), row.threads);
    }

    // The seed is deliberately not kept: a window run draws a fresh one each time; a fixed seed
    // is for reproducing a run from the command line.
    store.setValue(QStringLiteral("run/count"), s.run.count);
    store.setValue(QStringLiteral("run/measureSeconds"), s.run.measureSeconds);
    store.setValue(QStringLiteral("run/intervalSeconds"), s.run.intervalSeconds);
    store.setValue(QStringLiteral("run/warmupSeconds"), s.run.warmupSeconds);
    store.setValue(QStringLiteral("run/testSize"), qulonglong(s.run.testSize));
    store.setValue(QStringLiteral("run/data"), name(dataFillName(s.run.data)));
    store.setValue(QStringLiteral("run/engine"), name(engineName(s.engine)));
    store.setValue(QStringLiteral("run/holdPowerProfile"), s.holdPowerProfile);
    store.setValue(QStringLiteral("reports/showSerial"), s.showSerial);

    store.setValue(QStringLiteral("unit"), unitKey(s.unit));
    store.setValue(QStringLiteral("target"), s.targetPath);
}

std::optional<BarScale> loadCompareBarScale(QSettings& store)
{
    const auto value = read(store, QStringLiteral("compare/barScale"));
    return value ? barScaleFromName(value->toString().trimmed().toLower()) : std::nullopt;
}

void saveCompareBarScale(QSettings& store, std::optional<BarScale> scale)
{
    if (scale)
        store.setValue(QStringLiteral("compare/barScale"), barScaleName(*scale));
    else
        store.remove(QStringLiteral("compare/barScale"));
}

std::vector<TestRow> effectiveRows(const GuiSettings& settings)
{
    // A GuiSettings built by hand (or by a test) may carry no rows; running nothing would be a
    // silent failure, so the preset's rows stand in.
    if (usesDefaultRows(settings.profile) && !settings.rows.empty())
        return settings.rows;
    return profileRows(settings.profile, settings.preset);
}

} // namespace dm
