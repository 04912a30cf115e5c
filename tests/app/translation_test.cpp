// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the window's translations: --language parses; installTranslations("ja") loads the
// embedded Japanese .qm, so messages and a window built afterwards are Japanese, along with Qt's
// own standard buttons; "en" leaves the source text; and translations/diskometer_ja.ts has a
// finished translation for every string in the sources (lupdate is run on a copy), so a string
// added or changed without its translation fails here, naming it.
#include "appoptions.h"
#include "explanationpanel.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "runwarningtext.h"
#include "translations.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

using namespace dm;

namespace {

QApplication& app() { return dm::test::offscreenApp(); }

const QString kTsFile = QStringLiteral(DM_SOURCE_DIR "/translations/diskometer_ja.ts");

// "context: source" of each message of a .ts file that lupdate marked unfinished.
QStringList unfinishedMessages(const QString& tsPath)
{
    QFile file(tsPath);
    if (!file.open(QIODevice::ReadOnly))
        return { QStringLiteral("cannot read %1").arg(tsPath) };
    QStringList unfinished;
    QString context, source;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")
            && xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished"))
            unfinished << context + QStringLiteral(": ") + source;
    }
    if (xml.hasError())
        unfinished << QStringLiteral("%1: %2").arg(tsPath, xml.errorString());
    return unfinished;
}

class Translation : public ::testing::Test {
protected:
    void SetUp() override { app(); }
    // Each test installs its own language; the translators are the application's children.
    void TearDown() override
    {
        qDeleteAll(app().findChildren<QTranslator*>());
        QLocale::setDefault(QLocale::system());
    }
};

TEST_F(Translation, LanguageOptionParses)
{
    const auto options
        = parseAppOptions({ QStringLiteral("diskometer"), QStringLiteral("--language"), QStringLiteral("ja") });
    ASSERT_TRUE(options);
    EXPECT_EQ(options->language, QStringLiteral("ja"));
    EXPECT_TRUE(parseAppOptions({ QStringLiteral("diskometer") })->language.isEmpty());
}

TEST_F(Translation, JapaneseMessages)
{
    installTranslations(app(), QStringLiteral("ja"));
    const QString file = QCoreApplication::translate("dm::MainWindow", "&File");
    EXPECT_NE(file, QStringLiteral("&File"));
    EXPECT_TRUE(file.endsWith(QStringLiteral("(&F)"))) << file.toStdString(); // Japanese accelerator style
    // A message of the core library, whose context comes from Q_DECLARE_TR_FUNCTIONS.
    EXPECT_NE(QCoreApplication::translate("dm::TileFormat", "No result yet"), QStringLiteral("No result yet"));
    EXPECT_EQ(QLocale().language(), QLocale::Japanese);
}

TEST_F(Translation, QtsOwnButtonsInJapanese)
{
    if (!QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_ja.qm")))
        GTEST_SKIP() << "qtbase_ja.qm is not installed (Debian: qt6-translations-l10n)";
    installTranslations(app(), QStringLiteral("ja"));
    EXPECT_EQ(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("キャンセル"));
}

TEST_F(Translation, WindowBuiltAfterwardsIsJapanese)
{
    installTranslations(app(), QStringLiteral("ja"));
    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    const auto menus = window.menuBar()->actions();
    ASSERT_FALSE(menus.isEmpty());
    EXPECT_EQ(menus.first()->text(), QCoreApplication::translate("dm::MainWindow", "&File"));
    EXPECT_NE(menus.first()->text(), QStringLiteral("&File"));
}

// The engine says its warnings in English; the window shows them in its language (issue 16: a
// Japanese window showed "another Diskometer run (pid …) used this drive" in English). The
// texts below are the engine's, word for word.
TEST_F(Translation, EngineWarningsAreShownInTheWindowsLanguage)
{
    installTranslations(app(), QStringLiteral("ja"));
    const struct {
        const char* english;
        const char* japanese; // a part of the translation, with the value carried over
    } cases[] = {
        { "another Diskometer run (pid 4242) used this drive at the same time: the drive was shared, so these results "
          "are lower than it does alone; run one test at a time",
            "別の Diskometer の実行 (pid 4242)" },
        { "other Diskometer runs (pids 17, 4242) used this drive at the same time: the drive was shared, so these "
          "results are lower than it does alone; run one test at a time",
            "(pid 17, 4242)" },
        { "removed a test file left behind by an earlier run: /mnt/usb/.diskometer-1234.tmp",
            "テストファイルを削除しました: /mnt/usb/.diskometer-1234.tmp" },
        { "the test file is sparse: reads of its holes never reach the device", "スパース" },
        { "io_uring is not available here (io_uring_setup: Operation not permitted): ran with libaio",
            "(io_uring_setup: Operation not permitted): libaio で実行しました" },
        { "the run stopped after SEQ1M Q8T1 read: the device stopped answering, so the 7 test(s) after it were not run",
            "SEQ1M Q8T1 read の後で実行を止めました" },
    };
    for (const auto& c : cases) {
        const QString shown = runWarningText(c.english);
        EXPECT_TRUE(shown.contains(QString::fromUtf8(c.japanese))) << c.english << "\n -> " << shown.toStdString();
    }
    // A warning the table does not know is shown as the engine wrote it.
    EXPECT_EQ(runWarningText("something new"), QStringLiteral("something new"));

    // And the window's panel shows them so.
    ExplanationPanel panel;
    RunResult run;
    run.warnings = { cases[0].english };
    panel.show(TargetDescription {}, run, PowerDescription {});
    EXPECT_TRUE(panel.text().contains(QString::fromUtf8(cases[0].japanese))) << panel.text().toStdString();
}

TEST_F(Translation, EnglishKeepsTheSourceText)
{
    installTranslations(app(), QStringLiteral("en"));
    EXPECT_EQ(QCoreApplication::translate("dm::MainWindow", "&File"), QStringLiteral("&File"));
    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    EXPECT_EQ(window.menuBar()->actions().first()->text(), QStringLiteral("&File"));
}

TEST_F(Translation, TsFileHasNoUnfinishedMessage)
{
    const QStringList unfinished = unfinishedMessages(kTsFile);
    EXPECT_TRUE(unfinished.isEmpty()) << "translate these in " << kTsFile.toStdString() << ":\n"
                                      << unfinished.join(QLatin1Char('\n')).toStdString();
}

// lupdate merges the sources' strings into a copy of the .ts: a string the .ts lacks arrives
// unfinished. The .ts in the tree is left alone; `cmake --build <dir> --target
// diskometer_app_lib_lupdate` updates it.
TEST_F(Translation, EverySourceStringIsTranslated)
{
    const QString lupdate = QStringLiteral(DM_LUPDATE);
    if (!QFile::exists(lupdate))
        GTEST_SKIP() << "no lupdate at " << lupdate.toStdString();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("diskometer_ja.ts"));
    ASSERT_TRUE(QFile::copy(kTsFile, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);

    QProcess process;
    process.setWorkingDirectory(QStringLiteral(DM_SOURCE_DIR));
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(lupdate,
        { QStringLiteral("-silent"), QStringLiteral("src/app"), QStringLiteral("src/core"), QStringLiteral("ui"),
            QStringLiteral("-ts"), copy, QStringLiteral("-locations"), QStringLiteral("none") });
    ASSERT_TRUE(process.waitForFinished(60'000)) << process.errorString().toStdString();
    ASSERT_EQ(process.exitCode(), 0) << process.readAll().toStdString();

    const QStringList unfinished = unfinishedMessages(copy);
    EXPECT_TRUE(unfinished.isEmpty())
        << "strings without a Japanese translation; run lupdate (target diskometer_app_lib_lupdate) and "
           "translate them in translations/diskometer_ja.ts:\n"
        << unfinished.join(QLatin1Char('\n')).toStdString();
}

} // namespace
