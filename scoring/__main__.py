import sys

from scoring.core.cli import main

sys.exit(main())
