import sys

from engines.scoring.cli import main

sys.exit(main())
