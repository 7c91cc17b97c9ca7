import sys

from console.core.cli import main

sys.exit(main())
