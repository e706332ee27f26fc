"""`python -m reader_app`: the same entry point as the `reader-app` command."""

import sys

from reader_app.cli import main

if __name__ == "__main__":  # not when a child process (reader_app/prepare/process.py) imports it
    sys.exit(main())
