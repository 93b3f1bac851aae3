"""How each language compiles and runs its tests inside the code sandbox. Every tool runs as the
candidate user (context.py); only the runner's own code reads the results. Only the task's hidden test
files (spec.test_files) are run: test files the answer adds are never collected. Each test process
carries our harness, which takes the run's secret before the candidate's code loads (events.py).
Pure standard library."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from prism_desktop.runs.code import CodeDiagnostic, CodeRunSpec, CompileMeasurement
from prism_desktop.sandbox.code.context import RunContext
from prism_desktop.sandbox.code.diagnostics import parse_go, parse_tsc, python_syntax
from prism_desktop.sandbox.code.events import COLLECT_ENV

PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the folder holding prism_desktop/
NODE_PRELOAD = Path(__file__).resolve().parent / "node_test_events.js"  # in the test process: live events
NODE_REPORTER = Path(__file__).resolve().parent / "node_test_reporter.js"  # in node's orchestrator
NODE_GLOBALS = Path(__file__).resolve().parent / "node_globals.d.ts"  # Debian has no @types/node
GO_HARNESS = Path(__file__).resolve().parent / "prism_harness.go"  # solution/prismharness in the module
GO_MAIN_TEST = "zz_prism_main_test.go"  # our TestMain, in package solution beside the hidden tests
TSC = "/usr/share/nodejs/typescript/bin/tsc"
GO_TEST_FUNC = re.compile(r"^func\s+(Test\w*)\s*\(\s*\w+\s+\*testing\.T\s*\)", re.MULTILINE)
GO_PACKAGE_LINE = re.compile(r"^package\s+(\w+)", re.MULTILINE)
GO_MOD = "module solution\n\ngo 1.23\n"  # the seed's language version (the image has Go 1.24)
GO_WARM_CACHE = Path("/opt/prism-gocache")  # vet facts and test deps of common std packages (image)


@dataclass
class StreamCommand:
    """A test process that reports through the event pipe."""

    argv: list[str]
    cwd: Path
    env: dict[str, str]
    select: str | None = None  # Go: the one test this process runs, sent with the secret
    writable_cwd: bool = False  # each start works in a fresh writable copy of `cwd` (writable_copy)


@dataclass
class TestPlan:
    __test__ = False
    streams: list[StreamCommand] = field(default_factory=list)
    static_ids: list[str] | None = None  # Go: the hidden tests' names, read from their source
    setup_error: str | None = None  # the tests cannot run at all (e.g. the test binary did not build)


def _errors_in(diagnostics: list[CodeDiagnostic], files: list[str]) -> list[CodeDiagnostic]:
    return [d for d in diagnostics if d.file in files]


class PythonTasks:
    tool = "py_compile"

    def compile(self, spec: CodeRunSpec, ctx: RunContext) -> CompileMeasurement:
        diagnostics: list[CodeDiagnostic] = []
        for name in spec.candidate_files:
            if name.endswith(".py"):
                diagnostics += python_syntax(spec.files[name], name)
        return CompileMeasurement(ok=not diagnostics, tool=self.tool, diagnostics=diagnostics)

    def plan(self, spec: CodeRunSpec, ctx: RunContext) -> TestPlan:
        """pytest on the hidden test files named one by one (so no other file, nor a conftest.py of the
        answer's, is collected). Nothing the candidate can write is read before our plugin: the ini file
        is ours (else pytest would search upwards from the tests into /tmp, where a candidate could plant
        a pytest.ini for the next restart with `-p solution`), conftest files are looked for only from the
        work folder down, and `-s` drops the user site (a usercustomize in the candidate's HOME). Each start
        runs in a fresh copy of the work folder where the tests may add files (Commit-0's cookiecutter writes
        replay files and generated projects there); `-P` keeps it off the import path at start-up."""
        files = [str(ctx.work / name) for name in spec.test_files]
        if not files:
            return TestPlan(setup_error="the task names no test file")
        ini = ctx.tests / "pytest.ini"
        ini.write_text("[pytest]\n", encoding="utf-8")
        # a hidden test file that is not Python (a folder has no suffix) is a doctest file (voluptuous's
        # tests.md): the project's --doctest-glob is in its pytest configuration, which the run does not read
        doctests = sorted(
            {f"--doctest-glob={Path(n).name}" for n in spec.test_files if Path(n).suffix not in ("", ".py")}
        )
        ini.chmod(0o644)
        argv = [
            "python3", "-s", "-P", "-m", "pytest", "-c", str(ini), "--rootdir", str(ctx.work),
            f"--confcutdir={ctx.work}", "-p", "prism_desktop.sandbox.code.pytest_events",
            "-p", "no:cacheprovider", "-q", "--color=no",
            *(["--collect-only"] if spec.collect_only else []), *doctests, *files,
        ]  # fmt: skip
        env = ctx.env(
            PYTHONPATH=f"{ctx.work}:{PACKAGE_ROOT}", PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0",
            PYTHONNOUSERSITE="1",
        )  # fmt: skip
        return TestPlan(streams=[StreamCommand(argv, ctx.work, env, writable_cwd=True)])


class TypeScriptTasks:
    tool = "tsc"

    def compile(self, spec: CodeRunSpec, ctx: RunContext) -> CompileMeasurement:
        sources = sorted(str(p) for p in ctx.work.rglob("*.ts"))
        build = ctx.scratch / "build"
        argv = [
            "node", TSC, "--pretty", "false", "--noEmitOnError", "false", "--outDir", str(build),
            "--rootDir", str(ctx.work), "--module", "commonjs", "--target", "es2020", "--lib", "es2020",
            "--esModuleInterop", "--skipLibCheck", str(NODE_GLOBALS), *sources,
        ]  # fmt: skip
        run = ctx.run(argv, cwd=ctx.work, env=ctx.env(), timeout_s=spec.limits.compile_timeout_s)
        diagnostics = _errors_in(parse_tsc(run.output, str(ctx.work)), spec.candidate_files)
        emitted = all((build / Path(name).with_suffix(".js")).is_file() for name in spec.candidate_files)
        ok = not run.timed_out and emitted and not any(d.severity == "error" for d in diagnostics)
        return CompileMeasurement(
            ok=ok, tool=self.tool, diagnostics=diagnostics, output=run.output, timed_out=run.timed_out
        )

    def plan(self, spec: CodeRunSpec, ctx: RunContext) -> TestPlan:
        """The compiled tests are copied into a runner-owned folder (with the task's data files), so
        the candidate's code cannot change them before or while they run."""
        build, tests = ctx.scratch / "build", ctx.tests
        for source in build.rglob("*.js"):
            target = tests / source.relative_to(build)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        for data in ctx.work.rglob("*"):
            if data.is_file() and data.suffix != ".ts":
                target = tests / data.relative_to(ctx.work)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(data, target)
        files = [tests / Path(name).with_suffix(".js") for name in spec.test_files]
        missing = [str(f.relative_to(tests)) for f in files if not f.is_file()]
        if not files or missing:
            return TestPlan(
                setup_error=f"the test files did not compile to JavaScript: {missing or 'none named'}"
            )
        env = ctx.env(NODE_OPTIONS="", **({COLLECT_ENV: "1"} if spec.collect_only else {}))
        node = [  # no --test: the tests run in this process, under our preload and reporter
            "node", "--require", str(NODE_PRELOAD), f"--test-reporter={NODE_REPORTER}",
            "--test-reporter-destination=stdout",
        ]  # fmt: skip
        return TestPlan(streams=[StreamCommand([*node, str(f)], f.parent, env) for f in files])


class GoTasks:
    tool = "go build + go vet"

    def _env(self, ctx: RunContext) -> dict[str, str]:
        """CGO_ENABLED keeps its default (off: the image has no C compiler), the setting the image's warm
        cache was built with, so its compiled standard packages are reused rather than rebuilt."""
        return ctx.env(
            GOCACHE=str(ctx.scratch / "gocache"), GOPATH=str(ctx.scratch / "gopath"), GOPROXY="off",
            GOFLAGS="-buildvcs=false -mod=mod", GO111MODULE="on", GOTOOLCHAIN="local",
            GOTELEMETRY="off",
        )  # fmt: skip

    def compile(self, spec: CodeRunSpec, ctx: RunContext) -> CompileMeasurement:
        env, timeout = self._env(ctx), spec.limits.compile_timeout_s
        seed_cache(GO_WARM_CACHE, ctx.scratch / "gocache")
        build = ctx.run(["go", "build", "-o", "/dev/null", "."], cwd=ctx.work, env=env, timeout_s=timeout)
        errors = _errors_in(parse_go(build.output, str(ctx.work), "error"), spec.candidate_files)
        if build.exit_code != 0 or build.timed_out:
            if not errors and not build.timed_out:
                errors = [CodeDiagnostic(spec.candidate_files[0], 0, 0, "error", build.output.strip()[-500:])]
            return CompileMeasurement(
                ok=False, tool=self.tool, diagnostics=errors, output=build.output, timed_out=build.timed_out
            )
        vet = ctx.run(["go", "vet", "."], cwd=ctx.work, env=env, timeout_s=timeout)
        warnings = [
            d for d in parse_go(vet.output, str(ctx.work), "warning") if d.file in spec.candidate_files
        ]
        return CompileMeasurement(
            ok=True, tool=self.tool, diagnostics=warnings, output=(build.output + vet.output).strip()
        )

    def plan(self, spec: CodeRunSpec, ctx: RunContext) -> TestPlan:
        names, problem = go_test_names(spec, ctx.work)
        if problem is not None:
            return TestPlan(setup_error=problem)
        if spec.collect_only:
            return TestPlan(static_ids=names)
        add_go_harness(ctx.work, names)
        env = self._env(ctx)
        # -ldflags=-s -w: no symbol table or DWARF in the test binary (its stack traces keep their names),
        # a faster link that pays for compiling the harness package in every run
        binary = ctx.scratch / "solution.test"
        built = ctx.run(
            ["go", "test", "-c", "-vet=off", "-ldflags=-s -w", "-o", str(binary), "."],
            cwd=ctx.work,
            env=env,
            timeout_s=spec.limits.compile_timeout_s,
        )
        if built.exit_code != 0 or not binary.is_file():
            return TestPlan(setup_error=f"the test binary did not build:\n{built.output.strip()[-3000:]}")
        # the candidate's code may write to the scratch folder once it runs: the binary moves out of it
        kept = ctx.tests / "solution.test"
        shutil.copyfile(binary, kept)
        kept.chmod(0o755)
        argv = [str(kept), "-test.v", "-test.count=1"]
        return TestPlan(streams=[StreamCommand(argv, ctx.work, env, select=name) for name in names])


ADAPTERS: dict[str, PythonTasks | TypeScriptTasks | GoTasks] = {
    "python": PythonTasks(),
    "typescript": TypeScriptTasks(),
    "go": GoTasks(),
}


def go_test_names(spec: CodeRunSpec, work: Path) -> tuple[list[str], str | None]:
    """The `Test…` functions of the hidden test files, as the testing package finds them; a problem
    when the files are not of package solution or bring their own TestMain (ours runs the test)."""
    names: list[str] = []
    for name in spec.test_files:
        text = (work / name).read_text(encoding="utf-8")
        package = GO_PACKAGE_LINE.search(text)
        if package is None or package[1] != "solution":
            return [], f"{name}: hidden Go tests must be in package solution"
        for found in GO_TEST_FUNC.findall(text):
            if found == "TestMain":
                return [], f"{name}: hidden Go tests must not define TestMain"
            if len(found) == 4 or not found[4].islower():  # TestX, Test_x; Testify is no test
                names.append(found)
    return names, None


def add_go_harness(work: Path, names: list[str]) -> None:
    """Our harness package and the TestMain that hands it the hidden tests (runner-owned files)."""
    harness = work / "prismharness"
    harness.mkdir(mode=0o755, exist_ok=True)
    (harness / "harness.go").write_text(GO_HARNESS.read_text(encoding="utf-8"), encoding="utf-8")
    table = "".join(f"\t\t{json.dumps(name)}: {name},\n" for name in names)
    (work / GO_MAIN_TEST).write_text(
        'package solution\n\nimport (\n\t"testing"\n\n\tprismharness_ "solution/prismharness"\n)\n\n'
        "func TestMain(m *testing.M) {\n\tprismharness_.Main(m, map[string]func(*testing.T){\n"
        f"{table}\t}})\n}}\n",
        encoding="utf-8",
    )
    for path in (harness / "harness.go", work / GO_MAIN_TEST):
        path.chmod(0o644)


def prepare_go_module(work: Path) -> None:
    if not (work / "go.mod").exists():
        (work / "go.mod").write_text(GO_MOD, encoding="utf-8")


def seed_cache(image_cache: Path, target: Path) -> None:
    """A writable copy of a cache the image was built with (the Go build cache, mypy's cache of the
    standard library stubs; a few MB): the tools reuse its entries instead of analysing the standard
    library again in every run. Folders open to the candidate user, who runs the tools."""
    if not image_cache.is_dir() or target.exists():
        return
    shutil.copytree(image_cache, target)
    for folder in [target, *(p for p in target.rglob("*") if p.is_dir())]:
        folder.chmod(0o777)
