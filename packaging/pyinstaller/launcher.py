"""The frozen bundle's entry point: the same `prism-desktop` command (GUI without arguments)."""

import sys

from prism_desktop.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
