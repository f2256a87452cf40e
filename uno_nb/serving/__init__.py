"""Serving a class: kernel pools sized for the class and following it, kernels
forked from one process and started in the calm at a lower priority, the
lab's simulator compiled in the background, light pages, and limits no
student's page can pass.

The launcher (:mod:`uno_nb.serving.webapp`) uses these; they are kept apart from it so
that each can be tested without starting Voilà, a module for each thing it owns:

* :mod:`.pools`, how many kernels: :func:`~.pools.class_pools` turns
  ``--class-size K`` (``make app CLASS=K``) and the page a lesson starts on
  (:data:`~.pools.CLASS_PAGES`, or ``--pages``) into Voilà's
  ``kernel_pools_config``: K preheated kernels for that page, the usual one
  for every other notebook; :class:`~.pools.BoardLead` reads the page the
  teacher sends the class to from the board; once every pool is first full,
  start-up says so with the app's memory: ``ready for 30 visitors on
  01_rules_step_by_step.ipynb: 43 kernels, 1.7 GB of memory``
  (:func:`~.pools.ready_line`);
* :mod:`.scheduler`, when they start: :class:`~.scheduler.StartScheduler` lets
  preheated kernels start a few at a time and never while pages are being
  opened (voila.json's ``fill_delay`` is 0: the scheduler's calm replaces
  Voilà's fixed wait before each refill);
* :mod:`.priority`, at what CPU priority: :class:`~.priority.Priority` lowers
  a refill's priority while it starts and runs its notebook, and sets it back
  when the kernel is handed to a visitor;
* :mod:`.kernel_manager`, Voilà's side: :func:`~.kernel_manager.classroom_kernel_manager`
  puts the three above into Voilà's kernel manager, and moves the class's K
  kernels to the page the class goes to (sent from the board, or opened by
  the students);
* :mod:`.compiling`, the lab's simulator: :func:`~.compiling.compile_in_background`
  compiles it when it is not ready yet: the pages open at once, and the lab
  plays on the engine until the simulator is ready (``uno_nb.kernel.not_ready``);
* :mod:`.sockets`, the log: :func:`~.sockets.quiet_closed_sockets` makes the
  server's writes to a page's closed socket one line, not a traceback each;
* :mod:`.limits`, how many kernels the pages may have: a few per visitor
  (an address and a browser) and in all what the memory holds
  (:class:`~.limits.Visitors`), a refused visitor told so in their language
  (:func:`~.limits.refusal`), and the kernels of pages that never connect
  stopped (:class:`~.limits.NeverConnected`);
* :mod:`.flood`, a page's websocket: throttled when it floods, closed when it
  goes on or stops reading, its widget actions held to what the kernel does
  (:func:`~.flood.guarded_connection`);
* :mod:`.transfer`, the network: every text response gzip'd when asked,
  files named by their content cached for a year, Voilà's chunks in one
  script, no MathJax;
* :mod:`.forking`, the kernels' memory: every kernel forked from one process
  that has imported the kit (:class:`~.forking.ForkingProvisioner`), so that
  they share it.

None of them imports Voilà (the kernel manager is given Voilà's class) or
the widgets (only the fork server does, in its own process, to share them
with the kernels): the launcher imports Voilà only when the app starts.
"""
