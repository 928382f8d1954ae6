"""``python -m gosheet``: the same as the ``gosheet`` command."""

import sys

from gosheet.frontends.cli import main

if __name__ == "__main__":
    sys.exit(main())
