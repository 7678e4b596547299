#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Kill -9 at random moments, resume, and check the answer to the last digit.

Each scenario is one long job run with a checkpoint: a count (the halves and the backtrack
engines), the lexicographically first solution of a row, nqueens-mpi's count with one rank killed
(then the whole job resumed), and a count or a first search killed in the middle of saving its
checkpoint (an LD_PRELOAD shim, tests/fault/fail_io.cpp, kills the process at a chosen write,
fsync or rename, or after half of a write's bytes). A job is killed a few times at random
moments and then resumed to its end; the answer must be the published one (OEIS A000170 and
A002562 for counts, docs/first/ for first rows), every resume must accept the files the kill left
(no file corrupt), and the count must not exceed what the job had to do (no work counted twice:
the total would be wrong).

The table: for each scenario, its kills, where they landed, the resumes, the exact results, and
the work lost per kill: the seconds since the job's last durable record (its journal or
checkpoint written) at the moment of the kill, the work a thread had in flight and must redo
(median and worst), and the whole overhead (the attempts' seconds beyond one clean run, the
resumes' set-up included) divided by the kills.

    bench/kill_campaign.py [--seed S] [--quick] [--build DIR]

(NQ_MPIRUN names mpirun if it is not on the PATH.)

--quick: the short version the test suite runs (small boards, a few kills of each kind).
Exit 1 if any result is not exact or any resume fails.
"""
import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent

# OEIS A000170 (all solutions) and A002562 (unique), n = 14..21.
COUNTS = {14: (365596, 45752), 15: (2279184, 285053), 16: (14772512, 1846955),
          17: (95815104, 11977939), 18: (666090624, 83263591), 19: (4968057848, 621012754),
          20: (39029188884, 4878666808), 21: (314666222712, 39333324973)}


def first_row(n):
    return json.loads((SOURCE / f"docs/first/n{n:03d}.json").read_text())["solution"]


class Scenario:
    """One job: `argv` runs it (the same command resumes it), `record` names the files whose
    last write is its last durable record, `check` tells whether its output is exact."""

    def __init__(self, name, argv, record, check, kills, env=None, mpi=False):
        self.name, self.argv, self.record, self.check = name, argv, record, check
        self.kills, self.env, self.mpi = kills, env or {}, mpi


def count_check(n):
    def check(out):
        j = json.loads(out)
        want = COUNTS[n]
        ok = (j["total"], j["unique"]) == want and j["complete"]
        return ok, f"total {j['total']} unique {j['unique']} (want {want[0]} {want[1]})"
    return check


def first_check(n):
    want = first_row(n)

    def check(out):
        got = [int(c) for c in out.split()]
        return got == want, "the first row" if got == want else f"got {got[:8]}..., want {want[:8]}..."
    return check


def last_record(paths, started):
    """When the job last wrote one of `paths` in this attempt (its start if not yet)."""
    times = [p.stat().st_mtime for p in paths if p.exists()]
    return max(times + [started])


def children(pid):
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def attempt(s, kill_after, rng, extra_env=None):
    """Runs the job; kills it (or, for MPI, one of its ranks) after `kill_after` seconds unless
    it ends first. Returns (kind, seconds, since_last_record, stdout, stderr, code)."""
    env = dict(os.environ, **s.env, **(extra_env or {}))
    start, started = time.monotonic(), time.time()
    p = subprocess.Popen(s.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         start_new_session=True, text=True)
    try:
        out, err = p.communicate(timeout=kill_after) if kill_after is not None else p.communicate()
        kind = "done" if p.returncode == 0 else ("shim" if p.returncode == -signal.SIGKILL else "failed")
        since = time.time() - last_record(s.record, started) if kind == "shim" else None
        return kind, time.monotonic() - start, since, out, err, p.returncode
    except subprocess.TimeoutExpired:
        since = time.time() - last_record(s.record, started)
        if s.mpi:
            ranks = children(p.pid)
            victim = rng.choice(ranks) if ranks else p.pid
            os.kill(victim, signal.SIGKILL)
            try:
                out, err = p.communicate(timeout=60)
            except subprocess.TimeoutExpired:  # mpirun must end the job; if not, end it
                os.killpg(p.pid, signal.SIGKILL)
                out, err = p.communicate()
        else:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
        return "killed", time.monotonic() - start, since, out, err, p.returncode


def clear(s):
    """Removes the job's files (the checkpoint, its journal and lock)."""
    for f in s.record:
        for p in f.parent.glob(f.name.split(".")[0] + "*"):
            p.unlink(missing_ok=True)


def run_scenario(s, rng, shim=None, shim_kills=None):
    """Times one uninterrupted run, then kills the job s.kills times (shim_kills times in a
    save, with the fault shim) and resumes it to its end."""
    clear(s)
    kind, clean, _, out, err, code = attempt(s, None, rng)
    if kind != "done":
        return {"name": s.name, "error": f"the clean run failed ({code}): {err.strip()[-300:]}"}
    ok, said = s.check(out)
    if not ok:
        return {"name": s.name, "error": f"the clean run is wrong: {said}"}
    moments = None
    clear(s)
    row = {"name": s.name, "kills": 0, "landed": {}, "resumes": 0, "lost": [], "seconds": 0.0,
           "clean": clean, "exact": False, "problems": []}
    if shim_kills:
        # How many writes, fsyncs, closes and renames of the checkpoint a clean run makes.
        count_file = Path(tempfile.mktemp(prefix="nq-calls-"))
        attempt(s, None, rng, {"LD_PRELOAD": shim, "NQ_FAIL_PATH": s.record[0].name,
                               "NQ_FAIL_COUNT": str(count_file)})
        moments = int(count_file.read_text()) if count_file.exists() else 0
        count_file.unlink(missing_ok=True)
        clear(s)
    planned = shim_kills or s.kills
    while True:
        extra = None
        kill_after = None
        if row["kills"] < planned:
            if shim_kills and moments:
                # A call within the share of the run each kill is to cut short, so that the
                # resumed runs (which make fewer calls) are killed too.
                how = rng.choice(["before", "half"])
                at = rng.randint(1, max(1, moments // (shim_kills + 1)))
                extra = {"LD_PRELOAD": shim, "NQ_FAIL_PATH": s.record[0].name,
                         "NQ_FAIL_AT": str(at), "NQ_FAIL_KILL": how}
            else:
                # Within the share of the clean run each kill is to cut short: the resumed runs
                # keep what was saved, so every planned kill lands before the job ends.
                kill_after = rng.uniform(0.05, 0.95) * clean / (planned + 1)
        kind, seconds, since, out, err, code = attempt(s, kill_after, rng, extra)
        row["seconds"] += seconds
        if kind in ("killed", "shim"):
            row["kills"] += 1
            where = ("in a save (" + extra["NQ_FAIL_KILL"] + ")") if kind == "shim" else "mid-run"
            row["landed"][where] = row["landed"].get(where, 0) + 1
            if since is not None:
                row["lost"].append(since)
            row["resumes"] += 1
            continue
        if kind == "failed":
            row["problems"].append(f"a resume failed ({code}): {err.strip()[-300:]}")
            break
        ok, said = s.check(out)
        row["exact"] = ok
        if not ok:
            row["problems"].append(said)
        break
    return row


def scenarios(work, nq, mpi, quick):
    nq = str(nq)
    every = ["--checkpoint-every", "1"]

    def count(n, engine, kills, threads=None):
        ck = work / f"count{n}{engine}.ckpt"
        t = ["--threads", str(threads)] if threads else []
        return Scenario(f"count {n} --engine {engine}",
                        [nq, "count", str(n), "--engine", engine, "--checkpoint", str(ck), "--json",
                         "--progress", "never"] + every + t,
                        [ck, Path(str(ck) + ".journal")], count_check(n), kills)

    def first(n, kills):
        ck = work / f"first{n}.ckpt"
        return Scenario(f"solve {n} --method first",
                        [nq, "solve", str(n), "--method", "first", "--checkpoint", str(ck),
                         "--progress", "never"] + every,
                        [ck], first_check(n), kills)

    def mpi_count(n, kills):
        ck = work / f"mpi{n}.ckpt"
        mpirun = os.environ.get("NQ_MPIRUN", "mpirun")
        return Scenario(f"nqueens-mpi count {n}, 2 ranks",
                        [mpirun, "-q", "-np", "2", str(mpi), "count", str(n), "--engine",
                         "backtrack", "--threads", "1", "--checkpoint", str(ck), "--json"] + every,
                        [ck, Path(str(ck) + ".journal")], count_check(n), kills,
                        env={"OMPI_MCA_rmaps_base_oversubscribe": "1",
                             "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"},
                        mpi=True)

    if quick:
        plain = [count(17, "halves", 2), count(14, "backtrack", 2), first(41, 2)]
        shim = [count(16, "halves", 0), first(41, 0)]
        mpis = [mpi_count(14, 1)] if mpi.exists() else []
        return plain, mpis, shim, 2
    plain = [count(18, "halves", 4), count(19, "halves", 6), count(20, "halves", 6),
             count(16, "backtrack", 4), count(17, "backtrack", 6),
             first(45, 5), first(57, 5), first(60, 5)]
    shim = [count(19, "halves", 0), first(45, 0)]
    mpis = [mpi_count(17, 6)] if mpi.exists() else []
    return plain, mpis, shim, 8


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--build", default=str(SOURCE / "build/release"),
                    help="where nqueens, nqueens-mpi and tests/libnq_fail_io.so are")
    ap.add_argument("--nqueens", help="the program (default: BUILD/nqueens)")
    ap.add_argument("--mpi", help="nqueens-mpi (default: BUILD/nqueens-mpi; none: skipped)")
    ap.add_argument("--shim", help="the fault shim (default: BUILD/tests/libnq_fail_io.so; none: "
                    "the kills in a save are skipped)")
    a = ap.parse_args()
    build = Path(a.build)
    nq = Path(a.nqueens or build / "nqueens")
    mpi = Path(a.mpi or build / "nqueens-mpi")
    shim = Path(a.shim or build / "tests/libnq_fail_io.so")
    rng = random.Random(a.seed)
    rows = []
    with tempfile.TemporaryDirectory(prefix="nq-kill-") as tmp:
        work = Path(tmp)
        plain, mpis, shimmed, shim_kills = scenarios(work, nq, mpi, a.quick)
        for s in plain + mpis:
            rows.append(run_scenario(s, rng))
        if shim.exists():
            for s in shimmed:
                rows.append(run_scenario(s, rng, str(shim), shim_kills))
                rows[-1]["name"] += ", killed in a save"
        elif a.shim != "none":
            rows.append({"name": "killed in a save", "error": f"no fault shim at {shim}"})
    bad = 0
    print(f"{'job':<44} {'kills':>5}  {'where':<28} {'resumes':>7}  {'exact':<5} "
          f"{'lost s/kill (median, worst)':>27} {'overhead s/kill':>15}")
    # lost: since the job's last durable record at the kill; overhead: the attempts' seconds
    # beyond one clean run, per kill (the resumes' set-up included; noisy, can be below 0).
    total_kills = 0
    for r in rows:
        if "error" in r:
            bad += 1
            print(f"{r['name']:<44} {r['error']}")
            continue
        total_kills += r["kills"]
        where = ", ".join(f"{k} {v}" for k, v in sorted(r["landed"].items())) or "-"
        lost = (f"{statistics.median(r['lost']):.2f}, {max(r['lost']):.2f}" if r["lost"] else "-")
        overhead = (r["seconds"] - r["clean"]) / r["kills"] if r["kills"] else 0.0
        exact = "yes" if r["exact"] and not r["problems"] else "NO"
        bad += exact != "yes"
        print(f"{r['name']:<44} {r['kills']:>5}  {where:<28} {r['resumes']:>7}  {exact:<5} "
              f"{lost:>27} {overhead:>15.2f}")
        for p in r["problems"]:
            print(f"    {p}")
    print(f"{total_kills} kills in {len(rows)} jobs; "
          f"{sum(1 for r in rows if r.get('exact'))} of {len(rows)} results exact")
    if bad:
        print("kill campaign: FAILED")
        return 1
    print("kill campaign: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
