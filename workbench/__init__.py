"""The linghun workbench: a PySide6 desktop application over ``core``. Every Qt import lives here."""
