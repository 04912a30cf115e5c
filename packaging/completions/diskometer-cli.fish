# SPDX-License-Identifier: GPL-3.0-or-later
# fish completion for diskometer-cli: the commands (checked against the CLI's own table by
# tests/cli/completion_test.cpp), and each command's long options read from its --help.

function __diskometer_cli_command
    set -l words (commandline -opc)
    for w in $words[2..-1]
        switch $w
            case run targets scan sustained sweep capacity copy health history fio-job remote
                echo $w
                return
        end
    end
end

function __diskometer_cli_options
    set -l cmd (__diskometer_cli_command)
    set -l args
    if test -n "$cmd"; and test "$cmd" != run
        set args $cmd
    end
    set -l options (diskometer-cli $args --help 2>/dev/null | string replace -r -f '^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)(?: <\S+>)?\s+(.*)$' '$1\t$2')
    # A command whose help lists no options that way (fio-job) takes the run options.
    if test (count $options) -eq 0
        set options (diskometer-cli --help 2>/dev/null | string replace -r -f '^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)(?: <\S+>)?\s+(.*)$' '$1\t$2')
    end
    printf '%s\n' $options
end

complete -c diskometer-cli -f
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a run -d 'the benchmark grid (the default command)'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a targets -d 'list the filesystems and drives that can be tested'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a scan -d 'read a block device end to end (surface scan)'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a sustained -d 'write gigabytes to find where the cache runs out'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a sweep -d 'measure every block size from 4 KiB to 16 MiB'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a capacity -d 'check that a stick holds what it announces'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a copy -d 'copy sets of files on the drive, as AS SSD copy benchmark'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a health -d 'show each drive health, temperature and SMART figures'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a history -d 'list, show, compare, import and delete stored runs'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a fio-job -d 'print an fio job file that runs the same tests'
complete -c diskometer-cli -n 'test -z (__diskometer_cli_command)' -a remote -d 'run the grid on other machines through fio client/server'
complete -c diskometer-cli -n '__fish_seen_subcommand_from history; and not __fish_seen_subcommand_from list show compare import delete' -a 'list show compare import delete'
complete -c diskometer-cli -n 'string match -q -- "-*" (commandline -ct)' -a '(__diskometer_cli_options)'
complete -c diskometer-cli -n 'not string match -q -- "-*" (commandline -ct); and not __fish_seen_subcommand_from history' -F
