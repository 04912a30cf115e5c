// SPDX-License-Identifier: GPL-3.0-or-later
// remote ssh:// --together (sshremote.h): every host's run at once, held at each barrier.
#include "sshcall.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstring>
#include <map>

namespace dm {

namespace {

    // --together: every ready host's run at once, held at each barrier until all that still run
    // have come to it. One thread polls every ssh (stderr first: that is where the barrier's lines
    // come), so "go" goes to every host within microseconds of each other.
    class TogetherRun {
    public:
        TogetherRun(const SshRunRequest& req, const QStringList& ssh, SshOutcome& o, const SshProgressFn& progress)
            : m_req(req)
            , m_ssh(ssh)
            , m_o(o)
            , m_progress(progress)
        {
        }

        void run(const std::vector<size_t>& ready, const std::atomic<bool>& cancel)
        {
            m_clock.start();
            for (const size_t i : ready) {
                Host& h = m_hosts.emplace_back();
                h.index = i;
                emitSshState(m_progress, i, m_o.hosts[i], SshHostState::Running);
                startSsh(h.call, m_ssh, m_o.hosts[i].host, remoteCommandWords(m_req, m_o.hosts[i].host));
                h.call.process->setReadChannel(QProcess::StandardError);
            }
            qint64 stoppedAt = -1;
            while (std::any_of(m_hosts.begin(), m_hosts.end(), [](const Host& h) { return !h.done; })) {
                // Quick turns while a host's "started" is awaited (it times the skew), slow otherwise.
                const int wait = awaitingStart() ? 1 : 20;
                for (Host& h : m_hosts)
                    if (!h.done)
                        poll(h, wait);
                release();
                if (stoppedAt < 0 && cancel.load()) {
                    stoppedAt = m_clock.elapsed();
                    for (Host& h : m_hosts)
                        if (!h.done) {
                            h.call.stopping = true;
                            h.call.process->closeWriteChannel();
                        }
                }
                if (stoppedAt >= 0 && m_clock.elapsed() - stoppedAt > m_req.stopGraceMs)
                    for (Host& h : m_hosts)
                        if (!h.done)
                            h.call.process->kill();
            }
            for (auto& [seq, t] : m_tracks)
                if (!t.go.empty())
                    m_o.barriers.push_back(summary(seq, t));
        }

    private:
        struct Host {
            size_t index = 0;
            SshCall call;
            QByteArray partial; // stderr after its last line break
            bool done = false;
        };
        struct Track { // one barrier, by host index; times in ms on m_clock
            size_t item = 0;
            std::map<size_t, double> ready, go, started;
        };

        double now() const { return double(m_clock.nsecsElapsed()) / 1e6; }

        bool awaitingStart() const
        {
            for (const auto& [seq, t] : m_tracks)
                if (!t.go.empty() && t.started.size() < t.go.size())
                    return true;
            return false;
        }

        void poll(Host& h, int waitMs)
        {
            QProcess& p = *h.call.process;
            p.waitForReadyRead(waitMs);
            h.call.out += p.readAllStandardOutput();
            readErr(h, p.readAllStandardError());
            if (p.state() != QProcess::NotRunning)
                return;
            h.call.out += p.readAllStandardOutput();
            readErr(h, p.readAllStandardError() + (h.partial.isEmpty() ? QByteArray() : QByteArray("\n")));
            h.done = true;
            SshHostResult& r = m_o.hosts[h.index];
            finishSshRun(m_req, r, h.call);
            emitSshState(m_progress, h.index, r, r.complete() ? SshHostState::Done : SshHostState::Failed);
        }

        // The barrier's lines are taken out; everything else is the host's stderr as it was.
        void readErr(Host& h, const QByteArray& data)
        {
            h.partial += data;
            for (qsizetype nl; (nl = h.partial.indexOf('\n')) >= 0;) {
                const QByteArray line = h.partial.left(nl);
                h.partial.remove(0, nl + 1);
                if (!line.startsWith(kBarrierLine)) {
                    h.call.err += line + '\n';
                    continue;
                }
                const QList<QByteArray> words = line.mid(qsizetype(std::strlen(kBarrierLine))).split(' ');
                const unsigned long seq = words.value(1).toULong();
                if (words.value(0) == "ready") {
                    Track& t = m_tracks[seq];
                    t.item = size_t(words.value(2).toULongLong());
                    t.ready[h.index] = now();
                } else if (words.value(0) == "started" && m_tracks.count(seq)) {
                    m_tracks[seq].started[h.index] = now();
                }
            }
        }

        // A barrier opens when every host still running has come to it; a host that ended (done,
        // failed, dropped) is not waited for.
        void release()
        {
            for (auto& [seq, t] : m_tracks) {
                if (!t.go.empty())
                    continue;
                for (const Host& h : m_hosts)
                    if (!h.done && !t.ready.count(h.index))
                        return;
                for (Host& h : m_hosts) {
                    if (h.done || !t.ready.count(h.index))
                        continue;
                    h.call.process->write(QByteArray(kBarrierGo) + QByteArray::number(qulonglong(seq)) + '\n');
                    h.call.process->waitForBytesWritten(1000);
                    t.go[h.index] = now();
                }
            }
        }

        static SshBarrier summary(unsigned long seq, const Track& t)
        {
            SshBarrier b;
            b.seq = seq;
            b.item = t.item;
            b.hosts = t.go.size();
            const auto span = [](const std::vector<double>& v) {
                return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()) - *std::min_element(v.begin(), v.end());
            };
            std::vector<double> ready, middle, go, started;
            for (const auto& [host, at] : t.ready)
                ready.push_back(at);
            for (const auto& [host, at] : t.go) {
                go.push_back(at);
                if (const auto s = t.started.find(host); s != t.started.end()) {
                    middle.push_back((at + s->second) / 2);
                    started.push_back(s->second);
                }
            }
            b.waitedMs = span(ready);
            b.skewMs = span(middle);
            if (!started.empty())
                b.skewBoundMs
                    = *std::max_element(started.begin(), started.end()) - *std::min_element(go.begin(), go.end());
            return b;
        }

        const SshRunRequest& m_req;
        const QStringList& m_ssh;
        SshOutcome& m_o;
        const SshProgressFn& m_progress;
        std::vector<Host> m_hosts;
        std::map<unsigned long, Track> m_tracks;
        QElapsedTimer m_clock;
    };

} // namespace

void runSshTogether(const SshRunRequest& request, const QStringList& ssh, SshOutcome& outcome,
    const SshProgressFn& progress, const std::vector<size_t>& ready, const std::atomic<bool>& cancel)
{
    TogetherRun(request, ssh, outcome, progress).run(ready, cancel);
}

} // namespace dm
