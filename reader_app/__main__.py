"""`python -m reader_app`: the same entry point as the `reader-app` command."""

import sys

from reader_app.cli import main

sys.exit(main())
