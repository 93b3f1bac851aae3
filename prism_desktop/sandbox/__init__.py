"""Where untrusted code runs: the Docker and local backends, the pool, the in-container worker and the
harnesses, the images of the code benches.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "backend",
    "backend_choice",
    "code",
    "code_docker",
    "code_images",
    "doctor",
    "harness_b",
    "harness_b_modules",
    "image",
    "library_images",
    "measured_result",
    "pool",
]
