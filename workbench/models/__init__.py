"""Qt item models over core objects, keyed by stable ids (never by row numbers)."""
