#!/usr/bin/env bash
# Runs a command and prints what it cost the machine: wall seconds, busy CPU-seconds of all cores (from
# /proc/stat, so child processes and their threads count) and how busy the cores were. For steps of the
# suite on a machine where nothing else runs, e.g. `bash bench/investigations/cpu-of.sh npx vitest run`;
# compare variants in interleaved rounds.
set -uo pipefail
read_cpu() { awk '/^cpu /{idle=$5+$6; total=0; for(i=2;i<=NF;i++) total+=$i; print total, idle}' /proc/stat; }
hz=$(getconf CLK_TCK)
cores=$(nproc)
read -r total0 idle0 < <(read_cpu)
start=$(date +%s.%N)
"$@"
status=$?
read -r total1 idle1 < <(read_cpu)
end=$(date +%s.%N)
awk -v t0="$total0" -v i0="$idle0" -v t1="$total1" -v i1="$idle1" -v s0="$start" -v s1="$end" -v hz="$hz" -v c="$cores" \
  'BEGIN { busy = ((t1 - t0) - (i1 - i0)) / hz; wall = s1 - s0; printf "== wall %.1f s, busy %.1f CPU-s, %.0f%% of %d cores\n", wall, busy, 100 * busy / (wall * c), c }' >&2
exit $status
