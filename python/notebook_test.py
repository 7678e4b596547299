# SPDX-License-Identifier: MIT
"""Runs examples/python/tour.ipynb as Jupyter would (nbclient, an IPython kernel) with the
nqueens this interpreter imports, and checks what its cells show: no cell fails, the counts are
the published ones, the boards are drawn as SVG, the trace shows its player (an iframe whose
srcdoc holds the player's script and the trace).

    python3 python/notebook_test.py NOTEBOOK [OUT.ipynb]

The kernel is this interpreter (sys.executable: a virtual environment's python, or Debian's with
PYTHONPATH on a build tree), not whichever python3 kernel Jupyter would find first. OUT, when
given, receives the executed notebook (tests/browser/notebook_player.mjs opens it, exported to
HTML, in Chromium).
"""
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import nbclient
import nbformat


def kernel_dir():
    """A Jupyter data directory whose python3 kernel is this interpreter."""
    root = Path(tempfile.mkdtemp(prefix="nqueens-notebook-"))
    spec = root / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        # -Xfrozen_modules=off: without it the kernel's debugger warns on stderr at each start.
        "argv": [sys.executable, "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f",
                 "{connection_file}"],
        "display_name": "Python 3 (nqueens test)",
        "language": "python",
    }))
    return root


def texts(cell):
    """Everything a cell printed or returned as text."""
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out.append(o["text"])
        elif o["output_type"] in ("execute_result", "display_data"):
            out.append(o["data"].get("text/plain", ""))
    return "".join(out)


def svgs(cell):
    return [o["data"]["image/svg+xml"] for o in cell.get("outputs", [])
            if o["output_type"] in ("execute_result", "display_data")
            and "image/svg+xml" in o.get("data", {})]


def players(cell):
    """The HTML of each trace player a cell shows."""
    return [o["data"]["text/html"] for o in cell.get("outputs", [])
            if o["output_type"] in ("execute_result", "display_data")
            and "<iframe" in o.get("data", {}).get("text/html", "")]


def main():
    notebook = Path(sys.argv[1]).resolve()
    os.environ["JUPYTER_PATH"] = str(kernel_dir())
    # The kernel starts in another directory: a relative PYTHONPATH would point nowhere there.
    paths = filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))
    os.environ["PYTHONPATH"] = os.pathsep.join(str(Path(p).resolve()) for p in paths)
    nb = nbformat.read(notebook, as_version=4)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as cwd:  # not the source tree: the import is the test
        nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                resources={"metadata": {"path": cwd}}).execute()
    seconds = time.perf_counter() - start
    if len(sys.argv) > 2:
        nbformat.write(nb, sys.argv[2])

    code = [c for c in nb.cells if c.cell_type == "code"]
    for c in code:
        errors = [o for o in c.get("outputs", []) if o["output_type"] == "error"]
        assert not errors, (c.source, errors)
    shown = "".join(texts(c) for c in code)
    for expected in ("12 queens: 14200 solutions, 1787 unique",  # A000170, A002562
                     "1 5 8 6 3 7 2 4",                          # A141843's row for n = 8
                     "10 queens: (724, 10)",
                     "valid: True"):
        assert expected in shown, (expected, shown)
    drawn = [c for c in code if svgs(c)]
    assert len(drawn) >= 2, "the first 8-queens solution and the completion are drawn"
    for c in drawn:
        for svg in svgs(c):
            assert "<svg" in svg and "</svg>" in svg and svg.count("queen") >= 8, svg[:200]
    shown = [html for c in code for html in players(c)]
    assert len(shown) == 1, "the trace of 6 queens shows one player"
    for html in shown:
        assert 'srcdoc="&lt;!DOCTYPE html&gt;' in html and "createPlayer" in html, html[:200]
        assert "&lt;script id=&quot;trace&quot; type=&quot;application/json&quot;&gt;" in html
    print(f"notebook: {len(code)} cells ran in {seconds:.1f} s, {len(drawn)} boards drawn as SVG, "
          f"{len(shown)} trace player")


if __name__ == "__main__":
    main()
