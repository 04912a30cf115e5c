// SPDX-License-Identifier: GPL-3.0-or-later
// The grid on hosts of both kinds (hostsrun.h): the grid's settings said as diskometer-cli's
// options (gridarguments.h) come back the same through parseCliOptions, the parser the remote
// host runs; the host list keeps its order and kinds; what is refused before anything runs; and
// an outcome whose hosts are in the order given, whichever transport failed them.
#include "clioptions.h"
#include "gridarguments.h"
#include "hostsrun.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {

RemoteRequest gridOf(Profile profile, Preset preset, Mode mode, std::optional<int> mix, std::vector<TestRow> rows = {})
{
    RemoteRequest g;
    g.profile = profile;
    g.preset = preset;
    g.mode = mode;
    g.mixReadPercent = mix;
    g.tests = expandTests(rows.empty() ? profileRows(profile, preset) : rows, mode, mix);
    return g;
}

// What the host would run: `diskometer-cli PATH ARGUMENTS`.
CliOptions readBack(const RemoteRequest& g)
{
    auto o = parseCliOptions(QStringList { "diskometer-cli", "/srv/dm" } + gridCliArguments(g));
    EXPECT_TRUE(o) << o.error().message << " from " << gridCliArguments(g).join(' ').toStdString();
    return o ? *o : CliOptions {};
}

void expectSameGrid(const RemoteRequest& g, bool sameProfile = true)
{
    const CliOptions o = readBack(g);
    EXPECT_EQ(o.request.tests, g.tests) << gridCliArguments(g).join(' ').toStdString();
    EXPECT_EQ(o.request.settings, g.settings) << gridCliArguments(g).join(' ').toStdString();
    EXPECT_EQ(o.mode, g.mode);
    EXPECT_EQ(o.mixReadPercent, g.mixReadPercent);
    EXPECT_EQ(o.comment, g.comment);
    if (sameProfile) {
        EXPECT_EQ(o.profile, g.profile) << gridCliArguments(g).join(' ').toStdString();
        EXPECT_EQ(o.preset, g.preset);
    }
}

TEST(GridArguments, EveryProfileAndPresetComesBackTheSame)
{
    for (const Profile p : { Profile::Default, Profile::Peak, Profile::RealWorld, Profile::Demo, Profile::Flash })
        for (const Preset s : { Preset::Default, Preset::Nvme })
            for (const Mode m : { Mode::All, Mode::Read, Mode::Write }) {
                SCOPED_TRACE(std::string(profileName(p)) + "/" + presetName(s) + "/" + modeName(m));
                expectSameGrid(gridOf(p, s, m, std::nullopt));
                expectSameGrid(gridOf(p, s, m, 70));
            }
}

// The flash profile brings 1 s passes and 30 s pauses "unless given": the window's own times
// must win, as they do on a fio server.
TEST(GridArguments, TheSettingsWinOverAProfilesOwnTimes)
{
    RemoteRequest g = gridOf(Profile::Flash, Preset::Default, Mode::All, std::nullopt);
    g.settings.count = 2;
    g.settings.measureSeconds = 2.5;
    g.settings.intervalSeconds = 0;
    g.settings.warmupSeconds = 0.25;
    g.settings.testSize = 48 * MiB;
    g.settings.data = DataFill::Zeros;
    g.settings.seed = 123456789012345ULL;
    expectSameGrid(g);
    g.settings.testSize = 16 * MiB + 3; // no whole KiB
    expectSameGrid(g);
}

// Rows edited in the window are not the profile's: they go one by one, and the host calls them
// custom (as the CLI does for --tests).
TEST(GridArguments, EditedRowsGoOneByOne)
{
    const std::vector<TestRow> rows { { Pattern::Random, 512, 1, 1 }, { Pattern::Sequential, 128 * KiB, 32, 1 },
        { Pattern::Random, 4096, 32, 16 } };
    RemoteRequest g = gridOf(Profile::Default, Preset::Default, Mode::All, 50, rows);
    g.comment = QStringLiteral(R"(it's a "lab" run; $HOME `id` --json - \ end)");
    expectSameGrid(g, false);
    EXPECT_EQ(readBack(g).profile, Profile::Custom);
    EXPECT_TRUE(gridCliArguments(g).contains(QStringLiteral("RND512-Q1T1,SEQ128K-Q32T1,RND4K-Q32T16")))
        << gridCliArguments(g).join(' ').toStdString();
}

TEST(HostSpecs, BothKindsInTheOrderGiven)
{
    auto hosts = parseHostSpecs(
        { "ssh://pi@[::1]:2222/srv/dm", "nas.lan:/srv/a", "ssh://pi4.lan/mnt/ssd", "[fd00::2]:8766:/data" });
    ASSERT_TRUE(hosts) << hosts.error().message;
    ASSERT_EQ(hosts->size(), 4u);
    EXPECT_EQ((*hosts)[0].transport, HostTransport::Ssh);
    EXPECT_EQ((*hosts)[0].name(), "pi@[::1]:2222");
    EXPECT_EQ((*hosts)[0].path(), "/srv/dm");
    EXPECT_EQ((*hosts)[1].transport, HostTransport::FioServer);
    EXPECT_EQ((*hosts)[1].where(), "nas.lan:/srv/a");
    EXPECT_EQ((*hosts)[2].transport, HostTransport::Ssh);
    EXPECT_EQ((*hosts)[3].transport, HostTransport::FioServer);
    EXPECT_EQ((*hosts)[3].name(), "[fd00::2]:8766");
    // Each kind's own parser says what is wrong.
    auto bad = parseHostSpecs({ "nas.lan:/srv/a", "ssh://pi4.lan" });
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("no path on the host"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("ssh://"), std::string::npos) << bad.error().message;
    EXPECT_FALSE(parseHostSpecs({ "nas.lan:relative" }));
}

HostsRequest requestOf(const QStringList& specs, bool together = false)
{
    HostsRequest r;
    r.hosts = *parseHostSpecs(specs);
    r.grid = gridOf(Profile::Default, Preset::Default, Mode::Read, std::nullopt);
    r.grid.together = together;
    return r;
}

std::string checkError(const HostsRequest& r)
{
    const Status st = checkHostsRequest(r);
    return st ? std::string() : st.error().message;
}

TEST(HostsRequestCheck, TogetherTakesOneKindOfHostOnly)
{
    EXPECT_EQ(checkError(requestOf({ "a.lan:/x", "ssh://b.lan/x" })), "");
    EXPECT_EQ(checkError(requestOf({ "a.lan:/x", "b.lan:/x" }, true)), "");
    EXPECT_EQ(checkError(requestOf({ "ssh://a.lan/x", "ssh://b.lan/x" }, true)), "");
    const std::string mixed = checkError(requestOf({ "a.lan:/x", "ssh://b.lan/x" }, true));
    EXPECT_NE(mixed.find("--together cannot start fio's servers and ssh:// hosts"), std::string::npos) << mixed;
    EXPECT_NE(checkError(requestOf({})).find("at least one host"), std::string::npos);
    EXPECT_NE(checkError(requestOf({ "ssh://b.lan/x", "ssh://b.lan/y" })).find("given twice"), std::string::npos);
    EXPECT_NE(checkError(requestOf({ "a.lan:/x", "a.lan:/y" })).find("given twice"), std::string::npos);
    HostsRequest device = requestOf({ "a.lan:/dev/sdb", "ssh://b.lan/x" });
    device.grid = gridOf(Profile::Default, Preset::Default, Mode::All, std::nullopt);
    EXPECT_NE(checkError(device).find("--allow-destructive"), std::string::npos);
}

// Another kind than the grid (the window's Run on Hosts from a kind's tab) goes to ssh:// hosts
// only: a fio server beside it is refused before anything runs, naming the server; the grid's
// own check (no tests) is not that kind's.
TEST(HostsRequestCheck, AnotherKindRunsOnSshHostsOnly)
{
    HostsRequest sweep = requestOf({ "ssh://a.lan/x", "ssh://b.lan/x" });
    sweep.kind = "sweep";
    sweep.grid.tests.clear();
    EXPECT_EQ(checkError(sweep), "");
    HostsRequest mixed = requestOf({ "ssh://a.lan/x", "nas.lan:/srv/dm" });
    mixed.kind = "sweep";
    const std::string why = checkError(mixed);
    EXPECT_NE(why.find("nas.lan is a fio server: fio's servers run only the grid; sweep runs on ssh:// hosts only"),
        std::string::npos)
        << why;
    HostsRequest unknown = requestOf({ "ssh://a.lan/x" });
    unknown.kind = "defrag";
    EXPECT_NE(checkError(unknown).find("no kind 'defrag'"), std::string::npos);
}

// Nothing answers: no fio program here, an ssh that fails at once. Each host says why in its own
// row, in the order given, with its kind; progress names hosts by their place in that order.
TEST(HostsRun, EveryHostFailsInItsOwnRowInTheOrderGiven)
{
    HostsRequest r = requestOf({ "ssh://b.lan/x", "a.lan:/srv", "ssh://c.lan/y" });
    r.grid.fioProgram = QStringLiteral("/nonexistent/fio");
    r.ssh = { QStringLiteral("/bin/false") };
    r.localVersion = QStringLiteral("0.1.0");
    std::vector<std::pair<size_t, HostState>> seen;
    std::atomic<bool> cancel { false };
    const HostsOutcome o = runHosts(
        r,
        [&](const HostsProgress& p) {
            seen.push_back({ p.host, p.state });
        },
        cancel);
    ASSERT_EQ(o.hosts.size(), 3u);
    EXPECT_EQ(o.hosts[0].host.transport, HostTransport::Ssh);
    EXPECT_EQ(o.hosts[1].host.transport, HostTransport::FioServer);
    EXPECT_TRUE(o.hosts[1].error.contains(QStringLiteral("fio is not installed"))) << o.hosts[1].error.toStdString();
    EXPECT_TRUE(o.hosts[0].error.contains(QStringLiteral("b.lan"))) << o.hosts[0].error.toStdString();
    EXPECT_TRUE(o.hosts[2].error.contains(QStringLiteral("c.lan"))) << o.hosts[2].error.toStdString();
    for (const HostRun& h : o.hosts)
        EXPECT_EQ(h.state, HostState::Failed) << h.host.name().toStdString();
    EXPECT_EQ(o.exitCode(), 2) << o.error.toStdString();
    EXPECT_TRUE(o.records().empty());
    bool sawCheck = false;
    for (const auto& [host, state] : seen) {
        ASSERT_LT(host, 3u);
        sawCheck |= host == 2 && state == HostState::Checking;
    }
    EXPECT_TRUE(sawCheck);

    // A stop before anything ran: nothing starts, every host says so.
    cancel = true;
    const HostsOutcome stopped = runHosts(r, {}, cancel);
    EXPECT_EQ(stopped.exitCode(), 130);
}

} // namespace
