"""The conversation and context panes (see ``pane.py`` and ``context_pane.py``); importing the
package registers both."""
from linghun.workbench.panes.conversation.context_pane import ContextPane
from linghun.workbench.panes.conversation.pane import ConversationPane

__all__ = ["ContextPane", "ConversationPane"]
