"""How each language compiles and runs its tests inside the code sandbox. Every tool runs as the
candidate user (context.py); only the runner's own code reads the results. Pure standard library."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from prism_desktop.sandbox.code.context import RunContext
from prism_desktop.sandbox.code.diagnostics import parse_go, parse_tsc, python_syntax
from prism_desktop.sandbox.code.spec import CodeDiagnostic, CodeRunSpec, CompileMeasurement

PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the folder holding prism_desktop/
NODE_PRELOAD = Path(__file__).resolve().parent / "node_test_events.js"  # in the test process: live events
NODE_REPORTER = Path(__file__).resolve().parent / "node_test_reporter.js"  # in node's orchestrator
NODE_GLOBALS = Path(__file__).resolve().parent / "node_globals.d.ts"  # Debian has no @types/node
TSC = "/usr/share/nodejs/typescript/bin/tsc"
GO_TEST_FUNC = re.compile(r"^func\s+(Test\w*)\s*\(\s*\w+\s+\*testing\.T\s*\)", re.MULTILINE)
GO_MOD = "module solution\n\ngo 1.23\n"  # the seed's language version (the image has Go 1.24)
GO_WARM_CACHE = Path("/opt/prism-gocache")  # vet facts and test deps of common std packages (image)


@dataclass
class StreamCommand:
    """A test process that reports through the event pipe."""

    argv: list[str]
    cwd: Path
    env: dict[str, str]


@dataclass
class TestPlan:
    __test__ = False
    streams: list[StreamCommand] = field(default_factory=list)  # python, typescript
    per_process: list[tuple[str, list[str], Path, dict[str, str]]] = field(default_factory=list)  # go
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
        argv = [
            "python3", "-m", "pytest", "-p", "prism_desktop.sandbox.code.pytest_events",
            "-p", "no:cacheprovider", "-q", "--color=no", "--rootdir", str(ctx.work),
            *(str(ctx.work / path) for path in spec.test_paths or ["."]),
        ]  # fmt: skip
        env = ctx.env(
            PYTHONPATH=f"{ctx.work}:{PACKAGE_ROOT}", PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0"
        )
        return TestPlan(streams=[StreamCommand(argv, ctx.work, env)])


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
        files = sorted(tests.rglob("*.test.js"))
        if not files:
            return TestPlan(setup_error="no *.test.ts file compiled to JavaScript")
        env = ctx.env(NODE_OPTIONS="")
        node_test = [
            "node", "--test", f"--test-reporter={NODE_REPORTER}", "--test-reporter-destination=stdout",
            "--require", str(NODE_PRELOAD),
        ]  # fmt: skip
        return TestPlan(streams=[StreamCommand([*node_test, str(f)], f.parent, env) for f in files])


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
        env = self._env(ctx)
        binary = ctx.scratch / "solution.test"
        built = ctx.run(
            ["go", "test", "-c", "-vet=off", "-o", str(binary), "."],
            cwd=ctx.work,
            env=env,
            timeout_s=spec.limits.compile_timeout_s,
        )
        if built.exit_code != 0 or not binary.is_file():
            return TestPlan(setup_error=f"the test binary did not build:\n{built.output.strip()[-3000:]}")
        names: list[str] = []
        for test_file in sorted(ctx.work.glob("*_test.go")):
            names += GO_TEST_FUNC.findall(test_file.read_text(encoding="utf-8"))
        return TestPlan(
            per_process=[
                (name, [str(binary), "-test.run", f"^{name}$", "-test.v", "-test.count=1"], ctx.work, env)
                for name in names
            ]
        )


ADAPTERS: dict[str, PythonTasks | TypeScriptTasks | GoTasks] = {
    "python": PythonTasks(),
    "typescript": TypeScriptTasks(),
    "go": GoTasks(),
}


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
