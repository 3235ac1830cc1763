#!/usr/bin/env python3
"""Lists the imports between the Rust files of each crate and the cycles among them.

A file imports another when it names an item of that file's module through `crate::`,
`super::` or `self::` paths (in `use` lines or inline). Prints each crate's cycles (strongly
connected groups of files); with --check, exits 1 when there is any.
"""
import os
import re
import sys

CRATES = {"engine": "crates/engine/src", "lab": "crates/lab/src", "reversi3d": "src"}
PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE_GROUP = re.compile(r"\buse\s+(crate|super|self)((?:::\w+)*)::\{([^;]*)\};", re.S)


def module_of(root, path):
    """The module path (list of names) of a file."""
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return rel


def files_of(root):
    modules = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(folder, name)
                modules[tuple(module_of(root, path))] = path
    return modules


def resolve(modules, here, head, segments):
    """The longest module prefix of the path from `here` that is a file of the crate."""
    if head == "crate":
        base = []
    elif head == "self":
        base = list(here)
    else:
        base = list(here[:-1])
        while segments and segments[0] == "super":
            base = base[:-1]
            segments = segments[1:]
    full = base + segments
    for end in range(len(full), -1, -1):
        if tuple(full[:end]) in modules:
            return tuple(full[:end])
    return None


def strip_tests(text):
    """The text before a file's `#[cfg(test)]` module (its tests may import anything)."""
    cut = text.find("#[cfg(test)]\nmod tests")
    return text if cut < 0 else text[:cut]


def edges(modules, here, text):
    found = set()
    text = re.sub(r"//[^\n]*", "", strip_tests(text))
    for head, rest, group in USE_GROUP.findall(text):
        prefix = [s for s in rest.split("::") if s]
        for item in re.split(r"[,\s]+", re.sub(r"\{[^}]*\}", "", group)):
            item = item.strip()
            if item:
                segs = prefix + [s for s in item.split("::") if s and s != "self"]
                target = resolve(modules, here, head, segs)
                if target is not None:
                    found.add(target)
    for head, rest in PATH.findall(text):
        target = resolve(modules, here, head, [s for s in rest.split("::") if s])
        if target is not None:
            found.add(target)
    # A module never depends on its own children by declaring them, nor on itself.
    return {t for t in found if t != here and t[: len(here)] != here}


def cycles(graph):
    """Tarjan's strongly connected components with more than one member."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for node in graph:
        if node not in index:
            visit(node)
    return out


def main():
    total = 0
    for crate, root in CRATES.items():
        modules = files_of(root)
        graph = {}
        for module, path in modules.items():
            with open(path, encoding="utf-8") as handle:
                graph[module] = edges(modules, module, handle.read())
        links = sum(len(v) for v in graph.values())
        found = cycles(graph)
        # The same between the crate's top-level modules (a file's module is its first name).
        tops = {}
        for module, targets in graph.items():
            here = module[:1]
            tops.setdefault(here, set()).update(t[:1] for t in targets if t[:1] != here)
        found_top = [g for g in cycles(tops) if all(g)]
        total += len(found) + len(found_top)
        print(
            f"{crate}: {len(modules)} files, {links} imports between them, "
            f"{len(found)} cycles between files, {len(found_top)} between top-level modules"
        )
        for group in found + found_top:
            print("  cycle: " + " ↔ ".join("::".join(m) or "(root)" for m in group))
    if "--check" in sys.argv and total:
        sys.exit(1)


if __name__ == "__main__":
    main()
