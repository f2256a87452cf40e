"""Texts: play."""

EN: dict[str, str] = {
}
