"""``python -m uno_nb.kernel``: compile the simulator now (see :func:`uno_nb.kernel.main`)."""

from . import main

raise SystemExit(main())
