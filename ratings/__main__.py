import sys

from engines.ratings.cli import main

sys.exit(main())
