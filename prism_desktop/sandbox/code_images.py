"""The code-task sandbox images (one per language: Python, TypeScript, Go): their names, whether
they are there, the toolchain each records, and building them offline or from their Dockerfiles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors

from prism_desktop.locations import shipped_path
from prism_desktop.runs.code import LANGUAGES
from prism_desktop.sandbox.image import (
    ENGINE_ERRORS,
    ImageBuildError,
    connect,
    offline_build_possible,
    run_builder,
)

CODE_IMAGE_RECIPE = "2"  # bump when build_offline.sh or the Dockerfiles change what an image holds
TOOLCHAIN_LABEL = "prism-desktop.toolchain"
Progress = Callable[[str], None]


def image_ref(language: str) -> str:
    return f"prism-desktop-code-{language}:{CODE_IMAGE_RECIPE}"


def packaging_dir() -> Path | None:
    """packaging/code-sandbox of the checkout or of the installed data folder (locations.py)."""
    return shipped_path("packaging", "code-sandbox")


@dataclass
class CodeImage:
    language: str
    ref: str
    present: bool
    toolchain: str | None = None  # e.g. "go 1.19.8", from the label the offline builder recorded


def code_image(client: docker.DockerClient, language: str) -> CodeImage:
    ref = image_ref(language)
    try:
        found = client.images.get(ref)
    except docker.errors.ImageNotFound:
        return CodeImage(language, ref, present=False)
    labels = (found.attrs.get("Config") or {}).get("Labels") or {}
    return CodeImage(language, ref, present=True, toolchain=labels.get(TOOLCHAIN_LABEL))


def build_code_image(language: str, method: str = "auto", progress: Progress = print) -> str:
    """Build the image of `language`; returns the method used ("offline" or "dockerfile")."""
    if language not in LANGUAGES:
        raise ImageBuildError(f"unknown language {language!r}: expected one of {', '.join(LANGUAGES)}")
    folder = packaging_dir()
    if folder is None:
        raise ImageBuildError(
            "packaging/code-sandbox is not part of this installation (a source checkout has it)"
        )
    try:
        client = connect()
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(f"no Docker engine answers: {exc}") from exc
    chosen = method if method != "auto" else ("offline" if offline_build_possible() is None else "dockerfile")
    ref = image_ref(language)
    if chosen == "offline":
        reason = offline_build_possible()
        if reason is not None:
            raise ImageBuildError(f"offline build impossible: {reason}")
        run_builder(["bash", str(folder / "build_offline.sh"), language, ref], progress)
    else:
        progress(f"building {ref} from {folder / f'Dockerfile.{language}'} (pulls its base from a registry)")
        try:
            for chunk in client.api.build(
                path=str(folder), dockerfile=f"Dockerfile.{language}", tag=ref, rm=True, decode=True
            ):
                if "error" in chunk:
                    raise ImageBuildError(f"the Dockerfile build failed: {str(chunk['error']).strip()}")
                text = str(chunk.get("stream") or chunk.get("status") or "").strip()
                if text:
                    progress(text)
        except ENGINE_ERRORS as exc:
            raise ImageBuildError(f"the Dockerfile build failed: {exc}") from exc
    return chosen
