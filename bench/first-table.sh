#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The table of lexicographically first solutions (OEIS A141843) in docs/first/: for each n the
# answer, its proof (xz), the time, and the result of a full audit. Usage:
#   bench/first-table.sh solve FROM TO [LIMIT_SECONDS]   find and prove the rows not yet in the
#                                                        table (default limit 600 s each); a run
#                                                        over its limit keeps its checkpoint,
#                                                        compressed, in docs/first/, and the next
#                                                        run (on any machine) resumes from it;
#                                                        then `estimate` says where it stands
#   bench/first-table.sh cheapest COUNT [LIMIT_SECONDS]  solve the COUNT open rows whose
#                                                        projections (nNNN.open.json) are
#                                                        smallest, smallest first
#   bench/first-table.sh audit FROM TO [LIMIT_SECONDS]   audit-first --full of every proof there
#   bench/first-table.sh estimate FROM TO [PATHS [LIMIT]]  for each row not in the table that
#                                                        has a checkpoint: what is left where it
#                                                        stands (solve --estimate; default 20000
#                                                        paths or 60 s, whichever comes first)
#   bench/first-table.sh complete FROM TO [LIMIT]        for each open row: `nqueens complete` on
#                                                        its open probe's board (the settled rows
#                                                        and the probe's queen) for LIMIT seconds
#                                                        (default 60); a completion found would
#                                                        settle the row, since every column left of
#                                                        the probe is refuted. Written into
#                                                        nNNN.open.json as "probe_completion"
#   bench/first-table.sh table                           docs/first/README.md's tables (the rows,
#                                                        and the open ones with their estimates)
#                                                        and the b-file docs/first/b141843.txt
#   bench/first-table.sh check                           audit every proof again (no writes)
# Each row is docs/first/nNNN.json: solve --json plus the wall time, the processor and the date;
# its proof is docs/first/nNNN.proof.xz and its audit's output docs/first/nNNN.audit. A row not
# finished has docs/first/nNNN.checkpoint.xz (its search so far) and nNNN.open.json instead:
# the runs it has had ("runs": seconds, threads, processor, date each), where its checkpoint
# stands and the estimate. A row finished over several runs says so: "total_seconds" adds them.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${NQ_BIN:-build/release/nqueens}
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 --target nqueens >/dev/null; }
dir=docs/first
work=build/first-table
mkdir -p "$dir" "$work"
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
threads=${THREADS:-$(nproc)}
name() { printf '%s/n%03d' "$dir" "$1"; }

# The row's checkpoint in $work, from docs/first/ when this machine has none (another machine's
# runs); false when the row has none anywhere.
fetch_checkpoint() {
  local n=$1 base
  base=$(name "$n")
  [ -f "$work/n$n.checkpoint" ] && return 0
  [ -f "$base.checkpoint.xz" ] || return 1
  xz -dc "$base.checkpoint.xz" > "$work/n$n.checkpoint"
}

# After a run that stopped short: its time into the row's ledger (nNNN.open.json's "runs"), its
# checkpoint into docs/first/ (a checkpoint with a journal left over was killed: not kept).
record_run() {
  local n=$1 seconds=$2 status=$3 base
  base=$(name "$n")
  python3 - "$base.open.json" "$n" "$seconds" "$status" "$threads" "$cpu" <<'EOF'
import json, os, sys, datetime
f, n, seconds, status, threads, cpu = sys.argv[1:]
j = json.load(open(f)) if os.path.exists(f) else {"n": int(n), "open": True}
j.setdefault("runs", []).append({"seconds": round(float(seconds), 1), "exit": int(status),
                                 "threads": int(threads), "processor": cpu,
                                 "date": datetime.date.today().isoformat()})
json.dump(j, open(f, "w"))
open(f, "a").write("\n")
EOF
  if [ -f "$work/n$n.checkpoint.journal" ]; then
    echo "n = $n: $work/n$n.checkpoint has a journal left (a killed run): not copied to $dir"
  elif [ -f "$work/n$n.checkpoint" ]; then
    xz -9 -c "$work/n$n.checkpoint" > "$base.checkpoint.xz"
  fi
}

solve() {
  local n=$1 limit=$2 base
  base=$(name "$n")
  [ -f "$base.json" ] && return 0
  local start end status=0
  fetch_checkpoint "$n" || true
  start=$(date +%s.%N)
  "$bin" solve "$n" --method first --json -q --threads "$threads" --timeout "$limit" \
    --checkpoint "$work/n$n.checkpoint" --proof "$work/n$n.proof" > "$work/n$n.json" || status=$?
  end=$(date +%s.%N)
  # Exit 1 with an empty solution: there is none (n = 2, 3), which is an answer too.
  if [ "$status" = 1 ] && grep -q '"solution":\[\]' "$work/n$n.json"; then status=0; fi
  if [ "$status" != 0 ]; then
    record_run "$n" "$(echo "$end - $start" | bc -l)" "$status"
    echo "n = $n: not finished in $limit s (exit $status); checkpoint $base.checkpoint.xz"
    estimate "$n" 5000 20  # where the kept checkpoint stands, so nNNN.open.json says so
    return 0
  fi
  python3 - "$work/n$n.json" "$base.json" "$(echo "$end - $start" | bc -l)" "$cpu" "$threads" \
    "$base.open.json" <<'EOF'
import json, os, sys, datetime
j = json.load(open(sys.argv[1]))
j["wall_seconds"] = round(float(sys.argv[3]), 3)
j["processor"] = sys.argv[4]
j["threads"] = int(sys.argv[5])
j["date"] = datetime.date.today().isoformat()
runs = json.load(open(sys.argv[6])).get("runs", []) if os.path.exists(sys.argv[6]) else []
if runs:  # resumed: the time of every run, this one included
    j["runs"] = len(runs) + 1
    j["total_seconds"] = round(j["wall_seconds"] + sum(r["seconds"] for r in runs), 1)
del j["rows"]  # per-row detail stays in the run's own output
json.dump(j, open(sys.argv[2], "w"))
open(sys.argv[2], "a").write("\n")
EOF
  [ -f "$work/n$n.proof" ] && xz -9 -c "$work/n$n.proof" > "$base.proof.xz"
  rm -f "$work/n$n.checkpoint" "$work/n$n.proof" "$work/n$n.json" "$base.open.json" \
    "$base.checkpoint.xz"
  echo "n = $n: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["wall_seconds"])' "$base.json") s"
}

estimate() {
  local n=$1 paths=$2 limit=$3 base status=0
  base=$(name "$n")
  [ -f "$base.json" ] && return 0
  fetch_checkpoint "$n" || return 0
  # At the limit the paths drawn so far give the estimate (exit 124).
  "$bin" solve "$n" --method first --estimate "$paths" --json --threads "$threads" \
    --timeout "$limit" --checkpoint "$work/n$n.checkpoint" > "$work/n$n.estimate" 2>/dev/null ||
    status=$?
  [ "$status" = 0 ] || [ "$status" = 124 ] || { echo "n = $n: estimate failed (exit $status)"; return 0; }
  python3 - "$work/n$n.estimate" "$work/n$n.checkpoint" "$base.open.json" "$cpu" <<'EOF'
import json, os, sys, datetime
j = json.load(open(sys.argv[1]))
old = json.load(open(sys.argv[3])) if os.path.exists(sys.argv[3]) else {}
j["runs"] = old.get("runs", [])
if "probe_completion" in old and (old.get("row"), old.get("column")) == (j.get("row"), j.get("column")):
    j["probe_completion"] = old["probe_completion"]  # still the same probe's
prefix = [int(l.split()[2]) for l in open(sys.argv[2]) if l.startswith("R ")]
j["rows_settled"] = len(prefix)
j["prefix"] = prefix
j["processor"] = sys.argv[4]
j["date"] = datetime.date.today().isoformat()
json.dump(j, open(sys.argv[3], "w"))
open(sys.argv[3], "a").write("\n")
EOF
  echo "n = $n: $(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print("row %d column %d: about %.3g nodes left" % (j["row"], j["column"], j["nodes"]) if j["open"] else "nothing left")' "$base.open.json")"
}

complete_probe() {
  local n=$1 limit=$2 base queens status=0 start end
  base=$(name "$n")
  { [ -f "$base.json" ] || [ ! -f "$base.open.json" ]; } && return 0
  queens=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print(",".join("%d:%d" % (r + 1, c) for r, c in enumerate(j["prefix"])) + ",%d:%d" % (j["row"], j["column"]))' "$base.open.json")
  start=$(date +%s.%N)
  "$bin" complete --size "$n" --queens "$queens" --timeout "$limit" > "$work/n$n.completion" \
    2>/dev/null || status=$?
  end=$(date +%s.%N)
  python3 - "$base.open.json" "$status" "$(echo "$end - $start" | bc -l)" "$limit" "$work/n$n.completion" <<'EOF'
import json, sys, datetime
f, status, seconds, limit, out = sys.argv[1:]
j = json.load(open(f))
found = status == "0"
j["probe_completion"] = {"found": found, "seconds": round(float(seconds), 2), "limit": float(limit),
                         "exit": int(status), "date": datetime.date.today().isoformat()}
if found:
    j["probe_completion"]["solution"] = [int(c) for c in open(out).read().split()]
json.dump(j, open(f, "w"))
open(f, "a").write("\n")
EOF
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); p=j["probe_completion"]
print("n = %d: probe row %d column %d: %s in %.1f s" % (j["n"], j["row"], j["column"], "completed" if p["found"] else "no completion found", p["seconds"]))' "$base.open.json"
}

audit() {
  local n=$1 limit=$2 base out=${3:-} status=0
  base=$(name "$n")
  [ -f "$base.proof.xz" ] || return 0
  [ -z "$out" ] && out="$base.audit"
  xz -dc "$base.proof.xz" > "$work/audit.proof"
  local start end
  start=$(date +%s.%N)
  timeout "$limit" "$bin" audit-first "$work/audit.proof" --full --threads "$threads" > "$work/audit.out" 2>&1 || status=$?
  end=$(date +%s.%N)
  printf 'exit %s, %.1f s on %s threads of %s, %s\n' "$status" "$(echo "$end - $start" | bc -l)" \
    "$threads" "$cpu" "$(date -I)" >> "$work/audit.out"
  sed "s|$work/audit.proof|n$n|" "$work/audit.out" > "$out"
  echo "n = $n: audit exit $status"
  [ "$status" = 0 ]
}

case "${1:-}" in
  solve)
    for n in $(seq "$2" "$3"); do solve "$n" "${4:-600}"; done
    ;;
  cheapest)
    # Where a run's time goes furthest: the rows with a projection, least first (a column where a
    # path found a completion has none, and waits for the search or a restart to reach one).
    for n in $(python3 - "$dir" "$2" <<'EOF'
import glob, json, os, sys
rows = []
for f in glob.glob(os.path.join(sys.argv[1], "n[0-9][0-9][0-9].open.json")):
    j = json.load(open(f))
    if "seconds" in j and not os.path.exists(f.replace(".open.json", ".json")):
        rows.append((j["seconds"], j["n"]))
print(" ".join(str(n) for _, n in sorted(rows)[:int(sys.argv[2])]))
EOF
); do solve "$n" "${3:-600}"; done
    ;;
  audit)
    for n in $(seq "$2" "$3"); do audit "$n" "${4:-600}" || true; done
    ;;
  estimate)
    for n in $(seq "$2" "$3"); do estimate "$n" "${4:-20000}" "${5:-60}"; done
    ;;
  complete)
    for n in $(seq "$2" "$3"); do complete_probe "$n" "${4:-60}"; done
    ;;
  check)
    failed=0
    for f in "$dir"/n*.proof.xz; do
      n=$((10#$(basename "$f" .proof.xz | tr -d n)))
      audit "$n" 3600 "$work/check.audit" || failed=1
    done
    exit "$failed"
    ;;
  table)
    python3 - "$dir" <<'EOF'
import glob, json, os, sys
d = sys.argv[1]
rows = {}
for f in glob.glob(os.path.join(d, "n[0-9][0-9][0-9].json")):
    j = json.load(open(f))
    rows[j["n"]] = j
def audit_of(n):
    f = os.path.join(d, "n%03d.audit" % n)
    if not os.path.exists(f):
        return "not yet"
    text = open(f).read()
    last = text.strip().splitlines()[-1]
    ok = "audit-first: ok" in text
    secs = last.split(",")[1].strip() if "," in last else "?"
    return ("full, ok, " if ok else "FAILED, ") + secs
# The b-file: rows 1..N with no gap, zeros for n = 2 and 3.
with open(os.path.join(d, "b141843.txt"), "w") as b:
    b.write("# A141843: lexicographically first solutions of the n queens problem, rows n = 1..N\n")
    b.write("# concatenated (n zeros where there is none). Written by nqueens bench/first-table.sh.\n")
    i = 1
    n = 1
    while n in rows:
        for c in rows[n]["solution"] or [0] * n:
            b.write("%d %d\n" % (i, c))
            i += 1
        n += 1
    top = n - 1
lines = ["| n | seconds | threads | proof steps | audit | answer |", "|---|---|---|---|---|---|"]
for n in sorted(rows):
    j = rows[n]
    steps = "-"
    p = os.path.join(d, "n%03d.proof.xz" % n)
    if os.path.exists(p):
        import lzma
        steps = sum(1 for l in lzma.open(p, "rt") if l[:1] in "XSCR")
    ans = " ".join(map(str, j["solution"])) or "none"
    audit = audit_of(n) if j["solution"] else "-"
    lines.append("| %d | %.2f | %d | %s | %s | %s |" % (n, j.get("total_seconds", j["wall_seconds"]),
                                                        j["threads"], steps, audit, ans))
def hours(seconds):
    if seconds < 3600:
        return "%.1f min" % (seconds / 60)
    if seconds < 2 * 86400:
        return "%.1f h" % (seconds / 3600)
    if seconds < 365.25 * 86400:
        return "%.1f days" % (seconds / 86400)
    return "%.2g years" % (seconds / (365.25 * 86400))
open_lines = ["| n | run so far | rows settled | open probe: row, column | pieces waiting "
              "| refuted (even split) | nodes searched | nodes left (Knuth) | nodes/s a thread "
              "| projected |",
              "|---|---|---|---|---|---|---|---|---|---|"]
for f in sorted(glob.glob(os.path.join(d, "n*.open.json"))):
    j = json.load(open(f))
    if not j["open"] or j["n"] in rows or "row" not in j:  # no estimate yet
        continue
    so_far = sum(r["seconds"] for r in j.get("runs", []))
    open_lines.append("| %d | %s | %d | %d, %d | %d | %.1f%% | %.3g | %.2g ± %.1g | %.2g | %s, %d threads |" % (
        j["n"], hours(so_far) if so_far else "-", j["rows_settled"], j["row"], j["column"],
        j["pieces"], 100 * j["covered"],
        j["searched"], j["nodes"], j["error"], j["nodes_per_second"],
        hours(j["seconds"]) if "seconds" in j else "live: %d paths found a completion" % j["completions"],
        j["threads"]))
readme = os.path.join(d, "README.md")
text = open(readme).read() if os.path.exists(readme) else "<!-- table -->\n<!-- end table -->\n"
def put(text, marker, lines):
    head, rest = text.split("<!-- %s -->" % marker, 1)
    _, tail = rest.split("<!-- end %s -->" % marker, 1)
    return head + "<!-- %s -->\n" % marker + "\n".join(lines) + "\n<!-- end %s -->" % marker + tail
text = put(text, "table", lines)
if "<!-- open -->" in text:
    text = put(text, "open", open_lines)
open(readme, "w").write(text)
print("b-file: rows 1..%d, %d terms" % (top, i - 1))
EOF
    ;;
  *)
    sed -n '3,30p' "$0"
    exit 2
    ;;
esac
