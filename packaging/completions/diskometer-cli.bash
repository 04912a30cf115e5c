# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for diskometer-cli. The commands are listed here (tests/cli/completion_test.cpp
# checks them against the CLI's own table); each command's options are read from its --help when
# completing, so they are never out of date.

_diskometer_cli_options()
{
    # QCommandLineParser prints "  -q, --quiet  ..." and "  --size <SIZE>  ...". A command whose
    # help lists no options that way (fio-job) takes the run options.
    local options
    options=$("$1" "${@:2}" --help 2>/dev/null | sed -n 's/^  *\(-[a-z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p')
    [ -n "$options" ] || [ $# -eq 1 ] || options=$(_diskometer_cli_options "$1")
    echo "$options"
}

_diskometer_cli()
{
    local cur prev words cword
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="run targets scan sustained sweep capacity copy health history fio-job remote"
    local cmd="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case " $commands " in *" ${COMP_WORDS[i]} "*) cmd=${COMP_WORDS[i]}; break ;; esac
    done

    case $prev in
    --profile) COMPREPLY=($(compgen -W "default peak real demo" -- "$cur")); return ;;
    --preset) COMPREPLY=($(compgen -W "default nvme" -- "$cur")); return ;;
    --mode) COMPREPLY=($(compgen -W "all read write" -- "$cur")); return ;;
    --data) COMPREPLY=($(compgen -W "random zeros" -- "$cur")); return ;;
    --engine) COMPREPLY=($(compgen -W "libaio io_uring" -- "$cur")); return ;;
    --pattern) COMPREPLY=($(compgen -W "seq rnd" -- "$cur")); return ;;
    --metric) COMPREPLY=($(compgen -W "mbps iops us" -- "$cur")); return ;;
    --text | --json | --markdown | --csv)
        # `history`, `targets` and `health` take --json as a switch; elsewhere it names a file (or -).
        if [ "$cmd" != history ] && [ "$cmd" != targets ] && [ "$cmd" != health ]; then
            COMPREPLY=($(compgen -f -- "$cur"))
            return
        fi
        ;;
    --count | --size | --measure | --interval | --warmup | --mix | --seed | --comment | --tests | \
        --samples | --sample-size | --access-samples | --total | --queue-depth | --threads | --min | --max)
        return ;;
    esac

    if [[ $cur == -* ]]; then
        local prog=${COMP_WORDS[0]}
        if [ -n "$cmd" ] && [ "$cmd" != run ]; then
            COMPREPLY=($(compgen -W "$(_diskometer_cli_options "$prog" "$cmd")" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_diskometer_cli_options "$prog")" -- "$cur"))
        fi
        return
    fi
    case $cmd in
    "")
        # The first word: a command, or a target for the default `run`.
        COMPREPLY=($(compgen -W "$commands" -- "$cur") $(compgen -f -- "$cur"))
        ;;
    history)
        local sub="" j
        for ((j = i + 1; j < COMP_CWORD; j++)); do
            [[ ${COMP_WORDS[j]} != -* ]] && { sub=${COMP_WORDS[j]}; break; }
        done
        if [ -z "$sub" ]; then
            COMPREPLY=($(compgen -W "list show compare import delete" -- "$cur"))
        elif [ "$sub" = import ]; then
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    targets | remote) ;; # remote takes HOST[:PORT]:PATH, nothing to complete from here
    scan | health) COMPREPLY=($(compgen -f -- "${cur:-/dev/}")) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _diskometer_cli diskometer-cli
