"""Texts: rules."""

EN: dict[str, str] = {
}
