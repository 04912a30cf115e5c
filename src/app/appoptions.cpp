// SPDX-License-Identifier: GPL-3.0-or-later
#include "appoptions.h"

#include "pageregistry.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <algorithm>

namespace dm {

namespace {
    Error usage(const QString& m) { return usageError(m.toStdString()); }

    template <typename T> Result<T> number(const QCommandLineParser& p, const QString& name, T lo, T hi)
    {
        bool ok = false;
        const double v = p.value(name).toDouble(&ok);
        if (!ok || v < double(lo) || v > double(hi))
            return usage(
                QStringLiteral("--%1 must be from %2 to %3 (got '%4')").arg(name).arg(lo).arg(hi).arg(p.value(name)));
        return T(v);
    }
}

bool AppOptions::anyOverride() const
{
    return target || profile || preset || mode || count || size || measure || interval || warmup || mix || unit
        || engine || noPowerHold;
}

void AppOptions::applyTo(GuiSettings& s) const
{
    if (preset && *preset != s.preset) {
        s.preset = *preset;
        s.rows = defaultGuiSettings(*preset).rows;
    }
    if (target)
        s.targetPath = *target;
    if (profile) {
        s.profile = *profile;
        // Flash Memory brings its times; --measure and --interval below still win.
        if (const auto times = profileTimes(*profile)) {
            s.run.measureSeconds = times->measureSeconds;
            s.run.intervalSeconds = times->intervalSeconds;
        }
    }
    if (mode)
        s.mode = *mode;
    if (count)
        s.run.count = *count;
    if (size)
        s.run.testSize = *size;
    if (measure)
        s.run.measureSeconds = *measure;
    if (interval)
        s.run.intervalSeconds = *interval;
    if (warmup)
        s.run.warmupSeconds = *warmup;
    if (mix) {
        s.mixEnabled = true;
        s.mixReadPercent = *mix;
    }
    if (unit)
        s.unit = *unit;
    if (engine)
        s.engine = *engine;
    if (noPowerHold)
        s.holdPowerProfile = false;
}

Result<AppOptions> parseAppOptions(const QStringList& arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QCoreApplication::translate("AppOptions", "Diskometer: a storage benchmark in the spirit of CrystalDiskMark."));
    const auto opt = [&](const char* name, const char* help, const char* value = nullptr) {
        p.addOption(value
                ? QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value))
                : QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help)));
    };
    opt("target", "Directory, file or block device to test.", "PATH");
    opt("profile", "default, peak, real, demo or flash (CrystalDiskMark 9's Flash Memory).", "NAME");
    opt("preset", "default or nvme.", "NAME");
    opt("count", "Passes per test, 1-9.", "N");
    opt("size", "Test size, 16MiB-64GiB.", "SIZE");
    opt("measure", "Seconds per pass.", "SECONDS");
    opt("interval", "Seconds between tests.", "SECONDS");
    opt("warmup", "Seconds of the uncounted warm-up pass.", "SECONDS");
    opt("mode", "all, read or write.", "MODE");
    opt("mix", "Add mixed tests with this read share (10-90).", "PERCENT");
    opt("unit", "mbps, gbps, iops or us.", "UNIT");
    opt("engine", "libaio or io_uring (falls back to libaio where io_uring cannot run).", "NAME");
    opt("no-power-hold",
        "Do not hold the performance power profile while testing (as diskometer-cli's option; the setting "
        "stays as it is).");
    opt("comment", "The comment shown in the window and the reports.", "TEXT");
    opt("palette", "light or dark (default: the desktop's).", "NAME");
    opt("language", "Language of the window, such as ja or en (default: the desktop's).", "CODE");
    p.addOption(QCommandLineOption(QStringLiteral("page"),
        QStringLiteral("Open another page: %1 or history.").arg(pageKindList()), QStringLiteral("NAME")));
    opt("compare",
        "Open the comparison of these stored runs (ids as in diskometer-cli history list); with "
        "--save-image and --quit-when-done, save it and quit.",
        "ID,ID,...");
    opt("start", "Start the run at once.");
    opt("save-image", "Save a PNG of the window when the run ends.", "FILE");
    opt("save-text", "Save the text report when the run ends.", "FILE");
    opt("save-json", "Save the JSON report when the run ends.", "FILE");
    opt("save-markdown", "Save the Markdown report when the run ends.", "FILE");
    opt("save-csv", "Save the CSV of a scan, sustained write or sweep when it ends.", "FILE");
    opt("save-html", "Save the web page (one HTML file with the charts and tables) when the run ends.", "FILE");
    opt("stats", "Write GUI smoothness figures (largest GUI-thread gap, chart updates, memory) as JSON.", "FILE");
    opt("allow-root", "Run the window as root anyway (for test rigs; desktops never need it).");
    opt("quit-when-done", "Quit when the run ends, with diskometer-cli's exit codes.");
    const auto help = p.addHelpOption();
    const auto version = p.addVersionOption();

    AppOptions o;
    o.helpText = p.helpText();
    if (!p.parse(arguments))
        return usage(p.errorText());
    if (p.isSet(help)) {
        o.showHelp = true;
        return o;
    }
    if (p.isSet(version)) {
        o.showVersion = true;
        return o;
    }
    if (!p.positionalArguments().isEmpty())
        return usage(
            QStringLiteral("unexpected '%1': give the target with --target PATH").arg(p.positionalArguments().first()));
    if (p.isSet(QStringLiteral("target")))
        o.target = p.value(QStringLiteral("target"));
    if (p.isSet(QStringLiteral("profile"))) {
        o.profile = parseProfile(p.value(QStringLiteral("profile")).toStdString());
        if (!o.profile)
            return usage(QStringLiteral("unknown --profile: use default, peak, real, demo or flash"));
    }
    if (p.isSet(QStringLiteral("preset"))) {
        o.preset = parsePreset(p.value(QStringLiteral("preset")).toStdString());
        if (!o.preset)
            return usage(QStringLiteral("unknown --preset: use default or nvme"));
    }
    if (p.isSet(QStringLiteral("mode"))) {
        o.mode = parseMode(p.value(QStringLiteral("mode")).toStdString());
        if (!o.mode)
            return usage(QStringLiteral("unknown --mode: use all, read or write"));
    }
    if (p.isSet(QStringLiteral("unit"))) {
        o.unit = parseUnit(p.value(QStringLiteral("unit")));
        if (!o.unit)
            return usage(QStringLiteral("unknown --unit: use mbps, gbps, iops or us"));
    }
    if (p.isSet(QStringLiteral("engine"))) {
        o.engine = parseEngine(p.value(QStringLiteral("engine")).toStdString());
        if (!o.engine)
            return usage(QStringLiteral("unknown --engine: use libaio or io_uring"));
    }
    if (p.isSet(QStringLiteral("count"))) {
        auto v = number<int>(p, QStringLiteral("count"), kMinCount, kMaxCount);
        if (!v)
            return v.error();
        o.count = *v;
    }
    if (p.isSet(QStringLiteral("mix"))) {
        auto v = number<int>(p, QStringLiteral("mix"), kMinMixRead, kMaxMixRead);
        if (!v)
            return v.error();
        o.mix = *v;
    }
    if (p.isSet(QStringLiteral("size"))) {
        auto v = parseSize(p.value(QStringLiteral("size")).toStdString());
        if (!v || *v < kMinTestSize || *v > kMaxTestSize)
            return usage(QStringLiteral("--size must be from 16MiB to 64GiB, e.g. 1GiB or 500MB (got '%1')")
                             .arg(p.value(QStringLiteral("size"))));
        o.size = *v;
    }
    for (auto [name, field, lo, hi] : { std::tuple { "measure", &o.measure, kMinMeasureSeconds, kMaxMeasureSeconds },
             std::tuple { "interval", &o.interval, 0.0, kMaxIntervalSeconds },
             std::tuple { "warmup", &o.warmup, 0.0, kMaxMeasureSeconds } }) {
        if (!p.isSet(QString::fromLatin1(name)))
            continue;
        auto v = number<double>(p, QString::fromLatin1(name), lo, hi);
        if (!v)
            return v.error();
        *field = *v;
    }
    o.comment = p.value(QStringLiteral("comment"));
    o.palette = p.value(QStringLiteral("palette"));
    if (!o.palette.isEmpty() && o.palette != QLatin1String("light") && o.palette != QLatin1String("dark"))
        return usage(QStringLiteral("unknown --palette: use light or dark"));
    o.language = p.value(QStringLiteral("language"));
    o.start = p.isSet(QStringLiteral("start"));
    o.noPowerHold = p.isSet(QStringLiteral("no-power-hold"));
    o.saveImage = p.value(QStringLiteral("save-image"));
    o.saveText = p.value(QStringLiteral("save-text"));
    o.saveJson = p.value(QStringLiteral("save-json"));
    o.saveMarkdown = p.value(QStringLiteral("save-markdown"));
    o.saveCsv = p.value(QStringLiteral("save-csv"));
    o.saveHtml = p.value(QStringLiteral("save-html"));
    o.page = p.value(QStringLiteral("page"));
    const auto& pages = pageEntries();
    if (!o.page.isEmpty() && o.page != QLatin1String("history")
        && std::none_of(
            pages.begin(), pages.end(), [&](const PageEntry& e) { return o.page == QLatin1String(e.kind); }))
        return usage(QStringLiteral("unknown --page: use %1 or history").arg(pageKindList()));
    if (p.isSet(QStringLiteral("compare"))) {
        for (const QString& id : p.value(QStringLiteral("compare")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool ok = false;
            const qint64 n = id.trimmed().toLongLong(&ok);
            if (!ok || n <= 0)
                return usage(QStringLiteral("--compare takes run ids such as 3,5,8 (got '%1')").arg(id));
            o.compare << n;
        }
        if (o.compare.size() < 2)
            return usage(QStringLiteral("--compare needs two run ids or more"));
        if (o.start)
            return usage(QStringLiteral("--compare does not go with --start"));
    }
    o.statsFile = p.value(QStringLiteral("stats"));
    o.quitWhenDone = p.isSet(QStringLiteral("quit-when-done"));
    o.allowRoot = p.isSet(QStringLiteral("allow-root"));
    return o;
}

} // namespace dm
