"""`prism-desktop sandbox status | build | doctor`: what engine and image are there, building the image,
and what is missing explained in plain words."""

from __future__ import annotations

import argparse

from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, CliError, add_command


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "sandbox",
        run,
        help="the Docker sandbox where candidate code runs: status, build, doctor",
    )
    actions = parser.add_subparsers(dest="sandbox_action", title="sandbox commands", metavar="ACTION")
    actions.required = True
    status = actions.add_parser("status", help="which engine and sandbox image are there")
    status.add_argument(
        "--quiet", action="store_true", help="print nothing; exit 0 only when Docker and the image are ready"
    )
    build = actions.add_parser("build", help="build the sandbox image (offline builder or Dockerfile)")
    how = build.add_mutually_exclusive_group()
    how.add_argument(
        "--offline",
        dest="method",
        action="store_const",
        const="offline",
        help="debootstrap + docker import: needs root and Debian's package archive",
    )
    how.add_argument(
        "--dockerfile",
        dest="method",
        action="store_const",
        const="dockerfile",
        help="packaging/sandbox/Dockerfile: needs a container registry",
    )
    build.add_argument(
        "--code",
        nargs="*",
        choices=("python", "typescript", "go", "all", "missing"),
        metavar="LANG",
        help="build the code-task images instead: python, typescript, go, all, or missing (those not "
        "there; the default of --code alone)",
    )
    build.set_defaults(method="auto")
    actions.add_parser("doctor", help="check everything the sandbox needs and say what is missing")


def run(args: argparse.Namespace) -> int:
    action = {"status": _status, "build": _build, "doctor": _doctor}[args.sandbox_action]
    return action(args)


def _status(args: argparse.Namespace) -> int:
    # imported here for start-up: the engine probe only for `sandbox status`
    from prism_desktop.sandbox.image import IMAGE_REF, engine_endpoint, engine_status

    status = engine_status()
    ready = status.reachable and status.image_present
    if args.quiet:
        return EXIT_OK if ready else EXIT_PROBLEMS
    if status.reachable:
        print(f"engine:  Docker {status.version}, reachable at {engine_endpoint()}")
        image = (
            f"{IMAGE_REF} present ({status.image_id}, created {status.image_created})"
            if status.image_present
            else f"{IMAGE_REF} missing (build it: prism-desktop sandbox build)"
        )
        print(f"image:   {image}")
    else:
        print(f"engine:  none reachable ({status.error}) at {engine_endpoint()}")
    choice = "docker (isolated)" if ready else "local subprocess fallback (NOT isolated)"
    print(f"runs go: {choice}")
    if status.reachable:
        # imported here for start-up: the coding bench only for its own images
        from prism_desktop.cli.coding_cli import print_code_images

        print_code_images()
    return EXIT_OK if ready else EXIT_PROBLEMS


def _build(args: argparse.Namespace) -> int:
    if args.code is not None:
        # imported here for start-up: the coding bench only for its own images
        from prism_desktop.cli.coding_cli import build_code_images

        return build_code_images(args.code or ["missing"], args.method)
    # imported here for start-up: the image builder only for `sandbox build`
    from prism_desktop.sandbox.image import IMAGE_REF, ImageBuildError, build_image

    def progress(line: str) -> None:
        print(line, flush=True)

    try:
        method = build_image(args.method, progress=progress)
    except ImageBuildError as exc:
        raise CliError(f"cannot build {IMAGE_REF}: {exc}") from exc
    print(f"built {IMAGE_REF} ({method})")
    return EXIT_OK


def _doctor(_args: argparse.Namespace) -> int:
    # imported here for start-up: the docker SDK only for `sandbox doctor`
    from prism_desktop.sandbox.doctor import diagnose

    findings = diagnose()
    for finding in findings:
        for line in finding.lines():
            print(line)
    problems = [f for f in findings if not f.ok]
    print(f"\n{len(problems)} problem(s) found" if problems else "\neverything the sandbox needs is there")
    return EXIT_PROBLEMS if problems else EXIT_OK
