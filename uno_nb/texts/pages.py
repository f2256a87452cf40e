"""Texts: pages."""

EN: dict[str, str] = {
}
