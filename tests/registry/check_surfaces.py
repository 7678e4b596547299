# SPDX-License-Identifier: MIT
"""Fails when a surface names a value, a range of n or a default otherwise than the library's
registry (include/nqueens/registry.hpp), as `nqueens info --json` prints it:

- the Python package: nqueens.REGISTRY, its lists of names, its functions' defaults, and the
  signatures docs/python.md writes;
- python/nqueens/_core.pyi: the module's names and parameters, the defaults the module binds,
  the length of a trace's tuples;
- nqueens.d.ts: its unions of names (SolveMethod, ClassicMethod, TraceMethod, ...);
- the command line: each option's allowed values, as --help lists them;
- docs/cli.md: its table of names, ranges and defaults (between the `nqueens info` markers),
  which must be what `nqueens info` prints;
- lists of the methods in the docs and README.md: all of the nine, or of the traced methods, in
  the registry's order;
- prose: every "n <= K", "n ≤ K" or "1..K" in the docs, the stubs, the Python package and the
  JavaScript API whose line names a job with a range (first, backtrack, count, ...) must give one
  of those jobs' upper bounds.

    python3 tests/registry/check_surfaces.py NQUEENS_BINARY SOURCE_DIR

with the package importable (PYTHONPATH on a build tree). Prints each difference as
FILE:LINE: message and exits 1 if there is any.
"""
import ast
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

problems = []


def say(where, message):
    problems.append(f"{where}: {message}")


def names(registry, key):
    return [c["name"] for c in registry["choices"][key]]


def check_python(registry):
    import nqueens

    if nqueens.REGISTRY != registry:
        say("python/nqueens/__init__.py", "nqueens.REGISTRY is not what `nqueens info --json` prints")
    for constant, key in [("CLASSIC_METHODS", "classic.method"), ("TRACE_METHODS", "trace.method"),
                          ("COMPARE_METHODS", "compare.method"), ("SYMMETRIES", "symmetry")]:
        if list(getattr(nqueens, constant)) != names(registry, key):
            say("python/nqueens/__init__.py", f"{constant} is {getattr(nqueens, constant)}, the "
                f"registry's {key} is {names(registry, key)}")
    defaults = {key: d["value"] for key, d in registry["defaults"].items()}
    for function, parameter, key in [
        (nqueens.trace, "method", "trace.method"), (nqueens.trace, "first", "trace.first"),
        (nqueens.trace, "seed", "trace.seed"), (nqueens.Trace, "first", "trace.first"),
        (nqueens.classic, "mode", "classic.mode"), (nqueens.compare, "budget", "compare.budget"),
        (nqueens.compare, "first", "compare.first"),
        (nqueens.solve, "method", "solve.method"),
    ]:
        got = inspect.signature(function).parameters[parameter].default
        if got != defaults[key]:
            say("python/nqueens/__init__.py", f"{function.__name__}({parameter}=) defaults to "
                f"{got!r}, the registry's {key} to {defaults[key]!r}")


# docs/python.md's table writes each function's signature: its defaults must be the package's.
def check_python_doc(source):
    import nqueens

    path = source / "docs/python.md"
    text = path.read_text()
    for name in ["trace", "classic", "compare", "solve"]:
        m = re.search(rf"^\| `{name}\(([^`]*)\)` \|", text, re.M)
        if not m:
            say(path.relative_to(source), f"has no row for {name}()")
            continue
        parameters = inspect.signature(getattr(nqueens, name)).parameters
        for written, value in re.findall(r"(\w+)=([^,]+)", m.group(1)):
            if written in parameters and ast.literal_eval(value.strip()) != parameters[written].default:
                line = text.count("\n", 0, m.start()) + 1
                say(f"{path.relative_to(source)}:{line}", f"{name}({written}={value.strip()}), "
                    f"the package's default is {parameters[written].default!r}")


# A pybind11 function's parameters, from the signature its docstring starts with:
# "count(n: handle, threads: handle = None, engine: str = 'auto') -> dict" gives
# [("n", None), ("threads", "None"), ("engine", "'auto'")].
def bound_parameters(obj):
    doc = (obj.__doc__ or "").strip().splitlines()
    m = re.match(r"^\w+\((.*)\) ->", doc[0]) if doc else None
    if not m:
        return None
    out = []
    for part in re.split(r", (?=\w+:)", m.group(1)) if m.group(1) else []:
        name, _, rest = part.partition(":")
        default = rest.split(" = ", 1)[1] if " = " in rest else None
        if name.strip() != "self":
            out.append((name.strip(), default))
    return out


# python/nqueens/_core.pyi against the module it describes: the same names, each function's and
# constructor's parameters in the same order, the defaults the module binds equal to the
# registry's where it has one for that job and parameter, and the trace's tuples as long as the
# module's.
def check_stub(registry, source):
    from nqueens import _core

    path = source / "python/nqueens/_core.pyi"
    tree = ast.parse(path.read_text())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            stubbed[node.name] = node
        elif isinstance(node, ast.ClassDef):
            stubbed[node.name] = next((f for f in node.body if isinstance(f, ast.FunctionDef)
                                       and f.name == "__init__"), node)
        elif isinstance(node, ast.AnnAssign) and not node.target.id.startswith("_"):
            stubbed[node.target.id] = node
    public = {n for n in dir(_core) if not n.startswith("_")}
    for name in sorted(public - set(stubbed)):
        say(path.relative_to(source), f"does not declare _core.{name}")
    for name in sorted(set(stubbed) - public):
        say(path.relative_to(source), f"declares {name}, which _core does not have")
    jobs = {"TraceChunks": "trace", "trace_page": "trace", "classic": "classic",
            "compare": "compare", "solve": "solve", "count": "count"}
    defaults = {key: d["value"] for key, d in registry["defaults"].items()}
    for name in sorted(public & set(stubbed)):
        node = stubbed[name]
        if not isinstance(node, ast.FunctionDef):
            continue
        obj = getattr(_core, name)
        bound = bound_parameters(obj.__init__ if isinstance(obj, type) else obj)
        if bound is None:
            continue
        written = [a.arg for a in node.args.args + node.args.kwonlyargs if a.arg != "self"]
        if written != [p for p, _ in bound]:
            say(f"{path.relative_to(source)}:{node.lineno}", f"{name} takes {written}, _core's "
                f"takes {[p for p, _ in bound]}")
        for parameter, default in bound:
            key = f"{jobs.get(name, name)}.{parameter}"
            if default is not None and key in defaults:
                try:
                    value = ast.literal_eval(default)
                except (ValueError, SyntaxError):
                    continue
                if value != defaults[key]:
                    say(f"_core.{name}", f"binds {parameter}={default}, the registry's {key} is "
                        f"{defaults[key]!r}")
    m = re.search(r"_TraceTuple = Tuple\[(.*?)\n\]", path.read_text(), re.S)
    arity = len(ast.parse(f"Tuple[{m.group(1)}]").body[0].value.slice.elts) if m else None
    event = next(iter(_core.TraceChunks(4)))[0]
    if arity != len(event):
        say(path.relative_to(source), f"_TraceTuple has {arity} fields, _core's events "
            f"{len(event)}")


# A union of string literals in nqueens.d.ts, other unions it names resolved.
def union(text, name):
    m = re.search(rf"export type {name} =([^;]*);", text)
    if not m:
        return None
    out = []
    for part in m.group(1).split("|"):
        part = part.strip()
        if part.startswith('"'):
            out.append(part.strip('"'))
        elif part:
            out.extend(union(text, part) or [f"?{part}"])
    return out


def check_typescript(registry, source):
    path = source / "web/js/nqueens.d.ts"
    text = path.read_text()
    for name, key in [("SolveMethod", "solve.method"), ("ClassicMethod", "classic.method"),
                      ("TraceMethod", "trace.method"), ("CompareMethod", "compare.method"),
                      ("SymmetryName", "symmetry"), ("TraceKind", "trace.kind")]:
        got = union(text, name)
        if got != names(registry, key):
            say(path.relative_to(source), f"type {name} is {got}, the registry's {key} is "
                f"{names(registry, key)}")


def check_command_line(registry, binary):
    for command, key in [("solve", "solve.method"), ("solve", "solve.format"),
                         ("trace", "trace.method"), ("trace", "trace.format"),
                         ("enumerate", "enumerate.format"), ("render", "render.style"),
                         ("count", "count.engine")]:
        help_text = subprocess.run([binary, command, "--help"], capture_output=True,
                                   text=True).stdout
        if "{" + ",".join(names(registry, key)) + "}" not in help_text:
            say(f"nqueens {command} --help", f"does not offer the registry's {key}: "
                f"{names(registry, key)}")


INFO_BEGIN = "<!-- nqueens info: begin (tests/registry/check_surfaces.py checks it) -->"
INFO_END = "<!-- nqueens info: end -->"


def check_cli_doc(binary, source):
    path = source / "docs/cli.md"
    text = path.read_text()
    if INFO_BEGIN not in text or INFO_END not in text:
        return say(path.relative_to(source), "has no `nqueens info` table between its markers")
    shown = text.split(INFO_BEGIN)[1].split(INFO_END)[0].strip()
    info = subprocess.run([binary, "info"], capture_output=True, text=True).stdout
    want = "```\n" + info.rstrip("\n") + "\n```"
    if shown != want:
        say(path.relative_to(source), "its `nqueens info` table is not what `nqueens info` prints "
            "now (paste the program's output between the markers)")


# A list of the methods: method names in backticks, starting with the first (`blind`), each
# within a few words of the one before (other code between them allowed, as in "`random` (the
# local search of `solve --method random`) and `first`"), up to a name said again. It must name all of one of the
# registry's lists (the nine, or every traced method), in its order.
def check_method_lists(registry, source):
    lists = [names(registry, "classic.method"), names(registry, "trace.method")]
    every = set(lists[1])
    for name in ["README.md", "docs/cli.md", "docs/python.md", "docs/web.md", "docs/trace.md"]:
        text = (source / name).read_text()
        # Fenced blocks out (their lines kept, for the line numbers): only inline code pairs up.
        text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text,
                      flags=re.S | re.M)
        spans = [(m.start(), m.end(), m.group(1)) for m in re.finditer(r"`([^`]+)`", text)]
        runs, run, last = [], [], -1
        for start, end, word in spans:
            if word not in every:
                continue
            if run and (start - last > 120 or word in [w for _, w in run]):
                runs.append(run)
                run = []
            run.append((start, word))
            last = end
        runs.append(run)
        for run in runs:
            words = [w for _, w in run]
            if len(words) >= 5 and words[0] == lists[0][0] and words not in lists:
                line = text.count("\n", 0, run[0][0]) + 1
                say(f"{name}:{line}", f"lists the methods {words}; the registry's are "
                    f"{' or '.join(str(l) for l in lists)}")


# "n <= 64", "n ≤ 64", "n = 1..64", "N, 1..64": the bound, and where on the line it stands.
BOUND = re.compile(r"\bn\s*(?:<=|≤)\s*(\d[\d,_']*)|\b(?:n\s*=|n\s+in|size,|N,)\s*1\s*\.\.\s*(\d[\d,_']*)")
NEAR = 60  # how far before the bound its job's words are looked for


def check_prose(registry, source):
    limits = registry["limits"]
    # A job's words: each part of its key ("solve.first": "first"; "count.halves": "halves").
    words = {}
    for key in limits:
        part = key.split(".")[-1]
        words.setdefault(part, []).append(key)
    files = ["web/js/nqueens.d.ts", "web/js/api.js", "python/nqueens/__init__.py",
             "python/nqueens/_core.pyi", "docs/cli.md", "docs/python.md", "README.md"]
    for name in files:
        text = (source / name).read_text()
        lower = text.lower()
        for m in BOUND.finditer(text):
            bound = int(re.sub(r"[,_']", "", m.group(1) or m.group(2)))
            # The jobs the bound may speak of: those named just before it (a line may wrap).
            before = lower[max(0, m.start() - NEAR):m.start()]
            keys = [k for w in words if w in before for k in words[w]]
            if not keys or any(limits[k]["high"] == bound for k in keys):
                continue
            ranges = ", ".join(f"{k} {limits[k]['low']}..{limits[k]['high']}" for k in keys)
            line = text.count("\n", 0, m.start()) + 1
            say(f"{name}:{line}", f"gives n <= {bound} where it names {ranges}")


def main():
    binary, source = sys.argv[1], Path(sys.argv[2])
    registry = json.loads(subprocess.run([binary, "info", "--json"], capture_output=True,
                                         text=True, check=True).stdout)
    check_python(registry)
    check_python_doc(source)
    check_stub(registry, source)
    check_typescript(registry, source)
    check_command_line(registry, binary)
    check_cli_doc(binary, source)
    check_prose(registry, source)
    check_method_lists(registry, source)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} surface(s) disagree with the registry", file=sys.stderr)
        return 1
    print("every surface names what the registry names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
