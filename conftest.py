# The package's __main__ runs the command line when imported: keep it out of doctest collection.
collect_ignore = ["uno_nb/__main__.py"]

try:  # the notebook apps need their extra ("pip install -e .[apps]"); `make test` installs it
    import ipywidgets  # noqa: F401
    import plotly  # noqa: F401
except ImportError:
    collect_ignore += ["uno_nb/widgets", "tests/test_widgets.py"]
