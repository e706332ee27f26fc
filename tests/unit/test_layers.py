"""The package's import graph has no cycle, and no lower layer imports a higher one.

Layers, lowest first: cancel/errors/paths/printable/settings/digest < books, comics, store < rag <
prepare/cli/mcp < ui/app.
Every import counts, including those inside functions (a function-local import hides a cycle from
the interpreter, not from the reader) and those under `if TYPE_CHECKING:` (an annotation that needs
the importer back is a cycle for whoever reads the code). The graph is read from the source with
`ast`, so nothing is imported and a new module is covered the day it is added.

No module in the package is over 450 lines either. The cap is an alarm for a second job in a module:
the answer is to move that job out, never to cut a class in half by height. A module that is long
and still one job is named in `LONG_MODULES`, with the reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import reader_app

PACKAGE_DIR = Path(reader_app.__file__).parent

# The first name under reader_app -> its layer. A new top-level module or package must be given
# a layer here; the test says so.
LAYERS: Mapping[str, int] = {
    "": 0,  # reader_app/__init__.py: the name and version
    "cancel": 0,
    "errors": 0,
    "paths": 0,
    "printable": 0,
    "settings": 0,
    "digest": 0,
    "translatable": 0,  # the lupdate marker for words the window translates
    "books": 1,
    "comics": 1,
    "store": 1,
    "rag": 2,
    "prepare": 3,
    "forget": 3,
    "cli": 3,
    "mcp": 3,
    "ui": 4,
    "app": 4,
    "__main__": 4,
}
# Imports within one layer that still go the wrong way.
FORBIDDEN_SIDEWAYS = frozenset({("books", "comics")})
# The `reader-app` entry point opens the window when it is given no engine command.
ALLOWED = frozenset({("reader_app.cli", "reader_app.app")})

# Inside `books/`, `rag/`, `prepare/` and `ui/`, rooms in dependency order: a room imports only
# itself and earlier rooms. A module directly in the package (`books/model.py`,
# `ui/workers.py`) is a room of its own.
ROOMS: Mapping[str, Mapping[str, int]] = {
    "books": {"model": 0, "files": 1, "pictures": 2, "typography": 3, "content": 4, "opening": 5,
              "text": 6, "shelf": 7},
    "rag": {"index": 0, "scope": 1, "retrieval": 2, "model": 3, "assistant": 4, "companion": 5,
            "characters": 6, "pages": 7},
    "prepare": {"news": 0, "pipeline": 1, "process": 2},
    "ui": {"workers": 0, "translation": 0, "page": 1, "reader": 2, "library": 3, "assistant": 4,
           "companion": 5, "read_aloud": 6, "aids": 7, "window": 8},
}

Graph = Mapping[str, frozenset[str]]


def module_name(path: Path) -> str:
    parts = ["reader_app", *path.relative_to(PACKAGE_DIR).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def imports_of(
    name: str, path: Path, known: Iterable[str], *, type_checking: bool = True
) -> frozenset[str]:
    """The reader_app modules `path` imports, anywhere in its body (with `type_checking=False`,
    not counting those under `if TYPE_CHECKING:`)."""
    known = set(known)
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    if not type_checking:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")[: len(name.split(".")) - node.level + is_package]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return frozenset(m for m in found if m in known and m != name)


def import_graph(*, type_checking: bool = True) -> dict[str, frozenset[str]]:
    modules = package_modules()
    return {
        name: imports_of(name, path, modules, type_checking=type_checking)
        for name, path in modules.items()
    }


def top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_violations(graph: Graph) -> list[str]:
    problems = []
    for importer, imported in sorted(graph.items()):
        if top(importer) not in LAYERS:
            problems.append(f"{importer} is in no layer: add {top(importer)!r} to LAYERS")
            continue
        for target in sorted(imported):
            if (importer, target) in ALLOWED or top(target) not in LAYERS:
                continue
            upward = LAYERS[top(target)] > LAYERS[top(importer)]
            if upward or (top(importer), top(target)) in FORBIDDEN_SIDEWAYS:
                problems.append(f"{importer} imports {target}, which is above it")
    return problems


def room(module: str) -> tuple[str, str] | None:
    """(package, room) for a module inside a package with rooms, else None."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] not in ROOMS:
        return None
    return parts[1], parts[2]


def room_violations(graph: Graph) -> list[str]:
    problems = []
    for importer, imported in sorted(graph.items()):
        source = room(importer)
        if source is None:
            continue
        package, name = source
        if name not in ROOMS[package]:
            problems.append(f"{importer} is in no room: add {name!r} to ROOMS[{package!r}]")
            continue
        for target in sorted(imported):
            dest = room(target)
            if dest is None or dest[0] != package or dest[1] not in ROOMS[package]:
                continue
            if ROOMS[package][dest[1]] > ROOMS[package][name]:
                problems.append(f"{importer} imports {target}, a later room")
    return problems


def import_cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, frozenset()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(cycles)


def test_the_graph_is_read_from_every_module() -> None:
    graph = import_graph()
    assert {"reader_app.books.content.epub", "reader_app.rag.scope.boundary",
            "reader_app.ui.window.main_window", "reader_app.comics.text",
            "reader_app.cli"} <= set(graph)
    assert "reader_app.rag.index.sentences" in graph["reader_app.rag.index.text_units"]
    # a function-local import is seen too
    assert "reader_app.app" in graph["reader_app.cli"]


def test_the_package_has_no_import_cycle() -> None:
    assert import_cycles(import_graph()) == []


MAX_MODULE_LINES = 450
# Modules allowed over the cap -> why the length is one job. Keep it short: an entry is a module
# someone looked at and left whole on purpose. An entry whose module is back under the cap, or gone,
# fails the test, so the list never outlives its reasons.
LONG_MODULES: Mapping[str, str] = {}


def module_lengths(modules: Mapping[str, Path]) -> dict[str, int]:
    return {name: len(path.read_text(encoding="utf-8").splitlines())
            for name, path in sorted(modules.items())}


def long_modules(
    modules: Mapping[str, Path],
    *,
    limit: int = MAX_MODULE_LINES,
    allowed: Mapping[str, str] = LONG_MODULES,
) -> list[str]:
    """The modules over `limit` lines, with their length, and the allowed ones that are not."""
    lengths = module_lengths(modules)
    found = [f"{name}: {lines} lines" for name, lines in lengths.items()
             if lines > limit and name not in allowed]
    found += [f"{name}: allowed to be long, but {lengths[name]} lines" if name in lengths
              else f"{name}: allowed to be long, but not in the package"
              for name in sorted(allowed) if lengths.get(name, 0) <= limit]
    return found


def test_no_module_is_over_the_size_cap() -> None:
    assert long_modules(package_modules()) == []
    assert [name for name, reason in LONG_MODULES.items() if not reason.strip()] == []


# The port to a model server keeps only what every call shares (rag/model/__init__.py): a
# feature's call that creeps back into it shows here first.
MAX_PORT_LINES = 300


def test_the_model_port_stays_narrow() -> None:
    lengths = module_lengths(package_modules())
    assert lengths["reader_app.rag.model.gateway"] < MAX_PORT_LINES


def test_a_long_module_is_named(tmp_path: Path) -> None:
    short, long = tmp_path / "short.py", tmp_path / "long.py"
    short.write_text("x = 1\n" * MAX_MODULE_LINES)
    long.write_text("x = 1\n" * (MAX_MODULE_LINES + 1))
    modules = {"reader_app.short": short, "reader_app.long": long}
    assert long_modules(modules, allowed={}) == [f"reader_app.long: {MAX_MODULE_LINES + 1} lines"]


def test_an_allowed_long_module_is_not_named_and_a_stale_allowance_is(tmp_path: Path) -> None:
    short, long = tmp_path / "short.py", tmp_path / "long.py"
    short.write_text("x = 1\n" * MAX_MODULE_LINES)
    long.write_text("x = 1\n" * (MAX_MODULE_LINES + 1))
    modules = {"reader_app.short": short, "reader_app.long": long}
    allowed = {"reader_app.long": "one job", "reader_app.short": "was long", "reader_app.gone": ""}
    assert long_modules(modules, allowed=allowed) == [
        "reader_app.gone: allowed to be long, but not in the package",
        f"reader_app.short: allowed to be long, but {MAX_MODULE_LINES} lines",
    ]


def test_no_lower_layer_imports_a_higher_one() -> None:
    assert layer_violations(import_graph()) == []


def test_a_cycle_hidden_in_a_function_is_found(tmp_path: Path) -> None:
    graph = {
        "reader_app.rag.a": frozenset({"reader_app.rag.b"}),
        "reader_app.rag.b": frozenset({"reader_app.rag.c"}),
        "reader_app.rag.c": frozenset({"reader_app.rag.a"}),
        "reader_app.rag.d": frozenset({"reader_app.rag.a"}),
    }
    assert import_cycles(graph) == [["reader_app.rag.a", "reader_app.rag.b", "reader_app.rag.c"]]
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from reader_app.rag import a\n")
    assert imports_of("reader_app.rag.m", module, graph) == {"reader_app.rag.a"}
    module.write_text("import typing\nif typing.TYPE_CHECKING:\n    import reader_app.rag.b\n")
    assert imports_of("reader_app.rag.m", module, graph) == {"reader_app.rag.b"}
    assert imports_of("reader_app.rag.m", module, graph, type_checking=False) == set()


def test_books_reaching_up_into_rag_or_sideways_into_comics_is_a_violation() -> None:
    graph = {
        "reader_app.books.shelf.library": frozenset({"reader_app.rag.index.indexes",
                                                     "reader_app.paths"}),
        "reader_app.books.opening.cbz": frozenset({"reader_app.comics.text"}),
        "reader_app.comics.text": frozenset({"reader_app.books.model"}),
        "reader_app.rag.index.indexes": frozenset({"reader_app.books.model"}),
        "reader_app.books.model": frozenset(),
        "reader_app.paths": frozenset(),
    }
    assert layer_violations(graph) == [
        "reader_app.books.opening.cbz imports reader_app.comics.text, which is above it",
        "reader_app.books.shelf.library imports reader_app.rag.index.indexes, which is above it",
    ]


def test_a_module_in_no_layer_is_named() -> None:
    graph = {"reader_app.recaps": frozenset()}
    assert layer_violations(graph) == ["reader_app.recaps is in no layer: add 'recaps' to LAYERS"]


def test_no_room_imports_a_later_one() -> None:
    assert room_violations(import_graph()) == []


def test_a_room_reaching_forward_is_named() -> None:
    graph = {
        "reader_app.rag.scope.sealed": frozenset({"reader_app.rag.assistant.conversations"}),
        "reader_app.rag.assistant.engine": frozenset({"reader_app.rag.model.gateway",
                                                       "reader_app.rag.scope.boundary"}),
        "reader_app.ui.page.images": frozenset({"reader_app.ui.workers"}),
        "reader_app.ui.workers": frozenset({"reader_app.ui.window.main_window"}),
        "reader_app.ui.attic.old": frozenset(),
    }
    assert room_violations(graph) == [
        "reader_app.rag.scope.sealed imports reader_app.rag.assistant.conversations, a later room",
        "reader_app.ui.attic.old is in no room: add 'attic' to ROOMS['ui']",
        "reader_app.ui.workers imports reader_app.ui.window.main_window, a later room",
    ]
