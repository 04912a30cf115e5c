// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparedialog.h" // QPointer<CompareDialog> needs the whole class
#include "historyentry.h"
#include "report.h"

#include <QPointer>
#include <QWidget>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace dm {

class HistoryModel;
class HistoryService;

// The History tab: every stored run in a sortable, filterable table; compare, open in the grid,
// rename, export, delete and import. Everything it reads or writes goes through the
// HistoryService, whose answers arrive later: the page never waits for the database.
class HistoryPage : public QWidget {
    Q_OBJECT
public:
    HistoryPage(HistoryService* service, QWidget* parent = nullptr);

    HistoryModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }
    QString statusText() const;

    // Selects these runs (those shown), as a click would.
    void selectIds(const std::vector<qint64>& ids);
    std::vector<qint64> selectedIds() const;

    // The actions of the buttons, public for tests and --compare.
    void compareIds(const std::vector<qint64>& ids);
    void compareSelected() { compareIds(selectedIds()); }
    void openSelectedInGrid();
    void renameSelected();
    void deleteSelected();
    void exportSelected();
    void importFiles(const QStringList& files);
    CompareDialog* compareDialog() const { return m_compare; } // the last one opened, while open

Q_SIGNALS:
    // A grid run (or fio's) to show in the Benchmark tab.
    void openReport(const dm::Report& report);
    void compareShown(dm::CompareDialog* dialog);
    void compareFailed(const QString& message); // a run could not be read (unknown id, database error)

private:
    void updateButtons();
    void setStatus(const QString& text);
    void showNotice(const QString& text);

    HistoryService* m_service;
    HistoryModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    QLabel* m_status;
    QPushButton* m_compareButton;
    QPushButton* m_openButton;
    QPushButton* m_renameButton;
    QPushButton* m_exportButton;
    QPushButton* m_deleteButton;
    QPointer<CompareDialog> m_compare;
};

} // namespace dm
