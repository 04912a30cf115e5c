// SPDX-License-Identifier: GPL-3.0-or-later
#include "historymodel.h"

#include "kindtext.h"

#include <QLocale>

namespace dm {

namespace {
    const std::optional<double>& figure(const HistoryEntry& e, int column)
    {
        switch (column) {
        case HistoryModel::SeqRead:
            return e.seqReadMBps;
        case HistoryModel::SeqWrite:
            return e.seqWriteMBps;
        case HistoryModel::RndRead:
            return e.rndReadMBps;
        default:
            return e.rndWriteMBps;
        }
    }

    bool isFigure(int column) { return column >= HistoryModel::SeqRead && column <= HistoryModel::RndWrite; }

    QString profileText(const QString& profile)
    {
        if (profile == QLatin1String("default"))
            return HistoryModel::tr("Default");
        if (profile == QLatin1String("peak"))
            return HistoryModel::tr("Peak");
        if (profile == QLatin1String("real"))
            return HistoryModel::tr("Real World");
        if (profile == QLatin1String("demo"))
            return HistoryModel::tr("Demo");
        if (profile == QLatin1String("flash"))
            return HistoryModel::tr("Flash Memory");
        if (profile == QLatin1String("custom"))
            return HistoryModel::tr("Custom");
        return profile;
    }
}

HistoryModel::HistoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void HistoryModel::setEntries(std::vector<HistoryEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

const HistoryEntry* HistoryModel::entryById(qint64 id) const
{
    for (const HistoryEntry& e : m_entries)
        if (e.id == id)
            return &e;
    return nullptr;
}

int HistoryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }

int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString HistoryModel::runName(const HistoryEntry& e)
{
    QString name = !e.name.isEmpty() ? e.name : !e.deviceModel.isEmpty() ? e.deviceModel : e.targetPath;
    if (!e.host.isEmpty())
        name += QStringLiteral(" @ ") + e.host;
    return name;
}

QString HistoryModel::kindText(const HistoryEntry& e)
{
    const TestKind* kind = kindById(e.kind);
    const QString title = kind ? dm::kindText(kind->title()) : e.kind; // a newer kind: its id
    return e.profile.isEmpty() ? title : tr("%1 · %2").arg(title, profileText(e.profile));
}

QVariant HistoryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const HistoryEntry& e = m_entries[size_t(index.row())];
    const int column = index.column();
    if (role == kIdRole)
        return e.id;
    if (role == Qt::TextAlignmentRole)
        return isFigure(column) || column == Headline ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                      : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == kSortRole) {
        if (column == Date)
            return e.created.toMSecsSinceEpoch();
        if (column == Headline)
            return e.headline ? e.headline->value : -1.0;
        if (isFigure(column))
            return figure(e, column) ? *figure(e, column) : -1.0; // runs without the test sort below 0 MB/s
        return data(index, Qt::DisplayRole).toString().toLower();
    }
    if (role == Qt::ToolTipRole) {
        if (column == Run || column == Target || column == Link)
            return tr("Run %1: %2\n%3\n%4")
                .arg(e.id)
                .arg(e.deviceModel.isEmpty() ? tr("unknown device") : e.deviceModel, e.targetPath,
                    e.link.isEmpty() ? e.bus : e.link);
        if (column == Comment)
            return e.comment;
        if (column == Headline && e.headline)
            return dm::kindText(e.headline->label);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Date:
        return QLocale().toString(e.created.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"));
    case Run: // the target has its own column: no path here, nor a host the target already names
        return !e.name.isEmpty() ? e.name : e.deviceModel;
    case Link:
        if (e.link.isEmpty())
            return e.bus;
        return e.bus.isEmpty() || e.link.contains(e.bus, Qt::CaseInsensitive) ? e.link
                                                                              : e.bus + QStringLiteral(" · ") + e.link;
    case Target: // a run on another machine (remote, fio client/server) names its host: "pi4.lan:/mnt/ssd"
        return e.host.isEmpty() || e.targetPath.startsWith(e.host + QLatin1Char(':'))
            ? e.targetPath
            : e.host + QLatin1Char(':') + e.targetPath;
    case Kind:
        return kindText(e);
    case Comment:
        return e.comment;
    case Headline:
        return e.headline ? tr("%1 %2").arg(
                   QLocale().toString(e.headline->value, 'f', e.headline->value < 100 ? 2 : 1), e.headline->unit)
                          : QString();
    default:
        return figure(e, column) ? QLocale().toString(*figure(e, column), 'f', *figure(e, column) < 100 ? 2 : 1)
                                 : QString();
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Date:
        return tr("Date");
    case Run:
        return tr("Device / name");
    case Link:
        return tr("Interface");
    case Target:
        return tr("Target");
    case Kind:
        return tr("Test");
    case Headline:
        return tr("Headline");
    case SeqRead:
        return tr("SEQ1M Q8T1\nRead MB/s");
    case SeqWrite:
        return tr("SEQ1M Q8T1\nWrite MB/s");
    case RndRead:
        return tr("RND4K Q1T1\nRead MB/s");
    case RndWrite:
        return tr("RND4K Q1T1\nWrite MB/s");
    case Comment:
        return tr("Comment");
    }
    return {};
}

} // namespace dm
