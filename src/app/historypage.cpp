// SPDX-License-Identifier: GPL-3.0-or-later
#include "historypage.h"

#include "comparedialog.h"
#include "driveline.h"
#include "historyimport.h"
#include "historymodel.h"
#include "historyservice.h"
#include "offguithread.h"
#include "reportfile.h"
#include "targetjson.h"
#include "testkind.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace dm {

namespace {
    bool readsAsGrid(const HistoryEntry& e)
    {
        const TestKind* kind = kindForSchema(e.schema);
        return kind && kind->readsAsGrid();
    }
}

HistoryPage::HistoryPage(HistoryService* service, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_model(new HistoryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter: device, interface, target, comment…"));
    m_filter->setClearButtonEnabled(true);
    top->addWidget(m_filter, 1);
    auto* importButton = new QPushButton(tr("&Import…"), this);
    importButton->setToolTip(tr("Add a Diskometer JSON report or fio's JSON output (fio --output-format=json)"));
    top->addWidget(importButton);
    layout->addLayout(top);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(HistoryModel::kSortRole);
    m_proxy->setFilterKeyColumn(-1); // every column
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(HistoryModel::Date, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    // The figures before the long texts: a comment, a link and a path (the widest columns even
    // capped) pushed all but the first MB/s column out of sight at the window's default width.
    // Only the view's order: the model, its CSV and the sort keep theirs.
    QHeaderView* header = m_table->horizontalHeader();
    for (const int column : { HistoryModel::Link, HistoryModel::Comment, HistoryModel::Target })
        header->moveSection(header->visualIndex(column), header->count() - 1);
    layout->addWidget(m_table, 1);

    auto* bottom = new QHBoxLayout;
    m_compareButton = new QPushButton(tr("&Compare"), this);
    m_compareButton->setToolTip(tr("Select two runs or more (Ctrl+click) to see them side by side"));
    m_openButton = new QPushButton(tr("&Open in Grid"), this);
    m_renameButton = new QPushButton(tr("&Rename…"), this);
    m_exportButton = new QPushButton(tr("E&xport…"), this);
    m_deleteButton = new QPushButton(tr("&Delete…"), this);
    for (QPushButton* b : { m_compareButton, m_openButton, m_renameButton, m_exportButton, m_deleteButton })
        bottom->addWidget(b);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bottom->addWidget(m_status, 1);
    layout->addLayout(bottom);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(importButton, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import Runs"),
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
            tr("Reports (*.json *.html);;All files (*)"));
        if (!files.isEmpty())
            importFiles(files);
    });
    connect(m_compareButton, &QPushButton::clicked, this, &HistoryPage::compareSelected);
    connect(m_openButton, &QPushButton::clicked, this, &HistoryPage::openSelectedInGrid);
    connect(m_renameButton, &QPushButton::clicked, this, &HistoryPage::renameSelected);
    connect(m_exportButton, &QPushButton::clicked, this, &HistoryPage::exportSelected);
    connect(m_deleteButton, &QPushButton::clicked, this, &HistoryPage::deleteSelected);
    connect(m_table, &QTableView::doubleClicked, this, [this] {
        const auto ids = selectedIds();
        const HistoryEntry* e = ids.size() == 1 ? m_model->entryById(ids[0]) : nullptr;
        if (e && readsAsGrid(*e))
            openSelectedInGrid();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HistoryPage::updateButtons);

    connect(m_service, &HistoryService::listed, this, [this](const std::vector<HistoryEntry>& entries) {
        const auto keep = selectedIds();
        m_model->setEntries(entries);
        m_table->resizeColumnsToContents();
        // A long comment or path would push the figures out of sight at the window's default
        // width: those columns are capped (the tooltip has the whole text, and paths are elided
        // in the middle, where they say least), the figures are not. 16 characters: what lets
        // every MB/s column of the default window show, in English and Japanese (screenshots).
        const int cap = m_table->fontMetrics().averageCharWidth() * 16;
        for (const int column : { HistoryModel::Run, HistoryModel::Comment, HistoryModel::Target })
            m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), cap));
        selectIds(keep);
        setStatus(entries.empty() ? tr("No runs yet: every finished test is kept here, and Import adds reports "
                                       "and fio's JSON output.")
                                  : tr("Runs: %1 · %2").arg(entries.size()).arg(m_service->path()));
    });
    connect(m_service, &HistoryService::failed, this, [this](const QString& m) { setStatus(m); });
    connect(m_service, &HistoryService::storeFailed, this,
        [this](const QString&, const QString& m, QObject*) { setStatus(m); });
    connect(m_service, &HistoryService::notice, this, &HistoryPage::showNotice);
    updateButtons();
}

QString HistoryPage::statusText() const { return m_status->text(); }

void HistoryPage::setStatus(const QString& text) { m_status->setText(text); }

void HistoryPage::showNotice(const QString& text)
{
    // Non-blocking: the notice comes from the worker at any time, maybe during a run.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Diskometer history"),
        tr("The history file was damaged and has been set aside; a new one was started."), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("historyNotice"));
    box->setInformativeText(text);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void HistoryPage::selectIds(const std::vector<qint64>& ids)
{
    QItemSelection selection;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex index = m_proxy->index(row, 0);
        if (std::find(ids.begin(), ids.end(), index.data(HistoryModel::kIdRole).toLongLong()) != ids.end())
            selection.select(index, m_proxy->index(row, HistoryModel::ColumnCount - 1));
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    updateButtons();
}

std::vector<qint64> HistoryPage::selectedIds() const
{
    // In the table's order, so a comparison lists the runs as the user sees them.
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    std::vector<qint64> ids;
    for (const QModelIndex& index : rows)
        ids.push_back(index.data(HistoryModel::kIdRole).toLongLong());
    return ids;
}

void HistoryPage::updateButtons()
{
    const auto ids = selectedIds();
    const HistoryEntry* one = ids.size() == 1 ? m_model->entryById(ids[0]) : nullptr;
    m_compareButton->setEnabled(ids.size() >= 2);
    m_openButton->setEnabled(one && readsAsGrid(*one));
    m_openButton->setToolTip(one && !m_openButton->isEnabled()
            ? tr("Only benchmark and fio runs fit the grid; compare or export this one")
            : tr("Show this run's tiles in the Benchmark tab"));
    m_renameButton->setEnabled(one);
    m_exportButton->setEnabled(one);
    m_deleteButton->setEnabled(!ids.empty());
}

void HistoryPage::compareIds(const std::vector<qint64>& ids)
{
    if (ids.empty())
        return;
    setStatus(tr("Reading the runs…"));
    m_service->compare(ids, this, [this](const Comparison& comparison, const QString& error) {
        if (!error.isEmpty()) {
            setStatus(error);
            Q_EMIT compareFailed(error);
            return;
        }
        if (m_compare)
            m_compare->close();
        m_compare = new CompareDialog(comparison, window());
        m_compare->setAttribute(Qt::WA_DeleteOnClose);
        m_compare->show();
        setStatus(tr("Comparing %1 runs").arg(comparison.runs.size()));
        Q_EMIT compareShown(m_compare);
    });
}

void HistoryPage::openSelectedInGrid()
{
    const auto ids = selectedIds();
    if (ids.size() != 1)
        return;
    m_service->fetchReports(ids.front(), this, [this](const HistoryService::RunReports& run, const QString& error) {
        if (!error.isEmpty() || !run.grid) {
            setStatus(!error.isEmpty()
                    ? error
                    : tr("Run %1 has no tiles to show in the Benchmark tab").arg(run.record.entry.id));
            return;
        }
        Q_EMIT openReport(*run.grid);
    });
}

void HistoryPage::renameSelected()
{
    const auto ids = selectedIds();
    const HistoryEntry* e = ids.size() == 1 ? m_model->entryById(ids[0]) : nullptr;
    if (!e)
        return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Rename Run"));
    auto* form = new QFormLayout(&dialog);
    auto* name = new QLineEdit(e->name, &dialog);
    name->setObjectName(QStringLiteral("historyName"));
    name->setPlaceholderText(HistoryModel::runName(*e));
    name->setMinimumWidth(name->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 30);
    auto* comment = new QLineEdit(e->comment, &dialog);
    comment->setObjectName(QStringLiteral("historyComment"));
    form->addRow(tr("&Name:"), name);
    form->addRow(tr("&Comment:"), comment);
    form->addRow(new QLabel(tr("The stored report is kept as it was; the name and comment are shown in the "
                               "history and in comparisons."),
        &dialog));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    const qint64 id = e->id;
    if (dialog.exec() == QDialog::Accepted)
        m_service->setLabel(id, name->text().trimmed(), comment->text().trimmed());
}

void HistoryPage::deleteSelected()
{
    const auto ids = selectedIds();
    if (ids.empty())
        return;
    QStringList names;
    for (const qint64 id : ids)
        if (const HistoryEntry* e = m_model->entryById(id); e && names.size() < 10) {
            // The comment too: with ten sticks tested in one folder it is what tells them apart.
            QString name = HistoryModel::runName(*e);
            if (!e->comment.isEmpty() && e->comment != name)
                name += QStringLiteral(" (%1)").arg(e->comment);
            names << tr("run %1: %2, %3")
                         .arg(id)
                         .arg(name, QLocale().toString(e->created.toLocalTime(), QLocale::ShortFormat));
        }
    if (ids.size() > 10)
        names << tr("and %1 more").arg(ids.size() - 10);
    QMessageBox box(QMessageBox::Question, tr("Delete Runs"),
        ids.size() == 1 ? tr("Delete this run from the history? This cannot be undone.")
                        : tr("Delete these %1 runs from the history? This cannot be undone.").arg(ids.size()),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("historyDelete"));
    box.setInformativeText(names.join(QLatin1Char('\n')));
    box.setDefaultButton(QMessageBox::Cancel);
    box.button(QMessageBox::Yes)->setText(tr("Delete"));
    if (box.exec() != QMessageBox::Yes)
        return;
    m_service->remove(ids);
}

void HistoryPage::exportSelected()
{
    const auto ids = selectedIds();
    if (ids.size() != 1)
        return;
    m_service->fetchReports(ids.front(), this, [this](const HistoryService::RunReports& run, const QString& error) {
        if (!error.isEmpty()) {
            setStatus(error);
            return;
        }
        const HistoryRecord& record = run.record;
        const auto& reports = run.reports; // every kind this build knows, as text and Markdown too
        QString filters = tr("JSON as stored (*.json)");
        if (reports)
            filters += QStringLiteral(";;") + tr("Text (*.txt)") + QStringLiteral(";;") + tr("Markdown (*.md)");
        QString chosen;
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run"),
            QDir(dir).filePath(defaultReportFileName(QStringLiteral("json"), record.entry.created)), filters, &chosen);
        if (path.isEmpty())
            return;
        QByteArray content = reportJsonForExport(record.json, serialShown());
        if (reports) {
            if (chosen.contains(QLatin1String("*.txt")) || path.endsWith(QLatin1String(".txt")))
                content = reports->text.toUtf8();
            else if (chosen.contains(QLatin1String("*.md")) || path.endsWith(QLatin1String(".md")))
                content = reports->markdown.toUtf8();
        }
        runOffGuiThread(
            this, [path, content] { return writeReportFile(path, content); },
            [this, id = record.entry.id, path](const QString& failure) {
                setStatus(failure.isEmpty() ? tr("Exported run %1 to %2").arg(id).arg(path) : failure);
            });
    });
}

void HistoryPage::importFiles(const QStringList& files)
{
    // Read and checked off the GUI thread: a file on a mount that does not answer would hold the
    // window. All files are checked before anything is stored, as `history import` does: a bad
    // file leaves the history as it was.
    struct Read {
        std::vector<HistoryInput> inputs;
        QString failure;
    };
    runOffGuiThread(
        this,
        [files] {
            Read read;
            for (const QString& path : files) {
                QFile f(path);
                if (!f.open(QIODevice::ReadOnly)) {
                    read.failure = tr("Cannot read %1: %2").arg(path, f.errorString());
                    return read;
                }
                auto in = historyInputsFromFile(f.readAll());
                if (!in) {
                    read.failure = tr("%1 was not imported: %2")
                                       .arg(QFileInfo(path).fileName(), QString::fromStdString(in.error().message));
                    return read;
                }
                for (HistoryInput& i : *in)
                    read.inputs.push_back(std::move(i));
            }
            return read;
        },
        [this, files](Read read) {
            if (!read.failure.isEmpty()) {
                QMessageBox::warning(this, tr("Import Runs"), read.failure);
                return;
            }
            setStatus(tr("Importing…"));
            m_service->importRuns(
                std::move(read.inputs), files.size() == 1 ? QFileInfo(files.first()).fileName() : tr("The import"));
        });
}

} // namespace dm
