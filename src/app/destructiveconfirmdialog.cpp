// SPDX-License-Identifier: GPL-3.0-or-later
#include "destructiveconfirmdialog.h"
#include "offguithread.h"

#include "report.h"
#include "signatures.h"
#include "targetinfo.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QIcon>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace dm {

namespace {

    QString shortName(const QString& device) { return QFileInfo(device).fileName(); }

    // A device name is never broken at its slashes ("/dev/" at the end of one line, "sdb" on the next).
    QString unbroken(const QString& text) { return QStringLiteral("<nobr>%1</nobr>").arg(text.toHtmlEscaped()); }

    QLabel* wrappingLabel(const QString& text, QWidget* parent, Qt::TextFormat format = Qt::RichText)
    {
        auto* label = new QLabel(text, parent);
        label->setTextFormat(format);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return label;
    }

    // What people call the bus; a USB device by its link speed when known.
    QString busLabel(const TargetDescription& t)
    {
        if (!t.link.isEmpty())
            return t.link;
        static const QHash<QString, QString> names { { QStringLiteral("nvme"), QStringLiteral("NVMe") },
            { QStringLiteral("sata"), QStringLiteral("SATA") }, { QStringLiteral("usb"), QStringLiteral("USB") },
            { QStringLiteral("mmc"), QStringLiteral("SD/MMC") }, { QStringLiteral("scsi"), QStringLiteral("SCSI") } };
        return names.value(t.bus, t.bus);
    }

} // namespace

DestructiveConfirmDialog::DestructiveConfirmDialog(
    const QString& device, const QString& description, const QStringList& signatures, QWidget* parent)
    : DestructiveConfirmDialog(device, parent)
{
    setDescription(description, signatures);
}

DestructiveConfirmDialog::DestructiveConfirmDialog(const QString& device, QWidget* parent)
    : QDialog(parent)
    , m_device(device)
{
    setWindowTitle(tr("Erase %1?").arg(device));
    const QString name = shortName(device);
    const int vSpace = style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing, nullptr, this);

    auto* icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(
        QIcon::fromTheme(QStringLiteral("dialog-warning"), style()->standardIcon(QStyle::SP_MessageBoxWarning))
            .pixmap(iconSize, iconSize));

    auto* headline = wrappingLabel(tr("All data on %1 will be destroyed.").arg(unbroken(device)), this);
    QFont bold = headline->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    headline->setFont(bold);

    auto* explanation = wrappingLabel(tr("The write tests write over the device from its first byte. Files, "
                                         "partitions and any operating system on it cannot be recovered afterwards."),
        this, Qt::PlainText);

    // A grid rather than a form layout: QFormLayout sets a label a little below the first line
    // of a field that wraps, which shows at 2x.
    auto* details = new QGridLayout;
    details->setColumnStretch(1, 1);
    auto addRow = [&](const QString& label, QLabel* field) {
        const int row = details->rowCount();
        details->addWidget(new QLabel(label, this), row, 0, Qt::AlignLeft | Qt::AlignTop);
        details->addWidget(field, row, 1, Qt::AlignTop);
    };
    const QString reading = tr("reading the device…");
    m_descriptionLabel = wrappingLabel(reading, this, Qt::PlainText);
    addRow(tr("Device:"), m_descriptionLabel);
    m_foundLabel = wrappingLabel(reading, this, Qt::PlainText);
    addRow(tr("It holds:"), m_foundLabel);

    auto* prompt = wrappingLabel(
        tr("To confirm, type the device name, <b>%1</b> or <b>%2</b>:").arg(unbroken(name), unbroken(device)), this);
    m_nameEdit = new QLineEdit(this);
    m_nameEdit->setClearButtonEnabled(true);
    m_nameEdit->setAccessibleName(tr("Device name to confirm"));
    prompt->setBuddy(m_nameEdit);
    m_nameEdit->installEventFilter(this);

    auto* buttons = new QDialogButtonBox(this);
    m_cancelButton = buttons->addButton(QDialogButtonBox::Cancel);
    m_eraseButton = buttons->addButton(tr("Erase and Test"), QDialogButtonBox::AcceptRole);
    m_eraseButton->setObjectName(QStringLiteral("eraseButton"));
    m_eraseButton->setAutoDefault(false);
    m_cancelButton->setDefault(true);
    // Red, as desktops mark destructive actions, once it can be pressed; until then the style's
    // own disabled look, which nobody mistakes for a ready button (a pale red one read badly).
    QPalette red = m_eraseButton->palette();
    const QColor danger(0xc6, 0x28, 0x28);
    for (auto group : { QPalette::Active, QPalette::Inactive }) {
        red.setColor(group, QPalette::Button, danger);
        red.setColor(group, QPalette::ButtonText, Qt::white);
    }
    m_eraseButton->setPalette(red);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_nameEdit, &QLineEdit::textChanged, this, &DestructiveConfirmDialog::updateButton);

    auto* text = new QVBoxLayout;
    text->addWidget(headline);
    text->addWidget(explanation);
    text->addSpacing(vSpace);
    text->addLayout(details);
    text->addSpacing(vSpace);
    text->addWidget(prompt);
    text->addWidget(m_nameEdit);

    auto* top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addSpacing(style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, this));
    top->addLayout(text, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    // Slack, if any, goes here: between wrapped labels it would look like missing text.
    layout->addStretch(1);
    layout->addSpacing(vSpace);
    layout->addWidget(buttons);

    // Wide enough for the sentences to wrap into a few lines rather than a narrow column, and
    // exactly as tall as the wrapped text needs at that width (the size hint guesses another width).
    setMinimumWidth(fontMetrics().averageCharWidth() * 76);
    resize(minimumWidth(), heightForWidth(minimumWidth()));
    m_nameEdit->setFocus();
    updateButton();
}

DestructiveConfirmDialog::~DestructiveConfirmDialog() = default;

void DestructiveConfirmDialog::setDescription(const QString& description, const QStringList& signatures)
{
    m_descriptionLabel->setText(description.isEmpty() ? m_device : description);
    if (signatures.isEmpty()) {
        m_foundLabel->setTextFormat(Qt::PlainText);
        m_foundLabel->setText(
            tr("no partition table or filesystem was recognised; any data on it is lost all the same"));
    } else {
        // One per line: a user looking for "my backup partition" reads a list faster than a sentence.
        QStringList lines;
        for (const QString& s : signatures)
            lines << QStringLiteral("\u2022 ") + s.toHtmlEscaped();
        m_foundLabel->setTextFormat(Qt::RichText);
        m_foundLabel->setText(lines.join(QStringLiteral("<br>")));
    }
    m_described = true;
    // As tall as the wrapped text now needs, never shorter than the user made it: the layout
    // still holds the old texts' heights until it is told.
    layout()->invalidate();
    layout()->activate();
    resize(width(), std::max(height(), heightForWidth(width())));
    updateButton();
}

bool DestructiveConfirmDialog::nameMatches(const QString& typed, const QString& device)
{
    const QString t = typed.trimmed();
    return !t.isEmpty() && !device.isEmpty() && (t == device || t == shortName(device));
}

bool DestructiveConfirmDialog::confirm(const QString& device, QWidget* parent)
{
    DestructiveConfirmDialog dialog(device, parent);
    struct Found {
        TargetDescription target;
        QStringList signatures;
    };
    runOffGuiThread(
        &dialog,
        [device] {
            noteOffGuiThread("device description");
            Found found;
            found.target = describeTarget(device);
            for (const auto& name : findSignaturesOfUnusedDevice(device.toStdString()))
                found.signatures << QString::fromStdString(name);
            return found;
        },
        [d = &dialog](const Found& found) { d->setDescription(deviceDescription(found.target), found.signatures); });
    return dialog.exec() == QDialog::Accepted;
}

QString DestructiveConfirmDialog::deviceDescription(const TargetDescription& target)
{
    // Vendor and model as deviceSummary() names them, without its bus and filesystem parts.
    TargetDescription nameOnly;
    nameOnly.vendor = target.vendor;
    nameOnly.model = target.model;
    QStringList parts;
    if (const QString name = deviceSummary(nameOnly); !name.isEmpty())
        parts << name;
    // Drives are sold in GB: the size on the box is the one the user recognises.
    if (target.capacityBytes > 0)
        parts << QLocale().formattedDataSize(target.capacityBytes, 1, QLocale::DataSizeSIFormat);
    if (const QString bus = busLabel(target); !bus.isEmpty())
        parts << bus;
    return parts.join(QStringLiteral(", "));
}

bool DestructiveConfirmDialog::eventFilter(QObject* watched, QEvent* event)
{
    // QLineEdit passes Enter on to the dialog, which would press the default button (Cancel) and
    // throw away what was typed: Enter here accepts a correct name and is ignored otherwise.
    if (watched == m_nameEdit && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            if (m_eraseButton->isEnabled())
                accept();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void DestructiveConfirmDialog::updateButton()
{
    m_eraseButton->setEnabled(m_described && nameMatches(m_nameEdit->text(), m_device));
}

} // namespace dm
