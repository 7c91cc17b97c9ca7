import sys

from seating.core.cli import main

sys.exit(main())
