import sys

from gosheet.cli import main

sys.exit(main())
