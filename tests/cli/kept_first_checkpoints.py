#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every open row's checkpoint kept in docs/first/ is one this program resumes, standing where the
row's nNNN.open.json says (its row and leftmost open column), so `bench/first-table.sh solve` on
any machine goes on from it. A change to the steps' meaning must raise the checkpoint format's
number (appkit/first_checkpoint.hpp), and this says so before the kept searches are lost.

Usage: kept_first_checkpoints.py NQUEENS DOCS_FIRST"""
import glob
import json
import lzma
import os
import subprocess
import sys
import tempfile


def main():
    nqueens, docs = sys.argv[1], sys.argv[2]
    kept = sorted(glob.glob(os.path.join(docs, "n[0-9][0-9][0-9].checkpoint.xz")))
    with tempfile.TemporaryDirectory() as scratch:
        for xz in kept:
            n = int(os.path.basename(xz)[1:4])
            where = json.load(open(xz.replace(".checkpoint.xz", ".open.json")))
            path = os.path.join(scratch, "n%d.checkpoint" % n)
            with open(path, "wb") as f:
                f.write(lzma.open(xz).read())
            r = subprocess.run([nqueens, "solve", str(n), "--method", "first", "--estimate", "1",
                                "--json", "--threads", "1", "--checkpoint", path],
                               capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit("n = %d: exit %d: %s" % (n, r.returncode, r.stderr.strip()))
            got = json.loads(r.stdout)
            if (got["row"], got["column"]) != (where["row"], where["column"]):
                sys.exit("n = %d: stands on row %d, column %d; its open.json says row %d, column %d"
                         % (n, got["row"], got["column"], where["row"], where["column"]))
    print("kept checkpoints: ok (%d)" % len(kept))


if __name__ == "__main__":
    main()
