import sys

from engines.seating.cli import main

sys.exit(main())
