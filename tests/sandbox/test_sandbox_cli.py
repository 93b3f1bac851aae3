"""`prism-desktop sandbox status | build | doctor` as a user sees them."""

from __future__ import annotations

import argparse
import re

import pytest

from prism_desktop.cli import sandbox_command
from prism_desktop.cli.main import main

NO_ENGINE = "unix:///nonexistent/prism-test-docker.sock"


def test_registers_a_sandbox_command_with_its_actions() -> None:
    parser = argparse.ArgumentParser()
    sandbox_command.register(parser.add_subparsers())
    for action in ("status", "build", "doctor"):
        args = parser.parse_args(["sandbox", action])
        assert args.handler is sandbox_command.run and args.sandbox_action == action
    assert parser.parse_args(["sandbox", "build", "--offline"]).method == "offline"
    assert parser.parse_args(["sandbox", "build"]).method == "auto"


def test_status_without_an_engine_names_the_fallback(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    assert main(["sandbox", "status"]) == 1
    out = capsys.readouterr().out
    assert "engine:  none reachable (no Docker engine answers" in out
    assert f"at {NO_ENGINE} (" in out  # which engine was asked
    assert "runs go: local subprocess fallback (NOT isolated)" in out
    assert main(["sandbox", "status", "--quiet"]) == 1
    assert capsys.readouterr().out == ""


def test_build_without_an_engine_says_why_in_one_line(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    assert main(["sandbox", "build", "--dockerfile"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("prism-desktop: error: cannot build prism-desktop-sandbox:")
    assert "no Docker engine answers" in err and "Traceback" not in err


def test_doctor_without_an_engine_explains_what_to_do(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    assert main(["sandbox", "doctor"]) == 1
    out = capsys.readouterr().out
    assert "!! docker engine: no Docker engine answers" in out
    assert "   -> " in out  # a fix is offered
    assert "ok local fallback: app code: the worker imports" in out
    assert "NOT isolated" in out
    assert re.search(r"\n[12] problem\(s\) found", out)  # 2 where the kernel refuses a private netns


@pytest.mark.docker
def test_status_and_doctor_with_the_engine(capsys) -> None:
    assert main(["sandbox", "status"]) == 0
    out = capsys.readouterr().out
    assert "image:   prism-desktop-sandbox:" in out and "runs go: docker (isolated)" in out
    assert main(["sandbox", "status", "--quiet"]) == 0
    assert main(["sandbox", "doctor"]) == 0
    out = capsys.readouterr().out
    for line in (
        "ok docker sandbox: network: no network (loopback only)",
        "ok docker sandbox: file system: read-only except /tmp",
        "ok docker sandbox: user: runs as uid 65534",
        "ok docker sandbox: app code: the worker imports",
    ):
        assert line in out
    assert "everything the sandbox needs is there" in out


def test_the_engine_is_named_with_how_it_is_reached() -> None:
    from prism_desktop.sandbox.image import engine_endpoint

    assert engine_endpoint({}) == "unix:///var/run/docker.sock (this machine)"
    tls = {"DOCKER_HOST": "tcp://scoring.team:2376", "DOCKER_TLS_VERIFY": "1", "DOCKER_CERT_PATH": "/c"}
    assert engine_endpoint(tls) == "tcp://scoring.team:2376 (TLS, server certificate verified)"
    assert engine_endpoint({"DOCKER_HOST": "tcp://h:2375"}).endswith(
        "(no TLS: anyone on the network path can drive this engine)"
    )
    assert engine_endpoint({"DOCKER_HOST": "ssh://me@h"}) == "ssh://me@h (remote, over SSH)"
