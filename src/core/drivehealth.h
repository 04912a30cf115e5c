// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace dm {

// A drive's health as CrystalDiskInfo shows it (docs/HEALTH.md has the rules and why): a status,
// the reason for it, and what the drive reports. Read without root: sysfs hwmon for the
// temperature, UDisks2 over the system bus for SMART, `smartctl --json` where it is installed and
// may open the device. Nothing here asks for a password.

// Good, Caution and Bad in order of severity; Unknown says nothing of it (runhealth.cpp relies on the order).
enum class HealthStatus { Good, Caution, Bad, Unknown };

// "good", "caution", "bad", "unknown": the JSON's words, and back (anything else is Unknown).
QString healthStatusId(HealthStatus status);
HealthStatus healthStatusFromId(const QString& id);
// "Good", "Caution", "Bad", "Unknown": as the text reports write a status.
QString healthStatusWord(HealthStatus status);

// NVMe's SMART / Health Information log (NVMe base specification, log page 02h).
struct NvmeHealth {
    std::optional<unsigned> criticalWarning; // the bit field; 0 = none
    std::optional<int> availableSpare, spareThreshold, percentageUsed; // percent
    std::optional<quint64> dataWrittenBytes;
    std::optional<quint64> mediaErrors;
    std::optional<int> warningTemperatureC; // WCTEMP
    bool any() const
    {
        return criticalWarning || availableSpare || spareThreshold || percentageUsed || dataWrittenBytes || mediaErrors;
    }
};

// ATA SMART: the drive's own verdict and the three sector counts CrystalDiskInfo watches.
struct AtaHealth {
    std::optional<bool> smartFailing; // an attribute at or below its threshold (the drive predicts failure)
    std::optional<int> attributesFailing; // how many
    std::optional<qint64> reallocatedSectors; // attribute 05
    std::optional<qint64> pendingSectors; // C5 (197)
    std::optional<qint64> uncorrectableSectors; // C6 (198)
    bool any() const
    {
        return smartFailing || attributesFailing || reallocatedSectors || pendingSectors || uncorrectableSectors;
    }
};

struct DriveHealth {
    QString device; // "/dev/nvme0n1": the whole drive, also when a partition was asked for
    QString model;
    QString interface; // "nvme", "ata", or empty when nothing says
    HealthStatus status = HealthStatus::Unknown;
    QString reason; // always set: why this status
    std::optional<double> temperatureC;
    QString temperatureSource; // "hwmon", "udisks2", "smartctl"
    std::optional<qint64> powerOnHours;
    NvmeHealth nvme;
    AtaHealth ata;
    QStringList sources; // where the SMART figures came from: "udisks2", "smartctl"
    // Why a source gave nothing ("UDisks2 2.9.4 has no NVMe health (2.10 and later do)"): the
    // reason for Unknown is made from these, so it says what would help.
    QStringList unavailable;
};

// The status and reason from what was read (the rules in docs/HEALTH.md). Pure: the tests hold
// every rule to it. Leaves `unavailable` and the figures as they are.
void assessHealth(DriveHealth& health);

// Where readDriveHealth() looks. Tests point these at fixture trees, a private bus, a fake smartctl.
struct HealthSources {
    QString sysRoot = QStringLiteral("/sys");
    bool useUdisks = true; // the system bus (DBUS_SYSTEM_BUS_ADDRESS in tests)
    // The smartctl to run; empty = look for it on PATH and in /usr/sbin. "-" = never run it.
    QString smartctl;
};

// The kernel name of the whole drive holding block device `name` ("sda" for "sda1"), from
// sysRoot/class/block. Empty when sysfs does not know the name.
QString wholeDiskName(const QString& name, const QString& sysRoot);

// The drive's temperature from its hwmon sensor (nvme: below the controller; drivetemp: below the
// SCSI device), in °C, and the sensor's warning threshold (temp1_max) when it gives one.
struct HwmonReading {
    std::optional<double> temperatureC, warningC;
};
HwmonReading readHwmonTemperature(const QString& diskName, const QString& sysRoot);

// Fills `health` from UDisks2's Drive, Drive.Ata and NVMe.Controller interfaces of the drive
// behind block device `device`; what it cannot get goes into `unavailable`.
void readUdisksHealth(const QString& device, DriveHealth& health);

// `smartctl --json=c -a` output (smartmontools 7.x) into `health`; false when it holds no SMART data.
bool parseSmartctlJson(const QByteArray& json, DriveHealth& health);
// Runs smartctl on `device` (never through sudo, never waking a sleeping disk: -n standby) and
// parses it; what stops it (not installed, not permitted) goes into `unavailable`.
void readSmartctlHealth(const QString& device, const QString& smartctl, DriveHealth& health);

// Everything above for one block device (a partition means its drive), then assessHealth().
// Blocking (D-Bus, a process): call it off the GUI thread.
DriveHealth readDriveHealth(const QString& device, const HealthSources& sources = {});

// The drives `health` without DEVICE reports: every whole disk in sysRoot/block except RAM disks
// (ram, zram) and loop devices with nothing attached.
QStringList healthDrives(const QString& sysRoot = QStringLiteral("/sys"));

// {"drives": [ ... ]} and the text for people.
QByteArray formatHealthJson(const QList<DriveHealth>& drives);
QString formatHealthText(const QList<DriveHealth>& drives);

} // namespace dm
