// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsettings.h"

#include <QDialog>
#include <array>
#include <memory>

class QComboBox;
class QLabel;

namespace Ui {
class SettingsDialog;
}

namespace dm {

// Edits the Default profile's four rows (pattern, block size, queue depth, threads), the measure
// time, the interval between tests and the test data. It works on a copy: the caller's settings
// change only if it takes settings() after exec() returned Accepted.
class SettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(const GuiSettings& settings, QWidget* parent = nullptr);
    ~SettingsDialog() override;

    // The settings given to the constructor with what this dialog edits replaced by the user's
    // choices. The Default and NVMe SSD buttons also set the preset, so that the Peak profile and
    // the Profile menu agree with the rows the user loaded.
    GuiSettings settings() const;

private:
    struct RowEditors {
        QComboBox* pattern = nullptr;
        QComboBox* blockSize = nullptr;
        QComboBox* queueDepth = nullptr;
        QComboBox* threads = nullptr;
        QLabel* name = nullptr;
    };

    void fillChoices();
    void showRows(const std::vector<TestRow>& rows);
    void showTimes(double measureSeconds, double intervalSeconds);
    TestRow rowAt(std::size_t index) const;
    void updateRowName(std::size_t index);
    void restoreFactory();
    void loadNvmePreset();

    std::unique_ptr<Ui::SettingsDialog> m_ui;
    GuiSettings m_settings;
    std::array<RowEditors, kEditableRowCount> m_rows;
};

} // namespace dm
