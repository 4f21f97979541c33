<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name />
    <message>
        <location filename="../../workbench/models/ontology.py" line="121" />
        <source>(untitled)</source>
        <extracomment>the files shown, in order: (group id, file attribute of MemoryHome, English label) groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)</extracomment>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="160" />
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="16" />
        <source>About linghun workbench</source>
        <translation>关于灵魂工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="29" />
        <source>A desktop workbench for seeing, curating and debugging an LLM agent's long-term memory.</source>
        <translation>一个桌面工作台，用来查看、整理和调试 LLM 智能体的长期记忆。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/about.py" line="31" />
        <source>License: {0}. You may share and change it under the terms of the GNU Affero General Public License, version 3 or later.</source>
        <translation>许可证：{0}。你可以依照 GNU Affero 通用公共许可证第 3 版或更高版本的条款分发和修改它。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../workbench/app.py" line="38" />
        <source>The demo home is not bundled with this build: an empty new home was opened at {0}</source>
        <translation>此版本未附带演示记忆库：已在 {0} 打开一个新的空记忆库</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="26" />
        <source>Changed on disk</source>
        <translation>磁盘上的文件已变化</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="31" />
        <source>{0} was changed by another program while you were editing it. Your edit is not saved yet and nothing has been overwritten.</source>
        <translation>你编辑{0}时，另一个程序修改了它。你的编辑尚未保存，也没有覆盖任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="39" />
        <source>Their change</source>
        <translation>对方的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="40" />
        <source>Your edit</source>
        <translation>你的编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="44" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="44" />
        <source>Drop your edit and show the text on disk</source>
        <translation>放弃你的编辑，显示磁盘上的文本</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="45" />
        <source>Keep My Edit</source>
        <translation>保留我的编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="45" />
        <source>Keep editing your version; saving replaces theirs</source>
        <translation>继续编辑你的版本；保存时会替换对方的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46" />
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/conflict.py" line="46" />
        <source>Take their changes to the fields you did not edit</source>
        <translation>对你没有编辑的字段采用对方的修改</translation>
    </message>
</context>
<context>
    <name>DiffDialog</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="70" />
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../../workbench/dialogs/diff.py" line="50" />
        <source>No change.</source>
        <translation>没有变化。</translation>
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
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="33" />
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="34" />
        <source>Stamp</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="35" />
        <source>Last access</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="36" />
        <source>Text</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="40" />
        <source>event</source>
        <extracomment>words of the file format shown translated (the file keeps the English word)</extracomment>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="41" />
        <source>fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="42" />
        <source>rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="43" />
        <source>decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="44" />
        <source>preference</source>
        <translation>偏好</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="45" />
        <source>experience</source>
        <translation>经验</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="46" />
        <source>identity</source>
        <translation>身份</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="47" />
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="48" />
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="49" />
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="50" />
        <source>wrong</source>
        <translation>已翻转</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="149" />
        <source>Position in warm.md: the number memory_read and update references use</source>
        <translation>在 warm.md 中的位置：memory_read 和 update 引用使用的编号</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="180" />
        <source>{0}, read as {1}</source>
        <translation>{0}，按{1}读取</translation>
    </message>
    <message>
        <location filename="../../workbench/models/entries.py" line="182" />
        <source>No confidence written; it reads as medium</source>
        <translation>未写置信度，按“中”读取</translation>
    </message>
</context>
<context>
    <name>EntriesPane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="192" />
        <source>Filter by text (Ctrl+F)…</source>
        <translation>按文字筛选（Ctrl+F）…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="193" />
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="196" />
        <source>All confidences</source>
        <translation>全部置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="196" />
        <source>Not wrong</source>
        <translation>未翻转</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="198" />
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="199" />
        <source>New entry (Ctrl+N)</source>
        <translation>新建条目（Ctrl+N）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="200" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="201" />
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="202" />
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="203" />
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="204" />
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="205" />
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="206" />
        <source>Flip to Wrong</source>
        <translation>翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="207" />
        <source>Mark as wrong: kept for traceability, never injected or cited</source>
        <translation>标记为错误：保留以便追溯，永不注入或引用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="208" />
        <source>Revive</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="209" />
        <source>Bring a wrong entry back (confidence medium)</source>
        <translation>恢复已翻转的条目（置信度为中）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="210" />
        <source>Touch</source>
        <translation>标记使用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="211" />
        <source>Refresh last access to now (the entry was used)</source>
        <translation>把最近使用时间刷新为现在（条目被用到了）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="212" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="249" />
        <source>{0} of {1}</source>
        <translation>{0} / {1}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="281" />
        <location filename="../../workbench/panes/entries/pane.py" line="361" />
        <source>Save or revert the edit in the editor first; it stays open.</source>
        <translation>请先保存或撤销编辑器中的修改；它仍然打开着。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318" />
        <source>Set [{0}] to %s</source>
        <translation>把 [{0}] 设为%s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="318" />
        <source>Set {0} entries to %s</source>
        <translation>把 {0} 条设为%s</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="322" />
        <source>Flip [{0}] to wrong</source>
        <translation>把 [{0}] 翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="322" />
        <source>Flip {0} entries to wrong</source>
        <translation>把 {0} 条翻转为错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="326" />
        <source>Revive [{0}]</source>
        <translation>恢复 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="326" />
        <source>Revive {0} entries</source>
        <translation>恢复 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="331" />
        <source>Touch [{0}]</source>
        <translation>标记使用 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="331" />
        <source>Touch {0} entries</source>
        <translation>标记使用 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="337" />
        <location filename="../../workbench/panes/entries/pane.py" line="341" />
        <source>Delete {0} entries</source>
        <translation>删除 {0} 条</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="340" />
        <source>Delete [{0}]</source>
        <translation>删除 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="351" />
        <source>This is what will change in warm.md. Every change can be undone.</source>
        <translation>以下是 warm.md 将发生的变化。每个修改都可以撤销。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="389" />
        <source>The stamp must look like 2026-10-07 11:30 or 2026-10-07.</source>
        <translation>时间格式应为 2026-10-07 11:30 或 2026-10-07。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="392" />
        <source>The body is empty; use Delete to remove an entry.</source>
        <translation>正文为空；要移除条目请用删除。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="396" />
        <source>New entry</source>
        <translation>新条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="406" />
        <source>Edit [{0}]</source>
        <translation>编辑 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="447" />
        <source>warm.md cannot be read and is left untouched: {0}</source>
        <translation>warm.md 无法读取，已原样保留：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="482" />
        <source>Entry [{0}]</source>
        <translation>条目 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="510" />
        <source>Merged; both sides changed {0}: your version was kept.</source>
        <translation>已合并；双方都修改了 {0}：保留了你的版本。</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="238" />
        <source>(not written: medium)</source>
        <translation>（未写：中）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="326" />
        <source>Select an entry to edit it.</source>
        <translation>选择一个条目进行编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="327" />
        <source>No entry selected</source>
        <translation>未选择条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="330" />
        <source>New entry</source>
        <translation>新条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="332" />
        <source>Entry [{0}]</source>
        <translation>条目 [{0}]</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="334" />
        <source>Removed on disk; saving puts your version back.</source>
        <translation>磁盘上已删除；保存会放回你的版本。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="336" />
        <source>● Not saved</source>
        <translation>● 未保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="338" />
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="345" />
        <source>Saving changes nothing.</source>
        <translation>保存不会改变任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="348" />
        <source>Stamp:</source>
        <translation>时间：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="348" />
        <source>Kind / confidence:</source>
        <translation>类型 / 置信度：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="354" />
        <source>Edit the body as free text</source>
        <translation>以自由文本编辑正文</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="355" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="356" />
        <source>Save this entry to warm.md (Ctrl+S)</source>
        <translation>把此条目保存到 warm.md（Ctrl+S）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="357" />
        <source>Revert</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/editor.py" line="358" />
        <source>What saving will change</source>
        <translation>保存将带来的变化</translation>
    </message>
</context>
<context>
    <name>EntryForms</name>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="17" />
        <source>Subject</source>
        <translation>主语</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="18" />
        <source>Action</source>
        <translation>动作</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="19" />
        <source>Object</source>
        <translation>宾语</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="20" />
        <source>Related entities</source>
        <translation>关联实体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="21" />
        <source>Detail</source>
        <translation>细节</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="22" />
        <source>Entity</source>
        <translation>实体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="23" />
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="24" />
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="25" />
        <source>Source #</source>
        <translation>来源 #</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/entries/forms.py" line="26" />
        <source>Rule (one sentence)</source>
        <translation>规则（一句话）</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <location filename="../../workbench/panes/ontology/links.py" line="25" />
        <source>There is no warm entry %1 any more.</source>
        <translation>温区已没有条目 %1。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../workbench/main_window.py" line="216" />
        <location filename="../../workbench/main_window.py" line="397" />
        <source>No memory home is open.</source>
        <translation>没有打开记忆库。</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="270" />
        <source>This pane could not open: {0}</source>
        <translation>此面板无法打开：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="291" />
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="292" />
        <source>These panes have changes that are not saved: {0}. Discard them?</source>
        <translation>这些面板有未保存的修改：{0}。要放弃吗？</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="313" />
        <location filename="../../workbench/main_window.py" line="482" />
        <source>Open a memory home ($DSH_HOME)</source>
        <translation>打开记忆库（$DSH_HOME）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="340" />
        <source>Clear Recent Homes</source>
        <translation>清除最近的记忆库</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="377" />
        <source>&amp;Undo {0}</source>
        <translation>撤销(&amp;U) {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="378" />
        <source>&amp;Redo {0}</source>
        <translation>重做(&amp;R) {0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="402" />
        <source>Home: {0}</source>
        <translation>记忆库：{0}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="410" />
        <source>warm.md unreadable</source>
        <translation>warm.md 无法读取</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="414" />
        <source>{0} entries: {1} high, {2} medium, {3} low, {4} wrong</source>
        <translation>{0} 条：高 {1}，中 {2}，低 {3}，已翻转 {4}</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="417" />
        <source>{0} problem(s)</source>
        <translation>{0} 个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="421" />
        <source>Topic index: not projected yet</source>
        <translation>主题索引：尚未投影</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="423" />
        <source>Topic index: stale ({0} changed after {1})</source>
        <translation>主题索引：已过期（{0} 在 {1} 之后有变化）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="426" />
        <source>Topic index: up to date ({0})</source>
        <translation>主题索引：最新（{0}）</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="430" />
        <source>linghun workbench</source>
        <translation>灵魂工作台</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="473" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="474" />
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="475" />
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="476" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="477" />
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="478" />
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="479" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="480" />
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="481" />
        <source>&amp;Open Home…</source>
        <translation>打开记忆库(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="483" />
        <source>Open &amp;Demo Home</source>
        <translation>打开演示记忆库(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="484" />
        <source>Re&amp;load Home</source>
        <translation>重新载入记忆库(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="485" />
        <source>Read every file of the home again</source>
        <translation>重新读取记忆库的所有文件</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="486" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="487" />
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="488" />
        <source>&amp;About linghun workbench</source>
        <translation>关于灵魂工作台(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="489" />
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="490" />
        <location filename="../../workbench/main_window.py" line="493" />
        <source>Follow the &amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="491" />
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../workbench/main_window.py" line="492" />
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>OntologyPane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="169" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="170" />
        <source>Consolidate…</source>
        <translation>沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="171" />
        <source>Preview what consolidation would archive, then apply it</source>
        <translation>预览沉淀将归档的内容，然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="172" />
        <source>Project topics…</source>
        <translation>投影主题…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="173" />
        <source>Preview the topic projection of warm (ontology.md), then apply it</source>
        <translation>预览温区的主题投影（ontology.md），然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="174" />
        <location filename="../../workbench/panes/ontology/pane.py" line="402" />
        <source>New node</source>
        <translation>新节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="175" />
        <source>Filter nodes</source>
        <translation>筛选节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="176" />
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="177" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="178" />
        <source>Revert</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="179" />
        <source>Delete node</source>
        <translation>删除节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="180" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="181" />
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="182" />
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="183" />
        <source>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</source>
        <translation>你编辑时磁盘上的文件变了。你的编辑已保留；保存不会覆盖新文本。撤销修改会载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="185" />
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="186" />
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="188" />
        <source>Consolidate or project topics to see the changes here first.</source>
        <translation>沉淀或投影主题时，先在这里查看变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="254" />
        <source>Save or revert the node being edited first.</source>
        <translation>请先保存或撤销正在编辑的节点。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="277" />
        <source>Select a node to read or edit it.</source>
        <translation>选择一个节点来阅读或编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="285" />
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="302" />
        <source>From warm entries: %1</source>
        <translation>来自温区条目：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="337" />
        <source>Nothing was written: the file changed on disk. Revert to load it.</source>
        <translation>未写入任何内容：磁盘上的文件已变化。撤销修改以载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="355" />
        <source>Edit node %1</source>
        <translation>编辑节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="387" />
        <source>Delete node %1</source>
        <translation>删除节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="405" />
        <source>(write the node here)</source>
        <translation>（在这里写节点）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="410" />
        <source>Add node %1</source>
        <translation>添加节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="447" />
        <source>Computing the consolidation…</source>
        <translation>正在计算沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="452" />
        <source>Computing the topic projection…</source>
        <translation>正在计算主题投影…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="468" />
        <source>Nothing would change.</source>
        <translation>不会有任何变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="471" />
        <source>Would write %1 file(s): %2</source>
        <translation>将写入 %1 个文件：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="477" />
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="481" />
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="494" />
        <source>Consolidate</source>
        <translation>沉淀</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="494" />
        <source>Project topics</source>
        <translation>投影主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="498" />
        <source>Applied: %1</source>
        <translation>已应用：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="508" />
        <source>Discarded; nothing was written.</source>
        <translation>已放弃；未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/entries/pane.py" line="50" />
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="42" />
        <source>Ontology</source>
        <translation>本体</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="21" />
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="24" />
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="27" />
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="32" />
        <source>Memory home ($DSH_HOME):</source>
        <translation>记忆库（$DSH_HOME）：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="34" />
        <location filename="../../workbench/dialogs/settings_dialog.py" line="39" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="37" />
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="39" />
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="40" />
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="43" />
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="44" />
        <source>Save entries as I type (keystrokes merge into one undo step)</source>
        <translation>输入时自动保存条目（连续按键合并为一步撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="49" />
        <source>Language model</source>
        <translation>语言模型</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="53" />
        <source>Offline (no model)</source>
        <translation>离线（不用模型）</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="54" />
        <source>OpenAI-compatible API</source>
        <translation>OpenAI 兼容接口</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="56" />
        <source>Provider:</source>
        <translation>提供方：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="59" />
        <source>Base URL:</source>
        <translation>接口地址：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="62" />
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="66" />
        <source>a key is stored; type to replace it</source>
        <translation>已保存密钥；输入新值可替换</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="67" />
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="68" />
        <source>Remove Key</source>
        <translation>移除密钥</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="74" />
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="75" />
        <source>The key is kept in the system keyring, never in a settings file.</source>
        <translation>密钥保存在系统钥匙串中，绝不写入设置文件。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="77" />
        <source>No system keyring is available: the key is kept in memory for this session only and is never written to disk.</source>
        <translation>没有可用的系统钥匙串：密钥只在本次会话的内存中保存，绝不写入磁盘。</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="98" />
        <source>Memory home</source>
        <translation>记忆库</translation>
    </message>
    <message>
        <location filename="../../workbench/dialogs/settings_dialog.py" line="105" />
        <source>the key will be removed</source>
        <translation>密钥将被移除</translation>
    </message>
</context>
</TS>