"""Generation of candidate answers, compatible with PRISM's own (PRISM_FORMAT §4.1, §7): the
workspace's `generation/` folder, prompt assembly, the category-B metadata loop, retries, the response
cache, and PRISM's experiment and checkpoint files. No Qt; httpx is the only HTTP client."""

__all__ = [
    "adapters",
    "cache",
    "config",
    "credentials",
    "errors",
    "estimate",
    "limits",
    "metadata_tools",
    "plan",
    "records",
    "retry",
    "runner",
    "scrub",
    "single",
]
