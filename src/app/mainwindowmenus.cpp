// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's menus (File, Settings, Profile, Help): each action edits the grid's settings
// or calls one of the grid page's or the window's operations; mainwindow.cpp holds the rest.
#include "gridpage.h"
#include "mainwindow.h"
#include "textreport.h"

#include "engineselect.h"
#include "historyservice.h"
#include "remotedialog.h"
#include "settingsdialog.h"
#include "testpage.h"

#include <QActionGroup>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>

namespace dm {

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Save &Image…"), QKeySequence::Save, this, &MainWindow::saveImageInteractive);
    file->addAction(tr("Save &Text…"), QKeySequence(tr("Ctrl+T")), m_grid,
        [this] { m_grid->saveReportInteractive(QStringLiteral("text")); });
    file->addAction(tr("Save &Markdown…"), QKeySequence(tr("Ctrl+M")), m_grid,
        [this] { m_grid->saveReportInteractive(QStringLiteral("markdown")); });
    file->addAction(tr("Save &JSON…"), QKeySequence(tr("Ctrl+J")), m_grid,
        [this] { m_grid->saveReportInteractive(QStringLiteral("json")); });
    file->addAction(tr("Save as &Web Page…"), QKeySequence(tr("Ctrl+Shift+S")), this, &MainWindow::saveWebPageInteractive);
    file->addAction(tr("Export &fio Job…"), m_grid, &GridPage::exportFioJob);
    // The current tab's test with its settings (the grid's from the Benchmark and History tabs),
    // on other machines over SSH, or the grid over fio too (remotedialog.h).
    QAction* runOnHosts = file->addAction(tr("Run on &Hosts…"), this, [this] {
        HostsTest test;
        for (const auto& [kind, current] : m_pages)
            if (current == m_tabs->currentWidget() && current != m_grid) {
                test.kind = kind;
                // Its title without the shortcut: "Block sizes", "ブロックサイズ" (not "…(Z)").
                test.tab = current->tabTitle()
                               .remove(QRegularExpression(QStringLiteral("\\(&.\\)")))
                               .remove(QLatin1Char('&'));
                if (auto run = current->hostsRun())
                    test.arguments = *run;
                else
                    test.refusal = QString::fromStdString(run.error().message);
            }
        auto* dialog = new RemoteDialog(m_grid->remoteRequest(), test, m_history, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &RemoteDialog::compareShown, this, &MainWindow::keepBarScale);
        // A host's row opens its stored run as the History tab opens one.
        connect(dialog, &RemoteDialog::openReport, this, &MainWindow::openStoredReport);
        connect(dialog, &RemoteDialog::openRun, this, &MainWindow::openStoredRun);
        dialog->show();
    });
    runOnHosts->setObjectName(QStringLiteral("runOnHosts")); // for tests
    file->addSeparator();
    file->addAction(tr("&Copy Text"), QKeySequence(tr("Ctrl+Shift+C")), m_grid, &GridPage::copyText);
    file->addAction(tr("Copy Im&age"), QKeySequence(tr("Ctrl+Shift+I")), this, &MainWindow::copyImage);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    settings->addAction(tr("&Settings…"), QKeySequence(tr("Ctrl+,")), this, &MainWindow::showSettingsDialog);
    settings->addSeparator();
    QMenu* dataMenu = settings->addMenu(tr("Test &Data"));
    m_dataGroup = new QActionGroup(this);
    for (auto [label, value] : { std::pair { tr("&Random (default)"), DataFill::Random },
             std::pair { tr("&Zeros (0Fill)"), DataFill::Zeros } }) {
        QAction* a = dataMenu->addAction(label);
        a->setCheckable(true);
        a->setData(int(value));
        m_dataGroup->addAction(a);
    }
    connect(m_dataGroup, &QActionGroup::triggered, this,
        [this](QAction* a) { editSettings([a](GuiSettings& s) { s.run.data = DataFill(a->data().toInt()); }); });
    QMenu* mode = settings->addMenu(tr("Test M&ode"));
    m_modeGroup = new QActionGroup(this);
    for (auto [label, value] : { std::pair { tr("Read && &Write"), Mode::All },
             std::pair { tr("&Read only"), Mode::Read }, std::pair { tr("&Write only"), Mode::Write } }) {
        QAction* a = mode->addAction(label);
        a->setCheckable(true);
        a->setData(int(value));
        m_modeGroup->addAction(a);
    }
    connect(m_modeGroup, &QActionGroup::triggered, this,
        [this](QAction* a) { editSettings([a](GuiSettings& s) { s.mode = Mode(a->data().toInt()); }); });
    m_mixAction = settings->addAction(tr("&Mix Tests"));
    m_mixAction->setCheckable(true);
    connect(m_mixAction, &QAction::toggled, this, [this](bool on) {
        if (m_updatingUi)
            return;
        editSettings([on](GuiSettings& s) { s.mixEnabled = on; });
    });
    QMenu* ratio = settings->addMenu(tr("Mix &Ratio"));
    m_mixGroup = new QActionGroup(this);
    for (int read = kMinMixRead; read <= kMaxMixRead; read += 10) {
        QAction* a = ratio->addAction(tr("Read %1% / Write %2%").arg(read).arg(100 - read));
        a->setCheckable(true);
        a->setData(read);
        m_mixGroup->addAction(a);
    }
    connect(m_mixGroup, &QActionGroup::triggered, this,
        [this](QAction* a) { editSettings([a](GuiSettings& s) { s.mixReadPercent = a->data().toInt(); }); });
    QMenu* unit = settings->addMenu(tr("&Unit"));
    m_unitGroup = new QActionGroup(this);
    for (Unit u : { Unit::MBps, Unit::GBps, Unit::Iops, Unit::Microseconds }) {
        QAction* a = unit->addAction(unitName(u));
        a->setCheckable(true);
        a->setData(int(u));
        m_unitGroup->addAction(a);
    }
    connect(m_unitGroup, &QActionGroup::triggered, this,
        [this](QAction* a) { editSettings([a](GuiSettings& s) { s.unit = Unit(a->data().toInt()); }); });

    QMenu* profile = menuBar()->addMenu(tr("&Profile"));
    m_profileGroup = new QActionGroup(this);
    for (auto [label, value, key] : { std::tuple { tr("&Default"), Profile::Default, tr("Ctrl+1") },
             std::tuple { tr("&Peak Performance"), Profile::Peak, tr("Ctrl+2") },
             std::tuple { tr("&Real World Performance"), Profile::RealWorld, tr("Ctrl+3") },
             std::tuple { tr("De&mo"), Profile::Demo, tr("Ctrl+4") },
             std::tuple { tr("&Flash Memory"), Profile::Flash, tr("Ctrl+5") } }) {
        QAction* a = profile->addAction(label);
        a->setShortcut(QKeySequence(key));
        a->setCheckable(true);
        a->setData(int(value));
        m_profileGroup->addAction(a);
    }
    connect(m_profileGroup, &QActionGroup::triggered, this, [this](QAction* a) {
        editSettings([a](GuiSettings& s) {
            const Profile previous = s.profile;
            s.profile = Profile(a->data().toInt());
            // Flash Memory is CrystalDiskMark 9's times as much as its rows: it sets them, and
            // leaving it puts back the usual ones, unless the user changed them meanwhile.
            const RunSettings usual;
            if (const auto times = profileTimes(s.profile)) {
                s.run.measureSeconds = times->measureSeconds;
                s.run.intervalSeconds = times->intervalSeconds;
            } else if (const auto left = profileTimes(previous); left && s.run.measureSeconds == left->measureSeconds
                       && s.run.intervalSeconds == left->intervalSeconds) {
                s.run.measureSeconds = usual.measureSeconds;
                s.run.intervalSeconds = usual.intervalSeconds;
            }
        });
    });
    profile->addSeparator();
    m_nvmeAction = profile->addAction(tr("&NVMe SSD"));
    m_nvmeAction->setCheckable(true);
    connect(m_nvmeAction, &QAction::toggled, this, [this](bool on) {
        if (m_updatingUi)
            return;
        editSettings([on](GuiSettings& s) {
            s.preset = on ? Preset::Nvme : Preset::Default;
            s.rows = defaultGuiSettings(s.preset).rows;
        });
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Diskometer"), this, &MainWindow::showAbout);

    // Menus that change what a run does are locked while one runs.
    m_lockedWhileRunning << settings << profile;
}

QString MainWindow::baseTitle() const
{
    return QStringLiteral("Diskometer") + testDataTitle(m_grid->shownTestData());
}

void MainWindow::showSettingsDialog()
{
    SettingsDialog dialog(m_grid->settings(), this);
    if (dialog.exec() == QDialog::Accepted) {
        // A hold the user changed in the dialog is their choice, and is stored; an OK that
        // left the box as --no-power-hold had it keeps the session's override.
        if (dialog.settings().holdPowerProfile != m_grid->settings().holdPowerProfile)
            m_options.noPowerHold = false;
        m_grid->setSettings(dialog.settings());
    }
}

void MainWindow::showAbout()
{
    // The project's address only where there is one (DM_PROJECT_URL, empty until it has one).
    const QString url = QStringLiteral(DM_PROJECT_URL);
    QMessageBox::about(this, tr("About Diskometer"),
        tr("<h3>Diskometer %1</h3><p>A storage benchmark for the Linux desktop, in the spirit of CrystalDiskMark.</p>"
           "<p>Engine: %4 with O_DIRECT<br>Qt %2 (built with %3)</p>"
           "<p>Free software under the GNU GPL, version 3 or later.</p>")
                .arg(QStringLiteral(DM_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
                    QString::fromLatin1(engineName(resolveEngine(m_grid->settings().engine).kind)))
            + (url.isEmpty() ? QString() : QStringLiteral("<p><a href=\"%1\">%1</a></p>").arg(url.toHtmlEscaped())));
}

} // namespace dm
