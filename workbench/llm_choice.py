"""The "Offline / Configured LLM" choice of the panes that run rounds (rounds, conversation).

``fill(combo, settings)`` offers the configured LLM only when one is set up (the settings dialog
may set one up while the pane is open: fill again on ``sig_llm_changed`` and when shown);
``chosen(ctx, combo)`` is the ``LLMSettings`` snapshot for the choice, taken on the GUI thread
(the task builds the client), or None for offline, with a status message when the configured LLM
has no key.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox


def fill(combo: QComboBox, settings) -> None:
    llm = settings.llm
    configured = llm.provider != "offline"
    current = combo.currentData() or "offline"
    combo.clear()
    translate = QCoreApplication.translate
    combo.addItem(translate("LlmChoice", "Offline"), "offline")
    combo.addItem(translate("LlmChoice", "Configured LLM (%1)").replace("%1", llm.model or llm.provider)
                  if configured else translate("LlmChoice", "Configured LLM (none: see Settings)"), "llm")
    combo.model().item(1).setEnabled(configured)
    combo.setCurrentIndex(combo.findData(current) if configured else 0)


def chosen(ctx, combo: QComboBox) -> tuple[bool, object]:
    """``(go, settings)``: the settings for the chosen LLM, or None (offline); ``go`` is False when
    they cannot be read (said in the status bar): the caller runs nothing."""
    from linghun.core.errors import LinghunError
    from linghun.workbench.llm_setup import resolves

    if combo.currentData() != "llm":
        return True, None
    try:
        llm = ctx.llm_settings()
    except LinghunError as exc:
        ctx.show_message(str(exc))
        return False, None
    if not resolves(llm):
        ctx.show_message(QCoreApplication.translate(
            "LlmChoice", "No LLM is configured (or it has no API key): running offline."))
        return True, None
    return True, llm


__all__ = ["chosen", "fill"]
