"""Dialogs of the workbench: settings, about, conflict (reload / keep / merge), diff preview."""
