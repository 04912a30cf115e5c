// SPDX-License-Identifier: GPL-3.0-or-later
#include "settingsdialog.h"

#include "ui_settingsdialog.h"

#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <cmath>
#include <initializer_list>

namespace dm {

namespace {

    // The choices CrystalDiskMark offers; anything else the engine accepts still shows up when a
    // settings file or the command line brings it (see select()).
    constexpr std::initializer_list<uint32_t> kBlockSizes = { 4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB, 128 * KiB,
        256 * KiB, 512 * KiB, 1 * MiB, 2 * MiB, 4 * MiB, 8 * MiB };
    constexpr std::initializer_list<uint32_t> kQueueDepths = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512 };
    constexpr std::initializer_list<uint32_t> kThreadCounts = { 1, 2, 4, 8, 16, 32, 64 };
    // CrystalDiskMark 9's measure times.
    constexpr std::initializer_list<double> kMeasureSeconds = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 60 };
    constexpr std::initializer_list<double> kIntervalSeconds = { 0, 1, 3, 5, 10, 30, 60, 180, 300, 600 };

    QString blockSizeText(uint32_t bytes)
    {
        if (bytes >= MiB && bytes % MiB == 0)
            return SettingsDialog::tr("%1 MiB").arg(bytes / MiB);
        if (bytes >= KiB && bytes % KiB == 0)
            return SettingsDialog::tr("%1 KiB").arg(bytes / KiB);
        return SettingsDialog::tr("%1 B").arg(bytes);
    }

    QString secondsText(double seconds) { return SettingsDialog::tr("%1 s").arg(QLocale().toString(seconds)); }

    QString intervalText(double seconds)
    {
        if (seconds >= 60 && std::fmod(seconds, 60) == 0)
            return SettingsDialog::tr("%1 min").arg(QLocale().toString(seconds / 60));
        return secondsText(seconds);
    }

    QString profileTitle(Profile p)
    {
        switch (p) {
        case Profile::Default:
            return SettingsDialog::tr("Default");
        case Profile::Peak:
            return SettingsDialog::tr("Peak Performance");
        case Profile::RealWorld:
            return SettingsDialog::tr("Real World Performance");
        case Profile::Demo:
            return SettingsDialog::tr("Demo");
        case Profile::Custom:
            return SettingsDialog::tr("Custom");
        case Profile::Flash:
            return SettingsDialog::tr("Flash Memory");
        }
        return {};
    }

    // Selects the item that holds value. A value the list lacks (a hand-edited settings file, a
    // --measure from the command line) is inserted in numeric order instead of being replaced
    // by a neighbour: opening the dialog and pressing OK must never change a setting by itself.
    void select(QComboBox* combo, const QVariant& value, const QString& label)
    {
        int index = combo->findData(value);
        if (index < 0) {
            index = combo->count();
            for (int i = 0; i < combo->count(); ++i) {
                const QVariant item = combo->itemData(i);
                if (item.isValid() && item.toDouble() > value.toDouble()) {
                    index = i;
                    break;
                }
            }
            combo->insertItem(index, label, value);
        }
        combo->setCurrentIndex(index);
    }

} // namespace

SettingsDialog::SettingsDialog(const GuiSettings& settings, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SettingsDialog>())
    , m_settings(settings)
{
    m_ui->setupUi(this);
    m_rows = { {
        { m_ui->row1PatternCombo, m_ui->row1BlockSizeCombo, m_ui->row1QueueDepthCombo, m_ui->row1ThreadsCombo,
            m_ui->row1NameLabel },
        { m_ui->row2PatternCombo, m_ui->row2BlockSizeCombo, m_ui->row2QueueDepthCombo, m_ui->row2ThreadsCombo,
            m_ui->row2NameLabel },
        { m_ui->row3PatternCombo, m_ui->row3BlockSizeCombo, m_ui->row3QueueDepthCombo, m_ui->row3ThreadsCombo,
            m_ui->row3NameLabel },
        { m_ui->row4PatternCombo, m_ui->row4BlockSizeCombo, m_ui->row4QueueDepthCombo, m_ui->row4ThreadsCombo,
            m_ui->row4NameLabel },
    } };
    fillChoices();

    // The edited rows only matter to the Default profile; say so rather than let the user wonder
    // why a Peak run ignores them.
    if (!usesDefaultRows(settings.profile))
        m_ui->profileNote->setText(tr("The %1 profile runs its own fixed tests; the tests set here are used by the "
                                      "Default profile.")
                                       .arg(profileTitle(settings.profile)));
    m_ui->profileNote->setVisible(!usesDefaultRows(settings.profile));

    showRows(settings.rows);
    showTimes(settings.run.measureSeconds, settings.run.intervalSeconds);
    select(m_ui->dataCombo, int(settings.run.data), {});
    select(m_ui->engineCombo, int(settings.engine), {});
    m_ui->powerHoldCheck->setChecked(settings.holdPowerProfile);
    m_ui->showSerialCheck->setChecked(settings.showSerial);

    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const RowEditors& row = m_rows[i];
        // Wide enough for the longest name, so the grid does not jump while the user edits.
        row.name->setMinimumWidth(row.name->fontMetrics().horizontalAdvance(QStringLiteral("RND512K Q512T64")));
        for (QComboBox* combo : { row.pattern, row.blockSize, row.queueDepth, row.threads })
            connect(combo, &QComboBox::currentIndexChanged, this, [this, i] { updateRowName(i); });
        updateRowName(i);
    }

    connect(m_ui->defaultButton, &QPushButton::clicked, this, &SettingsDialog::restoreFactory);
    connect(m_ui->nvmeButton, &QPushButton::clicked, this, &SettingsDialog::loadNvmePreset);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::fillChoices()
{
    for (const RowEditors& row : m_rows) {
        row.pattern->addItem(tr("SEQ"), int(Pattern::Sequential));
        row.pattern->addItem(tr("RND"), int(Pattern::Random));
        row.pattern->setItemData(0, tr("Sequential"), Qt::ToolTipRole);
        row.pattern->setItemData(1, tr("Random"), Qt::ToolTipRole);
        for (uint32_t size : kBlockSizes)
            row.blockSize->addItem(blockSizeText(size), size);
        for (uint32_t depth : kQueueDepths)
            row.queueDepth->addItem(QString::number(depth), depth);
        for (uint32_t threads : kThreadCounts)
            row.threads->addItem(QString::number(threads), threads);
    }

    for (double seconds : kMeasureSeconds)
        m_ui->measureCombo->addItem(secondsText(seconds), seconds);

    for (double seconds : kIntervalSeconds)
        m_ui->intervalCombo->addItem(intervalText(seconds), seconds);

    m_ui->dataCombo->addItem(tr("Random (incompressible)"), int(DataFill::Random));
    m_ui->dataCombo->addItem(tr("Zeros"), int(DataFill::Zeros));

    m_ui->engineCombo->addItem(QStringLiteral("libaio"), int(EngineKind::Libaio));
    m_ui->engineCombo->setItemData(0,
        tr("The kernel's asynchronous I/O, as fio's libaio engine uses it: figures compare with fio's"),
        Qt::ToolTipRole);
    m_ui->engineCombo->addItem(QStringLiteral("io_uring"), int(EngineKind::IoUring));
    // Still selectable where it cannot run: a run then falls back to libaio and its report says
    // why; the tooltip says so before the user finds out.
    std::string why;
    m_ui->engineCombo->setItemData(1,
        ioUringAvailable(&why)
            ? tr("Less CPU per I/O, most of all with large blocks; falls back to libaio where it cannot run")
            : tr("Not available here (%1): a run falls back to libaio").arg(QString::fromStdString(why)),
        Qt::ToolTipRole);
}

void SettingsDialog::showRows(const std::vector<TestRow>& rows)
{
    // A settings value with fewer rows than the grid (built by hand, or an older file) shows the
    // preset's rows in the gaps rather than leaving combos on whatever they held.
    const std::vector<TestRow> fallback = profileRows(Profile::Default, m_settings.preset);
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const TestRow row = i < rows.size() ? rows[i] : (i < fallback.size() ? fallback[i] : TestRow {});
        const RowEditors& editors = m_rows[i];
        select(editors.pattern, int(row.pattern), {});
        select(editors.blockSize, row.blockSize, blockSizeText(row.blockSize));
        select(editors.queueDepth, row.queueDepth, QString::number(row.queueDepth));
        select(editors.threads, row.threads, QString::number(row.threads));
    }
}

void SettingsDialog::showTimes(double measureSeconds, double intervalSeconds)
{
    select(m_ui->measureCombo, measureSeconds, secondsText(measureSeconds));
    select(m_ui->intervalCombo, intervalSeconds, intervalText(intervalSeconds));
}

TestRow SettingsDialog::rowAt(std::size_t index) const
{
    const RowEditors& editors = m_rows[index];
    TestRow row;
    row.pattern = Pattern(editors.pattern->currentData().toInt());
    row.blockSize = editors.blockSize->currentData().toUInt();
    row.queueDepth = editors.queueDepth->currentData().toUInt();
    row.threads = editors.threads->currentData().toUInt();
    return row;
}

void SettingsDialog::updateRowName(std::size_t index)
{
    m_rows[index].name->setText(QString::fromStdString(rowName(rowAt(index))));
}

void SettingsDialog::restoreFactory()
{
    // Rows and times only: count, size, target and test data are the user's choice of what to
    // test, not part of the factory test definition.
    const GuiSettings factory = defaultGuiSettings(Preset::Default);
    m_settings.preset = factory.preset;
    showRows(factory.rows);
    showTimes(factory.run.measureSeconds, factory.run.intervalSeconds);
}

void SettingsDialog::loadNvmePreset()
{
    m_settings.preset = Preset::Nvme;
    showRows(defaultGuiSettings(Preset::Nvme).rows);
}

GuiSettings SettingsDialog::settings() const
{
    GuiSettings s = m_settings;
    s.rows.resize(m_rows.size());
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        s.rows[i] = rowAt(i);
    s.run.measureSeconds = m_ui->measureCombo->currentData().toDouble();
    s.run.intervalSeconds = m_ui->intervalCombo->currentData().toDouble();
    s.run.data = DataFill(m_ui->dataCombo->currentData().toInt());
    s.engine = EngineKind(m_ui->engineCombo->currentData().toInt());
    s.holdPowerProfile = m_ui->powerHoldCheck->isChecked();
    s.showSerial = m_ui->showSerialCheck->isChecked();
    return s;
}

} // namespace dm
