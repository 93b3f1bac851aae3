"""The gaming suite's sandbox tests use the real Docker engine of tests/sandbox."""

from tests.sandbox.conftest import _docker_required, docker_client  # noqa: F401  (fixtures, by name)
