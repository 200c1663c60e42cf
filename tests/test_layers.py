"""The architecture, checked: packages in layers, each importing only what lies below it (or beside it in its own
package); the two front ends never import each other; no import circle anywhere. Lazy imports (inside
functions) count: a circle through a function body is still a circle. Below the front ends, nothing imports
a front-end library (typer, click, rich, mcp, starlette, uvicorn), and nothing prints, prompts, writes to
standard output or error, or exits: an op knows nothing of terminals or protocols. A batch worker reaches no
option parsing (the coordinator's).

    __main__                         python -m pdftools
    main, completions                the program: the only modules above both front ends
    cli | mcp                        the two front ends, side by side
    batch                            one operation over many files, on processes or a cluster (runs the ops)
    ops                              one pure module per operation, and the registry
    invoice, convert, ocr            domains built on what is below
    document                         the parts of a PDF
    engines                          the external programs
    core                             what every operation shares
    errors, pdftools/__init__        the error tree, the version
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pdftools"
LAYERS = {
    "errors": 0, "": 0,
    "core": 1,
    "engines": 2,
    "document": 3,
    "invoice": 4, "convert": 4, "ocr": 4,
    "ops": 5,
    "batch": 6,
    "cli": 7, "mcp": 7,
    "main": 8, "completions": 8,
    "__main__": 9,
}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts).removesuffix(".__init__")] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The pdftools modules a module imports, anywhere in it (`from pdftools import engines` is the module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module in known:
            subs = {f"{node.module}.{alias.name}" for alias in node.names} & known.keys()
            found |= subs or {node.module}
            if subs != {f"{node.module}.{alias.name}" for alias in node.names}:
                found.add(node.module)
    return found


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


GRAPH = {name: imports(path, modules()) - {name} for name, path in modules().items()}


FRONT_END_LIBRARIES = ("typer", "click", "rich", "mcp", "starlette", "uvicorn")  # what only the front ends use


def front_end_imports(source: str) -> list[str]:
    """The front-end libraries a module's source imports, anywhere in it (lazy imports count)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return sorted(found & set(FRONT_END_LIBRARIES))


BELOW_FRONT_ENDS = sorted(m for m in GRAPH if LAYERS[package_of(m)] < LAYERS["cli"])


@pytest.mark.parametrize("module", BELOW_FRONT_ENDS)
def test_below_the_front_ends_no_front_end_library(module: str) -> None:
    """An op (and all it builds on) knows nothing of Typer, rich, MCP or HTTP: the front ends make what people
    and agents see from its result."""
    assert not front_end_imports(modules()[module].read_text(encoding="utf-8")), \
        f"{module} imports {front_end_imports(modules()[module].read_text(encoding='utf-8'))}: only cli/ and mcp/ may"


def test_the_library_check_sees_violations() -> None:
    assert "pdftools.ops.merge" in BELOW_FRONT_ENDS and "pdftools.batch.op" in BELOW_FRONT_ENDS
    assert "pdftools.cli.app" not in BELOW_FRONT_ENDS and "pdftools.mcp.server" not in BELOW_FRONT_ENDS
    source = "import typer\nimport richer\ndef f():\n    from rich.text import Text\n    import mcp.types\n" \
             "from starlette.routing import Route\n"
    assert front_end_imports(source) == ["mcp", "rich", "starlette", "typer"]


SPEAKING = ("print", "input", "exit", "quit", "sys.exit", "sys.stdout.write", "sys.stderr.write",
            "sys.stdout.buffer.write", "sys.stderr.buffer.write")  # what only a front end may do
# (os._exit is not among them: a forked worker ends with it, without the parent's clean-up: core/forked.py)


def speaking(source: str) -> list[str]:
    """The calls in a module's source that print, prompt, write to standard output or error, or exit."""
    return sorted({ast.unparse(node.func) for node in ast.walk(ast.parse(source))
                   if isinstance(node, ast.Call) and ast.unparse(node.func) in SPEAKING})


@pytest.mark.parametrize("module", BELOW_FRONT_ENDS)
def test_below_the_front_ends_nothing_prints_or_exits(module: str) -> None:
    """An op returns its result and raises its error; it never prints, prompts or exits (over stdio a print
    would corrupt the protocol stream, and an exit would end the server): the front ends say what happened."""
    assert not speaking(modules()[module].read_text(encoding="utf-8")), \
        f"{module} calls {speaking(modules()[module].read_text(encoding='utf-8'))}: only cli/ and mcp/ may"


def test_the_speaking_check_sees_violations() -> None:
    source = "import sys\ndef f():\n    print('x')\n    sys.stderr.write('y')\n    sys.exit(2)\n" \
             "def g():\n    os._exit(0)\n    log.print('x')\n"
    assert speaking(source) == ["print", "sys.exit", "sys.stderr.write"]


def test_every_package_has_a_layer() -> None:
    assert {package_of(m) for m in GRAPH} <= LAYERS.keys(), "a new package needs its place in LAYERS"


def upward(graph: dict[str, set[str]], module: str) -> list[str]:
    """What `module` imports from its own layer (another package) or above."""
    mine = package_of(module)
    return sorted(d for d in graph[module] if package_of(d) != mine and LAYERS[package_of(d)] >= LAYERS[mine])


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_only_below(module: str) -> None:
    assert not upward(GRAPH, module), f"{module} imports {upward(GRAPH, module)}: only layers below it"


def test_no_import_circles() -> None:
    assert circles(GRAPH) == []


HTTP_ONLY = {f"pdftools.mcp.{name}" for name in ("http", "guards", "files", "page", "events")}


def reached(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every pdftools module `module` imports, directly or through others (lazy imports count)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph[name]
    return seen


def test_serving_over_stdio_reaches_no_http_module() -> None:
    """The transports sit on the server: `serve` over stdio (mcp/stdio.py) builds the server and its tools
    (mcp/server.py, mcp/tools.py), and nothing they import reaches the HTTP transport (routes, guards, the
    upload page, its file policy and event store)."""
    assert not reached(GRAPH, "pdftools.mcp.stdio") & HTTP_ONLY
    assert "pdftools.mcp.tools" in reached(GRAPH, "pdftools.mcp.stdio")  # (the check sees the stdio side)
    assert GRAPH.keys() >= HTTP_ONLY


COORDINATOR_ONLY = {"pdftools.batch.options", "pdftools.batch.op"}  # option values made, the batch planned
WORKER_SIDE = ("pdftools.batch.work", "pdftools.batch.remote", "pdftools.batch.sending", "pdftools.batch.pages")


@pytest.mark.parametrize("module", WORKER_SIDE)
def test_a_batch_worker_reaches_no_option_parsing(module: str) -> None:
    """A batch's option values are made once, by the coordinator (batch/options.py: `--set` or MCP's object
    typed and checked); a worker, local or on a cluster, gets them made in its `FileJob` (batch/plan.py) and
    runs the op. Nothing a worker imports reaches the parsing or the `batch` operation itself."""
    assert not reached(GRAPH, module) & COORDINATOR_ONLY, sorted(reached(GRAPH, module) & COORDINATOR_ONLY)
    assert "pdftools.batch.plan" in reached(GRAPH, module) or module == "pdftools.batch.remote"


def test_the_checks_see_violations() -> None:
    """The checks can fail: the two circles issue 15 found, and a front end importing the other."""
    graph = {m: set(d) for m, d in GRAPH.items()}
    graph["pdftools.mcp.server"].add("pdftools.cli.app")
    graph["pdftools.core.streams"].add("pdftools.document.metadata")
    assert upward(graph, "pdftools.mcp.server") == ["pdftools.cli.app"]
    assert upward(graph, "pdftools.core.streams") == ["pdftools.document.metadata"]
    graph["pdftools.cli.app"].add("pdftools.mcp.server")  # both ways: the circle issue 15 found
    found = circles(graph)
    assert ["pdftools.core.streams", "pdftools.document.metadata"] in found
    assert ["pdftools.cli.app", "pdftools.mcp.server"] in found
    graph["pdftools.mcp.tools"].add("pdftools.mcp.files")  # a tool taking the HTTP file policy: stdio reaches it
    assert "pdftools.mcp.files" in reached(graph, "pdftools.mcp.stdio")
    graph["pdftools.batch.plan"].add("pdftools.batch.options")  # the job's module parsing values: workers reach it
    assert "pdftools.batch.options" in reached(graph, "pdftools.batch.work")
    # lazy and module-level imports are both seen; `from pdftools import engines` is the module
    assert "pdftools.core.params" in GRAPH["pdftools.mcp.tools"]
    assert "pdftools.engines" in GRAPH["pdftools.engines.poppler"]
