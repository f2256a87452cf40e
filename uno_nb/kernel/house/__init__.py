"""The kernel's code of a house rule, one module per rule, named as the
engine's (``uno_nb/engine/house/<name>.py``): what only that rule does.
The kernel's other modules call these; none of these imports them."""
