# The package's __main__ runs the command line when imported: keep it out of doctest collection.
collect_ignore = ["uno_nb/__main__.py"]
