#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a man page from the built program's own --help, so the page says what the program does.

    make-manpage.py cli     --program diskometer-cli --commands diskometer-cli-commands ... --out F
    make-manpage.py window  --program diskometer ... --out F

`cli` runs `diskometer-cli --help`, then `diskometer-cli COMMAND --help` for every command that
`diskometer-cli-commands` lists (the table main() dispatches through), and lays them out as one
page. help2man was considered: it turns one --help into a page, but knows nothing of subcommands
that each have their own parser, and its guesses at sections fit GNU-style help, not Qt's.

The help texts come from QCommandLineParser: a "Usage:" line, a description, then "Options:" and
"Arguments:" blocks of "  -x, --name <VALUE>   text" with continuation lines indented to the text
column. A command with a hand-written help (fio-job) is kept as paragraphs.
"""
import argparse
import email.utils
import os
import re
import subprocess
import sys

ENVIRONMENT = [
    ("XDG_DATA_HOME", "The history is kept in $XDG_DATA_HOME/diskometer/history.sqlite "
                      "(default ~/.local/share/diskometer/history.sqlite)."),
    ("DISKOMETER_HISTORY_DB", "Use this file as the history instead."),
]


def run_help(emulator, program, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8", LANG="C.UTF-8")
    out = subprocess.run([*emulator, program, *args, "--help"], env=env, check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return out.stdout.decode("utf-8")


def esc(text):
    """Roff-escapes running text: backslashes, and dashes so that options copy and search well."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return text


def line(text):
    """A text line that roff must not read as a request."""
    text = esc(text)
    return "\\&" + text if text.startswith((".", "'")) else text


def parse_help(text):
    """-> (usage, description paragraphs, [(section, [(term, text)])])."""
    lines = text.rstrip("\n").split("\n")
    usage = ""
    if lines and lines[0].startswith("Usage: "):
        usage = lines.pop(0)[len("Usage: "):].strip()
    description, blocks = [], []
    para = []
    i = 0
    while i < len(lines) and lines[i].rstrip() not in ("Options:", "Arguments:"):
        if lines[i].strip():
            para.append(lines[i].rstrip())
        elif para:
            description.append(para)
            para = []
        i += 1
    if para:
        description.append(para)
    while i < len(lines):
        header = lines[i].rstrip()
        i += 1
        if header not in ("Options:", "Arguments:"):
            continue
        items = []
        while i < len(lines) and lines[i].strip():
            m = re.match(r"^  (\S.*?)(?:\s{2,}(\S.*))?$", lines[i])
            continuation = items and lines[i].startswith("   ")
            if continuation:
                term, body = items[-1]
                items[-1] = (term, (body + " " + lines[i].strip()).strip())
            elif m:
                items.append((m.group(1).strip(), (m.group(2) or "").strip()))
            i += 1
        blocks.append((header[:-1], items))
    return usage, description, blocks


def paragraph(lines):
    """Running text is filled; indented lines (a list of command lines) are kept as they are."""
    text = [l.strip() for l in lines if not l.startswith(" ")]
    kept = [l for l in lines if l.startswith(" ")]
    out = ".PP\n" + line(" ".join(text)) if text else ".PP"
    if kept:
        out += "\n.nf\n" + "\n".join(line(l[2:] if l.startswith("  ") else l.strip()) for l in kept) + "\n.fi"
    return out


def with_name(usage, name):
    """QCommandLineParser's usage starts with argv[0], the build tree's path: the installed name."""
    return name + " " + usage.split(" ", 1)[1] if " " in usage else name


def term_roff(term):
    """'-h, --help' -> bold option names, italic <VALUE>s."""
    if ", " in term and not term.startswith("<"):
        return ", ".join(term_roff(t) for t in term.split(", "))
    parts = re.split(r"(<[^>]+>)", term)
    out = []
    for p in parts:
        if p.startswith("<"):
            out.append("\\fI" + esc(p[1:-1]) + "\\fR")
        elif p:
            out.append("\\fB" + esc(p) + "\\fR")
    return "".join(out)


def render_blocks(blocks, out, skip_arguments=False, command=None):
    for section, items in blocks:
        # A command's own name is listed as its first argument ("The command."): not worth a line.
        items = [(t, b) for t, b in items if t != command]
        if (skip_arguments and section == "Arguments") or not items:
            continue
        if section == "Arguments":
            out.append(".PP\nArguments:")
        for term, body in items:
            out.append(".TP\n" + term_roff(term) + "\n" + line(body))


def header(name, date, version, summary):
    return [
        '.\\" Generated by packaging/make-manpage.py from the program\'s --help; do not edit.',
        f'.TH {name.upper()} 1 "{date}" "Diskometer {version}" "User Commands"',
        ".SH NAME",
        f"{esc(name)} \\- {esc(summary)}",
    ]


def footer(out, see_also):
    out.append(".SH ENVIRONMENT")
    for var, text in ENVIRONMENT:
        out.append(".TP\n.B " + var + "\n" + line(text))
    out.append(".SH SEE ALSO")
    out.append(", ".join(f"\\fB{esc(n)}\\fR({s})" for n, s in see_also))
    out.append(".PP\nThe README and docs/MEASURING.md of the source tree say how Diskometer measures.")


def changelog_date_and_version(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    version = re.match(r"^\S+ \(([^)]+)\)", text).group(1)
    trailer = re.search(r"^ -- .*?>  (.*)$", text, re.M).group(1)
    when = email.utils.parsedate_to_datetime(trailer)
    return when.strftime("%Y-%m-%d"), version


def cli_page(args, date, version):
    emulator = args.emulator
    listing = subprocess.run([*emulator, args.commands], check=True, stdout=subprocess.PIPE,
                             timeout=60).stdout.decode("utf-8")
    commands = [tuple(l.split("\t")) for l in listing.splitlines() if l.strip()]
    name = os.path.basename(args.name)
    out = header(name, date, version, "measure how fast drives read and write, without a display")
    usage, description, blocks = parse_help(run_help(emulator, args.program))
    out.append(".SH SYNOPSIS")
    syn = [f"\\fB{esc(name)}\\fR [\\fBrun\\fR] [\\fIoptions\\fR] [\\fITARGET\\fR]"]
    for cmd, cargs, _ in commands:
        if cmd != "run":
            syn.append(f"\\fB{esc(name)} {esc(cmd)}\\fR {esc(cargs)} [\\fIoptions\\fR]".rstrip())
    out.append("\n.br\n".join(syn))
    out.append(".SH DESCRIPTION")
    for p in description:
        if p[0] != "Commands:":  # the help's list of commands: the page's COMMANDS section below
            out.append(paragraph(p))
    out.append(".SH COMMANDS")
    for cmd, cargs, summary in commands:
        out.append(".TP\n" + f"\\fB{esc(cmd)}\\fR {esc(cargs)}".rstrip() + "\n" + line(summary[:1].upper() + summary[1:] + "."))
    out.append(".SH OPTIONS")
    out.append("The options of \\fBrun\\fR, the default command:")
    render_blocks(blocks, out, skip_arguments=True)
    for cmd, cargs, summary in commands:
        if cmd == "run":
            continue
        cusage, cdesc, cblocks = parse_help(run_help(emulator, args.program, cmd))
        out.append(".SH " + '"' + esc(f"{name} {cmd}".upper()) + '"')
        if cusage:
            out.append(".PP\n\\fB" + esc(with_name(cusage, name)) + "\\fR")
        for p in cdesc:
            out.append(paragraph(p))
        render_blocks(cblocks, out, command=cmd)
    footer(out, [("diskometer", 1), ("fio", 1)])
    return out


def window_page(args, date, version):
    name = os.path.basename(args.name)
    usage, description, blocks = parse_help(run_help(args.emulator, args.program))
    out = header(name, date, version, "storage benchmark for the Linux desktop")
    out.append(".SH SYNOPSIS")
    out.append(f"\\fB{esc(name)}\\fR [\\fIoptions\\fR]")
    out.append(".SH DESCRIPTION")
    for p in description:
        out.append(paragraph(p))
    out.append(".PP\n" + line("The window runs the same tests as diskometer-cli(1): the benchmark grid, "
                              "surface scan, sustained write and block size sweep, and keeps every run "
                              "in the history shared with the command line."))
    out.append(".SH OPTIONS")
    render_blocks(blocks, out)
    footer(out, [("diskometer-cli", 1)])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kind", choices=["cli", "window"])
    ap.add_argument("--program", required=True, help="the built program to ask for --help")
    ap.add_argument("--name", help="the installed program's name (default: the program's)")
    ap.add_argument("--commands", help="cli: diskometer-cli-commands")
    ap.add_argument("--changelog", required=True, help="packaging/changelog: version and date")
    ap.add_argument("--emulator", nargs="*", default=[], help="runs target programs (cross builds)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    args.name = args.name or args.program
    date, version = changelog_date_and_version(args.changelog)
    page = cli_page(args, date, version) if args.kind == "cli" else window_page(args, date, version)
    with open(args.out + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")
    os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    sys.exit(main())
