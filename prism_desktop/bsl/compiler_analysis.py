"""Whole-module facts the compiler needs before generating code: which by-reference parameters a
method can change (directly, or by passing them on to a method that changes its own), and which
methods need their variables in a dictionary because Выполнить/Вычислить may read or write them."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.names import canonical

DYNAMIC_CALLS = frozenset({"вычислить", "eval"})


def walk_statements(body: A.Body) -> Iterator[A.Stmt]:
    """Every statement of a body, nested ones included, in source order."""
    for stmt in body:
        yield stmt
        for inner in child_bodies(stmt):
            yield from walk_statements(inner)


def child_bodies(stmt: A.Stmt) -> Iterator[A.Body]:
    if isinstance(stmt, A.If):
        for branch in stmt.branches:
            yield branch.body
        if stmt.else_body is not None:
            yield stmt.else_body
    elif isinstance(stmt, A.While | A.ForRange | A.ForEach):
        yield stmt.body
    elif isinstance(stmt, A.Try):
        yield stmt.body
        yield stmt.handler


def statement_expressions(stmt: A.Stmt) -> Iterator[A.Expr]:
    """The expressions a statement evaluates itself (not those of nested statements)."""
    if isinstance(stmt, A.Assign):
        yield stmt.target
        yield stmt.value
    elif isinstance(stmt, A.CallStmt):
        yield stmt.call
    elif isinstance(stmt, A.If):
        for branch in stmt.branches:
            yield branch.cond
    elif isinstance(stmt, A.While):
        yield stmt.cond
    elif isinstance(stmt, A.ForRange):
        yield stmt.start
        yield stmt.end
    elif isinstance(stmt, A.ForEach):
        yield stmt.iterable
    elif isinstance(stmt, A.Raise):
        if stmt.message is not None:
            yield stmt.message
        yield from (a for a in stmt.args if a is not None)
    elif isinstance(stmt, A.Return):
        if stmt.value is not None:
            yield stmt.value
    elif isinstance(stmt, A.Execute):
        yield stmt.code
    elif isinstance(stmt, A.AddHandler):
        yield stmt.event
        yield stmt.handler


def walk_expression(expr: A.Expr) -> Iterator[A.Expr]:
    yield expr
    if isinstance(expr, A.Call):
        children: tuple[A.Expr | None, ...] = expr.args
    elif isinstance(expr, A.MethodCall):
        children = (expr.obj, *expr.args)
    elif isinstance(expr, A.Member):
        children = (expr.obj,)
    elif isinstance(expr, A.Index):
        children = (expr.obj, expr.index)
    elif isinstance(expr, A.Unary):
        children = (expr.operand,)
    elif isinstance(expr, A.Binary):
        children = (expr.left, expr.right)
    elif isinstance(expr, A.Ternary):
        children = (expr.cond, expr.then, expr.otherwise)
    elif isinstance(expr, A.New):
        children = (expr.type_expr, *expr.args)
    elif isinstance(expr, A.Await):
        children = (expr.operand,)
    else:
        children = ()
    for child in children:
        if child is not None:
            yield from walk_expression(child)


def all_expressions(body: A.Body) -> Iterator[A.Expr]:
    for stmt in walk_statements(body):
        for expr in statement_expressions(stmt):
            yield from walk_expression(expr)


def is_bounded(body: A.Body, module_methods: Collection[str]) -> bool:
    """A method whose work is bounded by its own text: no loop, no Перейти, no call of a module
    method and no object method (a common module's method could call back), no Выполнить or
    Вычислить. Such a method needs no step count on entry: whatever loop or recursion calls it
    counts its own steps, so the deadline is still checked."""
    for stmt in walk_statements(body):
        if isinstance(stmt, A.While | A.ForRange | A.ForEach | A.Goto | A.Label | A.Execute):
            return False
    for expr in all_expressions(body):
        if isinstance(expr, A.MethodCall | A.Await):
            return False
        if isinstance(expr, A.Call) and (
            canonical(expr.name) in module_methods or canonical(expr.name) in DYNAMIC_CALLS
        ):
            return False
    return True


class MethodFacts:
    # a plain class, not a dataclass: made at import, a dataclass costs start-up time (≈1 ms each)
    __slots__ = ("assigned", "dynamic", "object_passes", "passes")

    def __init__(self) -> None:
        self.assigned: set[str] = set()  # canonical names written by the method itself
        # (callee, argument position, canonical name of a bare-name argument)
        self.passes: list[tuple[str, int, str]] = []
        # (object method, argument position, canonical name of a bare-name argument)
        self.object_passes: list[tuple[str, int, str]] = []
        self.dynamic = False  # uses Выполнить or Вычислить


def method_facts(body: A.Body) -> MethodFacts:
    facts = MethodFacts()
    for stmt in walk_statements(body):
        if isinstance(stmt, A.Assign) and isinstance(stmt.target, A.Name):
            facts.assigned.add(canonical(stmt.target.name))
        elif isinstance(stmt, A.ForRange | A.ForEach):
            facts.assigned.add(canonical(stmt.var))
        elif isinstance(stmt, A.Execute):
            facts.dynamic = True
    for expr in all_expressions(body):
        if isinstance(expr, A.Call):
            if canonical(expr.name) in DYNAMIC_CALLS:
                facts.dynamic = True
            for i, arg in enumerate(expr.args):
                if isinstance(arg, A.Name):
                    facts.passes.append((canonical(expr.name), i, canonical(arg.name)))
        elif isinstance(expr, A.MethodCall):
            for i, arg in enumerate(expr.args):
                if isinstance(arg, A.Name):
                    facts.object_passes.append((canonical(expr.name), i, canonical(arg.name)))
    return facts


def modified_parameters(
    methods: dict[str, A.Method], facts: dict[str, MethodFacts], byref_methods: dict[str, set[int]]
) -> dict[str, set[int]]:
    """For each method (by canonical name), the positions of by-reference parameters whose final
    value may differ from the argument: a fixed point over calls inside the module."""
    result: dict[str, set[int]] = {key: set() for key in methods}
    changed = True
    while changed:
        changed = False
        for key, method in methods.items():
            f = facts[key]
            for index, param in enumerate(method.params):
                if param.by_value or index in result[key]:
                    continue
                name = canonical(param.name)
                written = (
                    f.dynamic
                    or name in f.assigned
                    or any(n == name and p in result.get(c, ()) for c, p, n in f.passes)
                    or any(n == name and p in byref_methods.get(m, ()) for m, p, n in f.object_passes)
                )
                if written:
                    result[key].add(index)
                    changed = True
    return result


def has_loop(body: A.Body) -> bool:
    return any(isinstance(s, A.While | A.ForRange | A.ForEach) for s in walk_statements(body))


def invariant_indexed_names(body: A.Body, written_back: Mapping[str, Collection[int]]) -> list[str]:
    """Canonical names indexed as `Имя[…]` in a loop body that the body can never rebind: not
    assigned, not a loop variable, not passed as a bare argument (a by-reference parameter could
    rebind it), no Выполнить/Вычислить. Empty when the body has labels (Перейти jumps anywhere)."""
    if any(isinstance(s, A.Label | A.Goto | A.Execute) for s in walk_statements(body)):
        return []
    rebindable = rebindable_names(body, written_back)
    found: list[str] = []
    for expr in all_expressions(body):
        if isinstance(expr, A.Call) and canonical(expr.name) in DYNAMIC_CALLS:
            return []
        if isinstance(expr, A.Index) and isinstance(expr.obj, A.Name):
            key = canonical(expr.obj.name)
            if key not in rebindable and key not in found:
                found.append(key)
    return found


def rebindable_names(body: A.Body, written_back: Mapping[str, Collection[int]]) -> set[str]:
    """Canonical names a body may rebind: assigned, a loop variable, or passed as a bare argument
    where it comes back: to a module method whose parameter there is written back
    (`written_back`: positions by canonical method name), or to any object method (the global
    context's functions write back nothing)."""
    facts = method_facts(body)
    return facts.assigned | passed_names(facts, written_back)


def passed_names(facts: MethodFacts, written_back: Mapping[str, Collection[int]]) -> set[str]:
    passed = {name for callee, position, name in facts.passes if position in written_back.get(callee, ())}
    return passed | {name for _, _, name in facts.object_passes}


def whole_number_names(loop: A.Body, known: Collection[str], allowed: Collection[str],
                       written_back: Mapping[str, Collection[int]]) -> set[str]:
    """Canonical names that stay whole numbers through a loop if they are on entry: each is
    assigned in it only `Имя = <выражение>` of whole-number literals, names of this set (or of
    `known`) and + - * (two ints make an int), never as a loop variable or a bare argument (a
    by-reference parameter). Candidates are the names so assigned and the unassigned names the loop
    computes with, among `allowed` (the names whose type a guard can test on entry: one not yet
    defined might be read as Неопределено before its first assignment); a fixed point drops any
    whose assignment could make something else."""
    facts = method_facts(loop)
    if facts.dynamic or any(isinstance(s, A.Label | A.Goto | A.Execute) for s in walk_statements(loop)):
        return set()
    values: dict[str, list[A.Expr]] = {}
    for stmt in walk_statements(loop):
        if isinstance(stmt, A.Assign) and isinstance(stmt.target, A.Name):
            values.setdefault(canonical(stmt.target.name), []).append(stmt.value)
    blocked = passed_names(facts, written_back)
    blocked |= {canonical(s.var) for s in walk_statements(loop) if isinstance(s, A.ForRange | A.ForEach)}
    operands = {canonical(side.name) for expr in all_expressions(loop) if isinstance(expr, A.Binary)
                and expr.op in ("+", "-", "*", "%", "<", "<=", ">", ">=", "=", "<>")
                for side in (expr.left, expr.right) if isinstance(side, A.Name)}
    names = {name for name in (values.keys() | operands) - blocked if name in allowed}
    changed = True
    while changed:
        changed = False
        for name in list(names):
            if not all(_is_whole(value, names, known) for value in values.get(name, ())):
                names.discard(name)
                changed = True
    return names


def _is_whole(expr: A.Expr, names: Collection[str], known: Collection[str]) -> bool:
    if isinstance(expr, A.Const):
        return type(expr.value) is int
    if isinstance(expr, A.Name):
        key = canonical(expr.name)
        return key in names or key in known
    if isinstance(expr, A.Unary):
        return expr.op in ("+", "-") and _is_whole(expr.operand, names, known)
    if isinstance(expr, A.Binary):
        return expr.op in ("+", "-", "*") and _is_whole(expr.left, names, known) and _is_whole(
            expr.right, names, known)
    return False


def arrays_indexed_by(body: A.Body, var: str) -> list[tuple[str, int]]:
    """(canonical name, offset) of each `Имя[var]`, `Имя[var + N]`, `Имя[var - N]` (N a whole literal)
    in a body that runs no code of its own (no call, no Новый, no Ждать, no Выполнить): nothing in it
    can change an array's length, so a loop whose whole-number variable keeps such an index inside
    the array at both ends of its range keeps it inside throughout."""
    if any(isinstance(s, A.Execute | A.AddHandler | A.Label | A.Goto) for s in walk_statements(body)):
        return []
    found: list[tuple[str, int]] = []
    for expr in all_expressions(body):
        if isinstance(expr, A.Call | A.MethodCall | A.New | A.Await):
            return []
        if isinstance(expr, A.Index) and isinstance(expr.obj, A.Name):
            offset = index_offset(expr.index, var)
            if offset is not None and (canonical(expr.obj.name), offset) not in found:
                found.append((canonical(expr.obj.name), offset))
    return found


def index_offset(index: A.Expr, var: str) -> int | None:
    """N when `index` is `var`, `var + N` or `var - N` (as -N) with N a whole literal, else None."""
    if isinstance(index, A.Name):
        return 0 if canonical(index.name) == var else None
    if (isinstance(index, A.Binary) and index.op in ("+", "-") and isinstance(index.left, A.Name)
            and canonical(index.left.name) == var and isinstance(index.right, A.Const)
            and type(index.right.value) is int):
        return index.right.value if index.op == "+" else -index.right.value
    return None
