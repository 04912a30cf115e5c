// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QString>

namespace dm {

// fio's server port (`fio --server` listens on 8765/tcp unless told otherwise).
inline constexpr int kFioServerPort = 8765;

// One machine of a home lab as `diskometer-cli remote` takes it: HOST[:PORT]:PATH, an IPv6 address
// in brackets ([fd00::2]:8766:/srv/dm). PATH is absolute on that host: a directory (fio makes
// diskometer-fio.tmp there and removes it) or a block device under /dev.
struct RemoteHost {
    QString host; // "pi4.lan", "192.168.1.20", "::1" (no brackets)
    int port = kFioServerPort;
    QString path;

    bool isDevice() const { return path.startsWith(QLatin1String("/dev/")); }
    bool isIpv6() const { return host.contains(QLatin1Char(':')); }
    // What we call the host to the user and in the history: the host as given, with the port
    // when it is not fio's default ("pi4.lan", "127.0.0.1:8766", "[::1]:8766").
    QString name() const;
    // fio's --client= argument: "ip:192.168.1.20,8765", "ip6:::1,8766", "pi4.lan,8765".
    QString clientArgument() const;
    // The test file fio makes in a directory PATH (empty for a device).
    QString testFile() const;
    bool operator==(const RemoteHost&) const = default;
};

// A usage error says what is wrong with the spec and what to write instead.
Result<RemoteHost> parseRemoteHost(const QString& spec);

// What fio's client said about a host that went wrong, read from its output (stdout and stderr:
// fio prints notices in both). Pure text matching on fio 3.x's messages, so it is unit-tested
// against the messages themselves.
enum class FioClientProblem {
    None,
    NoConnection, // "fio: connect: Connection refused", "failed to connect to HOST:PORT"
    Disconnected, // "client: host=HOST disconnected": the server went away mid-run
    VersionMismatch, // "fio: client/server version mismatch (A != B)"
    NotADirectory, // "fio: PATH is not a directory" (from directory=, the probe)
    NoSuchDevice, // "file creation disallowed by allow_file_create=0": a /dev PATH that is not there
};
struct FioClientDiagnosis {
    FioClientProblem problem = FioClientProblem::None;
    QString detail; // "protocol 96 there, 97 here" for a version mismatch; fio's own line otherwise
};
FioClientDiagnosis diagnoseFioClient(const QString& output, const RemoteHost& host);

// The sentence a user reads for each problem: which host, what happened, what to do there.
QString noAnswerMessage(const RemoteHost& host, const QString& why);
QString versionMismatchMessage(const RemoteHost& host, const QString& localVersion, const QString& detail);

} // namespace dm
