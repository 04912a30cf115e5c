// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPushButton;

namespace dm {

struct TargetDescription;

// The consent a write test on a raw device needs (typed, because a click is too easy to give for
// erasing a drive): says that everything on the device will be destroyed, what the device is and
// what was found on it, and enables "Erase and Test" only once the user has typed the device's name
// ("sdb" or "/dev/sdb"). Cancel is the default button; Enter in the name field accepts only a
// correct name and otherwise does nothing, so a stray Enter never erases and never throws the
// typing away.
class DestructiveConfirmDialog : public QDialog {
    Q_OBJECT
public:
    // `device` is the path ("/dev/sdb"); `description` what it is ("SanDisk Ultra (usb), 64.0 GB",
    // see deviceDescription()); `signatures` what findSignatures() found on it, may be empty.
    DestructiveConfirmDialog(
        const QString& device, const QString& description, const QStringList& signatures, QWidget* parent = nullptr);
    // The device not described yet: says it is being read, and "Erase and Test" stays disabled
    // until setDescription(), whatever is typed (nobody consents to erasing what they were not shown).
    explicit DestructiveConfirmDialog(const QString& device, QWidget* parent = nullptr);
    ~DestructiveConfirmDialog() override;

    // Whether `typed` names `device`: its path or its name in /dev, spaces around ignored.
    static bool nameMatches(const QString& typed, const QString& device);
    // "SanDisk Ultra (usb, USB 3.2 Gen 1 (5 Gbps)), 64.0 GB" for the dialog's description line.
    static QString deviceDescription(const TargetDescription& target);
    // Asks, and meanwhile describes `device` and looks for what is on it on a thread of its own
    // (sysfs and the device's first sectors: a device that does not answer holds that thread,
    // never the window, which keeps drawing while the dialog waits). True when the user typed its name.
    static bool confirm(const QString& device, QWidget* parent);
    void setDescription(const QString& description, const QStringList& signatures);
    bool isDescribed() const { return m_described; }

    QLineEdit* nameEdit() const { return m_nameEdit; }
    QPushButton* eraseButton() const { return m_eraseButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateButton();

    QString m_device;
    bool m_described = false;
    QLabel* m_descriptionLabel = nullptr;
    QLabel* m_foundLabel = nullptr;
    QLineEdit* m_nameEdit = nullptr;
    QPushButton* m_eraseButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
};

} // namespace dm
