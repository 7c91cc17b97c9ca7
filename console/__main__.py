import sys

from engines.console.cli import main

sys.exit(main())
