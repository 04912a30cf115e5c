#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes diskometer-cli's bash, zsh and fish completions from their templates and the CLI's command table.

The table is what `diskometer-cli-commands` prints ("name<TAB>arguments<TAB>summary", `run` first),
the same the man page is made from, so a new kind's command is completed as soon as it is in the
table (src/kinds/CMakeLists.txt): no completion file names a command by hand. What a command's
argument is decides how its word is completed: a DEVICE under /dev, nothing for hosts or no
argument, a file otherwise. The commands that are not test kinds keep their own cases in the
templates (history's subcommands; run and fio-job, which take the run options).
"""
import argparse
import os
import subprocess

# Completed by the templates' own cases, never by the generic "options from COMMAND --help" one.
OWN_CASES = {"run", "history", "fio-job"}


def read_commands(emulator, program):
    out = subprocess.run([*emulator, program], check=True, stdout=subprocess.PIPE, timeout=60)
    return [tuple(l.split("\t")) for l in out.stdout.decode("utf-8").splitlines() if l.strip()]


def zsh_quote(text):
    return "'" + text.replace("'", "'\"'\"'") + "'"


def fish_quote(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def markers(commands):
    names = [c[0] for c in commands]
    device = [n for n, a, _ in commands if "DEVICE" in a]
    no_file = [n for n, a, _ in commands if (not a or "HOST" in a) and n not in OWN_CASES]
    return {
        "COMMANDS": " ".join(names),
        "DEVICE_COMMANDS": " | ".join(device),
        "NO_FILE_COMMANDS": " | ".join(no_file),
        "OPTION_COMMANDS": "|".join(n for n in names if n not in OWN_CASES),
        "ZSH_COMMANDS": "\n".join("    " + zsh_quote(f"{n}:{s}") for n, _, s in commands),
        "FISH_COMMANDS": "\n".join(
            f"complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a {n} -d {fish_quote(s)}"
            for n, _, s in commands),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--commands", required=True, help="the diskometer-cli-commands program")
    ap.add_argument("--emulator", nargs="*", default=[], help="runs a cross-built program (qemu-user)")
    ap.add_argument("--templates", required=True, help="the folder of the .in templates")
    ap.add_argument("--out", required=True, help="the folder the completions are written to")
    args = ap.parse_args()
    values = markers(read_commands(args.emulator, args.commands))
    os.makedirs(args.out, exist_ok=True)
    for name in ("diskometer-cli.bash", "_diskometer-cli", "diskometer-cli.fish"):
        with open(os.path.join(args.templates, name + ".in"), encoding="utf-8") as f:
            text = f.read()
        for key, value in values.items():
            text = text.replace(f"@{key}@", value)
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
