// SPDX-License-Identifier: GPL-3.0-or-later
// diskometer: the window.
#include "appoptions.h"
#include "benchmarkcontroller.h"
#include "heldio.h"
#include "mainwindow.h"
#include "offguithread.h"
#include "translations.h"

#include <QApplication>
#include <QFileInfo>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <unistd.h>

namespace {

// Screenshots for blogs want a known look, whatever the desktop: Fusion with our own palette.
void applyPalette(const QString& name)
{
    if (name.isEmpty())
        return;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    if (name == QLatin1String("dark")) {
        const QColor window(0x2b, 0x2d, 0x31), base(0x1f, 0x21, 0x24), text(0xe8, 0xea, 0xed);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x3a, 0x3d, 0x42));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
        p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0x6a));
        p.setColor(QPalette::HighlightedText, Qt::black);
        p.setColor(QPalette::Mid, QColor(0x50, 0x54, 0x5a));
        p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
        p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x84, 0x8a));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x84, 0x8a));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x84, 0x8a));
    } else {
        p = QApplication::style()->standardPalette();
        p.setColor(QPalette::Highlight, QColor(0x1f, 0x7a, 0x45));
    }
    QApplication::setPalette(p);
}

// Whether QApplication will find a display: without one Qt aborts (exit 134) with a message
// about platform plugins that tells a user nothing. A platform named by QT_QPA_PLATFORM or
// -platform (offscreen, vnc, ...) is taken as it is; otherwise X11 needs DISPLAY (and, for a
// local ":N", its server's socket) and Wayland WAYLAND_DISPLAY.
bool haveDisplay(int argc, char** argv)
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return true;
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            return true;
    if (!qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return true;
    const QByteArray display = qgetenv("DISPLAY");
    if (display.isEmpty())
        return false;
    if (!display.startsWith(':'))
        return true; // host:N, over the network: only connecting would tell
    const QByteArray number = display.mid(1).split('.').first();
    return QFileInfo::exists(QStringLiteral("/tmp/.X11-unix/X") + QString::fromLatin1(number));
}

// What the command line answers by itself, with a display or without: bad options (2), --help
// and --version (0); nothing when the window is to open.
std::optional<int> answeredByOptions(const dm::Result<dm::AppOptions>& options)
{
    if (!options) {
        std::fprintf(stderr, "diskometer: %s (see --help)\n", options.error().message.c_str());
        return 2;
    }
    if (options->showHelp) {
        std::fputs(options->helpText.toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (options->showVersion) {
        std::printf("diskometer %s\n", DM_VERSION);
        return 0;
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv)
{
    if (!haveDisplay(argc, argv)) {
        // --help and bad options are still answered; everything else needs the window.
        QCoreApplication core(argc, argv);
        QCoreApplication::setApplicationVersion(QStringLiteral(DM_VERSION));
        if (const auto answered = answeredByOptions(dm::parseAppOptions(QCoreApplication::arguments())))
            return *answered;
        std::fprintf(stderr,
            "diskometer: no display to open the window on (%s). Run diskometer-cli for the same tests "
            "without a window, or xvfb-run -a diskometer ... for a window on a virtual display.\n",
            qEnvironmentVariableIsEmpty("DISPLAY") ? "DISPLAY and WAYLAND_DISPLAY are not set"
                                                   : "no X server answers on DISPLAY");
        return 2;
    }

    // The icon lives in the app library's resources; a static library's must be pulled in by hand.
    Q_INIT_RESOURCE(diskometer);
    // The .qm files of qt_add_translations (src/app/CMakeLists.txt); CMake links their object in,
    // this keeps them when the library is linked some other way.
    Q_INIT_RESOURCE(diskometer_app_lib_translations);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Diskometer"));
    QApplication::setApplicationName(QStringLiteral("Diskometer"));
    QApplication::setApplicationVersion(QStringLiteral(DM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("diskometer"));
    dm::registerEngineMetaTypes();

    auto options = dm::parseAppOptions(QApplication::arguments());
    if (const auto answered = answeredByOptions(options))
        return *answered;
    dm::installTranslations(app, options->language);
    if (::geteuid() == 0 && !options->allowRoot) {
        // A window running as root turns every file dialog and every bug into a root exploit. It
        // needs no privileges: filesystems are tested as the user, and raw devices are opened
        // through UDisks2, where polkit asks for the password.
        std::fputs("diskometer: the window does not run as root. Start it as your own user: raw devices are opened "
                   "through UDisks2 (polkit asks for the password). For a root shell, use diskometer-cli.\n",
            stderr);
        return 2;
    }
    applyPalette(options->palette);

    QSettings store;
    dm::GuiSettings settings = dm::loadGuiSettings(store);
    options->applyTo(settings);

    auto window = std::make_unique<dm::MainWindow>(settings, *options, true);
    window->show();
    if (options->start)
        QTimer::singleShot(0, window.get(), [w = window.get()] { w->startFromOptions(); });
    const int code = app.exec();
    // A device that stopped answering may still hold I/O: the window has closed already; say so
    // on stderr and do not let the exit wait for the device (heldio.h).
    if (const std::string advice = dm::releaseHeldIoAtExit(); !advice.empty())
        std::fprintf(stderr, "diskometer: %s\n", advice.c_str());
    // Destroyed here, not at the return: its pages stop their jobs and the history stores what
    // it was given, which a quick exit below would skip.
    window.reset();
    // A look at a mount that does not answer may still hold a thread of its own
    // (offguithread.h): the window is gone already, and the exit does not wait for it either.
    return dm::exitLeavingOffGuiThreads(code, std::chrono::seconds(2));
}
