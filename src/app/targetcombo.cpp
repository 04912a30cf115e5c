// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetcombo.h"

#include "blockdevices.h"
#include "jobspec.h"
#include "mountlist.h"
#include "offguithread.h"
#include "targetinfo.h"

#include <QDir>
#include <QFileDialog>
#include <QStandardItemModel>

namespace dm {

TargetCombo::TargetCombo(int kinds, QWidget* parent)
    : QComboBox(parent)
    , m_kinds(kinds)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(24);
    connect(this, &QComboBox::activated, this, [this](int index) {
        QString path = itemData(index).toString();
        if (path.isEmpty()) {
            // "Choose folder…": a cancelled dialog leaves the choice as it was.
            path = QFileDialog::getExistingDirectory(this, tr("Choose a folder to test in"), m_current);
            if (path.isEmpty()) {
                refill(m_current);
                return;
            }
        }
        refill(path);
        Q_EMIT pathChosen(path);
    });
}

QString TargetCombo::humanBytes(qint64 bytes)
{
    const double gib = double(bytes) / double(GiB);
    if (gib >= 1000)
        return QStringLiteral("%1 TiB").arg(gib / 1024, 0, 'f', 1);
    if (gib >= 1)
        return QStringLiteral("%1 GiB").arg(gib, 0, 'f', gib >= 100 ? 0 : 1);
    return QStringLiteral("%1 MiB").arg(double(bytes) / double(MiB), 0, 'f', 0);
}

void TargetCombo::refill(const QString& current)
{
    m_current = current;
    rebuild();
    Q_EMIT pathSet(current);
    if (isVisible())
        relist();
    else
        m_stale = true;
}

void TargetCombo::showEvent(QShowEvent* event)
{
    if (m_stale)
        relist();
    QComboBox::showEvent(event);
}

void TargetCombo::showPopup()
{
    relist();
    QComboBox::showPopup();
}

void TargetCombo::relist()
{
    m_stale = false;
    if (m_listing) {
        m_listAgain = true;
        return;
    }
    m_listing = true;
    const int kinds = m_kinds;
    // statvfs on a mount whose server does not answer waits as long as it does: off the GUI thread,
    // and the answer is dropped when the combo has gone meanwhile.
    runOffGuiThread(
        this,
        [kinds] {
            Listing listing;
            if (kinds & Filesystems) {
                listing.filesystems = listFilesystemTargets();
                listing.home = targetHolding(listing.filesystems, QDir::homePath());
            }
            if (kinds & Devices)
                listing.devices = listBlockDevices();
            return listing;
        },
        [this](Listing listing) { listed(std::move(listing)); });
}

void TargetCombo::listed(Listing listing)
{
    m_listing = false;
    m_last = std::move(listing);
    rebuild();
    if (m_listAgain) {
        m_listAgain = false;
        relist();
    }
}

void TargetCombo::rebuild()
{
    const QString current = m_current;
    clear();
    int currentIndex = -1;
    if (m_kinds & Filesystems) {
        const QList<TargetDescription>& targets = m_last.filesystems;
        // The filesystem holding the home directory is tested in the home directory, where the
        // user may create the test file; other filesystems at their mount point.
        const int home = m_last.home;
        for (int i = 0; i < targets.size(); ++i) {
            const auto& t = targets[i];
            const QString dir = i == home ? QDir::homePath() : t.mountPoint;
            QString text = tr("%1  %2 free of %3")
                               .arg(t.mountPoint, humanBytes(t.freeBytes.value_or(0)), humanBytes(t.capacityBytes));
            if (!t.model.isEmpty())
                text += QStringLiteral("  (%1)").arg(t.model);
            addItem(text, dir);
            setItemData(count() - 1,
                QStringLiteral("%1 · %2 · %3 · %4").arg(dir, t.device, t.filesystem, t.mountOptions), Qt::ToolTipRole);
            if (dir == current)
                currentIndex = count() - 1;
        }
    }
    if (m_kinds & Devices) {
        // Raw devices in their own group: read tests measure the device itself, below any filesystem.
        const QList<TargetDescription>& devices = m_last.devices;
        if (!devices.isEmpty() && (m_kinds & Filesystems)) {
            insertSeparator(count());
            addItem(tr("Block devices (raw)"), QString());
            if (auto* items = qobject_cast<QStandardItemModel*>(model()))
                items->item(count() - 1)->setEnabled(false);
        }
        for (const auto& d : devices) {
            QString text = QStringLiteral("%1%2  %3")
                               .arg(d.wholeDisk.isEmpty() ? QString() : QStringLiteral("    "), d.device,
                                   humanBytes(d.sizeBytes));
            if (const QString name = deviceName(d); !name.isEmpty())
                text += QStringLiteral("  %1").arg(name);
            QStringList details { d.bus };
            if (!d.link.isEmpty())
                details << d.link;
            if (!d.mountPoints.isEmpty())
                details << tr("mounted on %1").arg(d.mountPoints.join(QStringLiteral(", ")));
            details.removeAll(QString());
            if (!details.isEmpty())
                text += QStringLiteral("  (%1)").arg(details.join(QStringLiteral(", ")));
            addItem(text, d.device);
            if (d.device == current)
                currentIndex = count() - 1;
        }
    }
    if (currentIndex < 0 && !current.isEmpty()) {
        addItem(current, current);
        currentIndex = count() - 1;
    }
    if (m_kinds & Filesystems)
        addItem(tr("Choose folder…"), QString()); // no path: opens the folder dialog
    // Nothing chosen yet (a scan before any device was picked): the first target, not a blank.
    for (int i = 0; currentIndex < 0 && i < count(); ++i)
        if (!itemData(i).toString().isEmpty())
            currentIndex = i;
    setCurrentIndex(currentIndex);
}

} // namespace dm
