"""`sudo ./install.sh --system` from a tarball a normal user unpacked, in a throw-away container:
every installed file belongs to root and no one else can write it, and directories that were there
before (the system's icon theme folders) keep their owner and mode. The tarball is packed by
packaging/linux/make_tarball.sh around a small stand-in for the PyInstaller bundle (building the
real one takes minutes; install.sh treats the bundle as an opaque folder)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from prism_desktop.sandbox.image import IMAGE_REF
from tests.docker_helpers import unavailable

pytestmark = pytest.mark.docker

REPO = Path(__file__).resolve().parents[2]
IMAGE = IMAGE_REF  # the sandbox image: a Debian tree with bash, coreutils, findutils and useradd
APP_ID = "io.github.prismdesktop.PrismDesktop"

# Runs as root in the container: alice unpacks the tarball (umask 002: group-writable files), the
# system already has root-owned icon folders, then root runs the installer as the docs say.
SCRIPT = r"""
set -eu
useradd -m alice
mkdir -p /usr/local/share/icons/hicolor/48x48/apps /usr/local/share/icons/hicolor/scalable/apps
chmod 0755 /usr/local/share/icons/hicolor /usr/local/share/icons/hicolor/48x48 \
    /usr/local/share/icons/hicolor/48x48/apps
cp /in/*.tar.gz /home/alice/ && chown alice /home/alice/*.tar.gz
runuser -u alice -- sh -c 'umask 002; cd /home/alice && tar xzf *.tar.gz'
cd /home/alice/prism-desktop-*/
echo "== as alice"
if runuser -u alice -- ./install.sh --system; then echo "ALICE_INSTALLED"; fi
echo "== as root"
(umask 000 && ./install.sh --system)  # sudo may pass on any umask
echo "== files"
find /usr/local -path /usr/local/share/icons/hicolor -prune -o -name '*' -printf '%u:%g %m %y %p\n'
find /usr/local/share/icons/hicolor -printf '%u:%g %m %y %p\n'
echo "== run"
/usr/local/bin/prism-desktop --version
"""


def _stand_in_bundle(folder: Path) -> Path:
    bundle = folder / "prism-desktop"
    (bundle / "_internal").mkdir(parents=True)
    launcher = bundle / "prism-desktop"
    launcher.write_text("#!/bin/sh\necho 'prism-desktop 9.9.9'\n", encoding="utf-8")
    launcher.chmod(0o775)
    (bundle / "_internal" / "base_library.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    (bundle / "_internal" / "base_library.zip").chmod(0o664)
    return bundle


USER_SCRIPT = r"""
set -eu
useradd -m alice
cp /in/*.tar.gz /home/alice/ && chown alice /home/alice/*.tar.gz
runuser -u alice -- sh -c 'umask 002; cd /home/alice && tar xzf *.tar.gz'
runuser -u alice -- sh -c 'cd /home/alice/prism-desktop-*/ && ./install.sh'
echo "== files"
find /home/alice/.local -printf '%u:%g %m %y %p\n'
echo "== run"
runuser -u alice -- /home/alice/.local/bin/prism-desktop --version
runuser -u alice -- sh -c 'cd /home/alice/prism-desktop-*/ && ./install.sh --uninstall'
echo "== left"
find /home/alice/.local -name 'prism-desktop*' -o -name '*PrismDesktop*'
"""


def _tarball(tmp_path: Path) -> Path:
    inbox = tmp_path / "in"
    inbox.mkdir()
    bundle = _stand_in_bundle(tmp_path / "dist")
    subprocess.run(
        ["bash", str(REPO / "packaging" / "linux" / "make_tarball.sh"), str(bundle), str(inbox)],
        check=True, capture_output=True,
    )  # fmt: skip
    return inbox


def _container_run(inbox: Path, script: str = SCRIPT) -> str:
    docker = shutil.which("docker")
    if docker is None:
        unavailable("no docker command")
    assert docker is not None
    probe = subprocess.run([docker, "image", "inspect", IMAGE], capture_output=True, text=True)
    if probe.returncode != 0:
        unavailable(f"no {IMAGE} image ({probe.stderr.strip()})")
    done = subprocess.run(
        [docker, "run", "--rm", "--network", "none", "--user", "0", "-v", f"{inbox}:/in:ro",
         IMAGE, "bash", "-c", script],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_a_system_install_is_roots_and_leaves_existing_directories_alone(tmp_path: Path) -> None:
    out = _container_run(_tarball(tmp_path))

    assert "ALICE_INSTALLED" not in out
    assert "--system installs for every user into /usr/local: run it as root" in out
    files = out.split("== files\n")[1].split("== run\n")
    listing, run = files[0].splitlines(), files[1]
    assert "prism-desktop 9.9.9" in run
    entries = {line.split(" ", 3)[3]: line.split(" ", 3)[:3] for line in listing}

    installed = [
        path
        for path in entries
        if path.startswith("/usr/local/lib/prism-desktop")
        or APP_ID in path
        or path == "/usr/local/bin/prism-desktop"
    ]
    assert "/usr/local/lib/prism-desktop/_internal/base_library.zip" in installed
    assert f"/usr/local/share/icons/hicolor/48x48/apps/{APP_ID}.png" in installed
    assert f"/usr/local/share/applications/{APP_ID}.desktop" in installed
    for path in installed:
        owner, mode, kind = entries[path]
        assert owner == "root:root", (path, owner)
        if kind != "l":  # a link's own mode means nothing
            assert int(mode, 8) & 0o022 == 0, (path, mode)
    assert entries["/usr/local/lib/prism-desktop/prism-desktop"][1] == "755"

    # The theme folders were there before: same owner, same mode. Those the install made are root's.
    for folder in ("", "/48x48", "/48x48/apps"):
        assert entries[f"/usr/local/share/icons/hicolor{folder}"] == ["root:root", "755", "d"], folder
    for path, (owner, mode, kind) in entries.items():
        if path.startswith("/usr/local/share/icons/hicolor") and kind == "d":
            assert owner == "root:root" and int(mode, 8) & 0o022 == 0, (path, owner, mode)


def test_a_per_user_install_is_the_users_and_uninstalls_cleanly(tmp_path: Path) -> None:
    out = _container_run(_tarball(tmp_path), USER_SCRIPT)
    listing, rest = out.split("== files\n")[1].split("== run\n")
    run, left = rest.split("== left\n")
    assert "prism-desktop 9.9.9" in run
    entries = [line.split(" ", 3) for line in listing.splitlines()]
    ours = [e for e in entries if "prism-desktop" in e[3] or APP_ID in e[3]]
    assert any(e[3].endswith("/_internal/base_library.zip") for e in ours)
    for owner, mode, kind, path in ours:
        assert owner == "alice:alice", (path, owner)
        if kind != "l":
            assert int(mode, 8) & 0o022 == 0, (path, mode)
    assert left.strip() == ""
