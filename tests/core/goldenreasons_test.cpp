// SPDX-License-Identifier: GPL-3.0-or-later
// A golden file changes only with its reason. DM_UPDATE_GOLDEN=1 rewrites the golden reports
// (golden_test.cpp, tests/cli/history_test.cpp) to whatever the code makes now, so a change that
// alters a report by mistake could regenerate its own proof. tests/data/golden/reasons.txt holds
// one line per golden file: the SHA-256 of its content and why it holds that. A golden file whose
// content has no line fails here, with the line to write; so every change of a golden changes
// reasons.txt in the same commit, where a reviewer reads why (docs/TESTING.md, "Golden files").
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <gtest/gtest.h>

namespace {

const QString kGoldenDir = QStringLiteral(DM_TEST_DATA_DIR "/golden");
const QString kReasonsName = QStringLiteral("reasons.txt");

struct Reason {
    QString sha256;
    QString text;
};

// FILE -> its line's hash and reason. Lines: "SHA256  FILE  reason"; '#' starts a comment line.
QMap<QString, Reason> readReasons(QStringList& malformed)
{
    QMap<QString, Reason> reasons;
    QFile f(kGoldenDir + QLatin1Char('/') + kReasonsName);
    if (!f.open(QIODevice::ReadOnly))
        return reasons;
    static const QRegularExpression line(QStringLiteral("^([0-9a-f]{64})  (\\S+)  (\\S.*)$"));
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString l = QString::fromUtf8(raw).trimmed();
        if (l.isEmpty() || l.startsWith(QLatin1Char('#')))
            continue;
        const QRegularExpressionMatch m = line.match(l);
        if (!m.hasMatch() || reasons.contains(m.captured(2))) {
            malformed << l;
            continue;
        }
        reasons.insert(m.captured(2), { m.captured(1), m.captured(3) });
    }
    return reasons;
}

QString sha256Of(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex());
}

} // namespace

TEST(GoldenReasons, EveryGoldenFileHasTheReasonForItsContent)
{
    QStringList malformed;
    const QMap<QString, Reason> reasons = readReasons(malformed);
    EXPECT_TRUE(malformed.isEmpty()) << "tests/data/golden/reasons.txt: lines not \"SHA256  FILE  reason\" (or a "
                                        "second line of a file): "
                                     << malformed.join(QStringLiteral(" | ")).toStdString();
    const QStringList files = QDir(kGoldenDir).entryList(QDir::Files, QDir::Name);
    ASSERT_GT(files.size(), 10) << "no golden files in " << kGoldenDir.toStdString();
    for (const QString& name : files) {
        if (name == kReasonsName)
            continue;
        const QString sha = sha256Of(kGoldenDir + QLatin1Char('/') + name);
        const auto it = reasons.constFind(name);
        EXPECT_TRUE(it != reasons.constEnd() && it->sha256 == sha)
            << "tests/data/golden/" << name.toStdString()
            << " changed without its reason: put this line in tests/data/golden/reasons.txt, in place of its "
               "old one, saying why the report changed:\n"
            << sha.toStdString() << "  " << name.toStdString() << "  <why>";
    }
    for (auto it = reasons.constBegin(); it != reasons.constEnd(); ++it)
        EXPECT_TRUE(files.contains(it.key()))
            << "tests/data/golden/reasons.txt names " << it.key().toStdString() << ", which is not there";
}
