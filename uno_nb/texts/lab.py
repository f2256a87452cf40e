"""Texts: lab."""

EN: dict[str, str] = {
}
