"""Compile-time checks the 1C compiler makes on a parsed module.

Each check is conservative: valid code must stay clean, so a check fires only where the platform
itself refuses to compile (a call on an object, `Объект.Метод()`, is never checked; neither is the
text given to Выполнить/Вычислить; a method may be called before its definition).

`check_in_contexts` checks a module the way the platform compiles it: once per context of its kind
(module_kinds), each with its preprocessor symbols, the methods its directives compile there, and the
global and owner's methods available there; `check_module` is the single context Level 1 uses.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Collection, Iterable, Iterator, Sequence

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.compile_contexts import CLIENT_SIDE, DIRECTIVE_SIDES, CompileContext
from prism_desktop.bsl.compiler_analysis import child_bodies, statement_expressions
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import GLOBAL_METHOD_AVAILABILITY, GLOBAL_METHODS, canonical
from prism_desktop.bsl.parser import parse_module, parse_module_variants


def check_module(
    text: str,
    filename: str = "<module>",
    *,
    defines: Iterable[str] | None = None,
    known_methods: Iterable[str] = (),
    onescript: bool = False,
) -> list[Diagnostic]:
    """Syntax errors and compile-time errors of a module in one context (the server's symbols, or
    `defines`) where every global name exists — Level 1's check — sorted by position.
    `known_methods` are extra names callable without a qualifier (e.g. exported methods of global
    common modules of a configuration); `onescript` reads a OneScript script."""
    result = parse_module(text, filename, defines, onescript=onescript)
    try:
        found = result.diagnostics + check_tree(result.module, known_methods)
    except RecursionError:  # the caller's own stack was already deep
        found = [*result.diagnostics, diag.stack_exhausted()]
    return sorted(found, key=Diagnostic.sort_key)


def check_tree(module: A.Module, known_methods: Iterable[str] = ()) -> list[Diagnostic]:
    """Compile-time checks on an already parsed module: one context that has every global name."""
    callable_names = {canonical(m.name) for m in module.methods if m.name}
    callable_names.update(GLOBAL_METHODS)
    callable_names.update(canonical(name) for name in known_methods)
    return _Checker(module, callable_names, module.methods).run()


def check_in_contexts(
    text: str,
    filename: str = "<module>",
    info: mk.ModuleInfo | None = None,
    *,
    contexts: Sequence[CompileContext] | None = None,
    known_methods: Iterable[str] = (),
) -> list[Diagnostic]:
    """Syntax and compile-time errors of a module in every context the platform compiles it in
    (by default those of its kind, module_kinds.contexts_of), each naming its contexts. In each
    context only the methods its directives compile there are checked, and only the global and
    owner's methods available there are defined."""
    info = info or mk.ModuleInfo()
    contexts = tuple(contexts or mk.contexts_of(info, text))
    known = {canonical(name) for name in (*known_methods, *info.known_methods)}
    merged: dict[tuple[str, int, int, str], Diagnostic] = {}
    parses = parse_module_variants(text, filename, [context.defines for context in contexts])
    for context, parsed in zip(contexts, parses, strict=True):
        try:
            found = parsed.diagnostics + _context_checker(parsed.module, info, context, known).run()
        except RecursionError:
            found = [*parsed.diagnostics, diag.stack_exhausted()]
        for d in found:
            key = (d.code, d.line, d.column, d.message)
            seen = merged.get(key)
            if seen is None:
                merged[key] = dataclasses.replace(d, contexts=(context.name,))
            elif context.name not in seen.contexts:
                seen.contexts = (*seen.contexts, context.name)
    return sorted(merged.values(), key=Diagnostic.sort_key)


def _context_checker(
    module: A.Module, info: mk.ModuleInfo, context: CompileContext, known: Collection[str]
) -> _Checker:
    default_sides = mk.default_side(info)
    compiled = [m for m in module.methods if compiled_in(m, context, default_sides)]
    # a client may call the module's server methods (a server call); the server no client method
    callable_methods = module.methods if context.side == CLIENT_SIDE else compiled
    callable_names = {canonical(m.name) for m in callable_methods if m.name}
    callable_names.update(_globals_available(context.availability))
    callable_names.update(
        canonical(spelling)
        for member in mk.owner_methods(info)
        if member.availability & context.availability
        for spelling in (member.russian, *member.english)
    )
    callable_names.update(known)
    return _Checker(module, callable_names, compiled)


def compiled_in(method: A.Method, context: CompileContext, default_sides: frozenset[str] | None) -> bool:
    """Whether `context` compiles the method, by its compilation directive (`default_sides`:
    module_kinds.default_side of the module)."""
    if default_sides is None:
        return True
    sides = next(
        (DIRECTIVE_SIDES[key] for a in method.annotations if (key := canonical(a.name)) in DIRECTIVE_SIDES),
        default_sides,
    )
    return context.side in sides


@functools.lru_cache(maxsize=16)
def _globals_available(availability: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name, where in GLOBAL_METHOD_AVAILABILITY.items() if where & availability)


class _Checker:
    def __init__(self, module: A.Module, callable_names: set[str], compiled: Sequence[A.Method]):
        self.module = module
        self.callable = callable_names
        self.compiled = compiled  # the methods whose bodies this context compiles
        self.found: list[Diagnostic] = []

    def add(self, code: str, message: str, node: A.Node, line: int | None = None,
            col: int | None = None) -> None:
        self.found.append(diag.error(message, line or node.line, col or node.col, code=code))

    def run(self) -> list[Diagnostic]:
        self.check_duplicates()
        for method in self.compiled:
            self.check_body(method.body, method, loops=0)
        self.check_body(self.module.body, None, loops=0)
        return self.found

    def check_duplicates(self) -> None:
        seen: set[str] = set()
        for method in self.module.methods:
            key = canonical(method.name)
            if not key:
                continue
            if key in seen:
                self.add(diag.DUPLICATE_METHOD, diag.duplicate_method(method.name), method,
                         method.name_line, method.name_col)
            seen.add(key)
            params: set[str] = set()
            for param in method.params:
                param_key = canonical(param.name)
                if param_key in params:
                    self.add(diag.DUPLICATE_PARAMETER, diag.duplicate_parameter(param.name), param)
                params.add(param_key)

    def check_body(self, body: A.Body, method: A.Method | None, loops: int) -> None:
        for stmt in body:
            self.check_statement(stmt, method, loops)

    def check_statement(self, stmt: A.Stmt, method: A.Method | None, loops: int) -> None:
        if isinstance(stmt, A.Return):
            if method is None:
                self.add(diag.RETURN_OUTSIDE_METHOD, diag.return_outside_method(), stmt)
            elif stmt.value is not None and method.kind == "procedure":
                self.add(diag.PROCEDURE_RETURNS_VALUE, diag.procedure_returns_value(), stmt)
        elif isinstance(stmt, A.Break) and loops == 0:
            self.add(diag.BREAK_OUTSIDE_LOOP, diag.break_outside_loop(), stmt)
        elif isinstance(stmt, A.Continue) and loops == 0:
            self.add(diag.CONTINUE_OUTSIDE_LOOP, diag.continue_outside_loop(), stmt)
        for expr in statement_expressions(stmt):
            self.check_expression(expr)
        inner_loops = loops + 1 if isinstance(stmt, (A.While, A.ForRange, A.ForEach)) else loops
        for body in child_bodies(stmt):
            self.check_body(body, method, inner_loops)

    def check_expression(self, expr: A.Expr) -> None:
        for node in _walk_expression(expr):
            if isinstance(node, A.Call) and canonical(node.name) not in self.callable:
                self.add(diag.UNDEFINED_METHOD, diag.undefined_method(node.name), node)


def _walk_expression(expr: A.Expr) -> Iterator[A.Expr]:
    """Every expression node of a tree, iteratively (deep chains must not hit recursion limits)."""
    stack: list[A.Expr] = [expr]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (A.Call, A.New)):
            stack.extend(a for a in node.args if a is not None)
            if isinstance(node, A.New) and node.type_expr is not None:
                stack.append(node.type_expr)
        elif isinstance(node, A.MethodCall):
            stack.append(node.obj)
            stack.extend(a for a in node.args if a is not None)
        elif isinstance(node, A.Member):
            stack.append(node.obj)
        elif isinstance(node, A.Index):
            stack.extend((node.obj, node.index))
        elif isinstance(node, A.Binary):
            stack.extend((node.left, node.right))
        elif isinstance(node, (A.Unary, A.Await)):
            stack.append(node.operand)
        elif isinstance(node, A.Ternary):
            stack.extend((node.cond, node.then, node.otherwise))
