<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AppOptions</name>
    <message>
        <source>Diskometer: a storage benchmark in the spirit of CrystalDiskMark.</source>
        <translation>Diskometer: CrystalDiskMark 風のストレージベンチマーク</translation>
    </message>
</context>
<context>
    <name>PowerProfileHold</name>
    <message>
        <source>power-profiles-daemon is not running, so the power profile is not held</source>
        <translation>power-profiles-daemon が動作していないため、電源プロファイルは保持されません</translation>
    </message>
    <message>
        <source>power-profiles-daemon did not hold the performance profile: %1</source>
        <translation>power-profiles-daemon が performance プロファイルを保持しませんでした: %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Hold the &amp;performance power profile while testing</source>
        <translation>テスト中は performance 電源プロファイルを保持する(&amp;P)</translation>
    </message>
    <message>
        <source>Asks power-profiles-daemon for its performance profile during each test and gives it back afterwards, so power saving does not move the figures</source>
        <translation>各テストの間 power-profiles-daemon に performance プロファイルを求め、終わったら元に戻します。省電力によって数値が変わらないようにするためです</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>パターン</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>ブロックサイズ</translation>
    </message>
    <message>
        <source>Queue depth</source>
        <translation>キュー数</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>スレッド数</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>テスト名</translation>
    </message>
    <message>
        <source>Test &amp;1</source>
        <translation>テスト 1(&amp;1)</translation>
    </message>
    <message>
        <source>Test &amp;2</source>
        <translation>テスト 2(&amp;2)</translation>
    </message>
    <message>
        <source>Test &amp;3</source>
        <translation>テスト 3(&amp;3)</translation>
    </message>
    <message>
        <source>Test &amp;4</source>
        <translation>テスト 4(&amp;4)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>測定</translation>
    </message>
    <message>
        <source>&amp;Measure time:</source>
        <translation>測定時間(&amp;M):</translation>
    </message>
    <message>
        <source>&amp;Interval between tests:</source>
        <translation>インターバル時間(&amp;I):</translation>
    </message>
    <message>
        <source>Test &amp;data:</source>
        <translation>テストデータ(&amp;D):</translation>
    </message>
    <message>
        <source>D&amp;efault</source>
        <translation>デフォルト(&amp;E)</translation>
    </message>
    <message>
        <source>Restore the factory tests, measure time and interval</source>
        <translation>テスト、測定時間、インターバル時間を初期設定に戻します</translation>
    </message>
    <message>
        <source>&amp;NVMe SSD</source>
        <translation>NVMe SSD(&amp;N)</translation>
    </message>
    <message>
        <source>Load the tests of the NVMe SSD preset</source>
        <translation>NVMe SSD 用のテストを読み込みます</translation>
    </message>
    <message>
        <source>I/O en&amp;gine:</source>
        <translation>I/O エンジン(&amp;G):</translation>
    </message>
    <message>
        <source>Show the drive&apos;s &amp;serial number in reports and images</source>
        <translation>レポートと画像にドライブのシリアル番号を含める(&amp;S)</translation>
    </message>
    <message>
        <source>Off, serial numbers are left out of every report, saved image and history export: a serial identifies one drive, and its owner, for good</source>
        <translation>オフのとき、シリアル番号はすべてのレポート、保存した画像、履歴のエクスポートから除かれます。シリアル番号はドライブとその持ち主をずっと特定できてしまいます</translation>
    </message>
</context>
<context>
    <name>SleepInhibitor</name>
    <message>
        <source>no D-Bus system bus, so suspend is not inhibited</source>
        <translation>D-Bus のシステムバスがないため、サスペンドを抑止できません</translation>
    </message>
    <message>
        <source>A storage benchmark is running</source>
        <translation>ストレージのベンチマークを実行中です</translation>
    </message>
    <message>
        <source>logind is not running, so suspend is not inhibited</source>
        <translation>logind が動作していないため、サスペンドを抑止できません</translation>
    </message>
    <message>
        <source>logind did not inhibit suspend: %1</source>
        <translation>logind がサスペンドを抑止しませんでした: %1</translation>
    </message>
    <message>
        <source>logind&apos;s inhibitor descriptor did not arrive, so suspend is not inhibited</source>
        <translation>logind の抑止ディスクリプタが届かなかったため、サスペンドを抑止できません</translation>
    </message>
</context>
<context>
    <name>dm::CapacityKind</name>
    <message>
        <source>came back intact</source>
        <translation>正常に読み戻せた領域</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>失われた領域</translation>
    </message>
    <message>
        <source>Lost stretches (%1 of %2)</source>
        <translation>失われた範囲 (%2 件中 %1 件)</translation>
    </message>
    <message>
        <source>What came back</source>
        <translation>読み戻した内容</translation>
    </message>
    <message>
        <source>From</source>
        <translation>開始位置</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>長さ</translation>
    </message>
</context>
<context>
    <name>dm::CapacityPage</name>
    <message>
        <source>The folder where the stick is mounted (its free space is filled and read back), or the unmounted stick itself (a quick probe that puts back what it overwrites)</source>
        <translation>USB メモリをマウントしたフォルダー(空き領域を埋めて読み戻します)、またはアンマウントした USB メモリそのもの(上書きした内容を書き戻す短時間の検査)</translation>
    </message>
    <message>
        <source>&amp;Stick:</source>
        <translation>対象(&amp;S):</translation>
    </message>
    <message>
        <source>All the free space</source>
        <translation>空き領域すべて</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>How much of a folder&apos;s free space to fill: all of it tells whether the stick holds what it announces</source>
        <translation>フォルダーの空き領域をどれだけ埋めるか: すべて埋めると表示どおりの容量があるかが分かります</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>量(&amp;A):</translation>
    </message>
    <message>
        <source>Put &amp;back what the probe overwrites</source>
        <translation>検査で上書きした内容を書き戻す(&amp;B)</translation>
    </message>
    <message>
        <source>A device probe reads every block before writing it and writes it back afterwards</source>
        <translation>デバイスの検査では、書き込む前に各ブロックを読み、あとで書き戻します</translation>
    </message>
    <message>
        <source>Position (GB)</source>
        <translation>位置 (GB)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>Read back</source>
        <translation>読み戻し</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>No verdict: the check stopped before anything was read back.</source>
        <translation>判定なし: 読み戻す前にチェックが止まりました。</translation>
    </message>
    <message>
        <source>OK: holds all %1 it announces.</source>
        <translation>OK: 表示どおり %1 すべてを保持しています。</translation>
    </message>
    <message>
        <source>OK: all %1 written to its free space came back intact.</source>
        <translation>OK: 空き領域に書いた %1 がすべて正しく読み戻せました。</translation>
    </message>
    <message>
        <source>FAKE: holds %1 of the %2 it announces.</source>
        <translation>偽装: 表示の %2 のうち %1 しか保持していません。</translation>
    </message>
    <message>
        <source>FAKE: only %1 of the %2 written to its free space came back; it holds less than it announces.</source>
        <translation>偽装: 空き領域に書いた %2 のうち %1 しか読み戻せません。表示より容量が少ないです。</translation>
    </message>
    <message>
        <source>DAMAGED: %1 of the %2 did not come back intact, the first from offset %3.</source>
        <translation>破損: %2 のうち %1 が正しく読み戻せませんでした(最初はオフセット %3)。</translation>
    </message>
    <message>
        <source>(Of what was checked before it stopped.)</source>
        <translation>(止まるまでに調べた範囲について)</translation>
    </message>
    <message>
        <source>Choose the folder where the stick is mounted, or the stick itself</source>
        <translation>USB メモリをマウントしたフォルダー、または USB メモリそのものを選んでください</translation>
    </message>
    <message>
        <source>Probing %1…</source>
        <translation>%1 を検査しています…</translation>
    </message>
    <message>
        <source>Filling the free space of %1…</source>
        <translation>%1 の空き領域を埋めています…</translation>
    </message>
    <message>
        <source>Writing %1 of %2 at %3</source>
        <translation type="vanished">書き込み中 %1 / %2 (%3)</translation>
    </message>
    <message>
        <source>Flushing the test files to the stick…</source>
        <translation type="vanished">テストファイルを USB メモリへ書き出しています…</translation>
    </message>
    <message>
        <source>Reading back %1 of %2 at %3</source>
        <translation type="vanished">読み戻し中 %1 / %2 (%3)</translation>
    </message>
    <message>
        <source>Probing: %1 of %2 block reads and writes</source>
        <translation type="vanished">検査中: ブロックの読み書き %1 / %2</translation>
    </message>
    <message>
        <source>Putting back what the probe overwrote: %1 of %2</source>
        <translation type="vanished">検査で上書きした内容を書き戻しています: %1 / %2</translation>
    </message>
    <message>
        <source>The check stopped: %1</source>
        <translation>チェックが止まりました: %1</translation>
    </message>
    <message>
        <source>Stopped: the blocks the probe wrote are put back; what was probed so far is shown</source>
        <translation>停止しました: 検査で書いたブロックは書き戻しました。ここまでの結果を表示します</translation>
    </message>
    <message>
        <source>Stopped: the test files are removed; what was read back so far is shown</source>
        <translation>停止しました: テストファイルは削除しました。ここまでに読み戻した結果を表示します</translation>
    </message>
    <message>
        <source>&lt;p&gt;Fills the stick&apos;s free space with numbered blocks and reads them back, or probes an unmounted stick, to tell whether it holds what it announces (fake sticks keep far less) and returns every byte intact.&lt;/p&gt;</source>
        <translation>&lt;p&gt;USB メモリの空き領域を番号付きのブロックで埋めて読み戻すか、アンマウントした USB メモリを検査して、表示どおりの容量があるか(偽装品はずっと少ない容量しかありません)、すべてのバイトを正しく返すかを確かめます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Announced</source>
        <translation>表示容量</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>書き込み量</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>確認済み</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>失われた量</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Blocks ok</source>
        <translation>正常なブロック</translation>
    </message>
    <message>
        <source>Corrupted</source>
        <translation>破損</translation>
    </message>
    <message>
        <source>Overwritten</source>
        <translation>上書き</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>欠落</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Put back</source>
        <translation>書き戻し</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 ブロック</translation>
    </message>
    <message>
        <source>The capacity check</source>
        <translation>容量チェック</translation>
    </message>
    <message>
        <source>Ca&amp;pacity</source>
        <translation>容量(&amp;P)</translation>
    </message>
    <message>
        <source>Does the stick hold what it announces, and give it all back?</source>
        <translation>表示どおりの容量があり、書いたデータをすべて返すか確かめます</translation>
    </message>
    <message>
        <source>No verdict</source>
        <translation>判定なし</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>FAKE</source>
        <translation>偽装</translation>
    </message>
    <message>
        <source>DAMAGED</source>
        <translation>破損</translation>
    </message>
    <message>
        <source>Nothing was read back.</source>
        <translation>何も読み戻していません。</translation>
    </message>
    <message>
        <source>Every byte came back intact.</source>
        <translation>すべてのバイトが正しく読み戻せました。</translation>
    </message>
    <message>
        <source>It holds less than it announces.</source>
        <translation>表示より容量が少ないです。</translation>
    </message>
    <message>
        <source>Some data did not come back intact.</source>
        <translation>一部のデータが正しく読み戻せませんでした。</translation>
    </message>
    <message>
        <source>The capacity check would probe a device here: a probe of a host&apos;s device writes to it and is started from the command line (diskometer-cli remote ssh://HOST/DEVICE --kind capacity --allow-destructive). Choose a folder here to fill the hosts&apos; folders.</source>
        <translation>この容量チェックはデバイスを検査します。ホストのデバイスの検査はそのデバイスに書き込むため、コマンドラインから始めてください（diskometer-cli remote ssh://HOST/DEVICE --kind capacity --allow-destructive）。ホストのフォルダーを埋めるには、ここでフォルダーを選んでください。</translation>
    </message>
</context>
<context>
    <name>dm::Chart</name>
    <message>
        <source>No samples.</source>
        <translation>サンプルがありません。</translation>
    </message>
    <message>
        <source>%1 on a log scale: each grid line is ten times the one before.</source>
        <translation>%1 (対数目盛: 目盛線ごとに 10 倍)</translation>
    </message>
    <message>
        <source>Bars relative to the fastest of each group; figures in %1, the share in brackets.</source>
        <translation>各グループの最速を基準にした相対表示。数値は %1、括弧内はその割合です。</translation>
    </message>
</context>
<context>
    <name>dm::CompareDialog</name>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>µs (mean latency)</source>
        <translation>µs (平均レイテンシ)</translation>
    </message>
    <message>
        <source>Latency (µs)</source>
        <translation>レイテンシ (µs)</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>表示(&amp;S):</translation>
    </message>
    <message>
        <source>Save &amp;Markdown…</source>
        <translation>Markdown を保存(&amp;M)…</translation>
    </message>
    <message>
        <source>Save &amp;CSV…</source>
        <translation>CSV を保存(&amp;C)…</translation>
    </message>
    <message>
        <source>Save &amp;Image…</source>
        <translation>画像を保存(&amp;I)…</translation>
    </message>
    <message>
        <source>Sustained write</source>
        <translation type="vanished">連続書き込み</translation>
    </message>
    <message>
        <source>Surface scan</source>
        <translation type="vanished">表面スキャン</translation>
    </message>
    <message>
        <source>Position (%)</source>
        <translation type="vanished">位置 (%)</translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation type="vanished">読み込み MB/s</translation>
    </message>
    <message>
        <source>GB written</source>
        <translation type="vanished">書き込み量 (GB)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Headline pass per test, %1</source>
        <translation>テストごとの代表パス、%1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日時</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>備考</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>実行 %1: %2</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Save Comparison</source>
        <translation>比較を保存</translation>
    </message>
    <message>
        <source>Comparison of %1 runs — Diskometer</source>
        <translation>%1 件の実行の比較 — Diskometer</translation>
    </message>
    <message>
        <source>Sustained write: see its line in the timeline</source>
        <translation type="vanished">連続書き込み: タイムラインの線を参照</translation>
    </message>
    <message>
        <source>Surface scan: see its line in the timeline</source>
        <translation type="vanished">表面スキャン: タイムラインの線を参照</translation>
    </message>
    <message>
        <source>Block-size sweep: no grid tests to compare; export it from the History tab</source>
        <translation type="vanished">ブロックサイズ測定: 比較できるグリッドのテストはありません。履歴タブからエクスポートしてください</translation>
    </message>
    <message>
        <source>%1: see its lines in the chart</source>
        <translation>%1: グラフの線を参照</translation>
    </message>
    <message>
        <source>%1: see its bars in the chart</source>
        <translation>%1: グラフの棒を参照</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>リニア</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>対数</translation>
    </message>
    <message>
        <source>Relative to the fastest</source>
        <translation>最速に対する割合</translation>
    </message>
    <message>
        <source>How the bars are drawn. Automatic: on a logarithmic axis where the figures differ by more than %1 times, so a slow drive&apos;s bars still show beside a fast one&apos;s.</source>
        <translation>棒グラフの描き方。自動: 数値の差が %1 倍を超えるときは対数軸で描くので、速いドライブの隣でも遅いドライブの棒が見えます。</translation>
    </message>
    <message>
        <source>S&amp;cale:</source>
        <translation>目盛り(&amp;C):</translation>
    </message>
    <message>
        <source>% of the longest latency in each test</source>
        <translation>各テストで最も長いレイテンシに対する %</translation>
    </message>
    <message>
        <source>% of the fastest run in each test</source>
        <translation>各テストで最速の実行に対する %</translation>
    </message>
    <message>
        <source>%1, logarithmic scale</source>
        <translation>%1 (対数目盛り)</translation>
    </message>
    <message>
        <source>% of the largest in each group</source>
        <translation>各グループの最大値に対する %</translation>
    </message>
    <message>
        <source>Save as &amp;Web Page…</source>
        <translation>Web ページとして保存(&amp;W)…</translation>
    </message>
</context>
<context>
    <name>dm::CopyPage</name>
    <message>
        <source>ISO</source>
        <translation>ISO</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>プログラム</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>A folder on the drive: the sets and their copies are made in a folder of their own there and removed afterwards</source>
        <translation>ドライブ上のフォルダー: セットとそのコピーはその中の専用フォルダーに作られ、終了後に削除されます</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>フォルダー(&amp;F):</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>The three sets together, in AS SSD&apos;s proportions; a set and its copy must fit in the free space at once</source>
        <translation>3 つのセットの合計 (AS SSD と同じ比率)。1 つのセットとそのコピーが同時に空き領域に収まる必要があります</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>量(&amp;A):</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>Choose a folder on the drive to test</source>
        <translation>テストするドライブ上のフォルダーを選んでください</translation>
    </message>
    <message>
        <source>Copying in %1…</source>
        <translation>%1 でコピー中…</translation>
    </message>
    <message>
        <source>The copy test stopped: %1</source>
        <translation>コピーテストが停止しました: %1</translation>
    </message>
    <message>
        <source>Stopped: the test&apos;s files are removed; the sets copied so far are shown</source>
        <translation>停止しました: テストのファイルは削除しました。ここまでにコピーしたセットを表示します</translation>
    </message>
    <message>
        <source>Copied all three sets: %1 together</source>
        <translation>3 つのセットをすべてコピーしました: 合計 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Makes three sets of files in the folder, as AS SSD&apos;s copy benchmark: &lt;b&gt;ISO&lt;/b&gt; (two large files), &lt;b&gt;Program&lt;/b&gt; (many small files in many folders) and &lt;b&gt;Game&lt;/b&gt; (a mix), and copies each on the same drive, timed until the copy is on the drive.&lt;/p&gt;</source>
        <translation>&lt;p&gt;AS SSD のコピーベンチマークと同じく、フォルダーに 3 つのファイルのセットを作ります: &lt;b&gt;ISO&lt;/b&gt; (大きなファイル 2 つ)、&lt;b&gt;プログラム&lt;/b&gt; (多くのフォルダーに多数の小さなファイル)、&lt;b&gt;ゲーム&lt;/b&gt; (その混在)。それぞれを同じドライブ上にコピーし、コピーがドライブに書き込まれるまでの時間を計ります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>not copied</source>
        <translation>コピーしていません</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 ファイル</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 ファイル</translation>
    </message>
    <message>
        <source>1 folder</source>
        <translation>1 フォルダー</translation>
    </message>
    <message>
        <source>%1 folders</source>
        <translation>%1 フォルダー</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全体</translation>
    </message>
    <message>
        <source>%1 can clone files: a file manager may clone instead of copying, which moves no data and takes no time; these figures are of a real copy.</source>
        <translation>%1 はファイルを複製 (クローン) できます: ファイルマネージャーはコピーの代わりにクローンすることがあり、その場合はデータを動かさず一瞬で終わります。この結果は実際にデータを読み書きしたコピーのものです。</translation>
    </message>
    <message>
        <source>The copy test</source>
        <translation>コピーテスト</translation>
    </message>
    <message>
        <source>C&amp;opy</source>
        <translation>コピー(&amp;O)</translation>
    </message>
    <message>
        <source>How fast the drive copies a large file, many small ones and a mix, as AS SSD&apos;s copy benchmark</source>
        <translation>大きなファイル、多数の小さなファイル、その混在をドライブがどれだけ速くコピーできるか (AS SSD のコピーベンチマークと同じ)</translation>
    </message>
</context>
<context>
    <name>dm::DestructiveConfirmDialog</name>
    <message>
        <source>Erase %1?</source>
        <translation>%1 を消去しますか？</translation>
    </message>
    <message>
        <source>All data on %1 will be destroyed.</source>
        <translation>%1 のデータはすべて消去されます。</translation>
    </message>
    <message>
        <source>The write tests write over the device from its first byte. Files, partitions and any operating system on it cannot be recovered afterwards.</source>
        <translation>書き込みテストはデバイスを先頭のバイトから上書きします。デバイス上のファイル、パーティション、OS は後から復元できません。</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>デバイス:</translation>
    </message>
    <message>
        <source>no partition table or filesystem was recognised; any data on it is lost all the same</source>
        <translation>パーティションテーブルもファイルシステムも見つかりませんでしたが、データがあればそれも失われます</translation>
    </message>
    <message>
        <source>reading the device…</source>
        <translation>デバイスを読み取っています…</translation>
    </message>
    <message>
        <source>It holds:</source>
        <translation>内容:</translation>
    </message>
    <message>
        <source>To confirm, type the device name, &lt;b&gt;%1&lt;/b&gt; or &lt;b&gt;%2&lt;/b&gt;:</source>
        <translation>確認のため、デバイス名 &lt;b&gt;%1&lt;/b&gt; または &lt;b&gt;%2&lt;/b&gt; を入力してください:</translation>
    </message>
    <message>
        <source>Device name to confirm</source>
        <translation>確認のためのデバイス名</translation>
    </message>
    <message>
        <source>Erase and Test</source>
        <translation>消去してテスト</translation>
    </message>
</context>
<context>
    <name>dm::DeviceGate</name>
    <message>
        <source>writing to %1 destroys its data and needs the typed confirmation in the window; for scripts use diskometer-cli --allow-destructive</source>
        <translation>%1 への書き込みはデータを消去するため、ウィンドウでデバイス名を入力して確認する必要があります。スクリプトからは diskometer-cli --allow-destructive を使ってください</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written to %1</source>
        <translation>キャンセルしました: %1 には何も書き込んでいません</translation>
    </message>
    <message>
        <source>Asking for permission to open %1…</source>
        <translation>%1 を開く許可を求めています…</translation>
    </message>
</context>
<context>
    <name>dm::ExplanationPanel</name>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>ℹ %1</source>
        <translation>ℹ %1</translation>
    </message>
</context>
<context>
    <name>dm::Explanations</name>
    <message>
        <source>%1: %2 MB/s, within %3 % of %4 (%5 MB/s)</source>
        <translation>%1: %2 MB/s、%4 (%5 MB/s) との差が %3 % 以内</translation>
    </message>
    <message>
        <source>this USB %1 device is linked at USB 2.0 speed (480 Mbps, at most about 40 MB/s in practice): another port or cable may be much faster</source>
        <translation>この USB %1 機器は USB 2.0 の速度 (480 Mbps、実効で最大約 40 MB/s) で接続されています: 別のポートやケーブルならずっと速くなる可能性があります</translation>
    </message>
    <message>
        <source>linked at USB 2.0 speed (480 Mbps, at most about 40 MB/s in practice); the device reports USB 2.10, as USB 3 devices do on a USB 2.0 connection: if it is a USB 3 drive, another port or cable may be much faster</source>
        <translation>USB 2.0 の速度 (480 Mbps、実効で最大約 40 MB/s) で接続されています。機器は USB 2.10 を名乗っており、これは USB 3 機器が USB 2.0 で接続されたときの値です: USB 3 のドライブなら、別のポートやケーブルでずっと速くなる可能性があります</translation>
    </message>
    <message>
        <source>this USB drive runs on the usb-storage driver (Bulk-Only Transport, no UAS), which carries one command at a time: rows with a queue depth above 1 cannot be faster than Q1 on this connection; a UAS-capable enclosure or port would differ</source>
        <translation>この USB ドライブは usb-storage ドライバー (Bulk-Only Transport、UAS なし) で動作しており、コマンドを一度に 1 つしか運べません: この接続ではキュー深度 2 以上の行は Q1 より速くなりません。UAS 対応のケースやポートなら結果は異なります</translation>
    </message>
    <message>
        <source>the device takes one command at a time (%1): rows with a queue depth above 1 run at depth 1</source>
        <translation>デバイスはコマンドを一度に 1 つしか受け付けません (%1): キュー深度 2 以上の行も深度 1 で動作します</translation>
    </message>
    <message>
        <source>the device takes at most %1 commands at once (%2): deeper rows run at depth %1</source>
        <translation>デバイスが一度に受け付けるコマンドは最大 %1 個です (%2): それより深い行も深度 %1 で動作します</translation>
    </message>
    <message>
        <source>%1: Bulk-Only Transport carries one command at a time</source>
        <translation>%1: Bulk-Only Transport はコマンドを一度に 1 つしか運べません</translation>
    </message>
    <message>
        <source>%1: the device takes at most %2 command(s) at once</source>
        <translation>%1: デバイスが一度に受け付けるコマンドは最大 %2 個です</translation>
    </message>
    <message>
        <source>the device&apos;s write cache is off (queue/write_cache: write through): every write waits until it is on the medium, so write rows are lower than with a write-back cache</source>
        <translation>デバイスの書き込みキャッシュが無効です (queue/write_cache: write through): 書き込みのたびに媒体への記録を待つため、書き込みの行はライトバックキャッシュの場合より低くなります</translation>
    </message>
    <message>
        <source>the kernel calls this device rotational (many USB sticks claim to be): if it spins, random rows are bound by its seek time</source>
        <translation>カーネルはこのデバイスを回転式としています (多くの USB メモリがそう名乗ります): 実際に回転するディスクなら、ランダムの行はシーク時間に縛られます</translation>
    </message>
    <message>
        <source>a rotational (spinning) disk: random rows are bound by its seek time</source>
        <translation>回転式ディスク: ランダムの行はシーク時間に縛られます</translation>
    </message>
    <message>
        <source>the bfq I/O scheduler spends CPU time on every request: deep random rows may be lower than the drive does with mq-deadline or none</source>
        <translation>I/O スケジューラー bfq は要求ごとに CPU 時間を使います: 深いランダムの行は mq-deadline や none の場合より低くなることがあります</translation>
    </message>
    <message>
        <source>%1: the passes varied (CV %2 %, best %3 MB/s, worst %4 MB/s): not one stable figure; run again, with nothing else using the drive</source>
        <translation>%1: パスごとのばらつきが大きく (CV %2 %、最高 %3 MB/s、最低 %4 MB/s)、安定した値ではありません。ほかにドライブを使うものがない状態でもう一度実行してください</translation>
    </message>
    <message>
        <source>the virtual machine lost up to %1 % of its CPU time to its host (steal time) during %2 of the %3 tests: such figures depend on what else the host runs, most of all at queue depth 1; run again when the host is quieter</source>
        <translation>仮想マシンは %3 件中 %2 件のテストの間、CPU 時間の最大 %1 % をホストに奪われました (steal 時間): こうした値はホストで動くほかの処理に左右され、キュー深度 1 では特にそうです。ホストが空いているときにもう一度実行してください</translation>
    </message>
    <message>
        <source>the test size (%1) is smaller than the cache many drives have (%2 or more of DRAM or SLC): the figures may be the cache&apos;s, not the drive&apos;s; choose a larger test size</source>
        <translation>テストサイズ (%1) は多くのドライブが持つキャッシュ (DRAM や SLC で %2 以上) より小さいため、数値はドライブではなくキャッシュのものかもしれません。より大きなテストサイズを選んでください</translation>
    </message>
    <message>
        <source>%1: a pass moved only %2 MB, too little to measure well; choose a longer measure time</source>
        <translation>%1: 1 回のパスで転送したのは %2 MB だけで、正しく測るには少なすぎます。測定時間を長くしてください</translation>
    </message>
    <message>
        <source>the machine ran on battery: power saving may slow the CPU and the bus, so results may be lower than on mains power</source>
        <translation>バッテリー駆動で実行されました: 省電力で CPU やバスが遅くなることがあり、AC 電源のときより結果が低くなる可能性があります</translation>
    </message>
    <message>
        <source>the power-saver profile was active: results may be lower than with the performance profile</source>
        <translation>省電力 (power-saver) プロファイルが有効でした: performance プロファイルより結果が低くなる可能性があります</translation>
    </message>
    <message>
        <source>the performance profile ran degraded (%1): results may be lower</source>
        <translation>performance プロファイルが制限された状態でした (%1): 結果が低くなる可能性があります</translation>
    </message>
    <message>
        <source>the CPU frequency governor is powersave: with intel_pstate or amd-pstate that is the usual dynamic setting, with other drivers it holds the CPU at its lowest speed and results may be lower</source>
        <translation>CPU 周波数ガバナーは powersave です: intel_pstate や amd-pstate では通常の動的な設定ですが、ほかのドライバーでは CPU を最低速度に固定するため、結果が低くなる可能性があります</translation>
    </message>
    <message>
        <source>%1: the kernel joined the %2 writes into %3 requests, %4 in flight on average: the drive saw larger requests than CrystalDiskMark sends on Windows</source>
        <translation>%1: カーネルが %2 の書き込みをまとめて %3 の要求にしました (平均 %4 個が処理中): ドライブは Windows の CrystalDiskMark が送るより大きな要求を受け取っています</translation>
    </message>
    <message>
        <source>%1: the kernel joined the %2 reads into %3 requests, %4 in flight on average: the drive saw larger requests than CrystalDiskMark sends on Windows</source>
        <translation>%1: カーネルが %2 の読み込みをまとめて %3 の要求にしました (平均 %4 個が処理中): ドライブは Windows の CrystalDiskMark が送るより大きな要求を受け取っています</translation>
    </message>
    <message>
        <source>a pass of %1</source>
        <translation>%1 の 1 パス</translation>
    </message>
    <message>
        <source>a virtual disk (%1): the host may cache it, and figures above what its storage could do are the host&apos;s memory, not a drive&apos;s</source>
        <translation>仮想ディスクです (%1): ホストがキャッシュしている可能性があり、ホストのストレージにできる以上の値はドライブではなくホストのメモリのものです</translation>
    </message>
    <message>
        <source>something else used the drive: %1 counted %2 MB besides the %3 MB that %4 moved (%5 %); the figures may be lower than the drive can do: run again with nothing else using it</source>
        <translation>ほかのものがドライブを使っていました: %1 は %4 が転送した %3 MB のほかに %2 MB を数えています (%5 %)。値はドライブ本来の性能より低いかもしれません。ほかにドライブを使うものがない状態でもう一度実行してください</translation>
    </message>
    <message>
        <source>%1: each %2 write reached the drive as %5 requests (%3 on average, %4 in flight): the device takes smaller requests (queue/max_sectors_kb) or the file lies in pieces, so the figure is for those</source>
        <translation>%1: %2 の書き込みはそれぞれ %5 個の要求に分けられてドライブに届きました (平均 %3、処理中 %4 個): デバイスが受け付ける要求が小さい (queue/max_sectors_kb) か、ファイルがばらばらに置かれているため、この値はその大きさでのものです</translation>
    </message>
    <message>
        <source>%1: each %2 read reached the drive as %5 requests (%3 on average, %4 in flight): the device takes smaller requests (queue/max_sectors_kb) or the file lies in pieces, so the figure is for those</source>
        <translation>%1: %2 の読み込みはそれぞれ %5 個の要求に分けられてドライブに届きました (平均 %3、処理中 %4 個): デバイスが受け付ける要求が小さい (queue/max_sectors_kb) か、ファイルがばらばらに置かれているため、この値はその大きさでのものです</translation>
    </message>
    <message>
        <source>%1: %2 IOPS is %3 % of what the engine itself does on this machine with no drive in the way (%4 IOPS at Q%5T%6, %7): this figure is bounded by the processor, not the drive</source>
        <translation>%1: %2 IOPS は、ドライブを介さずにこのマシンでエンジン自身が出せる値 (Q%5T%6 で %4 IOPS、%7) の %3 % です: この値を決めているのはドライブではなくプロセッサです</translation>
    </message>
</context>
<context>
    <name>dm::FilesPage</name>
    <message>
        <source>Create</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>Stat</source>
        <translation>stat</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み取り</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>A folder on the drive: the files are made in a folder of the test&apos;s own there and removed however the test ends</source>
        <translation>ドライブ上のフォルダー: ファイルはその中にテスト専用のフォルダーを作って置き、テストがどう終わっても削除します</translation>
    </message>
    <message>
        <source>Fol&amp;der:</source>
        <translation>フォルダー(&amp;D):</translation>
    </message>
    <message>
        <source>How many files each phase makes, stats, reads or deletes</source>
        <translation>各フェーズで作成・stat・読み取り・削除するファイルの数</translation>
    </message>
    <message>
        <source>&amp;Number of files:</source>
        <translation>ファイル数(&amp;N):</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>空(0 バイト)</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>1 MiB</source>
        <translation>1 MiB</translation>
    </message>
    <message>
        <source>Each file&apos;s size: random data, written once and read back</source>
        <translation>各ファイルのサイズ: ランダムなデータを一度書き込み、読み戻します</translation>
    </message>
    <message>
        <source>Fi&amp;le size:</source>
        <translation>ファイルサイズ(&amp;L):</translation>
    </message>
    <message>
        <source>The folders the files are spread over</source>
        <translation>ファイルを分散させるフォルダーの数</translation>
    </message>
    <message>
        <source>S&amp;ubfolders:</source>
        <translation>サブフォルダー(&amp;U):</translation>
    </message>
    <message>
        <source>Once at the end of the create phase</source>
        <translation>作成フェーズの最後に一度</translation>
    </message>
    <message>
        <source>After every file (fsync, as fs_mark does)</source>
        <translation>ファイルごと(fs_mark と同じく fsync)</translation>
    </message>
    <message>
        <source>Never (the page cache counts)</source>
        <translation>しない(ページキャッシュへの書き込みで完了とみなす)</translation>
    </message>
    <message>
        <source>When the created files are flushed to the drive, within the create phase&apos;s time</source>
        <translation>作成したファイルをいつドライブへ書き出すか(作成フェーズの時間に含みます)</translation>
    </message>
    <message>
        <source>S&amp;ync:</source>
        <translation>同期(&amp;Y):</translation>
    </message>
    <message>
        <source>Files done</source>
        <translation>処理済みファイル数</translation>
    </message>
    <message>
        <source>Files/s</source>
        <translation>ファイル/秒</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 バイト</translation>
    </message>
    <message>
        <source>Choose a folder on the drive to test</source>
        <translation>テストするドライブ上のフォルダーを選んでください</translation>
    </message>
    <message>
        <source>Creating %1 files in %2…</source>
        <translation>%2 に %1 個のファイルを作成中…</translation>
    </message>
    <message>
        <source>The test stopped: %1. The files made are removed.</source>
        <translation>テストが停止しました: %1。作成したファイルは削除しました。</translation>
    </message>
    <message>
        <source>Stopped: the files are removed; the phases done so far are shown</source>
        <translation>停止しました: ファイルは削除しました。それまでに終わったフェーズを表示しています</translation>
    </message>
    <message>
        <source>%1 files a second created, %2 read, %3 deleted</source>
        <translation>毎秒 %1 ファイル作成、%2 読み取り、%3 削除</translation>
    </message>
    <message>
        <source>&lt;p&gt;Creates, stats, reads and deletes many small files, each phase timed on its own, to tell how fast the filesystem and the drive handle them: what a build, an unpacked archive or a mail folder waits for.&lt;/p&gt;</source>
        <translation>&lt;p&gt;多数の小さなファイルを作成・stat・読み取り・削除し、フェーズごとに時間を測って、ファイルシステムとドライブがそれらをどれだけ速く処理するかを調べます。ビルドやアーカイブの展開、メールフォルダーが待たされるのはこの速さです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 µs</translation>
    </message>
    <message>
        <source>The reads came from the drive: the files&apos; cached pages were dropped first.</source>
        <translation>読み取りはドライブから行いました: 先にファイルのキャッシュページを破棄しています。</translation>
    </message>
    <message>
        <source>The reads came from memory: this filesystem keeps its files in RAM.</source>
        <translation>読み取りはメモリーから行われました: このファイルシステムはファイルを RAM に保持します。</translation>
    </message>
    <message>
        <source>The small-file test</source>
        <translation>小さなファイルのテスト</translation>
    </message>
    <message>
        <source>Small f&amp;iles</source>
        <translation>小さなファイル(&amp;I)</translation>
    </message>
    <message>
        <source>How many small files a second the filesystem creates, reads and deletes</source>
        <translation>ファイルシステムが毎秒いくつの小さなファイルを作成・読み取り・削除できるか</translation>
    </message>
    <message>
        <source>Stat/s</source>
        <translation>stat/秒</translation>
    </message>
</context>
<context>
    <name>dm::GridPage</name>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>Mix</source>
        <translation>Mix</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>All</source>
        <translatorcomment>CrystalDiskMark&apos;s Japanese UI keeps All and Stop in English.</translatorcomment>
        <translation>All</translation>
    </message>
    <message>
        <source>Run every test (Ctrl+R); Esc stops</source>
        <translation>すべてのテストを実行 (Ctrl+R)、Esc で停止</translation>
    </message>
    <message>
        <source>Measured passes per test</source>
        <translation>テストごとの測定回数</translation>
    </message>
    <message>
        <source>&amp;Passes:</source>
        <translation>回数(&amp;P):</translation>
    </message>
    <message>
        <source>Test size</source>
        <translation>テストサイズ</translation>
    </message>
    <message>
        <source>Comment (shown in the image and the reports)</source>
        <translation>コメント (画像とレポートに表示されます)</translation>
    </message>
    <message>
        <source>The benchmark run</source>
        <translation>ベンチマークの実行</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation>ベンチマーク(&amp;B)</translation>
    </message>
    <message>
        <source>Stopped before the test began</source>
        <translation>テスト開始前に停止しました</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止中…</translation>
    </message>
    <message>
        <source>Another test is running: stop it first, or wait for it to end</source>
        <translation>別のテストを実行中です: 先に停止するか、終わるまで待ってください</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation>%1 を準備中…</translation>
    </message>
    <message>
        <source>Writing the test file: %1%</source>
        <translation type="vanished">テストファイルを作成中: %1%</translation>
    </message>
    <message>
        <source>Interval: next test in %1 s · %2 left</source>
        <translation type="vanished">インターバル: 次のテストまで %1 秒 · 残り %2</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>ウォームアップ</translation>
    </message>
    <message>
        <source>pass %1/%2</source>
        <translation>%1/%2 回目</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 left</source>
        <translation type="vanished">%1 · %2 · 残り %3</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>Finished with errors: see the tiles&apos; tooltips</source>
        <translation>エラーあり: 詳しくは各結果のツールチップを参照</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Diskometer</source>
        <translation>Diskometer</translation>
    </message>
    <message>
        <source>The test could not start.</source>
        <translation>テストを開始できませんでした。</translation>
    </message>
    <message>
        <source>Showing %1 of %2 from the history (read-only): the next run or a change of settings replaces it</source>
        <translation>履歴から %1 (%2) を表示中 (読み取り専用): 次の実行か設定の変更で置き換わります</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation>テキスト (*.txt)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation>レポートを保存</translation>
    </message>
    <message>
        <source>Could not write %1. Choose another folder.</source>
        <translation>%1 に書き込めませんでした。別のフォルダーを選んでください。</translation>
    </message>
    <message>
        <source>Export fio Job</source>
        <translation>fio ジョブのエクスポート</translation>
    </message>
    <message>
        <source>The write sections of this job file destroy the data on %1 when fio runs them. Save it anyway? (Test Mode › Read only makes a job that only reads.)</source>
        <translation>このジョブファイルの書き込みセクションを fio で実行すると、%1 のデータが破壊されます。それでも保存しますか? (テストモード › 読み込みのみ にすると読み込みだけのジョブになります。)</translation>
    </message>
    <message>
        <source>fio job files (*.fio);;All files (*)</source>
        <translation>fio ジョブファイル (*.fio);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Saved %1: run it with fio --output-format=json %1 &gt; out.json, then import out.json in the History tab</source>
        <translation>%1 を保存しました: fio --output-format=json %1 &gt; out.json で実行し、out.json を履歴タブでインポートしてください</translation>
    </message>
    <message>
        <source>%1 profile · %2 s per pass, %3 s between tests</source>
        <translation>プロファイル %1 · 測定時間 %2 秒、間隔 %3 秒</translation>
    </message>
</context>
<context>
    <name>dm::HealthBadge</name>
    <message>
        <source>Good</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Caution</source>
        <translation>注意</translation>
    </message>
    <message>
        <source>Bad</source>
        <translation>異常</translation>
    </message>
    <message>
        <source>Health unknown</source>
        <translation>健康状態 不明</translation>
    </message>
    <message>
        <source>Powered on for %1 hours</source>
        <translation>使用時間 %1 時間</translation>
    </message>
    <message>
        <source>During the run: %1 °C at the hottest</source>
        <translation>テスト中の最高温度: %1 °C</translation>
    </message>
    <message>
        <source>As the last run found the drive; choosing a target reads it again</source>
        <translation>前回のテスト時の状態です。対象を選び直すと読み直します</translation>
    </message>
</context>
<context>
    <name>dm::HistoryModel</name>
    <message>
        <source>Default</source>
        <translation>デフォルト</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>ピーク</translation>
    </message>
    <message>
        <source>Real World</source>
        <translation>実使用</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>デモ</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation type="vanished">ベンチマーク</translation>
    </message>
    <message>
        <source>Benchmark · %1</source>
        <translation type="vanished">ベンチマーク · %1</translation>
    </message>
    <message>
        <source>Surface scan</source>
        <translation type="vanished">表面スキャン</translation>
    </message>
    <message>
        <source>Sustained write</source>
        <translation type="vanished">連続書き込み</translation>
    </message>
    <message>
        <source>Block sizes</source>
        <translation type="vanished">ブロックサイズ</translation>
    </message>
    <message>
        <source>Run %1: %2
%3
%4</source>
        <translation>実行 %1: %2
%3
%4</translation>
    </message>
    <message>
        <source>unknown device</source>
        <translation>不明なデバイス</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日時</translation>
    </message>
    <message>
        <source>Device / name</source>
        <translation>デバイス / 名前</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>インターフェース</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>SEQ1M Q8T1
Read MB/s</source>
        <translation>SEQ1M Q8T1
読み込み MB/s</translation>
    </message>
    <message>
        <source>SEQ1M Q8T1
Write MB/s</source>
        <translation>SEQ1M Q8T1
書き込み MB/s</translation>
    </message>
    <message>
        <source>RND4K Q1T1
Read MB/s</source>
        <translation>RND4K Q1T1
読み込み MB/s</translation>
    </message>
    <message>
        <source>RND4K Q1T1
Write MB/s</source>
        <translation>RND4K Q1T1
書き込み MB/s</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Headline</source>
        <translation>代表値</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>Flash Memory</source>
        <translation>フラッシュメモリ</translation>
    </message>
</context>
<context>
    <name>dm::HistoryPage</name>
    <message>
        <source>Filter: device, interface, target, comment…</source>
        <translation>絞り込み: デバイス、インターフェース、対象、コメント…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>インポート(&amp;I)…</translation>
    </message>
    <message>
        <source>Add a Diskometer JSON report or fio&apos;s JSON output (fio --output-format=json)</source>
        <translation>Diskometer の JSON レポート、または fio の JSON 出力 (fio --output-format=json) を追加します</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比較(&amp;C)</translation>
    </message>
    <message>
        <source>Select two runs or more (Ctrl+click) to see them side by side</source>
        <translation>2 件以上の実行を選ぶと (Ctrl+クリック) 並べて比較できます</translation>
    </message>
    <message>
        <source>&amp;Open in Grid</source>
        <translation>グリッドで開く(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>名前の変更(&amp;R)…</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>エクスポート(&amp;X)…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>削除(&amp;D)…</translation>
    </message>
    <message>
        <source>Import Runs</source>
        <translation>実行のインポート</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation type="vanished">JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>No runs yet: every finished test is kept here, and Import adds reports and fio&apos;s JSON output.</source>
        <translation>まだ実行はありません: 完了したテストはすべてここに保存されます。インポートでレポートや fio の JSON 出力も追加できます。</translation>
    </message>
    <message>
        <source>Diskometer history</source>
        <translation>Diskometer の履歴</translation>
    </message>
    <message>
        <source>The history file was damaged and has been set aside; a new one was started.</source>
        <translation>履歴ファイルが壊れていたため別名で退避し、新しいファイルを作成しました。</translation>
    </message>
    <message>
        <source>Only benchmark and fio runs fit the grid; compare or export this one</source>
        <translation>グリッドで開けるのはベンチマークと fio の実行だけです。この実行は比較またはエクスポートしてください</translation>
    </message>
    <message>
        <source>Show this run&apos;s tiles in the Benchmark tab</source>
        <translation>この実行の結果をベンチマークタブに表示します</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>実行の名前を変更</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名前(&amp;N):</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>コメント(&amp;C):</translation>
    </message>
    <message>
        <source>The stored report is kept as it was; the name and comment are shown in the history and in comparisons.</source>
        <translation>保存されたレポートはそのまま残ります。名前とコメントは履歴と比較に表示されます。</translation>
    </message>
    <message>
        <source>run %1: %2, %3</source>
        <translation>実行 %1: %2、%3</translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation>実行の削除</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>JSON as stored (*.json)</source>
        <translation>保存された JSON (*.json)</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation>テキスト (*.txt)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export Run</source>
        <translation>実行のエクスポート</translation>
    </message>
    <message>
        <source>Exported run %1 to %2</source>
        <translation>実行 %1 を %2 にエクスポートしました</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>%1 was not imported: %2</source>
        <translation>%1 はインポートされませんでした: %2</translation>
    </message>
    <message>
        <source>The import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>Runs: %1 · %2</source>
        <translation>実行: %1 件 · %2</translation>
    </message>
    <message>
        <source>Reading the runs…</source>
        <translation>実行を読み込み中…</translation>
    </message>
    <message>
        <source>Comparing %1 runs</source>
        <translation>%1 件の実行を比較中</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>ほか %1 件</translation>
    </message>
    <message>
        <source>Delete this run from the history? This cannot be undone.</source>
        <translation>この実行を履歴から削除しますか? 元に戻せません。</translation>
    </message>
    <message>
        <source>Delete these %1 runs from the history? This cannot be undone.</source>
        <translation>これら %1 件の実行を履歴から削除しますか? 元に戻せません。</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>インポート中…</translation>
    </message>
    <message>
        <source>Run %1 has no tiles to show in the Benchmark tab</source>
        <translation>実行 %1 にはベンチマークタブに表示できる結果がありません</translation>
    </message>
    <message>
        <source>Reports (*.json *.html);;All files (*)</source>
        <translation>レポート (*.json *.html);;すべてのファイル (*)</translation>
    </message>
</context>
<context>
    <name>dm::HistoryService</name>
    <message>
        <source>%1 was not stored in the history: %2</source>
        <translation>%1 は履歴に保存されませんでした: %2</translation>
    </message>
    <message>
        <source>%1 was not stored in the history (%2). Its JSON is kept in %3: add it with History › Import once the history can be written.</source>
        <translation>%1 は履歴に保存されませんでした (%2)。JSON は %3 に残してあります。履歴に書き込めるようになったら、履歴 › インポートで追加してください。</translation>
    </message>
    <message>
        <source>%1 was not stored in the history (%2), and its JSON could not be kept in %3 either: save its reports now.</source>
        <translation>%1 は履歴に保存されず (%2)、JSON を %3 に残すこともできませんでした。今すぐレポートを保存してください。</translation>
    </message>
    <message>
        <source>%1: already in the history as run %2, not stored again</source>
        <translation>%1: 履歴に実行 %2 としてすでにあるため、再び保存しませんでした</translation>
    </message>
</context>
<context>
    <name>dm::HtmlPage</name>
    <message>
        <source>en</source>
        <extracomment>The web page&apos;s language code (&lt;html lang&gt;): &quot;ja&quot; in the Japanese translation.</extracomment>
        <translation>ja</translation>
    </message>
</context>
<context>
    <name>dm::HtmlReport</name>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日時</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Drive or target</source>
        <translation>ドライブまたは対象</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Grid of tests</source>
        <translation>ベンチマーク</translation>
    </message>
    <message numerus="yes">
        <source>Comparison of %n runs</source>
        <translation>
            <numerusform>%n 件の実行の比較</numerusform>
        </translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>補足</translation>
    </message>
    <message>
        <source>Made by Diskometer from its history (diskometer-cli history compare).</source>
        <translation>Diskometer の履歴から作成しました (diskometer-cli history compare)。</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>Mix</source>
        <translation>Mix</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>no pass finished</source>
        <translation>完了した測定がありません</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Every test&apos;s best pass</source>
        <translation>各テストの最良の測定</translation>
    </message>
    <message>
        <source>Mean µs</source>
        <translation>平均 µs</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 µs</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>ドライブ</translation>
    </message>
    <message>
        <source>Filesystem</source>
        <translation>ファイルシステム</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>キュー</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状態</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>電源</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message numerus="yes">
        <source>Figures of the chart (%n rows)</source>
        <translation>
            <numerusform>グラフの数値 (%n 行)</numerusform>
        </translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Each test over its time</source>
        <translation>各テストの経過</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>How it was measured</source>
        <translation>測定条件</translation>
    </message>
    <message>
        <source>Text report</source>
        <translation>テキストレポート</translation>
    </message>
    <message>
        <source>Made by Diskometer. This page holds the run&apos;s JSON report: import it into Diskometer&apos;s history (History › Import…) to compare it with yours.</source>
        <translation>Diskometer で作成しました。このページには実行の JSON レポートが含まれています。Diskometer の履歴にインポートすると (履歴 › インポート…) 自分の結果と比較できます。</translation>
    </message>
    <message>
        <source>Stopped by an error: %1</source>
        <translation>エラーで停止しました: %1</translation>
    </message>
    <message>
        <source>Stopped before the end: the figures are those of what ran.</source>
        <translation>最後まで実行する前に停止しました。数値は実行した部分のものです。</translation>
    </message>
</context>
<context>
    <name>dm::LiveChart</name>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>ウォームアップ</translation>
    </message>
    <message>
        <source> s</source>
        <comment>after the number on the chart&apos;s time axis</comment>
        <translatorcomment>Qt Charts formats axis labels as Latin-1: a suffix outside it (秒) shows as ?, so the unit stays s.</translatorcomment>
        <translation> s</translation>
    </message>
    <message>
        <source>Drive °C</source>
        <translation>ドライブ °C</translation>
    </message>
    <message>
        <source>°C</source>
        <translation>°C</translation>
    </message>
</context>
<context>
    <name>dm::MainWindow</name>
    <message>
        <source>All</source>
        <translatorcomment>CrystalDiskMark&apos;s Japanese UI keeps All and Stop in English.</translatorcomment>
        <translation type="vanished">All</translation>
    </message>
    <message>
        <source>Run every test (Ctrl+R); Esc stops</source>
        <translation type="vanished">すべてのテストを実行 (Ctrl+R)、Esc で停止</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Measured passes per test</source>
        <translation type="vanished">テストごとの測定回数</translation>
    </message>
    <message>
        <source>Test size</source>
        <translation type="vanished">テストサイズ</translation>
    </message>
    <message>
        <source>Comment (shown in the image and the reports)</source>
        <translation type="vanished">コメント (画像とレポートに表示されます)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="vanished">準備完了</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="vanished">停止中…</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation type="vanished">%1 を準備中…</translation>
    </message>
    <message>
        <source>Writing the test file: %1%</source>
        <translation type="vanished">テストファイルを作成中: %1%</translation>
    </message>
    <message>
        <source>Interval: next test in %1 s · %2 left</source>
        <translation type="vanished">インターバル: 次のテストまで %1 秒 · 残り %2</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation type="vanished">ウォームアップ</translation>
    </message>
    <message>
        <source>pass %1/%2</source>
        <translation type="vanished">%1/%2 回目</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 left</source>
        <translation type="vanished">%1 · %2 · 残り %3</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="vanished">停止しました</translation>
    </message>
    <message>
        <source>Finished with errors: see the tiles&apos; tooltips</source>
        <translation type="vanished">エラーあり: 詳しくは各結果のツールチップを参照</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="vanished">完了</translation>
    </message>
    <message>
        <source>Diskometer</source>
        <translation>Diskometer</translation>
    </message>
    <message>
        <source>The test could not start.</source>
        <translation type="vanished">テストを開始できませんでした。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translatorcomment>CrystalDiskMark&apos;s Japanese UI keeps All and Stop in English.</translatorcomment>
        <translation type="vanished">Stop</translation>
    </message>
    <message>
        <source>Save Image</source>
        <translation>画像を保存</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1. Choose another folder.</source>
        <translation>%1 に書き込めませんでした。別のフォルダーを選んでください。</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation type="vanished">テキスト (*.txt)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="vanished">JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="vanished">Markdown (*.md)</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation type="vanished">レポートを保存</translation>
    </message>
    <message>
        <source>About Diskometer</source>
        <translation>Diskometer について</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Save &amp;Image…</source>
        <translation>画像を保存(&amp;I)…</translation>
    </message>
    <message>
        <source>Save &amp;Text…</source>
        <translation>テキストを保存(&amp;T)…</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>Save &amp;Markdown…</source>
        <translation>Markdown を保存(&amp;M)…</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Save &amp;JSON…</source>
        <translation>JSON を保存(&amp;J)…</translation>
    </message>
    <message>
        <source>Ctrl+J</source>
        <translation>Ctrl+J</translation>
    </message>
    <message>
        <source>&amp;Copy Text</source>
        <translation>テキストをコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Copy Im&amp;age</source>
        <translation>画像をコピー(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+I</source>
        <translation>Ctrl+Shift+I</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>Test &amp;Data</source>
        <translation>テストデータ(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Random (default)</source>
        <translation>ランダム (デフォルト)(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Zeros (0Fill)</source>
        <translation>ゼロ (0Fill)(&amp;Z)</translation>
    </message>
    <message>
        <source>Test M&amp;ode</source>
        <translation>テストモード(&amp;O)</translation>
    </message>
    <message>
        <source>Read &amp;&amp; &amp;Write</source>
        <translation>読み込みと書き込み(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Read only</source>
        <translation>読み込みのみ(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Write only</source>
        <translation>書き込みのみ(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Mix Tests</source>
        <translation>Mix テスト(&amp;M)</translation>
    </message>
    <message>
        <source>Mix &amp;Ratio</source>
        <translation>Mix の比率(&amp;X)</translation>
    </message>
    <message>
        <source>Read %1% / Write %2%</source>
        <translation>読み込み %1% / 書き込み %2%</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>単位(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation>プロファイル(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>デフォルト(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>&amp;Peak Performance</source>
        <translation>ピークパフォーマンス(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>&amp;Real World Performance</source>
        <translation>実使用パフォーマンス(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>De&amp;mo</source>
        <translation>デモ(&amp;M)</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>&amp;NVMe SSD</source>
        <translation>NVMe SSD(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Diskometer</source>
        <translation>Diskometer について(&amp;A)</translation>
    </message>
    <message>
        <source>Asking for permission to open %1…</source>
        <translation type="vanished">%1 を開く許可を求めています…</translation>
    </message>
    <message>
        <source>writing to %1 destroys its data and needs the typed confirmation in the window; for scripts use diskometer-cli --allow-destructive</source>
        <translation type="vanished">%1 への書き込みはデータを消去するため、ウィンドウでデバイス名を入力して確認する必要があります。スクリプトからは diskometer-cli --allow-destructive を使ってください</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written to %1</source>
        <translation type="vanished">キャンセルしました: %1 には何も書き込んでいません</translation>
    </message>
    <message>
        <source>Read</source>
        <translation type="vanished">読み込み</translation>
    </message>
    <message>
        <source>Write</source>
        <translation type="vanished">書き込み</translation>
    </message>
    <message>
        <source>Mix</source>
        <translation type="vanished">Mix</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Diskometer %1&lt;/h3&gt;&lt;p&gt;A storage benchmark for the Linux desktop, in the spirit of CrystalDiskMark.&lt;/p&gt;&lt;p&gt;Engine: %4 with O_DIRECT&lt;br&gt;Qt %2 (built with %3)&lt;/p&gt;&lt;p&gt;Free software under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Diskometer %1&lt;/h3&gt;&lt;p&gt;CrystalDiskMark 風の、Linux デスクトップ向けストレージベンチマークです。&lt;/p&gt;&lt;p&gt;エンジン: %4 (O_DIRECT)&lt;br&gt;Qt %2 (ビルド時 %3)&lt;/p&gt;&lt;p&gt;GNU GPL バージョン 3 以降のもとで配布されるフリーソフトウェアです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Another test is running: stop it first, or wait for it to end</source>
        <translation type="vanished">別のテストを実行中です: 先に停止するか、終わるまで待ってください</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation type="vanished">ベンチマーク(&amp;B)</translation>
    </message>
    <message>
        <source>Surface s&amp;can</source>
        <translation type="vanished">表面スキャン(&amp;C)</translation>
    </message>
    <message>
        <source>Sustained &amp;write</source>
        <translation type="vanished">連続書き込み(&amp;W)</translation>
    </message>
    <message>
        <source>Block si&amp;zes</source>
        <translation type="vanished">ブロックサイズ(&amp;Z)</translation>
    </message>
    <message>
        <source>Read rate across the whole device, and access times</source>
        <translation type="vanished">デバイス全体の読み込み速度とアクセスタイム</translation>
    </message>
    <message>
        <source>One long write: where the drive&apos;s cache runs out</source>
        <translation type="vanished">長い書き込み: ドライブのキャッシュが尽きる位置</translation>
    </message>
    <message>
        <source>MB/s and IOPS from 4 KiB to 16 MiB blocks</source>
        <translation type="vanished">4 KiB から 16 MiB までのブロックでの MB/s と IOPS</translation>
    </message>
    <message>
        <source>The benchmark run</source>
        <translation type="vanished">ベンチマークの実行</translation>
    </message>
    <message>
        <source>The surface scan</source>
        <translation type="vanished">表面スキャン</translation>
    </message>
    <message>
        <source>The sustained write</source>
        <translation type="vanished">連続書き込み</translation>
    </message>
    <message>
        <source>The block-size sweep</source>
        <translation type="vanished">ブロックサイズ測定</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>履歴(&amp;H)</translation>
    </message>
    <message>
        <source>Every finished run: compare, rename, export, import fio</source>
        <translation>完了したすべての実行: 比較、名前の変更、エクスポート、fio のインポート</translation>
    </message>
    <message>
        <source>A test is running: open the stored run when it has ended</source>
        <translation>テストの実行中です。終了してから保存された実行を開いてください</translation>
    </message>
    <message>
        <source>kept in the history as run %1</source>
        <translation>履歴に実行 %1 として保存しました</translation>
    </message>
    <message>
        <source>Showing %1 of %2 from the history (read-only): the next run or a change of settings replaces it</source>
        <translation type="vanished">履歴から %1 (%2) を表示中 (読み取り専用): 次の実行か設定の変更で置き換わります</translation>
    </message>
    <message>
        <source>Export fio Job</source>
        <translation type="vanished">fio ジョブのエクスポート</translation>
    </message>
    <message>
        <source>%1 is empty or its size is unknown: choose another target.</source>
        <translation type="vanished">%1 は空か、サイズが不明です。別の対象を選んでください。</translation>
    </message>
    <message>
        <source>The write sections of this job file destroy the data on %1 when fio runs them. Save it anyway? (Test Mode › Read only makes a job that only reads.)</source>
        <translation type="vanished">このジョブファイルの書き込みセクションを fio で実行すると、%1 のデータが破壊されます。それでも保存しますか? (テストモード › 読み込みのみ にすると読み込みだけのジョブになります。)</translation>
    </message>
    <message>
        <source>fio job files (*.fio);;All files (*)</source>
        <translation type="vanished">fio ジョブファイル (*.fio);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Saved %1: run it with fio --output-format=json %1 &gt; out.json, then import out.json in the History tab</source>
        <translation type="vanished">%1 を保存しました: fio --output-format=json %1 &gt; out.json で実行し、out.json を履歴タブでインポートしてください</translation>
    </message>
    <message>
        <source>Export &amp;fio Job…</source>
        <translation>fio ジョブをエクスポート(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Passes:</source>
        <translation type="vanished">回数(&amp;P):</translation>
    </message>
    <message>
        <source>Run on &amp;Hosts…</source>
        <translation>ホストで実行(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Flash Memory</source>
        <translation>フラッシュメモリ(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>There is no run to save on this page yet: start a test first.</source>
        <translation>このページにはまだ保存できる実行がありません。先にテストを実行してください。</translation>
    </message>
    <message>
        <source>Save as Web Page</source>
        <translation>Web ページとして保存</translation>
    </message>
    <message>
        <source>Web pages (*.html)</source>
        <translation>Web ページ (*.html)</translation>
    </message>
    <message>
        <source>Save as &amp;Web Page…</source>
        <translation>Web ページとして保存(&amp;W)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Run %1 cannot be shown in a tab</source>
        <translation>実行 %1 はタブに表示できません</translation>
    </message>
</context>
<context>
    <name>dm::PhaseText</name>
    <message>
        <source> · %1 left</source>
        <translation> · 残り %1</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation>%1 を準備中…</translation>
    </message>
    <message>
        <source>Writing the test file: %1%</source>
        <translation>テストファイルを作成中: %1%</translation>
    </message>
    <message>
        <source>%1 · warm-up</source>
        <translation>%1 · ウォームアップ</translation>
    </message>
    <message>
        <source>%1 · pass %2/%3</source>
        <translation>%1 · %2/%3 回目</translation>
    </message>
    <message>
        <source>Interval: next test in %1 s</source>
        <translation>インターバル: 次のテストまで %1 秒</translation>
    </message>
    <message>
        <source>Reading sample %1 of %2…</source>
        <translation>サンプル %1/%2 を読み込み中…</translation>
    </message>
    <message>
        <source>Access time: %1 of %2 reads…</source>
        <translation>アクセスタイム: %1/%2 回…</translation>
    </message>
    <message>
        <source>Writing %1 of %2 at %3</source>
        <translation type="vanished">書き込み中 %1 / %2 (%3)</translation>
    </message>
    <message>
        <source>Flushing what was written to the drive…</source>
        <translation>書き込んだ内容をドライブへ書き出しています…</translation>
    </message>
    <message>
        <source>Reading back %1 of %2 at %3</source>
        <translation type="vanished">読み戻し中 %1 / %2 (%3)</translation>
    </message>
    <message>
        <source>Probing: %1 of %2 block reads and writes</source>
        <translation>検査中: ブロックの読み書き %1 / %2</translation>
    </message>
    <message>
        <source>Putting back what the probe overwrote: %1 of %2</source>
        <translation>検査で上書きした内容を書き戻しています: %1 / %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 / %3</translation>
    </message>
    <message>
        <source>%1 %2 of %3</source>
        <translation>%1 %2 / %3</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>%1: %2 s</source>
        <translation>%1: %2 秒</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>書き込み中</translation>
    </message>
    <message>
        <source>Reading back</source>
        <translation>読み戻し中</translation>
    </message>
    <message>
        <source>Creating files</source>
        <translation>ファイルを作成中</translation>
    </message>
    <message>
        <source>Reading the files&apos; metadata</source>
        <translation>ファイルのメタデータを読み取り中</translation>
    </message>
    <message>
        <source>Reading files</source>
        <translation>ファイルを読み取り中</translation>
    </message>
    <message>
        <source>Making the %1 set</source>
        <translation>%1 セットを作成中</translation>
    </message>
    <message>
        <source>Syncing the %1 set and dropping it from the cache</source>
        <translation>%1 セットを同期してキャッシュから外しています</translation>
    </message>
    <message>
        <source>Copying the %1 set</source>
        <translation>%1 セットをコピー中</translation>
    </message>
    <message>
        <source>Syncing the copy of the %1 set</source>
        <translation>%1 セットのコピーを同期中</translation>
    </message>
    <message>
        <source>Removing the %1 set and its copy</source>
        <translation>%1 セットとそのコピーを削除中</translation>
    </message>
    <message>
        <source>Deleting files</source>
        <translation>ファイルを削除中</translation>
    </message>
</context>
<context>
    <name>dm::RemoteDialog</name>
    <message>
        <source>Run on Hosts</source>
        <translation>ホストで実行</translation>
    </message>
    <message>
        <source>The window&apos;s tests (%1 tests, %2 × %3 s, %4 MiB) on each host through fio&apos;s client/server mode. Each host runs &lt;code&gt;fio --server&lt;/code&gt; (port 8765); one line per host: &lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt;, an IPv6 address in brackets.</source>
        <translation type="vanished">このウィンドウのテスト（%1 件、%2 × %3 秒、%4 MiB）を fio のクライアント/サーバーモードで各ホストで実行します。各ホストでは &lt;code&gt;fio --server&lt;/code&gt;（ポート 8765）を動かしておきます。1 行に 1 ホスト: &lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt;、IPv6 アドレスは角括弧で囲みます。</translation>
    </message>
    <message>
        <source>All hosts at once (shared storage: NFS, Ceph, Longhorn)</source>
        <translation type="vanished">全ホストを同時に実行（共有ストレージ: NFS、Ceph、Longhorn）</translation>
    </message>
    <message>
        <source>fio&apos;s server has no authentication and runs any job it is sent as its own user. Diskometer only connects to the hosts listed here: run the server as an unprivileged user bound to a private address (docs/REMOTE.md).</source>
        <translation type="vanished">fio のサーバーには認証がなく、送られたジョブをすべてサーバー自身のユーザー権限で実行します。Diskometer はここに書いたホストに接続するだけです。サーバーは特権のないユーザーで、プライベートアドレスにバインドして動かしてください（docs/REMOTE.md）。</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>進行状況</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>確認中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>Removing the test file</source>
        <translation>テストファイルを削除中</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Running on every host at once…</source>
        <translation>全ホストで同時に実行中…</translation>
    </message>
    <message>
        <source>Running on the hosts in turn…</source>
        <translation>ホストを順に実行中…</translation>
    </message>
    <message>
        <source>Stopping: fio tells every server to stop, then the test files are removed…</source>
        <translation type="vanished">停止中: fio が各サーバーに停止を指示し、その後テストファイルを削除します…</translation>
    </message>
    <message>
        <source>%1: %2 may remain there: remove it by hand.</source>
        <translation type="vanished">%1: %2 が残っている可能性があります。手動で削除してください。</translation>
    </message>
    <message>
        <source>Stopped: every server was told to stop.</source>
        <translation type="vanished">停止しました: すべてのサーバーに停止を指示しました。</translation>
    </message>
    <message>
        <source>No host finished.</source>
        <translation>完了したホストはありません。</translation>
    </message>
    <message>
        <source>runs on hosts</source>
        <translation>ホストでの実行</translation>
    </message>
    <message>
        <source>The window&apos;s tests (%1 tests, %2 × %3 s, %4 MiB) on each host, one line per host:&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; runs Diskometer itself there over SSH (your keys and ~/.ssh/config; it needs diskometer-cli of this version);&lt;br&gt;&lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt; runs fio&apos;s job on fio&apos;s server there (&lt;code&gt;fio --server&lt;/code&gt;, port 8765).&lt;br&gt;An IPv6 address goes in brackets.</source>
        <translation type="vanished">このウィンドウのテスト（%1 件、%2 × %3 秒、%4 MiB）を各ホストで実行します。1 行に 1 ホスト:&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; はそのホストで Diskometer 自身を SSH 経由で実行します（あなたの鍵と ~/.ssh/config を使用。このバージョンの diskometer-cli が必要です）。&lt;br&gt;&lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt; はそのホストの fio サーバー（&lt;code&gt;fio --server&lt;/code&gt;、ポート 8765）で fio のジョブを実行します。&lt;br&gt;IPv6 アドレスは角括弧で囲みます。</translation>
    </message>
    <message>
        <source>All hosts at once (shared storage: NFS, Ceph, Longhorn; hosts of one kind)</source>
        <translation>全ホストを同時に実行（共有ストレージ: NFS、Ceph、Longhorn。同じ種類のホストのみ）</translation>
    </message>
    <message>
        <source>fio&apos;s server has no authentication and runs any job it is sent as its own user. Diskometer only connects to the hosts listed here: run the server as an unprivileged user bound to a private address, or use ssh:// (docs/REMOTE.md).</source>
        <translation>fio のサーバーには認証がなく、送られたジョブをすべてサーバー自身のユーザー権限で実行します。Diskometer はここに書いたホストに接続するだけです。サーバーは特権のないユーザーで、プライベートアドレスにバインドして動かすか、ssh:// を使ってください（docs/REMOTE.md）。</translation>
    </message>
    <message>
        <source>Through</source>
        <translation>経由</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>&amp;Open Report</source>
        <translation>レポートを開く(&amp;O)</translation>
    </message>
    <message>
        <source>The selected host&apos;s stored run in the Benchmark tab (or double-click its row)</source>
        <translation>選択したホストの保存済みの実行をベンチマークタブに表示します（行をダブルクリックしても開けます）</translation>
    </message>
    <message>
        <source>Diskometer over SSH</source>
        <translation>SSH 経由の Diskometer</translation>
    </message>
    <message>
        <source>fio server</source>
        <translation>fio サーバー</translation>
    </message>
    <message>
        <source>Stopping: every host&apos;s run is told to stop, then its test files are removed…</source>
        <translation>停止中: 各ホストの実行に停止を指示し、その後テストファイルを削除します…</translation>
    </message>
    <message>
        <source>%1 may remain there: remove it by hand.</source>
        <translation>%1 が残っている可能性があります。手動で削除してください。</translation>
    </message>
    <message>
        <source>Stopped: every host&apos;s run was told to stop.</source>
        <translation>停止しました: すべてのホストの実行に停止を指示しました。</translation>
    </message>
    <message>
        <source>Double-click a host that finished (or Open Report) for its full report.</source>
        <translation>完了したホストをダブルクリックする（または「レポートを開く」）と、その完全なレポートを表示します。</translation>
    </message>
    <message>
        <source>This host has no stored run to open.</source>
        <translation>このホストには開ける保存済みの実行がありません。</translation>
    </message>
    <message>
        <source>Run %1 has no tiles to show</source>
        <translation>実行 %1 には表示できる結果がありません</translation>
    </message>
    <message>
        <source>Started together (barriers: %1): within %2 ms of each other, at most %3 ms.</source>
        <translation>同時に開始しました（バリア: %1 回）。ホスト間のずれは %2 ミリ秒以内、最大 %3 ミリ秒です。</translation>
    </message>
    <message>
        <source>The window&apos;s tests (%1 tests, %2 × %3 s, %4 MiB) on each host, one line per host:</source>
        <translation>このウィンドウのテスト（%1 件、%2 × %3 秒、%4 MiB）を各ホストで実行します。1 行に 1 ホスト:</translation>
    </message>
    <message>
        <source>%1, with the %2 tab&apos;s settings, on each ssh:// host, one line per host (fio&apos;s servers run only the grid: Run on Hosts from the Benchmark tab for them):</source>
        <translation>%1を「%2」タブの設定で各 ssh:// ホストで実行します。1 行に 1 ホスト（fio サーバーはグリッドしか実行しません。fio サーバーにはベンチマークタブから「ホストで実行」を使います）:</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; runs Diskometer itself there over SSH (your keys and ~/.ssh/config; it needs diskometer-cli of this version);&lt;br&gt;&lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt; runs fio&apos;s job on fio&apos;s server there (&lt;code&gt;fio --server&lt;/code&gt;, port 8765).&lt;br&gt;An IPv6 address goes in brackets.</source>
        <translation>&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; はそのホストで Diskometer 自身を SSH 経由で実行します（あなたの鍵と ~/.ssh/config を使用。このバージョンの diskometer-cli が必要です）。&lt;br&gt;&lt;code&gt;HOST[:PORT]:PATH&lt;/code&gt; はそのホストの fio サーバー（&lt;code&gt;fio --server&lt;/code&gt;、ポート 8765）で fio のジョブを実行します。&lt;br&gt;IPv6 アドレスは角括弧で囲みます。</translation>
    </message>
    <message>
        <source>%1 is a fio server, which runs only the grid: list ssh:// hosts alone for %2, or Run on Hosts from the Benchmark tab.</source>
        <translation>%1 は fio サーバーで、グリッドしか実行しません。「%2」には ssh:// ホストだけを並べるか、ベンチマークタブから「ホストで実行」を使ってください。</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; runs Diskometer itself there over SSH (your keys and ~/.ssh/config; it needs diskometer-cli of this version).&lt;br&gt;An IPv6 address goes in brackets.</source>
        <translation>&lt;br&gt;&lt;code&gt;ssh://[USER@]HOST[:PORT]/PATH&lt;/code&gt; はそのホストで Diskometer 自身を SSH 経由で実行します（あなたの鍵と ~/.ssh/config を使用。このバージョンの diskometer-cli が必要です）。&lt;br&gt;IPv6 アドレスは角括弧で囲みます。</translation>
    </message>
</context>
<context>
    <name>dm::ResultGrid</name>
    <message>
        <source>Stop</source>
        <translatorcomment>CrystalDiskMark&apos;s Japanese UI keeps All and Stop in English.</translatorcomment>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Read</source>
        <translatorcomment>Column header: CrystalDiskMark&apos;s Japanese UI keeps Read [MB/s] / Write [MB/s] / Mix in English.</translatorcomment>
        <translation>Read</translation>
    </message>
    <message>
        <source>Write</source>
        <translatorcomment>Column header: CrystalDiskMark&apos;s Japanese UI keeps Read [MB/s] / Write [MB/s] / Mix in English.</translatorcomment>
        <translation>Write</translation>
    </message>
    <message>
        <source>Mix %1/%2</source>
        <translatorcomment>Column header: CrystalDiskMark&apos;s Japanese UI keeps Read [MB/s] / Write [MB/s] / Mix in English.</translatorcomment>
        <translation>Mix %1/%2</translation>
    </message>
</context>
<context>
    <name>dm::ResultTile</name>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
</context>
<context>
    <name>dm::RunWarnings</name>
    <message>
        <source>another Diskometer run (pid %1) used this drive at the same time: the drive was shared, so these results are lower than it does alone; run one test at a time</source>
        <translation>別の Diskometer の実行 (pid %1) が同時にこのドライブを使っていました: ドライブを共有していたため、この結果は単独のときより低くなっています。テストは一度に一つずつ実行してください</translation>
    </message>
    <message>
        <source>other Diskometer runs (pids %1) used this drive at the same time: the drive was shared, so these results are lower than it does alone; run one test at a time</source>
        <translation>ほかの Diskometer の実行 (pid %1) が同時にこのドライブを使っていました: ドライブを共有していたため、この結果は単独のときより低くなっています。テストは一度に一つずつ実行してください</translation>
    </message>
    <message>
        <source>removed a test file left behind by an earlier run: %1</source>
        <translation>以前の実行が残したテストファイルを削除しました: %1</translation>
    </message>
    <message>
        <source>the test file is sparse: reads of its holes never reach the device</source>
        <translation>テストファイルがスパースです: 穴の部分の読み込みはデバイスに届きません</translation>
    </message>
    <message>
        <source>io_uring is not available here (%1): ran with libaio</source>
        <translation>ここでは io_uring を使えません (%1): libaio で実行しました</translation>
    </message>
    <message>
        <source>the run stopped after %1: the device stopped answering, so the %2 test(s) after it were not run</source>
        <translation>%1 の後で実行を止めました: デバイスが応答しなくなったため、その後の %2 件のテストは実行していません</translation>
    </message>
</context>
<context>
    <name>dm::ScanPage</name>
    <message>
        <source>&amp;Device:</source>
        <translation>デバイス(&amp;D):</translation>
    </message>
    <message>
        <source>Positions read, evenly from the start to the end of the device</source>
        <translation>デバイスの先頭から末尾まで均等に読む位置の数</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>Bytes read at each position</source>
        <translation>各位置で読むバイト数</translation>
    </message>
    <message>
        <source>Random 4 KiB reads across the device, for the access time (0: none)</source>
        <translation>アクセスタイムを測る、デバイス全体へのランダムな 4 KiB 読み込みの回数 (0: なし)</translation>
    </message>
    <message>
        <source>Write &amp;back</source>
        <translation>書き戻し(&amp;B)</translation>
    </message>
    <message>
        <source>Also write each sample&apos;s data back and time it: unmounted devices only, after typing the device&apos;s name</source>
        <translation>各サンプルのデータを書き戻して時間も測ります: アンマウントしたデバイスのみ、デバイス名を入力して確認した後</translation>
    </message>
    <message>
        <source>samples of</source>
        <translation>サンプル ×</translation>
    </message>
    <message>
        <source>access reads</source>
        <translation>回のアクセス</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>サンプル(&amp;S):</translation>
    </message>
    <message>
        <source>Position on the device (%)</source>
        <translation>デバイス上の位置 (%)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>Access time (ms)</source>
        <translation>アクセス (ms)</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Access time</source>
        <translation>アクセスタイム</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>No block device to scan: plug one in, or run diskometer-cli scan DEVICE</source>
        <translation>スキャンできるブロックデバイスがありません: デバイスを接続するか、diskometer-cli scan DEVICE を実行してください</translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation>%1 をスキャン中…</translation>
    </message>
    <message>
        <source>Reading sample %1 of %2…</source>
        <translation type="vanished">サンプル %1/%2 を読み込み中…</translation>
    </message>
    <message>
        <source>Access time: %1 of %2 reads…</source>
        <translation type="vanished">アクセスタイム: %1/%2 回…</translation>
    </message>
    <message>
        <source>The scan of %1 stopped: %2</source>
        <translation>%1 のスキャンが止まりました: %2</translation>
    </message>
    <message>
        <source>Stopped: the samples read so far are shown</source>
        <translation>停止しました: ここまでに読んだサンプルを表示しています</translation>
    </message>
    <message>
        <source>Scanned %1</source>
        <translation>%1 をスキャンしました</translation>
    </message>
    <message>
        <source>&lt;p&gt;Reads the whole device at evenly spread positions: a drive that slows towards its end, or has slow spots, shows here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;デバイス全体を均等な位置で読み込みます。末尾ほど遅くなるドライブや、遅い箇所のあるドライブがわかります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Minimum</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Write average</source>
        <translation>書き込み平均</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>サンプル数</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>The surface scan</source>
        <translation>表面スキャン</translation>
    </message>
    <message>
        <source>Surface s&amp;can</source>
        <translation>表面スキャン(&amp;C)</translation>
    </message>
    <message>
        <source>Read rate across the whole device, and access times</source>
        <translation>デバイス全体の読み込み速度とアクセスタイム</translation>
    </message>
    <message>
        <source>The surface scan writes back here: a write-back on a host&apos;s device is started from the command line (diskometer-cli remote ssh://HOST/DEVICE --kind scan --write-back --allow-destructive). Clear Write back to scan the hosts reading only.</source>
        <translation>この表面スキャンは書き戻しをします。ホストのデバイスへの書き戻しはコマンドラインから始めてください（diskometer-cli remote ssh://HOST/DEVICE --kind scan --write-back --allow-destructive）。読み取りだけでホストをスキャンするには「書き戻し」を外してください。</translation>
    </message>
</context>
<context>
    <name>dm::SettingsDialog</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>デフォルト</translation>
    </message>
    <message>
        <source>Peak Performance</source>
        <translation>ピークパフォーマンス</translation>
    </message>
    <message>
        <source>Real World Performance</source>
        <translation>実使用パフォーマンス</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>デモ</translation>
    </message>
    <message>
        <source>The %1 profile runs its own fixed tests; the tests set here are used by the Default profile.</source>
        <translation>%1 プロファイルは固定のテストを実行します。ここで設定したテストはデフォルト プロファイルで使われます。</translation>
    </message>
    <message>
        <source>SEQ</source>
        <translation>SEQ</translation>
    </message>
    <message>
        <source>RND</source>
        <translation>RND</translation>
    </message>
    <message>
        <source>Sequential</source>
        <translation>シーケンシャル</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>%1 s (for flash media)</source>
        <translation type="vanished">%1 秒 (フラッシュメディア向け)</translation>
    </message>
    <message>
        <source>Random (incompressible)</source>
        <translation>ランダム (圧縮不可)</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>ゼロ (0Fill)</translation>
    </message>
    <message>
        <source>The kernel&apos;s asynchronous I/O, as fio&apos;s libaio engine uses it: figures compare with fio&apos;s</source>
        <translation>カーネルの非同期 I/O (fio の libaio エンジンと同じ使い方): 結果を fio と比べられます</translation>
    </message>
    <message>
        <source>Less CPU per I/O, most of all with large blocks; falls back to libaio where it cannot run</source>
        <translation>I/O あたりの CPU が少なく、特に大きなブロックで有利です。使えない環境では libaio で実行します</translation>
    </message>
    <message>
        <source>Not available here (%1): a run falls back to libaio</source>
        <translation>この環境では使えません (%1): libaio で実行します</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>Flash Memory</source>
        <translation>フラッシュメモリ</translation>
    </message>
</context>
<context>
    <name>dm::SustainedPage</name>
    <message>
        <source>A test file is written here and removed when the test ends</source>
        <translation>ここにテストファイルを書き込み、テスト終了時に削除します</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>フォルダー(&amp;F):</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>How much to write: more than the drive&apos;s cache, to see where it runs out</source>
        <translation>書き込む量: キャッシュが尽きる位置を見るには、ドライブのキャッシュより多くします</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>書き込み量(&amp;A):</translation>
    </message>
    <message>
        <source>Written (GB)</source>
        <translation>書き込み量 (GB)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>Writing %1 to %2…</source>
        <translation>%2 に %1 を書き込み中…</translation>
    </message>
    <message>
        <source>Written %1 of %2 at %3</source>
        <translation type="vanished">%1/%2 書き込み済み、%3</translation>
    </message>
    <message>
        <source>Cache runs out</source>
        <translation>キャッシュ切れ</translation>
    </message>
    <message>
        <source>The write stopped: %1</source>
        <translation>書き込みが止まりました: %1</translation>
    </message>
    <message>
        <source>Stopped: the test file is removed; what was written so far is shown</source>
        <translation>停止しました: テストファイルは削除済みです。ここまでの結果を表示しています</translation>
    </message>
    <message>
        <source>Wrote %1 in %2; the test file is removed</source>
        <translation>%1 を %2 で書き込みました。テストファイルは削除済みです</translation>
    </message>
    <message>
        <source>&lt;p&gt;Writes one long file and shows where the drive&apos;s cache runs out and what it sustains after.&lt;/p&gt;</source>
        <translation>&lt;p&gt;大きなファイルを 1 つ書き込み、ドライブのキャッシュが尽きる位置と、その後に維持できる速度を示します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>書き込み量</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>キャッシュ</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>キャッシュ内</translation>
    </message>
    <message>
        <source>Sustained</source>
        <translation>持続</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>検出なし</translation>
    </message>
    <message>
        <source>Too few samples to tell (%1; a cliff needs %2): write more.</source>
        <translation>サンプルが少なすぎて判定できません (%1 個、判定には %2 個必要): もっと多く書き込んでください。</translation>
    </message>
    <message>
        <source>The rate stays level: no lasting fall of %1 % or more.</source>
        <translation>速度はほぼ一定です: %1 % 以上の持続的な低下はありません。</translation>
    </message>
    <message>
        <source>The rate declines gradually, not at a cliff.</source>
        <translation>速度は急落ではなく、徐々に下がっています。</translation>
    </message>
    <message>
        <source>The rate falls but comes back up: a pause, not the cache running out.</source>
        <translation>速度は一度下がりますが回復しています: キャッシュ切れではなく一時的な停滞です。</translation>
    </message>
    <message>
        <source>The sustained write</source>
        <translation>連続書き込み</translation>
    </message>
    <message>
        <source>Sustained &amp;write</source>
        <translation>連続書き込み(&amp;W)</translation>
    </message>
    <message>
        <source>One long write: where the drive&apos;s cache runs out</source>
        <translation>長い書き込み: ドライブのキャッシュが尽きる位置</translation>
    </message>
    <message>
        <source>°C</source>
        <translation>°C</translation>
    </message>
    <message>
        <source>Drive temperature</source>
        <translation>ドライブ温度</translation>
    </message>
    <message>
        <source>Throttled at %1 °C</source>
        <translation>%1 °C でスロットリング</translation>
    </message>
    <message>
        <source>Throttled</source>
        <translation>スロットリング</translation>
    </message>
    <message>
        <source>at %1, %2 °C</source>
        <translation>%1 時点、%2 °C</translation>
    </message>
    <message>
        <source>The rate fell as the drive got hot: it slowed itself down to cool off, so this is not where its cache runs out.</source>
        <translation>ドライブが熱くなって速度が落ちました。冷えるために自ら速度を下げたもので、キャッシュが尽きた位置ではありません。</translation>
    </message>
</context>
<context>
    <name>dm::SweepPage</name>
    <message>
        <source>&amp;Folder:</source>
        <translation>フォルダー(&amp;F):</translation>
    </message>
    <message>
        <source>Sequential</source>
        <translation>シーケンシャル</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>Read and write</source>
        <translation>読み込みと書き込み</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>&amp;Test:</source>
        <translation>テスト(&amp;T):</translation>
    </message>
    <message>
        <source>Block size (KiB)</source>
        <translation>ブロックサイズ (KiB)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation>読み込み MB/s</translation>
    </message>
    <message>
        <source>Write MB/s</source>
        <translation>書き込み MB/s</translation>
    </message>
    <message>
        <source>Read IOPS</source>
        <translation>読み込み IOPS</translation>
    </message>
    <message>
        <source>Write IOPS</source>
        <translation>書き込み IOPS</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation>%1 を準備中…</translation>
    </message>
    <message>
        <source>write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Preparing the test file…</source>
        <translation type="vanished">テストファイルを準備中…</translation>
    </message>
    <message>
        <source>Measuring %1 (%2 of %3)…</source>
        <translation type="vanished">%1 を測定中 (%2/%3)…</translation>
    </message>
    <message>
        <source>Stopped: the block sizes measured so far are shown</source>
        <translation>停止しました: ここまでに測ったブロックサイズを表示しています</translation>
    </message>
    <message>
        <source>Some block sizes failed: %1</source>
        <translation>一部のブロックサイズで失敗しました: %1</translation>
    </message>
    <message>
        <source>Measured %1 block sizes; the test file is removed</source>
        <translation>%1 種類のブロックサイズを測定しました。テストファイルは削除済みです</translation>
    </message>
    <message>
        <source>&lt;p&gt;Measures one pattern at every block size from 4 KiB to 16 MiB: where the speed levels off is the size the drive likes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;1 つのパターンを 4 KiB から 16 MiB までの各ブロックサイズで測ります。速度が頭打ちになる位置が、ドライブの得意なサイズです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最高</translation>
    </message>
    <message>
        <source>90 % from</source>
        <translation>90 % に達するサイズ</translation>
    </message>
    <message>
        <source>The block-size sweep</source>
        <translation>ブロックサイズ測定</translation>
    </message>
    <message>
        <source>Block si&amp;zes</source>
        <translation>ブロックサイズ(&amp;Z)</translation>
    </message>
    <message>
        <source>MB/s and IOPS from 4 KiB to 16 MiB blocks</source>
        <translation>4 KiB から 16 MiB までのブロックでの MB/s と IOPS</translation>
    </message>
    <message>
        <source>°C</source>
        <translation>°C</translation>
    </message>
    <message>
        <source>Drive °C</source>
        <translation>ドライブ °C</translation>
    </message>
</context>
<context>
    <name>dm::TargetCombo</name>
    <message>
        <source>Choose a folder to test in</source>
        <translation>テストするフォルダーを選択</translation>
    </message>
    <message>
        <source>%1  %2 free of %3</source>
        <translation>%1  空き %2 / 全体 %3</translation>
    </message>
    <message>
        <source>Block devices (raw)</source>
        <translation>ブロックデバイス (直接)</translation>
    </message>
    <message>
        <source>mounted on %1</source>
        <translation>%1 にマウント中</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>フォルダーを選択…</translation>
    </message>
</context>
<context>
    <name>dm::TargetWarnings</name>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上の %1</translation>
    </message>
    <message>
        <source>btrfs compresses what is written here (%1) and is copy-on-write: results differ from the drive&apos;s own, and test data of zeros would measure the compressor</source>
        <translation>btrfs はここに書き込むデータを圧縮し (%1)、コピーオンライトでもあります: 結果はドライブ本来の性能とは異なり、テストデータがゼロだと圧縮処理を測ることになります</translation>
    </message>
    <message>
        <source>btrfs is copy-on-write: every write goes to a new place on the drive, so results differ from the drive&apos;s own</source>
        <translation>btrfs はコピーオンライトです: 書き込みのたびにドライブ上の新しい場所へ書くため、結果はドライブ本来の性能とは異なります</translation>
    </message>
    <message>
        <source>ZFS is copy-on-write, may compress and keeps a cache in RAM (ARC); before OpenZFS 2.3 it also ignores direct I/O: results may measure memory rather than the drive</source>
        <translation>ZFS はコピーオンライトで、圧縮することがあり、RAM にキャッシュ (ARC) を持ちます。OpenZFS 2.3 より前はダイレクト I/O も無視します: 結果はドライブではなくメモリの性能かもしれません</translation>
    </message>
    <message>
        <source>bcachefs compresses what is written here (%1) and is copy-on-write: results differ from the drive&apos;s own</source>
        <translation>bcachefs はここに書き込むデータを圧縮し (%1)、コピーオンライトでもあります: 結果はドライブ本来の性能とは異なります</translation>
    </message>
    <message>
        <source>bcachefs is copy-on-write: results differ from the drive&apos;s own</source>
        <translation>bcachefs はコピーオンライトです: 結果はドライブ本来の性能とは異なります</translation>
    </message>
    <message>
        <source>F2FS compresses files here (%1): results may differ from the drive&apos;s own</source>
        <translation>F2FS はここのファイルを圧縮します (%1): 結果はドライブ本来の性能と異なるかもしれません</translation>
    </message>
    <message>
        <source>network filesystem (%1): results measure the network and the server, not a local drive</source>
        <translation>ネットワークファイルシステム (%1): 結果はローカルのドライブではなく、ネットワークとサーバーの性能です</translation>
    </message>
    <message>
        <source>FUSE filesystem (%1): every I/O passes through a program in user space, so results measure that program as much as the drive</source>
        <translation>FUSE ファイルシステム (%1): すべての I/O がユーザー空間のプログラムを通るため、結果にはドライブと同じくらいそのプログラムの性能が表れます</translation>
    </message>
    <message>
        <source>%1 is RAM, not a drive: results measure memory</source>
        <translation>%1 はドライブではなく RAM です: 結果はメモリの性能です</translation>
    </message>
    <message>
        <source>encrypted device (dm-crypt %1): results include the cost of encryption on the CPU</source>
        <translation>暗号化デバイス (dm-crypt %1): 結果には CPU での暗号化の負荷が含まれます</translation>
    </message>
    <message>
        <source>%1 is compressed RAM, not a drive: results measure memory and the compressor</source>
        <translation>%1 はドライブではなく圧縮された RAM です: 結果はメモリと圧縮処理の性能です</translation>
    </message>
    <message>
        <source>%1 is backed by %2, a file in RAM, not a drive: results measure memory</source>
        <translation>%1 の実体はドライブではなく RAM 上のファイル %2 です: 結果はメモリの性能です</translation>
    </message>
    <message>
        <source>%1 reaches its file %2 through the page cache: results measure RAM as much as the drive (losetup --direct-io=on avoids that)</source>
        <translation>%1 はページキャッシュを通してファイル %2 を読み書きします: 結果にはドライブと同じくらい RAM の性能が表れます (losetup --direct-io=on で避けられます)</translation>
    </message>
    <message>
        <source>%1 MB/s read</source>
        <translation>読み込み %1 MB/s</translation>
    </message>
    <message>
        <source>%1 MB/s written</source>
        <translation>書き込み %1 MB/s</translation>
    </message>
    <message>
        <source>1 I/O in flight</source>
        <translation>処理中の I/O 1 件</translation>
    </message>
    <message>
        <source>%1 I/Os in flight</source>
        <translation>処理中の I/O %1 件</translation>
    </message>
    <message>
        <source>other I/O on %1 just before the run: results may be lower than the drive can do; stop what uses it and run again</source>
        <translation>実行直前に %1 で他の I/O がありました: 結果がドライブ本来の性能より低くなるかもしれません。使用しているものを止めてから、もう一度実行してください</translation>
    </message>
</context>
<context>
    <name>dm::TestKind</name>
    <message>
        <source>Benchmark</source>
        <translation>ベンチマーク</translation>
    </message>
    <message>
        <source>Surface scan</source>
        <translation>表面スキャン</translation>
    </message>
    <message>
        <source>Position (%)</source>
        <translation>位置 (%)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>write-back</source>
        <translation>書き戻し</translation>
    </message>
    <message>
        <source>Sustained write</source>
        <translation>連続書き込み</translation>
    </message>
    <message>
        <source>GB written</source>
        <translation>書き込み量 (GB)</translation>
    </message>
    <message>
        <source>write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>Block-size sweep</source>
        <translation>ブロックサイズ測定</translation>
    </message>
    <message>
        <source>Capacity check</source>
        <translation>容量チェック</translation>
    </message>
    <message>
        <source>Block size (KiB)</source>
        <translation>ブロックサイズ (KiB)</translation>
    </message>
    <message>
        <source>Copy test</source>
        <translation>コピーテスト</translation>
    </message>
    <message>
        <source>ISO</source>
        <translation>ISO</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>プログラム</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>Small files</source>
        <translation>小さなファイル</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>Stat</source>
        <translation>stat</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>読み取り</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
</context>
<context>
    <name>dm::TestPage</name>
    <message>
        <source>%1 does not run on hosts from the window: use diskometer-cli remote ssh://HOST/PATH --kind KIND (docs/REMOTE.md).</source>
        <translation>%1 はウィンドウからホストで実行できません。diskometer-cli remote ssh://HOST/PATH --kind KIND を使ってください（docs/REMOTE.md）。</translation>
    </message>
</context>
<context>
    <name>dm::TileFormat</name>
    <message>
        <source>Read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>Mix (%1% read)</source>
        <translation>Mix (読み込み %1%)</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <source>No result yet</source>
        <translation>まだ結果はありません</translation>
    </message>
    <message>
        <source>Before it failed:</source>
        <translation>失敗する前の結果:</translation>
    </message>
    <message>
        <source>Latency mean: %1 %2</source>
        <translation>平均レイテンシ: %1 %2</translation>
    </message>
    <message>
        <source>Latency p50: %1 %2</source>
        <translation>レイテンシ p50: %1 %2</translation>
    </message>
    <message>
        <source>Latency p99: %1 %2</source>
        <translation>レイテンシ p99: %1 %2</translation>
    </message>
    <message>
        <source>Latency p99.9: %1 %2</source>
        <translation>レイテンシ p99.9: %1 %2</translation>
    </message>
    <message>
        <source>Latency max: %1 %2</source>
        <translation>最大レイテンシ: %1 %2</translation>
    </message>
    <message>
        <source>Passes: %1, shown: pass %2</source>
        <translation>測定回数: %1、表示: %2 回目</translation>
    </message>
    <message>
        <source>Median: %1 %2</source>
        <translation>中央値: %1 %2</translation>
    </message>
    <message>
        <source>Min: %1 %2</source>
        <translation>最小: %1 %2</translation>
    </message>
    <message>
        <source>Max: %1 %2</source>
        <translation>最大: %1 %2</translation>
    </message>
    <message>
        <source>CV: %1%</source>
        <translation>変動係数 (CV): %1%</translation>
    </message>
</context>
<context>
    <name>dm::ToolPage</name>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Comment (shown in the image and the reports)</source>
        <translation>コメント (画像とレポートに表示されます)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>Save Image…</source>
        <translation>画像を保存…</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>CSV を保存…</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>JSON を保存…</translation>
    </message>
    <message>
        <source>Stopped before the test began</source>
        <translation>テスト開始前に停止しました</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止中…</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>残り %1</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written to %1</source>
        <translation type="vanished">キャンセルしました: %1 には何も書き込んでいません</translation>
    </message>
    <message>
        <source>Asking for permission to open %1…</source>
        <translation type="vanished">%1 を開く許可を求めています…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 に保存しました</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation>%1 を準備中…</translation>
    </message>
    <message>
        <source>Another test is running: stop it first, or wait for it to end</source>
        <translation>別のテストを実行中です: 先に停止するか、終わるまで待ってください</translation>
    </message>
</context>
<context>
    <name>dm::UdisksOpener</name>
    <message>
        <source>UDisks2 is not running: run diskometer-cli with sudo, or add yourself to the &apos;disk&apos; group (then log out and in)</source>
        <translation>UDisks2 が動作していません: diskometer-cli を sudo で実行するか、自分を &apos;disk&apos; グループに追加してください (その後、ログインし直してください)</translation>
    </message>
    <message>
        <source>not authorised by polkit: this system&apos;s policy does not let you open %1; ask an administrator, or run diskometer-cli with sudo</source>
        <translation>polkit に許可されませんでした: このシステムのポリシーでは %1 を開けません。管理者に相談するか、diskometer-cli を sudo で実行してください</translation>
    </message>
    <message>
        <source>not authorised by polkit: opening %1 needs an administrator&apos;s password, and no polkit agent asked for it; start it from your desktop session (whose agent asks), or run diskometer-cli with sudo</source>
        <translation>polkit に許可されませんでした: %1 を開くには管理者のパスワードが必要ですが、それを尋ねる polkit エージェントがありません。デスクトップセッションから起動する (そのエージェントが尋ねます) か、diskometer-cli を sudo で実行してください</translation>
    </message>
    <message>
        <source>not authorised by polkit: the password dialog was dismissed; start again and enter the password to test %1</source>
        <translation>polkit に許可されませんでした: パスワードのダイアログが閉じられました。%1 をテストするには、もう一度開始してパスワードを入力してください</translation>
    </message>
    <message>
        <source>UDisks2 did not answer in time while opening %1 (was the password dialog left open?): start again</source>
        <translation>%1 を開く間に UDisks2 が時間内に応答しませんでした (パスワードのダイアログを開いたままにしていませんか？): もう一度開始してください</translation>
    </message>
    <message>
        <source>%1 is in use (mounted, swap, LVM, RAID or held by another program): stop that use first; Diskometer never writes to a device that is in use</source>
        <translation>%1 は使用中です (マウント、スワップ、LVM、RAID、または他のプログラムが使用): 先にその使用を止めてください。Diskometer は使用中のデバイスには決して書き込みません</translation>
    </message>
    <message>
        <source>UDisks2 could not open %1: %2</source>
        <translation>UDisks2 が %1 を開けませんでした: %2</translation>
    </message>
    <message>
        <source>UDisks2 does not know %1: give a block device such as /dev/sdb (if it is one, udev may not be running)</source>
        <translation>UDisks2 は %1 を知りません: /dev/sdb のようなブロックデバイスを指定してください (ブロックデバイスなら、udev が動作していないのかもしれません)</translation>
    </message>
    <message>
        <source>UDisks2 opened %1 but its descriptor did not arrive (this D-Bus connection cannot pass descriptors)</source>
        <translation>UDisks2 は %1 を開きましたが、ディスクリプタが届きませんでした (この D-Bus 接続はディスクリプタを渡せません)</translation>
    </message>
    <message>
        <source>cannot keep the descriptor UDisks2 opened for %1: %2</source>
        <translation>UDisks2 が %1 のために開いたディスクリプタを保持できません: %2</translation>
    </message>
</context>
</TS>
