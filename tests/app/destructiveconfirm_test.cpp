// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the typed consent before a write test on a device: "Erase and Test" stays disabled until
// the exact name ("sdb" or "/dev/sdb") is typed; Cancel is the default; Enter in the empty or
// wrongly filled field neither accepts nor closes, Enter after the right name accepts; Escape
// cancels; the dialog shows the device and what was found on it. confirm() describes the device
// on a thread of its own: a device that does not answer (the FUSE rig, stalled) holds neither the
// window nor the dialog, and Erase waits for the description. With DM_SCREENSHOT_DIR set it
// saves PNGs of the dialog (for looking at it at QT_SCALE_FACTOR=1 and 2).
#include "destructiveconfirmdialog.h"
#include "eventually.h"
#include "fuserig.h"
#include "offguithreadspy.h"
#include "report.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyleFactory>
#include <QTest>
#include <QTextDocumentFragment>

#include <gtest/gtest.h>

#include <thread>

using namespace dm;
using namespace dm::test;

namespace {

class DestructiveConfirmTest : public ::testing::Test {
protected:
    // One QApplication for the binary, never destroyed: a static one would be torn down after
    // Qt's own globals and crash at exit.
    static void SetUpTestSuite()
    {
        if (!QApplication::instance()) {
            static int argc = 1;
            static char name[] = "app_confirm_tests";
            static char* argv[] = { name, nullptr };
            new QApplication(argc, argv);
        }
    }
};

const QStringList kFound { "GPT partition table", "ext4 filesystem in partition 1", "swap area in partition 2" };

QString allText(const QDialog& d)
{
    QStringList texts;
    // As the user reads it: markup rendered, entities resolved.
    for (const QLabel* l : d.findChildren<QLabel*>())
        texts << (l->textFormat() == Qt::PlainText ? l->text()
                                                   : QTextDocumentFragment::fromHtml(l->text()).toPlainText());
    return texts.join(QLatin1Char('\n'));
}

void type(QLineEdit* edit, const QString& text)
{
    edit->clear();
    QTest::keyClicks(edit, text);
}

} // namespace

TEST_F(DestructiveConfirmTest, EraseEnablesOnlyForTheExactName)
{
    DestructiveConfirmDialog d(
        QStringLiteral("/dev/sdb"), QStringLiteral("SanDisk Ultra, 64.0 GB, USB 3.2 Gen 1 (5 Gbps)"), kFound);
    QPushButton* erase = d.eraseButton();
    EXPECT_EQ(erase->text(), QStringLiteral("Erase and Test"));
    EXPECT_FALSE(erase->isEnabled());
    for (const char* wrong : { "s", "sd", "sdc", "/dev/sd", "SDB", "dev/sdb", "/dev/sdb1", "sdb1", "/dev//sdb" }) {
        type(d.nameEdit(), QString::fromLatin1(wrong));
        EXPECT_FALSE(erase->isEnabled()) << wrong;
    }
    for (const char* right : { "sdb", "/dev/sdb", " sdb ", "/dev/sdb " }) {
        type(d.nameEdit(), QString::fromLatin1(right));
        EXPECT_TRUE(erase->isEnabled()) << right;
    }
    d.nameEdit()->clear();
    EXPECT_FALSE(erase->isEnabled());
}

TEST_F(DestructiveConfirmTest, CancelIsTheDefaultAndEnterNeverErasesByAccident)
{
    DestructiveConfirmDialog d(QStringLiteral("/dev/sdb"), QString(), kFound);
    EXPECT_TRUE(d.cancelButton()->isDefault());
    EXPECT_FALSE(d.eraseButton()->isDefault());
    EXPECT_FALSE(d.eraseButton()->autoDefault());

    d.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&d));
    EXPECT_EQ(QApplication::focusWidget(), d.nameEdit());
    // Empty, and wrong: Enter does nothing at all (neither accepts nor cancels away the typing).
    QTest::keyClick(d.nameEdit(), Qt::Key_Return);
    EXPECT_TRUE(d.isVisible());
    EXPECT_NE(d.result(), QDialog::Accepted);
    type(d.nameEdit(), QStringLiteral("sdc"));
    QTest::keyClick(d.nameEdit(), Qt::Key_Enter);
    EXPECT_TRUE(d.isVisible());
    EXPECT_EQ(d.nameEdit()->text(), QStringLiteral("sdc"));
    // Clicking the disabled button does nothing either.
    QTest::mouseClick(d.eraseButton(), Qt::LeftButton);
    EXPECT_TRUE(d.isVisible());

    type(d.nameEdit(), QStringLiteral("sdb"));
    QTest::keyClick(d.nameEdit(), Qt::Key_Return);
    EXPECT_FALSE(d.isVisible());
    EXPECT_EQ(d.result(), QDialog::Accepted);
}

TEST_F(DestructiveConfirmTest, ButtonAcceptsEscapeAndCancelReject)
{
    {
        DestructiveConfirmDialog d(QStringLiteral("/dev/nvme1n1"), QString(), {});
        d.show();
        type(d.nameEdit(), QStringLiteral("nvme1n1"));
        QTest::mouseClick(d.eraseButton(), Qt::LeftButton);
        EXPECT_EQ(d.result(), QDialog::Accepted);
    }
    {
        DestructiveConfirmDialog d(QStringLiteral("/dev/sdb"), QString(), {});
        d.show();
        type(d.nameEdit(), QStringLiteral("sdb"));
        QTest::keyClick(&d, Qt::Key_Escape);
        EXPECT_EQ(d.result(), QDialog::Rejected);
    }
    {
        DestructiveConfirmDialog d(QStringLiteral("/dev/sdb"), QString(), {});
        d.show();
        type(d.nameEdit(), QStringLiteral("sdb"));
        QTest::mouseClick(d.cancelButton(), Qt::LeftButton);
        EXPECT_EQ(d.result(), QDialog::Rejected);
    }
}

TEST_F(DestructiveConfirmTest, SaysWhatIsLost)
{
    DestructiveConfirmDialog d(
        QStringLiteral("/dev/sdb"), QStringLiteral("SanDisk Ultra, 64.0 GB, USB 3.2 Gen 1 (5 Gbps)"), kFound);
    const QString text = allText(d);
    EXPECT_TRUE(text.contains(QStringLiteral("All data on /dev/sdb will be destroyed."))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("SanDisk Ultra, 64.0 GB, USB 3.2 Gen 1 (5 Gbps)"))) << text.toStdString();
    for (const QString& s : kFound)
        EXPECT_TRUE(text.contains(s)) << s.toStdString();
    EXPECT_TRUE(d.windowTitle().contains(QStringLiteral("/dev/sdb")));

    DestructiveConfirmDialog blank(QStringLiteral("/dev/sdc"), QString(), {});
    EXPECT_TRUE(allText(blank).contains(QStringLiteral("no partition table or filesystem was recognised")));
    // Names are shown as text, never read as markup.
    DestructiveConfirmDialog odd(QStringLiteral("/dev/<b>x"), QString(), { QStringLiteral("<i>odd</i> filesystem") });
    EXPECT_TRUE(allText(odd).contains(QStringLiteral("<i>odd</i> filesystem"))) << allText(odd).toStdString();
    EXPECT_TRUE(allText(odd).contains(QStringLiteral("All data on /dev/<b>x will"))) << allText(odd).toStdString();
}

TEST_F(DestructiveConfirmTest, EraseWaitsForTheDescription)
{
    DestructiveConfirmDialog d(QStringLiteral("/dev/sdb"));
    EXPECT_FALSE(d.isDescribed());
    EXPECT_TRUE(allText(d).contains(QStringLiteral("reading the device"))) << allText(d).toStdString();
    type(d.nameEdit(), QStringLiteral("sdb"));
    EXPECT_FALSE(d.eraseButton()->isEnabled()) << "nobody consents to erasing what they were not shown";
    d.setDescription(QStringLiteral("SanDisk Ultra, 64.0 GB, USB"), kFound);
    EXPECT_TRUE(d.isDescribed());
    EXPECT_TRUE(d.eraseButton()->isEnabled());
    EXPECT_TRUE(allText(d).contains(kFound.front())) << allText(d).toStdString();
    EXPECT_FALSE(allText(d).contains(QStringLiteral("reading the device"))) << allText(d).toStdString();
}

// The description reads sysfs and the device's first sectors. On the GUI thread, a device that
// does not answer (here the FUSE rig under a loop device, stalled for 2.5 s) held the window for
// as long; now the dialog comes at once, the window's events go on, and the description arrives
// when the device answers.
TEST_F(DestructiveConfirmTest, ADeviceThatDoesNotAnswerHoldsNeitherTheWindowNorTheDialog)
{
    FuseRig rig(FuseRig::Options {});
    DM_REQUIRE_FUSE_RIG(rig);
    const QString device = QString::fromStdString(rig.device());
    const OffGuiThreadSpy spy;
    rig.stall();
    // Declared after the rig, so it has resumed it (and is joined) before the rig goes, even when
    // an assertion below ends the test early.
    std::jthread resume([&rig] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        rig.resume();
    });
    // Should a check below end its lambda early, the dialog still goes and the test goes on.
    QTimer failsafe;
    failsafe.setSingleShot(true);
    QObject::connect(&failsafe, &QTimer::timeout, [] {
        if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget()))
            d->reject();
    });
    failsafe.start(30000);
    QElapsedTimer clock;
    clock.start();
    bool checked = false;
    QTimer::singleShot(0, [&] {
        auto* d = qobject_cast<DestructiveConfirmDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(d, nullptr);
        EXPECT_LT(clock.elapsed(), 1000) << "the dialog waited for the device";
        EXPECT_FALSE(d->isDescribed());
        d->nameEdit()->setText(device);
        EXPECT_FALSE(d->eraseButton()->isEnabled());
        bool ticked = false;
        QTimer::singleShot(50, [&] { ticked = true; });
        EXPECT_TRUE(eventually([&] { return ticked; }, 1000)) << "the events stopped while the device was silent";
        EXPECT_LT(clock.elapsed(), 2500) << "the machine was too slow to tell a waiting window from a turning one";
        EXPECT_FALSE(d->isDescribed());
        EXPECT_TRUE(eventually([&] { return d->isDescribed(); }, 15000)) << "described once the device answers";
        EXPECT_TRUE(d->eraseButton()->isEnabled());
        checked = true;
        d->reject();
    });
    EXPECT_FALSE(DestructiveConfirmDialog::confirm(device, nullptr));
    EXPECT_TRUE(checked);
    const auto describedOn = spy.threads("device description");
    ASSERT_EQ(describedOn.size(), 1u);
    EXPECT_NE(describedOn.front(), QApplication::instance()->thread());
}

TEST_F(DestructiveConfirmTest, DeviceDescription)
{
    TargetDescription t;
    t.kind = QStringLiteral("block-device");
    t.device = QStringLiteral("/dev/sdb");
    t.vendor = QStringLiteral("SanDisk");
    t.model = QStringLiteral("Ultra");
    t.bus = QStringLiteral("usb");
    t.link = QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    t.capacityBytes = 61530439680;
    EXPECT_EQ(DestructiveConfirmDialog::deviceDescription(t),
        QStringLiteral("SanDisk Ultra, 61.5 GB, USB 3.2 Gen 1 (5 Gbps)"));
    t.vendor = QStringLiteral("ATA");
    t.model = QStringLiteral("WDC WD40EFRX-68N");
    t.bus = QStringLiteral("sata");
    t.link.clear();
    t.capacityBytes = 4000787030016;
    EXPECT_EQ(DestructiveConfirmDialog::deviceDescription(t), QStringLiteral("WDC WD40EFRX-68N, 4.0 TB, SATA"));
    TargetDescription bare;
    bare.device = QStringLiteral("/dev/sdx");
    EXPECT_EQ(DestructiveConfirmDialog::deviceDescription(bare), QString());
}

// Not a check: pictures to look at (DM_SCREENSHOT_DIR=/some/dir, QT_SCALE_FACTOR=2 for HiDPI).
TEST_F(DestructiveConfirmTest, Screenshots)
{
    const QString dir = qEnvironmentVariable("DM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        GTEST_SKIP() << "set DM_SCREENSHOT_DIR to save pictures of the dialog";
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const QString scale = qEnvironmentVariable("QT_SCALE_FACTOR", QStringLiteral("1"));
    DestructiveConfirmDialog d(
        QStringLiteral("/dev/sdb"), QStringLiteral("SanDisk Ultra, 64.0 GB, USB 3.2 Gen 1 (5 Gbps)"), kFound);
    d.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&d));
    EXPECT_TRUE(d.grab().save(QDir(dir).filePath(QStringLiteral("confirm-empty-%1x.png").arg(scale))));
    type(d.nameEdit(), QStringLiteral("sdb"));
    EXPECT_TRUE(d.grab().save(QDir(dir).filePath(QStringLiteral("confirm-typed-%1x.png").arg(scale))));
    DestructiveConfirmDialog reading(QStringLiteral("/dev/sdb")); // before confirm()'s description arrives
    reading.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&reading));
    type(reading.nameEdit(), QStringLiteral("sdb"));
    EXPECT_TRUE(reading.grab().save(QDir(dir).filePath(QStringLiteral("confirm-reading-%1x.png").arg(scale))));
    reading.setDescription(QStringLiteral("SanDisk Ultra, 64.0 GB, USB 3.2 Gen 1 (5 Gbps)"), kFound);
    QApplication::processEvents();
    EXPECT_TRUE(reading.grab().save(QDir(dir).filePath(QStringLiteral("confirm-described-%1x.png").arg(scale))));
    DestructiveConfirmDialog blank(
        QStringLiteral("/dev/loop3"), QStringLiteral("Loop device (/dev/shm/dm-test-3Xq1), 268.4 MB, loop"), {});
    blank.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&blank));
    EXPECT_TRUE(blank.grab().save(QDir(dir).filePath(QStringLiteral("confirm-blank-%1x.png").arg(scale))));
}
