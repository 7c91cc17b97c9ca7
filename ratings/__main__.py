import sys

from ratings.core.cli import main

sys.exit(main())
