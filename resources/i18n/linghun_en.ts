<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name />
    <message>
        <location filename="../../workbench/models/ontology.py" line="121" />
        <source>(untitled)</source>
        <extracomment>the files shown, in order: (group id, file attribute of MemoryHome, English label) groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)</extracomment>
        <translation>(untitled)</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="160" />
        <source>unreadable</source>
        <translation>unreadable</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="16" />
        <source>About linghun workbench</source>
        <translation>About linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="29" />
        <source>A desktop workbench for seeing, curating and debugging an LLM agent's long-term memory.</source>
        <translation>A desktop workbench for seeing, curating and debugging an LLM agent's long-term memory.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="31" />
        <source>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</source>
        <translation>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../workbench/app.py" line="38" />
        <source>The demo home is not bundled with this build: an empty new home was opened at {0}</source>
        <translation>The demo home is not bundled with this build: an empty new home was opened at {0}</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="26" />
        <source>Changed on disk</source>
        <translation>Changed on disk</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="31" />
        <source>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</source>
        <translation>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="39" />
        <source>Their change</source>
        <translation>Their change</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="40" />
        <source>Your edit</source>
        <translation>Your edit</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="44" />
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="44" />
        <source>Drop your edit and show the text on disk</source>
        <translation>Drop your edit and show the text on disk</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="45" />
        <source>Keep My Edit</source>
        <translation>Keep My Edit</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="45" />
        <source>Keep editing your version; saving replaces theirs</source>
        <translation>Keep editing your version; saving replaces theirs</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46" />
        <source>Merge</source>
        <translation>Merge</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46" />
        <source>Take their changes to the fields you did not edit</source>
        <translation>Take their changes to the fields you did not edit</translation>
    </message>
</context>
<context>
    <name>DiffDialog</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="70" />
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="50" />
        <source>No change.</source>
        <translation>No change.</translation>
    </message>
</context>
<context>
    <name>EntriesModel</name>
    <message>
        <location filename="../../workbench/models/entries.py" line="31" />
        <source>[n]</source>
        <translation>[n]</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="32" />
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="33" />
        <source>Confidence</source>
        <translation>Confidence</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="34" />
        <source>Stamp</source>
        <translation>Stamp</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="35" />
        <source>Last access</source>
        <translation>Last access</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="36" />
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="40" />
        <source>event</source>
        <extracomment>words of the file format shown translated (the file keeps the English word)</extracomment>
        <translation>event</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="41" />
        <source>fact</source>
        <translation>fact</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="42" />
        <source>rule</source>
        <translation>rule</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="43" />
        <source>decision</source>
        <translation>decision</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="44" />
        <source>preference</source>
        <translation>preference</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="45" />
        <source>experience</source>
        <translation>experience</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="46" />
        <source>identity</source>
        <translation>identity</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="47" />
        <source>high</source>
        <translation>high</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="48" />
        <source>medium</source>
        <translation>medium</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="49" />
        <source>low</source>
        <translation>low</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="50" />
        <source>wrong</source>
        <translation>wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="149" />
        <source>Position in warm.md: the number memory_read and update references use</source>
        <translation>Position in warm.md: the number memory_read and update references use</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="180" />
        <source>{0}, read as {1}</source>
        <translation>{0}, read as {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="182" />
        <source>No confidence written; it reads as medium</source>
        <translation>No confidence written; it reads as medium</translation>
    </message>
</context>
<context>
    <name>EntriesPane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="192" />
        <source>Filter by text (Ctrl+F)…</source>
        <translation>Filter by text (Ctrl+F)…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="193" />
        <source>All kinds</source>
        <translation>All kinds</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="196" />
        <source>All confidences</source>
        <translation>All confidences</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="196" />
        <source>Not wrong</source>
        <translation>Not wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="198" />
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="199" />
        <source>New entry (Ctrl+N)</source>
        <translation>New entry (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="200" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="201" />
        <source>Find</source>
        <translation>Find</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="202" />
        <source>Confidence</source>
        <translation>Confidence</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="203" />
        <source>High</source>
        <translation>High</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="204" />
        <source>Medium</source>
        <translation>Medium</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="205" />
        <source>Low</source>
        <translation>Low</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="206" />
        <source>Flip to Wrong</source>
        <translation>Flip to Wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="207" />
        <source>Mark as wrong: kept for traceability, never injected or cited</source>
        <translation>Mark as wrong: kept for traceability, never injected or cited</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="208" />
        <source>Revive</source>
        <translation>Revive</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="209" />
        <source>Bring a wrong entry back (confidence medium)</source>
        <translation>Bring a wrong entry back (confidence medium)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="210" />
        <source>Touch</source>
        <translation>Touch</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="211" />
        <source>Refresh last access to now (the entry was used)</source>
        <translation>Refresh last access to now (the entry was used)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="212" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="249" />
        <source>{0} of {1}</source>
        <translation>{0} of {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="281" />
        <location filename="../../workbench/panes/entries/pane.py" line="361" />
        <source>Save or revert the edit in the editor first; it stays open.</source>
        <translation>Save or revert the edit in the editor first; it stays open.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318" />
        <source>Set [{0}] to %s</source>
        <translation>Set [{0}] to %s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318" />
        <source>Set {0} entries to %s</source>
        <translation>Set {0} entries to %s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="322" />
        <source>Flip [{0}] to wrong</source>
        <translation>Flip [{0}] to wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="322" />
        <source>Flip {0} entries to wrong</source>
        <translation>Flip {0} entries to wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="326" />
        <source>Revive [{0}]</source>
        <translation>Revive [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="326" />
        <source>Revive {0} entries</source>
        <translation>Revive {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="331" />
        <source>Touch [{0}]</source>
        <translation>Touch [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="331" />
        <source>Touch {0} entries</source>
        <translation>Touch {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="337" />
        <location filename="../../workbench/panes/entries/pane.py" line="341" />
        <source>Delete {0} entries</source>
        <translation>Delete {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="340" />
        <source>Delete [{0}]</source>
        <translation>Delete [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="351" />
        <source>This is what will change in warm.md. Every change can be undone.</source>
        <translation>This is what will change in warm.md. Every change can be undone.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="389" />
        <source>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</source>
        <translation>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="392" />
        <source>The body is empty; use Delete to remove an entry.</source>
        <translation>The body is empty; use Delete to remove an entry.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="396" />
        <source>New entry</source>
        <translation>New entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="406" />
        <source>Edit [{0}]</source>
        <translation>Edit [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="447" />
        <source>warm.md cannot be read and is left untouched: {0}</source>
        <translation>warm.md cannot be read and is left untouched: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="482" />
        <source>Entry [{0}]</source>
        <translation>Entry [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="510" />
        <source>Merged; both sides changed {0}: your version was kept.</source>
        <translation>Merged; both sides changed {0}: your version was kept.</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="238" />
        <source>(not written: medium)</source>
        <translation>(not written: medium)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="326" />
        <source>Select an entry to edit it.</source>
        <translation>Select an entry to edit it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="327" />
        <source>No entry selected</source>
        <translation>No entry selected</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="330" />
        <source>New entry</source>
        <translation>New entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="332" />
        <source>Entry [{0}]</source>
        <translation>Entry [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="334" />
        <source>Removed on disk; saving puts your version back.</source>
        <translation>Removed on disk; saving puts your version back.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="336" />
        <source>● Not saved</source>
        <translation>● Not saved</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="338" />
        <source>Saved</source>
        <translation>Saved</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="345" />
        <source>Saving changes nothing.</source>
        <translation>Saving changes nothing.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="348" />
        <source>Stamp:</source>
        <translation>Stamp:</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="348" />
        <source>Kind / confidence:</source>
        <translation>Kind / confidence:</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="354" />
        <source>Edit the body as free text</source>
        <translation>Edit the body as free text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="355" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="356" />
        <source>Save this entry to warm.md (Ctrl+S)</source>
        <translation>Save this entry to warm.md (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="357" />
        <source>Revert</source>
        <translation>Revert</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="358" />
        <source>What saving will change</source>
        <translation>What saving will change</translation>
    </message>
</context>
<context>
    <name>EntryForms</name>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="17" />
        <source>Subject</source>
        <translation>Subject</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="18" />
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="19" />
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="20" />
        <source>Related entities</source>
        <translation>Related entities</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="21" />
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="22" />
        <source>Entity</source>
        <translation>Entity</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="23" />
        <source>Attribute</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="24" />
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="25" />
        <source>Source #</source>
        <translation>Source #</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="26" />
        <source>Rule (one sentence)</source>
        <translation>Rule (one sentence)</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <location filename="../../workbench/panes/ontology/links.py" line="25" />
        <source>There is no warm entry %1 any more.</source>
        <translation>There is no warm entry %1 any more.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../workbench/main_window.py" line="216" />
        <location filename="../../workbench/main_window.py" line="397" />
        <source>No memory home is open.</source>
        <translation>No memory home is open.</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="270" />
        <source>This pane could not open: {0}</source>
        <translation>This pane could not open: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="291" />
        <source>Unsaved changes</source>
        <translation>Unsaved changes</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="292" />
        <source>These panes have changes that are not saved: {0}. Discard them?</source>
        <translation>These panes have changes that are not saved: {0}. Discard them?</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="313" />
        <location filename="../../workbench/main_window.py" line="482" />
        <source>Open a memory home ($DSH_HOME)</source>
        <translation>Open a memory home ($DSH_HOME)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="340" />
        <source>Clear Recent Homes</source>
        <translation>Clear Recent Homes</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="377" />
        <source>&amp;Undo {0}</source>
        <translation>&amp;Undo {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="378" />
        <source>&amp;Redo {0}</source>
        <translation>&amp;Redo {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="402" />
        <source>Home: {0}</source>
        <translation>Home: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="410" />
        <source>warm.md unreadable</source>
        <translation>warm.md unreadable</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="414" />
        <source>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</source>
        <translation>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="417" />
        <source>{0} problem(s)</source>
        <translation>{0} problem(s)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="421" />
        <source>Topic index: not projected yet</source>
        <translation>Topic index: not projected yet</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="423" />
        <source>Topic index: stale ({0} changed after {1})</source>
        <translation>Topic index: stale ({0} changed after {1})</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="426" />
        <source>Topic index: up to date ({0})</source>
        <translation>Topic index: up to date ({0})</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="430" />
        <source>linghun workbench</source>
        <translation>linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="473" />
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="474" />
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="475" />
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="476" />
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="477" />
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="478" />
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="479" />
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="480" />
        <source>Main toolbar</source>
        <translation>Main toolbar</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="481" />
        <source>&amp;Open Home…</source>
        <translation>&amp;Open Home…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="483" />
        <source>Open &amp;Demo Home</source>
        <translation>Open &amp;Demo Home</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="484" />
        <source>Re&amp;load Home</source>
        <translation>Re&amp;load Home</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="485" />
        <source>Read every file of the home again</source>
        <translation>Read every file of the home again</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="486" />
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="487" />
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="488" />
        <source>&amp;About linghun workbench</source>
        <translation>&amp;About linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="489" />
        <source>&amp;Reset Layout</source>
        <translation>&amp;Reset Layout</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="490" />
        <location filename="../../workbench/main_window.py" line="493" />
        <source>Follow the &amp;System</source>
        <translation>Follow the &amp;System</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="491" />
        <source>&amp;Light</source>
        <translation>&amp;Light</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="492" />
        <source>&amp;Dark</source>
        <translation>&amp;Dark</translation>
    </message>
</context>
<context>
    <name>OntologyPane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="169" />
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="170" />
        <source>Consolidate…</source>
        <translation>Consolidate…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="171" />
        <source>Preview what consolidation would archive, then apply it</source>
        <translation>Preview what consolidation would archive, then apply it</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="172" />
        <source>Project topics…</source>
        <translation>Project topics…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="173" />
        <source>Preview the topic projection of warm (ontology.md), then apply it</source>
        <translation>Preview the topic projection of warm (ontology.md), then apply it</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="174" />
        <location filename="../../workbench/panes/ontology/pane.py" line="402" />
        <source>New node</source>
        <translation>New node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="175" />
        <source>Filter nodes</source>
        <translation>Filter nodes</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="176" />
        <source>Theme</source>
        <translation>Theme</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="177" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="178" />
        <source>Revert</source>
        <translation>Revert</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="179" />
        <source>Delete node</source>
        <translation>Delete node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="180" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="181" />
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="182" />
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="183" />
        <source>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</source>
        <translation>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="185" />
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="186" />
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="188" />
        <source>Consolidate or project topics to see the changes here first.</source>
        <translation>Consolidate or project topics to see the changes here first.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="254" />
        <source>Save or revert the node being edited first.</source>
        <translation>Save or revert the node being edited first.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="277" />
        <source>Select a node to read or edit it.</source>
        <translation>Select a node to read or edit it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="285" />
        <source>cannot be read: %1</source>
        <translation>cannot be read: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="302" />
        <source>From warm entries: %1</source>
        <translation>From warm entries: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="337" />
        <source>Nothing was written: the file changed on disk. Revert to load it.</source>
        <translation>Nothing was written: the file changed on disk. Revert to load it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="355" />
        <source>Edit node %1</source>
        <translation>Edit node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="387" />
        <source>Delete node %1</source>
        <translation>Delete node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="405" />
        <source>(write the node here)</source>
        <translation>(write the node here)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="410" />
        <source>Add node %1</source>
        <translation>Add node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="447" />
        <source>Computing the consolidation…</source>
        <translation>Computing the consolidation…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="452" />
        <source>Computing the topic projection…</source>
        <translation>Computing the topic projection…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="468" />
        <source>Nothing would change.</source>
        <translation>Nothing would change.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="471" />
        <source>Would write %1 file(s): %2</source>
        <translation>Would write %1 file(s): %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="477" />
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="481" />
        <source>Cancelled; nothing was written.</source>
        <translation>Cancelled; nothing was written.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="494" />
        <source>Consolidate</source>
        <translation>Consolidate</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="494" />
        <source>Project topics</source>
        <translation>Project topics</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="498" />
        <source>Applied: %1</source>
        <translation>Applied: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="508" />
        <source>Discarded; nothing was written.</source>
        <translation>Discarded; nothing was written.</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="50" />
        <source>Entries</source>
        <translation>Entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="42" />
        <source>Ontology</source>
        <translation>Ontology</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="21" />
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="24" />
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="27" />
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="32" />
        <source>Memory home ($DSH_HOME):</source>
        <translation>Memory home ($DSH_HOME):</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="34" />
        <location filename="../../workbench/dialogs/settings_dialog.py" line="39" />
        <source>Follow the system</source>
        <translation>Follow the system</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="37" />
        <source>Language:</source>
        <translation>Language:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="39" />
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="40" />
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="43" />
        <source>Theme:</source>
        <translation>Theme:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="44" />
        <source>Save entries as I type (keystrokes merge into one undo step)</source>
        <translation>Save entries as I type (keystrokes merge into one undo step)</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="49" />
        <source>Language model</source>
        <translation>Language model</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="53" />
        <source>Offline (no model)</source>
        <translation>Offline (no model)</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="54" />
        <source>OpenAI-compatible API</source>
        <translation>OpenAI-compatible API</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="56" />
        <source>Provider:</source>
        <translation>Provider:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="59" />
        <source>Base URL:</source>
        <translation>Base URL:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="62" />
        <source>Model:</source>
        <translation>Model:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="66" />
        <source>a key is stored; type to replace it</source>
        <translation>a key is stored; type to replace it</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="67" />
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="68" />
        <source>Remove Key</source>
        <translation>Remove Key</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="74" />
        <source>API key:</source>
        <translation>API key:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="75" />
        <source>The key is kept in the system keyring, never in a settings file.</source>
        <translation>The key is kept in the system keyring, never in a settings file.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77" />
        <source>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</source>
        <translation>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="98" />
        <source>Memory home</source>
        <translation>Memory home</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="105" />
        <source>the key will be removed</source>
        <translation>the key will be removed</translation>
    </message>
</context>
</TS>