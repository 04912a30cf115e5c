// SPDX-License-Identifier: GPL-3.0-or-later
// What reached the drive (deviceio.h) in the reports and the explanations: requests the kernel
// joined or split, I/O of others on the drive, a virtual machine's disk. Each rule appears where
// its figures say so and nowhere else; every kind's JSON carries device_io and reads it back; the
// text says the request line. Virtual disks are described from sysfs trees laid out as the
// hypervisors' disks show up.
#include "capacityreport.h"
#include "deviceio.h"
#include "explaindevice.h"
#include "explanations.h"
#include "explanationsearch.h"
#include "fakekindreports.h"
#include "fakereport.h"
#include "fakesys.h"
#include "jsonreport.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"
#include "targetinfo.h"
#include "textreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

constexpr uint64_t kMiBytes = 1 << 20;

// What the device counted for a pass that sent `ios` I/Os of `size` in one direction: as `requests`
// requests, `foreign` bytes by others beside.
DeviceIo counted(bool write, uint64_t ios, uint64_t size, uint64_t requests, uint64_t foreign = 0)
{
    DeviceIo io;
    io.device = "vda";
    (write ? io.writes : io.reads) = requests;
    (write ? io.writeBytes : io.readBytes) = ios * size;
    (write ? io.writeMerges : io.readMerges) = requests < ios ? ios - requests : 0;
    io.writeBytes += foreign;
    io.foreignBytes = foreign;
    io.avgInFlight = 2.0;
    io.busyPercent = 99.0;
    io.seconds = 10;
    return io;
}

// The Default grid with the device's counts on every pass: each request as it was sent.
Report countedReport()
{
    Report r = fakeReport();
    for (TestResult& t : r.run.tests)
        for (PassResult& p : t.passes)
            p.device = counted(t.spec.writes(), p.ios, t.spec.row.blockSize, p.ios);
    return r;
}

// Every pass of test `index` as `per` of the device's requests per I/O sent (4 = four joined).
void reshape(Report& r, size_t index, double per)
{
    TestResult& t = r.run.tests[index];
    for (PassResult& p : t.passes)
        p.device = counted(t.spec.writes(), p.ios, t.spec.row.blockSize, uint64_t(double(p.ios) / per + 0.5));
}



const QString kJoined = QStringLiteral("the kernel joined");
const QString kSplit = QStringLiteral("reached the drive as");
const QString kForeign = QStringLiteral("something else used the drive");
const QString kVirtual = QStringLiteral("a virtual disk");

} // namespace

TEST(DeviceExplanations, RequestsAsSentSayNothing)
{
    const Report r = countedReport();
    const auto all = explainRun(r.target, r.run);
    EXPECT_EQ(findText(all, kJoined), nullptr) << dump(all).toStdString();
    EXPECT_EQ(findText(all, kSplit), nullptr) << dump(all).toStdString();
    EXPECT_EQ(findText(all, kForeign), nullptr) << dump(all).toStdString();
    EXPECT_FALSE(formatText(r).contains(QStringLiteral("Requests"))) << formatText(r).toStdString();
}

TEST(DeviceExplanations, JoinedRequestsAreSaidOnTheirRow)
{
    Report r = countedReport();
    reshape(r, 0, 4.0); // SEQ1M Q8T1 read as 4 MiB requests
    const auto all = explainRun(r.target, r.run);
    const Explanation* joined = findText(all, kJoined);
    ASSERT_NE(joined, nullptr) << dump(all).toStdString();
    EXPECT_EQ(joined->kind, Explanation::Kind::Note);
    EXPECT_EQ(joined->text,
        QStringLiteral("SEQ1M Q8T1 read: the kernel joined the 1 MiB reads into 4 MiB requests, 2.0 in flight on "
                       "average: the drive saw larger requests than CrystalDiskMark sends on Windows"));
    EXPECT_EQ(joined->tests, std::vector<size_t> { 0 });
    const QString text = formatText(r);
    EXPECT_TRUE(text.contains(QStringLiteral("SEQ1M Q8T1 read on vda: 1 MiB reads arrived as 4 MiB requests (4.0 "
                                             "joined into one), 2.0 in flight on average, busy 99 %")))
        << text.toStdString();

    // Within 10 %: the same shape, said nowhere.
    reshape(r, 0, 1.08);
    EXPECT_EQ(findText(explainRun(r.target, r.run), kJoined), nullptr);
}

TEST(DeviceExplanations, SplitRequestsSayHowManyEachBecame)
{
    Report r = countedReport();
    // A stick with max_sectors_kb 240: each 1 MiB write as 240, 240, 240, 240 and 64 KiB.
    reshape(r, 4, 1.0 / 5.0);
    const auto all = explainRun(r.target, r.run);
    const Explanation* split = findText(all, kSplit);
    ASSERT_NE(split, nullptr) << dump(all).toStdString();
    EXPECT_TRUE(split->text.startsWith(
        QStringLiteral("SEQ1M Q8T1 write: each 1 MiB write reached the drive as 5.0 requests (205 KiB on average")))
        << split->text.toStdString();
    EXPECT_EQ(split->tests, std::vector<size_t> { 4 });
    EXPECT_EQ(findText(all, kJoined), nullptr);
}

TEST(DeviceExplanations, OthersOnTheDriveAreNamedWithHowMuch)
{
    Report r = countedReport();
    // RND4K Q1T1 read moved 2.98 MB a pass (10 s of 72.75 IOPS); 2 % of it is no reason, 30 % is.
    TestResult& q1 = r.run.tests[3];
    for (PassResult& p : q1.passes)
        p.device = counted(false, p.ios, 4096, p.ios, uint64_t(double(p.bytes) * 0.015));
    EXPECT_EQ(findText(explainRun(r.target, r.run), kForeign), nullptr) << "below 2 % and below 1 MiB";
    q1.passes[1].device = counted(false, q1.passes[1].ios, 4096, q1.passes[1].ios, 12 * kMiBytes);
    const auto all = explainRun(r.target, r.run);
    const Explanation* foreign = findText(all, kForeign);
    ASSERT_NE(foreign, nullptr) << dump(all).toStdString();
    EXPECT_EQ(foreign->kind, Explanation::Kind::Warning);
    EXPECT_EQ(foreign->tests, std::vector<size_t> { 3 });
    EXPECT_TRUE(foreign->text.startsWith(QStringLiteral("something else used the drive: vda counted 12.6 MB "
                                                        "besides the 487.8 MB that a pass of RND4K Q1T1 read moved (3 %)")))
        << foreign->text.toStdString();
    EXPECT_TRUE(formatText(r).contains(QStringLiteral("MB moved by others"))) << formatText(r).toStdString();
}

TEST(DeviceExplanations, GridJsonCarriesEachPassesDeviceIoAndReadsItBack)
{
    Report r = countedReport();
    reshape(r, 0, 4.0);
    const QByteArray json = formatJson(r);
    const QJsonObject pass = QJsonDocument::fromJson(json)
                                 .object()
                                 .value(QStringLiteral("results"))
                                 .toArray()
                                 .at(0)
                                 .toObject()
                                 .value(QStringLiteral("passes"))
                                 .toArray()
                                 .at(1)
                                 .toObject()
                                 .value(QStringLiteral("device_io"))
                                 .toObject();
    for (const char* key : { "device", "reads", "writes", "read_merges", "write_merges", "read_bytes", "write_bytes",
             "avg_read_request_bytes", "avg_write_request_bytes", "avg_in_flight", "busy_percent", "foreign_bytes" })
        EXPECT_TRUE(pass.contains(QLatin1String(key))) << key;
    EXPECT_NEAR(pass.value(QStringLiteral("avg_read_request_bytes")).toDouble(), 4.0 * kMiBytes, 0.01 * kMiBytes);
    const auto back = parseJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->run.tests[0].passes[1].device, r.run.tests[0].passes[1].device);
    EXPECT_EQ(formatJson(*back), json);

    // A field that is there but wrong is an error that names it.
    QByteArray bad = json;
    bad.replace("\"busy_percent\": 99", "\"busy_percent\": -3");
    const auto refused = parseJson(bad);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("device_io"), std::string::npos) << refused.error().message;
}

TEST(DeviceExplanations, EveryOtherKindCarriesItsPhasesAndExplainsThem)
{
    DevicePhase write;
    write.name = "write";
    write.ioBytes = 1 << 20;
    write.ownWriteBytes = 4000 * kMiBytes;
    write.ownWrites = 4000;
    write.io = counted(true, 4000, 1 << 20, 1000, 200 * kMiBytes); // joined by 4, 5 % by others

    SustainedReport sustained = fakeSustainedReport();
    sustained.result.devicePhases = { write };
    const QString text = formatSustainedText(sustained);
    EXPECT_TRUE(text.contains(QStringLiteral("  Requests: the writes on vda: 1 MiB writes arrived as 4.2 MiB"))) << text.toStdString();
    const auto explained = explainSustained(sustained);
    EXPECT_NE(findText(explained, kJoined), nullptr) << dump(explained).toStdString();
    EXPECT_NE(findText(explained, kForeign), nullptr) << dump(explained).toStdString();
    const QByteArray json = formatSustainedJson(sustained);
    EXPECT_TRUE(QJsonDocument::fromJson(json).object().value(QStringLiteral("device_io")).toObject().contains(
        QStringLiteral("write")));
    const auto back = parseSustainedJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->result.devicePhases, sustained.result.devicePhases);

    ScanReport scan = fakeScanReport();
    DevicePhase read = write;
    read.name = "read";
    read.ownReadBytes = read.ownWriteBytes;
    read.ownReads = read.ownWrites;
    read.ownWriteBytes = read.ownWrites = 0;
    read.io = counted(false, 4000, 1 << 20, 20000); // split in five
    scan.result.devicePhases = { read };
    EXPECT_NE(findText(explainScan(scan), kSplit), nullptr);
    const auto scanBack = parseScanJson(formatScanJson(scan));
    ASSERT_TRUE(scanBack);
    EXPECT_EQ(scanBack->result.devicePhases, scan.result.devicePhases);

    CapacityReport capacity = fakeCapacityReport();
    capacity.result.devicePhases = { write, read };
    const auto capacityBack = parseCapacityJson(formatCapacityJson(capacity));
    ASSERT_TRUE(capacityBack);
    EXPECT_EQ(capacityBack->result.devicePhases, capacity.result.devicePhases) << "in the order they ran";

    SweepReport sweep = fakeSweepReport();
    ASSERT_TRUE(sweep.result.points.at(0).read);
    DevicePhase point = read;
    point.name.clear();
    sweep.result.points[0].read->device = point;
    EXPECT_NE(findText(explainSweep(sweep), kSplit), nullptr) << dump(explainSweep(sweep)).toStdString();
    const auto sweepBack = parseSweepJson(formatSweepJson(sweep));
    ASSERT_TRUE(sweepBack);
    EXPECT_EQ(sweepBack->result.points[0].read->device, point);
}

// A virtual machine's disk, as each hypervisor's shows up in sysfs; never a physical drive, even
// one passed through to a guest.
TEST(DeviceExplanations, VirtualDisksAreToldFromTheirBusOrModel)
{
    FakeSys sys;
    const TargetPaths paths { sys.root(), sys.root() + QStringLiteral("/mountinfo"), sys.root() + QStringLiteral("/dev") };
    const auto describe = [&](const QString& dir) { return describeBlockDevice(sys.root() + QLatin1Char('/') + dir, paths); };

    const QString virtio = sys.disk(QStringLiteral("vda"), QStringLiteral("devices/pci0000:00/0000:00:02.0/virtio1"));
    EXPECT_EQ(describe(virtio).virtualDisk, QStringLiteral("virtio"));
    // LVM on a partition of it, as Ubuntu lays out a virtio disk: as virtual as the disk beneath.
    sys.partition(virtio, QStringLiteral("vda2"));
    const QString lvm = sys.virtualDisk(QStringLiteral("dm-0"));
    sys.file(lvm + QStringLiteral("/dm/name"), "ubuntu--vg-ubuntu--lv");
    sys.link(lvm + QStringLiteral("/slaves/vda2"), QStringLiteral("../../../../../") + virtio + QStringLiteral("/vda2"));
    EXPECT_EQ(describe(lvm).virtualDisk, QStringLiteral("virtio"));
    const QString xen = sys.disk(QStringLiteral("xvda"), QStringLiteral("devices/vbd-51712"));
    EXPECT_EQ(describe(xen).virtualDisk, QStringLiteral("Xen"));

    const auto scsiDisk = [&](const QString& name, const QString& host, const QByteArray& vendor, const QByteArray& model) {
        const QString scsi = QStringLiteral("devices/") + host + QStringLiteral("/target2:0:0/2:0:0:0");
        const QString dir = sys.disk(name, scsi);
        sys.file(scsi + QStringLiteral("/vendor"), vendor);
        sys.file(scsi + QStringLiteral("/model"), model);
        sys.link(dir + QStringLiteral("/device"), QStringLiteral("../../../2:0:0:0"));
        return dir;
    };
    EXPECT_EQ(describe(scsiDisk(QStringLiteral("sda"), QStringLiteral("pci0000:00/0000:00:10.0/host2"), "VMware  ",
                  "Virtual disk    "))
                  .virtualDisk,
        QStringLiteral("VMware"));
    EXPECT_EQ(describe(scsiDisk(QStringLiteral("sdb"), QStringLiteral("LNXSYSTM:00/VMBUS:00/host3"), "Msft    ",
                  "Virtual Disk    "))
                  .virtualDisk,
        QStringLiteral("Hyper-V"));
    EXPECT_EQ(describe(scsiDisk(QStringLiteral("sdc"), QStringLiteral("pci0000:00/0000:00:1f.2/ata1/host4"), "ATA     ",
                  "QEMU HARDDISK   "))
                  .virtualDisk,
        QStringLiteral("QEMU"));
    // An NVMe drive handed to a Hyper-V guest sits below a PCI bus that VMBus carries: its own.
    const QString azureNvme = sys.disk(QStringLiteral("nvme0n1"),
        QStringLiteral("devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0004:00/VMBUS:00/f8b3781b-1e82-4818-a1c3-63d806ec15bb/"
                       "pci1e82:00/1e82:00:00.0/nvme/nvme0"));
    EXPECT_TRUE(describe(azureNvme).virtualDisk.isEmpty()) << describe(azureNvme).virtualDisk.toStdString();
    // A drive of its own in a guest (passed through): measured as itself, not a virtual disk.
    sys.file(QStringLiteral("class/dmi/id/sys_vendor"), "QEMU");
    sys.file(QStringLiteral("class/dmi/id/product_name"), "Standard PC (Q35 + ICH9, 2009)");
    const TargetDescription passedThrough = describe(scsiDisk(QStringLiteral("sdd"),
        QStringLiteral("pci0000:00/0000:00:1f.2/ata2/host5"), "ATA     ", "Samsung SSD 870 "));
    EXPECT_TRUE(passedThrough.virtualDisk.isEmpty()) << passedThrough.virtualDisk.toStdString();
    // A disk that only says "Virtual disk": the machine's firmware names the hypervisor.
    EXPECT_EQ(describe(scsiDisk(QStringLiteral("sde"), QStringLiteral("pci0000:00/0000:00:11.0/host6"), "Nutanix ",
                  "Virtual disk    "))
                  .virtualDisk,
        QStringLiteral("QEMU"));

    // The warning on the virtual disk, in every kind; none on the physical drive.
    Report r = fakeReport();
    r.target = describe(virtio);
    const auto all = explainRun(r.target, r.run);
    const Explanation* v = findText(all, kVirtual);
    ASSERT_NE(v, nullptr) << dump(all).toStdString();
    EXPECT_EQ(v->kind, Explanation::Kind::Warning);
    EXPECT_TRUE(v->text.startsWith(QStringLiteral("a virtual disk (virtio): the host may cache it")));
    EXPECT_NE(findText(explainConditions(r.target, {}, {}), kVirtual), nullptr);
    r.target = passedThrough;
    EXPECT_EQ(findText(explainRun(r.target, r.run), kVirtual), nullptr);

    // In the JSON and back; a report from before the field still names a virtio disk.
    QJsonObject target = QJsonDocument::fromJson(formatJson(r)).object().value(QStringLiteral("target")).toObject();
    EXPECT_TRUE(target.value(QStringLiteral("virtual_disk")).isNull());
    TargetDescription old;
    old.bus = QStringLiteral("virtio");
    EXPECT_EQ(explain::virtualDiskKind(old), QStringLiteral("virtio"));
}

// A row above half of the engine's own ceiling at its depth and threads is the processor's
// figure; at half or below, or without a ceiling, nothing is said. The ceilings go into
// system.engine_ceiling, one per row, and come back.
TEST(DeviceExplanations, ARowNearTheEnginesCeilingIsTheProcessorsFigure)
{
    Report r = countedReport();
    EngineCeiling q32;
    q32.queueDepth = 32;
    q32.threads = 1;
    q32.iops = 2.0 * 86586.2; // RND4K Q32T1 read did 86,586 IOPS: exactly half
    q32.usPerIo = 0.34;
    q32.engine = "libaio";
    q32.method = "libaio-poll";
    r.run.ceilings = { q32 };
    EXPECT_EQ(findText(explainRun(r.target, r.run), QStringLiteral("bounded by the processor")), nullptr);
    r.run.ceilings[0].iops = 150000;
    const auto all = explainRun(r.target, r.run);
    const Explanation* cpu = findText(all, QStringLiteral("bounded by the processor"));
    ASSERT_NE(cpu, nullptr) << dump(all).toStdString();
    EXPECT_EQ(cpu->text,
        QStringLiteral("RND4K Q32T1 read: 86586 IOPS is 58 % of what the engine itself does on this machine with no "
                       "drive in the way (150000 IOPS at Q32T1, libaio-poll): this figure is bounded by the processor, "
                       "not the drive"));
    EXPECT_EQ(cpu->tests, std::vector<size_t> { 2 }) << "the read row only: the write row did 71,325";

    const QByteArray json = formatJson(r);
    const QJsonArray ceilings = QJsonDocument::fromJson(json)
                                    .object()
                                    .value(QStringLiteral("system"))
                                    .toObject()
                                    .value(QStringLiteral("engine_ceiling"))
                                    .toArray();
    ASSERT_EQ(ceilings.size(), 1) << "one per row: RND4K Q32T1 read and write share it";
    EXPECT_EQ(ceilings[0].toObject().value(QStringLiteral("test")).toString(), QStringLiteral("RND4K Q32T1"));
    EXPECT_EQ(ceilings[0].toObject().value(QStringLiteral("us_per_io")).toDouble(), 0.34);
    const auto back = parseJson(json);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->run.ceilings.size(), 1u);
    EXPECT_EQ(back->run.ceilings[0].iops, 150000);
    EXPECT_EQ(back->run.ceilings[0].method, "libaio-poll");
    EXPECT_EQ(formatJson(*back), json);
}
