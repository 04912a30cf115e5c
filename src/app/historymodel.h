// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"

#include <QAbstractTableModel>

#include <vector>

namespace dm {

// The history's runs as a table: one row per stored run, newest first as the store lists them.
// Qt::DisplayRole is the text shown; kSortRole the value to sort by (dates and MB/s as numbers,
// so 95 sorts below 1200).
class HistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The comment early: "which of my ten sticks was this" is what people label runs with, and the
    // last column is the first to be cut off in a narrow window.
    // Headline: the kind's own figure (a grid's SEQ1M Q8T1 read, a sustained write's sustained
    // rate, ...), so every kind's row has a number; the four grid columns follow for grids.
    enum Column { Date, Run, Comment, Link, Target, Kind, Headline, SeqRead, SeqWrite, RndRead, RndWrite, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kIdRole = Qt::UserRole + 2;

    explicit HistoryModel(QObject* parent = nullptr);

    void setEntries(std::vector<HistoryEntry> entries);
    const std::vector<HistoryEntry>& entries() const { return m_entries; }
    const HistoryEntry* entryById(qint64 id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "Samsung T7" or the user's label, "fio @ host" for fio client runs: the run's name in lists.
    static QString runName(const HistoryEntry& e);
    // "Benchmark · Default", "Sustained write", "fio", in the user's language.
    static QString kindText(const HistoryEntry& e);

private:
    std::vector<HistoryEntry> m_entries;
};

} // namespace dm
